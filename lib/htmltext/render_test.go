package htmltext

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
)

func TestRender(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"empty", ``, ``},
		{"plain text", `hello   world`, `hello world`},
		{"document", `<!DOCTYPE html><html><head><title>The title</title><meta charset=utf-8></head><body><h1>Head</h1><p>Para one.</p></body></html>`,
			"Head\nPara one."},
		{"blocks", `<div>a<div>b</div>c</div><p>d<p>e<ul><li>f<li>g</ul>h<br>i<hr>j`, "a\nb\nc\nd\ne\nf\ng\nh\ni\nj"},
		{"inline", `<p>a<b>b</b><span>c</span> <a href=x>d</a>e</p>`, "abc de"},
		{"whitespace", "<p>  a \n\t b  </p>\n\n<p>\n c\n</p>  ", "a b\nc"},
		{"empty lines", `<div><div> </div><p></p><br><br>x</div>`, "x"},
		{"table", `<table><tr><td>a</td><td>b</td></tr><tr><th>c<td>d</table>`, "a\nb\nc\nd"},
		{"entities", `a&amp;b &lt;c&gt; &quot;d&quot; &#65;&#x42;&#X43; &eacute;&notin;&copy2024 &amp &foo; &#; &`, `a&b <c> "d" ABC é∉©2024 & &foo; &#; &`},
		{"nbsp", `a&nbsp;&nbsp;b` + "\u00a0c", `a b c`},
		{"soft hyphen", `Wäh&shy;rend Sie &#173;über Mar` + "\u00adkt", `Während Sie über Markt`},
		{"windows-1252 references", `&#147;q&#148; &#150; &#0; &#xD800;`, "“q” – \ufffd \ufffd"},
		{"script and style", `a<script>var x = "<p>no</p>"; function f() {}</script>b<style>p { color: red }</style>c`, "abc"},
		{"noscript template", `a<noscript><p>enable js</p></noscript>b<template><p>t</p></template>c`, "abc"},
		{"title textarea select", `<title>t</title>a<textarea>x</textarea><select><option>o1<option>o2</select>b`, "ab"},
		{"iframe svg", `a<iframe>fallback</iframe><svg><text>s</text><title>i</title></svg>b`, "ab"},
		{"hidden attribute", `<p>a<span hidden>x</span>b</p><div HIDDEN><p>y</p></div>c`, "ab\nc"},
		{"hidden style", `<p>a<span style="color:red; DISPLAY : none !important">x</span>b<i style="visibility:hidden">y</i>c<i style="display:block">d</i></p>`, "abcd"},
		{"html and body are never hidden", `<html style="display:none"><body hidden><p>a</p></body></html>`, "a"},
		{"not hidden", `<p class="hidden-xs none">a</p><p data-x="display:none">b</p>`, "a\nb"},
		{"comments", `a<!-- <p>x</p> -->b<!-->c<!--->d`, "abcd"},
		{"cdata junk", `a<![CDATA[x]]>b<?php echo 1 ?>c`, "abc"},
		{"xmp raw", `<xmp><b>&amp;</b></xmp>`, `<b>&amp;</b>`},
		{"attributes are not text", `<img alt="alt text" title="t"><a title="x" href="y">link</a>`, "link"},
		{"lone lt", `a < b and c <3 d`, "a < b and c <3 d"},
		{"start tag at eof", `a<d`, "a"},
		{"nul and controls", "a\x00b\x01c\x7fd", "abcd"},
		{"invalid utf-8", "a\xffb\xc3(c\xd2\x16\xa2", "a\ufffdb\ufffd(c\ufffd\ufffd"},
		{"unicode", `<p>Grüße, 世界</p>`, "Grüße, 世界"},
		{"body text after body end", `<body><p>a</p></body>b`, "a\nb"},
		{"pre normalised", "<pre>a\n  b</pre>", "a b"},
		{"head text closes head", `<head><title>t</title>text</head>`, "text"},
		{"unclosed tag at eof", `a<div class="`, "a"},
		{"math visible", `<p>x <math><mi>y</mi></math></p>`, "x y"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Render(c.html); got != c.want {
				t.Errorf("Render(%q)\n got %q\nwant %q", c.html, got, c.want)
			}
			if got := RenderSpans(c.html, [][2]int{{0, len(c.html)}}); got != c.want {
				t.Errorf("RenderSpans(all) = %q, want %q", got, c.want)
			}
		})
	}
}

// span returns the span of the first occurrence of sub in s.
func span(s, sub string) [2]int {
	i := strings.Index(s, sub)
	if i < 0 {
		panic(sub)
	}
	return [2]int{i, i + len(sub)}
}

func TestRenderSpans(t *testing.T) {
	page := `<html><head><title>T</title><script>var a = "x";</script></head><body>` +
		`<div id="nav"><a href="/">Home</a> | <a href="/n">News</a></div>` +
		`<p>First &amp; para.</p><p>Second <b>bold</b> para.</p>` +
		`<script>function f() { return "<p>" }</script><p>Third</p></body></html>`
	cases := []struct {
		name  string
		spans [][2]int
		want  string
	}{
		{"none", nil, ""},
		{"one paragraph", [][2]int{span(page, "<p>First &amp; para.</p>")}, "First & para."},
		{"text only", [][2]int{span(page, "First &amp; para.")}, "First & para."},
		{"two paragraphs as separate spans", [][2]int{span(page, "First &amp; para."), span(page, "Third")}, "First & para.\nThird"},
		{"inline text spans join", [][2]int{span(page, "Second "), span(page, "bold"), {strings.Index(page, "</b> para.") + 4, strings.Index(page, "</b> para.") + 10}}, "Second bold para."},
		{"dropped text separates", [][2]int{span(page, "Fir"), span(page, "para.</p><p>Sec")}, "Fir para.\nSec"},
		{"span cuts script tag", [][2]int{{strings.Index(page, "ipt>function"), strings.Index(page, "<p>Third") + 3}}, ""},
		{"span from inside script tag", [][2]int{{strings.Index(page, "ipt>function"), len(page)}}, "Third"},
		{"span cutting a tag", [][2]int{{strings.Index(page, `ref="/n">`), strings.Index(page, `</div>`)}}, "News"},
		{"span ends in an entity", [][2]int{{strings.Index(page, "First"), strings.Index(page, "amp;")}}, "First &"},
		{"span starts in an entity", [][2]int{{strings.Index(page, "amp; para"), strings.Index(page, "</p>")}}, "para."},
		{"head script kept", [][2]int{{0, strings.Index(page, "<body>")}}, ""},
		{"whole page", [][2]int{{0, len(page)}}, "Home | News\nFirst & para.\nSecond bold para.\nThird"},
		{"unsorted overlapping out of range", [][2]int{span(page, "Third"), {-5, 3}, span(page, "Second "), {strings.Index(page, "Second"), strings.Index(page, "bold")}, {len(page) - 2, len(page) + 10}}, "Second\nThird"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := RenderSpans(page, c.spans); got != c.want {
				t.Errorf("RenderSpans(%v)\n got %q\nwant %q", c.spans, got, c.want)
			}
		})
	}
}

// A text node kept whole that shows it is UTF-8 read as Windows-1252 is decoded again; one
// kept in part, and one that holds a right "é" beside the marks, are written as they are; marks
// written as character references are found too.
func TestRenderRepairsMarkedNodes(t *testing.T) {
	page := "<p>Tom &amp; Jerry isnâ€™t here</p><p>Café isnâ€™t</p><p>it&acirc;&euro;&trade;s in references</p>"
	first := span(page, "Tom &amp; Jerry isnâ€™t here")
	cases := []struct {
		name  string
		spans [][2]int
		want  string
	}{
		{"whole page", [][2]int{{0, len(page)}}, "Tom & Jerry isn’t here\nCafé isnâ€™t\nit’s in references"},
		{"one node whole", [][2]int{first}, "Tom & Jerry isn’t here"},
		{"one node in part", [][2]int{{first[0], first[1] - len(" here")}}, "Tom & Jerry isnâ€™t"},
	}
	for _, c := range cases {
		if got := RenderSpans(page, c.spans); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if got, want := Render(page), "Tom & Jerry isn’t here\nCafé isnâ€™t\nit’s in references"; got != want {
		t.Errorf("Render: got %q, want %q", got, want)
	}
}

func TestRenderSpansUTF8(t *testing.T) {
	page := "<p>aé世b</p>"
	i := strings.Index(page, "é")
	// a span starting inside a character does not keep it; one ending
	// inside a character keeps it.
	if got := RenderSpans(page, [][2]int{{i + 1, len(page)}}); got != "世b" {
		t.Errorf("start inside é: %q", got)
	}
	if got := RenderSpans(page, [][2]int{{0, i + 1}}); got != "aé" {
		t.Errorf("end inside é: %q", got)
	}
	for a := 0; a <= len(page); a++ {
		for b := a; b <= len(page); b++ {
			if got := RenderSpans(page, [][2]int{{a, b}}); !utf8.ValidString(got) || strings.ContainsRune(got, utf8.RuneError) {
				t.Fatalf("[%d,%d) gave %q", a, b, got)
			}
		}
	}
}

func TestRenderNodes(t *testing.T) {
	page := `<body><div class=nav><a>Home</a></div><div class=main><h1>Title</h1><p>Body &amp; soul.</p><script>x()</script></div></body>`
	root := dom.Parse(page)
	var main []*dom.Node
	root.Walk(func(n *dom.Node) bool {
		if n.Attr("class") == "main" {
			main = append(main, n)
			return false
		}
		return true
	})
	if got := RenderNodes(page, main); got != "Title\nBody & soul." {
		t.Errorf("RenderNodes = %q", got)
	}
	// the text nodes alone render the same
	var texts []*dom.Node
	main[0].Walk(func(n *dom.Node) bool {
		if n.Type == dom.Text {
			texts = append(texts, n)
		}
		return true
	})
	if got := RenderNodes(page, texts); got != "Title\nBody & soul." {
		t.Errorf("RenderNodes(texts) = %q", got)
	}
}

func TestTitle(t *testing.T) {
	cases := []struct{ html, want string }{
		{`<html><head><title> A  &amp;
 B </title></head><body><title>no</title>`, "A & B"},
		{`<svg><title>icon</title></svg><title>T</title>`, "T"},
		{`<p>no title`, ""},
		{`<title></title><title>x</title>`, ""},
	}
	for _, c := range cases {
		if got := Title(c.html); got != c.want {
			t.Errorf("Title(%q) = %q, want %q", c.html, got, c.want)
		}
	}
}

func TestDeepAndLarge(t *testing.T) {
	const n = 100000
	page := strings.Repeat("<div>", n) + "x" + strings.Repeat("</div>", n) + strings.Repeat("<p>y", 1000)
	got := Render(page)
	if !strings.HasPrefix(got, "x\ny\ny") || strings.Count(got, "\n") != 1000 {
		t.Errorf("deep page rendered %.30q (%d lines)", got, strings.Count(got, "\n")+1)
	}
	big := "<p>a</p><script>" + strings.Repeat("var x = '<p>'; ", 1<<20) + "</script><p>" +
		strings.Repeat("word &amp; ", 1<<18) + "</p>"
	got = Render(big)
	if !strings.HasPrefix(got, "a\nword & word & ") || strings.Contains(got, "var") || len(got) != 2+7*(1<<18)-1 {
		t.Errorf("big page rendered %.40q... (%d bytes)", got, len(got))
	}
}

// Kept nodes of a tree flattened by dom.MaxDepth still render their text.
func TestRenderNodesFlattened(t *testing.T) {
	page := `<body><div><div><div><p>a <b>b</b></p><ul><li>c<li>d</ul></div></div></div><p>e</p></body>`
	root := dom.Parse(page, dom.MaxDepth(3))
	var deep *dom.Node
	root.Walk(func(n *dom.Node) bool {
		if n.Type == dom.Element && n.Tag == "div" && len(n.Children) > 1 {
			deep = n
		}
		return true
	})
	if deep == nil {
		t.Fatal("no flattened div")
	}
	if got := RenderNodes(page, deep.Children); got != "a b\nc\nd" {
		t.Errorf("flattened children render %q", got)
	}
	if got := RenderNodes(page, []*dom.Node{deep}); got != "a b\nc\nd" {
		t.Errorf("flattened element renders %q", got)
	}
}

func TestConcurrent(t *testing.T) {
	page := syntheticPage(20 << 10)
	want := Render(page)
	done := make(chan string)
	for i := 0; i < 4; i++ {
		go func() {
			got := Render(page)
			if got == want {
				got = RenderSpans(page, [][2]int{{0, len(page)}})
			}
			done <- got
		}()
	}
	for i := 0; i < 4; i++ {
		if got := <-done; got != want {
			t.Errorf("concurrent render differs")
		}
	}
}

func TestBetweenTags(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`<p>a &amp; b</p>`, ` a & b `},
		{`ref="x">tail <b>bold`, `tail  bold`}, // starts inside a tag
		{`head <a href="/p`, `head  `},         // ends inside a tag
		{`plain`, `plain`},
		// References read as the renderers read them (Unescape), as a browser does: the
		// standard library's html.UnescapeString leaves "&#0" before a letter as it is.
		{`<b>&#0a &#128; &copy2024</b>`, " \ufffda € ©2024 "},
	} {
		if got := BetweenTags(c.in); got != c.want {
			t.Errorf("BetweenTags(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestRuby: ruby annotations (rt, rp; end tags omitted or not) are not part of the text.
func TestRuby(t *testing.T) {
	in := `<p><ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rp>(<rt>ぎゃくたい<rp>)</ruby>をなくす</p>`
	if got, want := Render(in), "子どもへの虐待をなくす"; got != want {
		t.Errorf("Render = %q, want %q", got, want)
	}
}

// TestUnescape: references decoded as the renderers decode them, the ones the standard
// library leaves alone included; an ampersand that begins none stays.
func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{
		"a &amp; b":          "a & b",
		"&#0A":               "\ufffdA",
		"&#x41;&#65&#150;":   "AA\u2013",
		"&copy2024 &notaref": "©2024 ¬aref", // legacy names without ";", as in text
		"&zzz; &#;":          "&zzz; &#;",
		"no refs":            "no refs",
		"&":                  "&",
		"x &lt":              "x <",
		"&#128;&#157;&#x81;": "\u20ac\u009d\u0081", // the five windows-1252 leaves undefined stay C1 controls
	} {
		if got := Unescape(in); got != want {
			t.Errorf("Unescape(%q) = %q, want %q", in, got, want)
		}
	}
	// As text, a C1 control shows as nothing, as in a browser (before: a visible U+FFFD),
	// unless its node is UTF-8 read as Windows-1252 and decodes again (TestRenderRepairsMarkedNodes).
	if got := Render("<p>cost&#157; create</p>"); got != "cost create" {
		t.Errorf("Render: %q", got)
	}
	if got := Render("<p>cost,&#226;&#128;&#157; create</p>"); got != "cost,\u201d create" {
		t.Errorf("Render: %q", got)
	}
}

// OneLine folds white space of every kind, leaves out the control characters that are not
// white space and reads a byte that is not UTF-8 as U+FFFD; FieldText also repairs a field
// that shows it is UTF-8 read as Latin-1 or Windows-1252, and leaves one that does not as it
// is.
func TestOneLine(t *testing.T) {
	for _, c := range []struct {
		field    bool // FieldText, else OneLine
		in, want string
	}{
		{false, "", ""},
		{false, "  a  b  ", "a b"},
		{false, "a\n\tb\r\nc\u00a0d\u2028e\u0085f", "a b c d e f"},
		{false, "B\x00C\x01\x7f\u0080\u0099D", "BCD"},
		{false, "Grandma\u00e2\u0080\u0099s", "Grandma\u00e2s"},
		{false, "\x00 a \x1f", "a"},
		{false, "x\xffy", "x\ufffdy"},
		{false, "\u200b soft\u00adhyphen", "\u200b soft\u00adhyphen"}, // not control characters
		{true, "Grandma\u00e2\u0080\u0099s\nground beef", "Grandma’s ground beef"},
		{true, " computerâ€™s  ", "computer’s"},
		{true, "NESCAFÉ® Classic", "NESCAFÉ® Classic"},
		{true, "B\x00C \u0085", "BC"},
	} {
		f, name := OneLine, "OneLine"
		if c.field {
			f, name = FieldText, "FieldText"
		}
		if got := f(c.in); got != c.want {
			t.Errorf("%s(%q) = %q, want %q", name, c.in, got, c.want)
		}
	}
}
