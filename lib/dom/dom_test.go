package dom

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html/atom"
)

// dump renders a tree compactly: tag(children...), "text", <!--comment-->.
func dump(n *Node) string {
	var b strings.Builder
	var rec func(n *Node)
	rec = func(n *Node) {
		switch n.Type {
		case Text:
			fmt.Fprintf(&b, "%q", n.Text)
			return
		case Comment:
			fmt.Fprintf(&b, "<!--%s-->", n.Text)
			return
		case Element:
			b.WriteString(n.Tag)
			if len(n.Children) == 0 {
				return
			}
		}
		b.WriteString("(")
		for i, c := range n.Children {
			if i > 0 {
				b.WriteString(" ")
			}
			rec(c)
		}
		b.WriteString(")")
	}
	rec(n)
	return b.String()
}

// checkTree checks the structural invariants of a parsed tree and returns
// the number of nodes and the maximum depth.
func checkTree(t *testing.T, src string, root *Node) (size, depth int) {
	t.Helper()
	if root.Type != Document || root.Start != 0 || int(root.End) != len(src) || root.Parent != nil {
		t.Fatalf("root: %v [%d,%d) parent %v", root.Type, root.Start, root.End, root.Parent)
	}
	type item struct {
		n *Node
		d int
	}
	stack := []item{{root, 0}}
	errs := 0
	fail := func(format string, args ...any) {
		t.Helper()
		if errs < 10 {
			t.Errorf(format, args...)
		}
		errs++
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		size++
		depth = max(depth, it.d)
		if n.Start < 0 || int(n.End) > len(src) || n.Start > n.End {
			fail("%s: bad span [%d,%d) of %d", n.Tag, n.Start, n.End, len(src))
			continue
		}
		raw := src[n.Start:n.End]
		switch n.Type {
		case Element:
			if !hasPrefixFold(raw, "<"+n.Tag) && !strings.Contains(n.Tag, "\ufffd") && !(n.Tag == "br" && hasPrefixFold(raw, "</br")) {
				fail("element %s span starts %.20q", n.Tag, raw)
			}
		case Text:
			isRaw := n.Parent != nil && n.Parent.Type == Element && flags(n.Parent.Atom)&fRaw != 0 || n.Parent.Atom == atom.Template
			if n.Text != decodeText(raw, isRaw) && (isRaw || n.Text != decodeWithoutNULs(raw)) { // HTML text drops its NULs
				fail("text %.20q does not decode from its span %.20q", n.Text, raw)
			}
			if n.Start == n.End {
				fail("empty text node at %d", n.Start)
			}
		case Comment:
			if !strings.HasPrefix(raw, "<") {
				fail("comment span %.20q", raw)
			}
		}
		prevEnd := n.Start
		for i, c := range n.Children {
			if c.Parent != n {
				fail("child %d of %s has parent %v", i, n.Tag, c.Parent)
			}
			if c.Start < prevEnd || c.End > n.End {
				fail("child %s [%d,%d) of %s [%d,%d) out of order (prev end %d)", c.Tag, c.Start, c.End, n.Tag, n.Start, n.End, prevEnd)
			}
			prevEnd = c.End
		}
		if n.Type == Text || n.Type == Comment {
			if len(n.Children) > 0 {
				fail("%s has children", n.Tag)
			}
		}
		for i := len(n.Children) - 1; i >= 0; i-- {
			stack = append(stack, item{n.Children[i], it.d + 1})
		}
	}
	return size, depth
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func TestTrees(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"document", `<!DOCTYPE html><html><head><title>T &amp; U</title></head><body><p>a</p></body></html>`,
			`(html(head(title("T & U")) body(p("a"))))`},
		{"upper case", `<DIV Class=X><P>a</P></DIV>`, `(div(p("a")))`},
		{"p closed by block", `<p>a<div>b</div><p>c<p>d<ul><li>e</ul>`, `(p("a") div("b") p("c") p("d") ul(li("e")))`},
		{"p not closed by inline", `<p>a<span>b</span>c`, `(p("a" span("b") "c"))`},
		{"li", `<ul><li>a<li>b<li><ul><li>c<li>d</ul><li>e</ul>`, `(ul(li("a") li("b") li(ul(li("c") li("d"))) li("e")))`},
		{"li closes p", `<p>a<li>b<dt>c`, `(p("a") li("b" dt("c")))`},
		{"li in div in li", `<ul><li><div>a<li>b</ul>`, `(ul(li(div("a")) li("b")))`},
		{"dt dd", `<dl><dt>a<dd>b<dt>c<dd>d</dl>`, `(dl(dt("a") dd("b") dt("c") dd("d")))`},
		{"table", `<table><tr><td>a<td>b<tr><th>c<td>d</table>x`, `(table(tr(td("a") td("b")) tr(th("c") td("d"))) "x")`},
		{"tbody", `<table><thead><tr><td>a<tbody><tr><td>b</table>`, `(table(thead(tr(td("a"))) tbody(tr(td("b")))))`},
		{"form in table", `<table><form action=x><tr><td><input></td></tr></form></table>`, `(table(form tr(td(input))))`},
		{"form in cell", `<table><tr><td><form><input></form></table>`, `(table(tr(td(form(input)))))`},
		{"nested table", `<table><tr><td><table><tr><td>a</table><td>b</table>`, `(table(tr(td(table(tr(td("a")))) td("b"))))`},
		{"option", `<select><option>a<option>b<optgroup><option>c</select>`, `(select(option("a") option("b") optgroup(option("c"))))`},
		{"unclosed select", `<div><select><option>a<option>b<p>c</div>d`, `(div(select(option("a") option("b")) p("c")) "d")`},
		{"headings", `<h1>a<h2>b</h1>c`, `(h1("a") h2("b") "c")`},
		{"nested a", `<a href=1>x<a href=2>y</a>`, `(a("x") a("y"))`},
		{"misnested inline", `<b><i>x</b>y</i>z`, `(b(i("x")) "y" "z")`},
		{"end tag pops in between", `<div><span><em>a</div>b`, `(div(span(em("a"))) "b")`},
		{"stray end tag", `<div>a</span>b</p>c</div>`, `(div("a" "b" "c"))`},
		{"inline end does not cross block", `<span><div>a</span>b</div>c`, `(span(div("a" "b") "c"))`},
		{"end tag stops at table", `<div><table><tr><td>a</div>b</table>c`, `(div(table(tr(td("a" "b"))) "c"))`},
		{"void", `<p>a<br>b<img src=x>c<hr>d<input/>e`, `(p("a" br "b" img "c") hr "d" input "e")`},
		{"end br", `a</br>b</img>c`, `("a" br "b" "c")`},
		{"script raw", `<script>if (a<b) { x = "</div>"; }</script><p>x`, `(script("if (a<b) { x = \"</div>\"; }") p("x"))`},
		{"script not decoded", `<script>a &amp; b</script>`, `(script("a &amp; b"))`},
		{"style and noscript", `<style>p{}</style><noscript><img src=x></noscript>`, `(style("p{}") noscript("<img src=x>"))`},
		{"textarea decoded", `<textarea><b>&lt;</textarea>`, `(textarea("<b><"))`},
		{"self-closing script is open", `<script/>x<p></script>y`, `(script("x<p>") "y")`},
		{"template", `<template><p>a<template>b</template><script>"</template>"</script></template>c`,
			`(template("<p>a<template>b</template><script>\"</template>\"</script>") "c")`},
		{"empty script", `<script></script>x`, `(script "x")`},
		{"comment", `a<!-- b -->c<!--->d<?xml x?><![CDATA[e]]>`, `("a" <!-- b --> "c" <!----> "d" <!--?xml x?--> <!--[CDATA[e]]-->)`},
		{"doctype dropped", `<!doctype html>a`, `("a")`},
		{"svg self closing", `<div><svg><path d=1 /><g><path/></g></svg><p>x</div>`, `(div(svg(path g(path)) p("x")))`},
		{"svg breakout", `<svg><path><p>x`, `(svg(path) p("x"))`},
		{"svg style not raw", `<svg><style>a<c/></style></svg>`, `(svg(style("a" c)))`},
		{"svg cdata", `<svg><text><![CDATA[a<b]]></text></svg>`, `(svg(text("<![CDATA[a<b]]>")))`},
		{"head implied", `<html><head><title>t</title><div>a</div>`, `(html(head(title("t")) div("a")))`},
		{"head closed by text", `<head><meta charset=utf-8>text`, `(head(meta) "text")`},
		{"body end ignored", `<html><body><p>a</p></body></html><script>s</script>`, `(html(body(p("a") script("s"))))`},
		{"duplicate body", `<body class=a><body class=b>x`, `(body("x"))`},
		{"body tag inside flow content", `<html><head><div class=t>a</div><div>b<body class=x><p>c</div><p>d`,
			`(html(head div("a") div("b" p("c")) p("d")))`},
		{"body in a wrapper element", `<text><html><head></head><body><p>a</p></body></html></text>`, `(text(html(head body(p("a")))))`},
		{"unclosed at eof", `<div><p>abc`, `(div(p("abc")))`},
		{"unterminated tag at eof", `<div>abc<span class="x`, `(div("abc"))`},
		{"lone lt", `a < b <3 c`, `("a < b <3 c")`},
		{"entities", `a&nbsp;b&lt;c&#65;&#x42;&notin;&amp`, `("a\u00a0b<cAB∉&")`},
		// A NUL in HTML text is dropped (a text of NULs alone makes no node); in a title, a
		// script and svg it reads U+FFFD, as in a tag name.
		{"nul", "a\x00b<di\x00v>c\x00\x00</di\x00v>d", "(\"ab\" di\ufffdv(\"c\") \"d\")"},
		{"nul kept", "<title>a\x00</title><script>b\x00</script><svg><text>c\x00</text></svg>",
			"(title(\"a\ufffd\") script(\"b\ufffd\") svg(text(\"c\ufffd\")))"},
		{"nul only", "<p>\x00</p>", "(p)"},
		{"nul between bytes that are no UTF-8", "\xdc\x00\xaa", "(\"\ufffd\ufffd\")"},
		{"nul ends a reference", "&#X\x000&am\x00p;", "(\"&#X0&amp;\")"},
		{"cr", "a\r\nb\rc", `("a\nb\nc")`},
		{"custom element", `<my-el><x-y>a</x-y></my-el>`, `(my-el(x-y("a")))`},
		{"empty", ``, `()`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := Parse(c.src)
			if got := dump(root); got != c.want {
				t.Errorf("Parse(%q)\n got %s\nwant %s", c.src, got, c.want)
			}
			checkTree(t, c.src, root)
		})
	}
}

func TestOffsets(t *testing.T) {
	src := `<html><body><div id="a"><p>one<p>two</div><ul><li>x<li>y</ul><span>s</span> tail`
	root := Parse(src)
	checkTree(t, src, root)
	spans := map[string]string{}
	root.Walk(func(n *Node) bool {
		if n.Type == Element {
			spans[n.Tag+n.Attr("id")+fmt.Sprint(n.Start)] = src[n.Start:n.End]
		}
		return true
	})
	var div, span *Node
	root.Walk(func(n *Node) bool {
		switch n.Tag {
		case "div":
			div = n
		case "span":
			span = n
		}
		return true
	})
	if got := src[div.Start:div.End]; got != `<div id="a"><p>one<p>two</div>` {
		t.Errorf("div span %q", got)
	}
	if got := src[span.Start:span.End]; got != `<span>s</span>` {
		t.Errorf("span span %q", got)
	}
	ps := div.Children
	if len(ps) != 2 || src[ps[0].Start:ps[0].End] != "<p>one" || src[ps[1].Start:ps[1].End] != "<p>two" {
		t.Errorf("implied p spans: %v", ps)
	}
	ul := div.Parent.Children[1]
	if ul.Tag != "ul" || src[ul.Children[0].Start:ul.Children[0].End] != "<li>x" || src[ul.Children[1].Start:ul.Children[1].End] != "<li>y" {
		t.Errorf("implied li spans")
	}
	body := root.Body()
	if body.Tag != "body" || int(body.End) != len(src) {
		t.Errorf("body %s [%d,%d)", body.Tag, body.Start, body.End)
	}
	if div.Attr("id") != "a" || div.Attr("class") != "" || !div.HasAttr("id") || div.HasAttr("x") {
		t.Errorf("attrs %v", div.Attrs())
	}
}

// TestExplicitEnds checks that every explicitly closed element's span ends
// with its end tag.
func TestExplicitEnds(t *testing.T) {
	src := `<div><section><h1>T</h1><p>a <b>b</b> <a href="x">c</a></p></section><table><tr><td>x</td></tr></table></div>`
	root := Parse(src)
	checkTree(t, src, root)
	n := 0
	root.Walk(func(e *Node) bool {
		if e.Type == Element {
			n++
			if !strings.HasSuffix(src[e.Start:e.End], "</"+e.Tag+">") {
				t.Errorf("%s span %q", e.Tag, src[e.Start:e.End])
			}
		}
		return true
	})
	if n != 9 {
		t.Errorf("%d elements, want 9", n)
	}
}

func TestAttrs(t *testing.T) {
	cases := []struct {
		tag  string
		want []Attr
	}{
		{`<div>`, nil},
		{`<div class="a b" ID='x' data-x=1 hidden>`, []Attr{{"class", "a b"}, {"id", "x"}, {"data-x", "1"}, {"hidden", ""}}},
		{`<a href="?a=1&amp;b=2" title=a&lt;b>`, []Attr{{"href", "?a=1&b=2"}, {"title", "a<b"}}},
		{`<img src = x alt="a>b"/>`, []Attr{{"src", "x"}, {"alt", "a>b"}}},
		{`<p a=1 A=2 b= >`, []Attr{{"a", "1"}, {"b", ""}}},
		{`<br/>`, nil},
		{`<x =a>`, []Attr{{"=a", ""}}},
		// As x/net/html reads them (its tokenizer's Token().Attr gives these): a reference
		// in a value is decoded only as a whole name, and not before '=' without its ';'.
		{`<a href="?a=1&section=2&copy=3&amp;x=&lt;y&notit;">`, []Attr{{"href", "?a=1&section=2&copy=3&x=<y&notit;"}}},
		{`<a title="&copy 2024 &copy2024 &semi; &section; &sect; &amp=1 &amp;=2 &#38;=3 &#x26 &#xZ &# &">`,
			[]Attr{{"title", "© 2024 &copy2024 ; &section; § &amp=1 &=2 &=3 & &#xZ &# &"}}},
		{`<p x="&#13;a&#0;b&#128;" y="&NotEqualTilde; &nge; &acE;">`, []Attr{{"x", "\ra\ufffdb€"}, {"y", "≂̸ ≱ ∾̳"}}},
		// Names: only ASCII capitals fold, and a NUL reads as U+FFFD after the keys compare.
		{"<p DATA-É=1 A\xd4=1 A\xd3=2 b\x00c=3 B\ufffdc=4>",
			[]Attr{{"data-É", "1"}, {"a\xd4", "1"}, {"a\xd3", "2"}, {"b\ufffdc", "3"}, {"b\ufffdc", "4"}}},
	}
	for _, c := range cases {
		got := ParseAttrs(c.tag)
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("ParseAttrs(%q) = %v, want %v", c.tag, got, c.want)
		}
	}
	var many strings.Builder
	many.WriteString("<p")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&many, " a%d=%d", i%50000, i)
	}
	many.WriteString(">")
	attrs := ParseAttrs(many.String())
	if len(attrs) != 50000 || attrs[49999].Key != "a49999" || attrs[49999].Val != "49999" {
		t.Errorf("many attributes: %d, last %v", len(attrs), attrs[len(attrs)-1])
	}

	root := Parse(`<div class="a b" ID='x'>`)
	if d := root.Children[0]; d.Attr("class") != "a b" || d.Attr("id") != "x" {
		t.Errorf("attrs %v", d.Attrs())
	}
}

func TestDeepNesting(t *testing.T) {
	const n = 100000
	src := strings.Repeat("<div>", n) + "x" + strings.Repeat("</div>", n)
	root := Parse(src)
	size, depth := checkTree(t, src, root)
	if size != n+2 || depth != n+1 {
		t.Errorf("size %d depth %d, want %d %d", size, depth, n+2, n+1)
	}
	if got := root.TextContent(); got != "x" {
		t.Errorf("text %q", got)
	}
	if root.Size() != size {
		t.Errorf("Size %d want %d", root.Size(), size)
	}
	visits := 0
	root.Visit(func(*Node) bool { visits++; return true }, func(*Node) { visits++ })
	if visits != 2*size {
		t.Errorf("Visit %d calls want %d", visits, 2*size)
	}

	// Unclosed, and flattened at depth 50.
	src = strings.Repeat("<span><b>", n/2) + "x"
	flat := -1
	root = Parse(src, MaxDepth(50), CountFlattened(&flat))
	size, depth = checkTree(t, src, root)
	if size != n+2 || depth != 51 {
		t.Errorf("flattened: size %d depth %d, want %d 51", size, depth, n+2)
	}
	// Flattened: the elements deeper than 50 in the tree built without a limit.
	want := 0
	var count func(n *Node, d int)
	count = func(n *Node, d int) {
		for n != nil {
			if n.Type == Element && d > 50 {
				want++
			}
			if len(n.Children) == 0 {
				return
			}
			for _, c := range n.Children[1:] {
				count(c, d+1)
			}
			n, d = n.Children[0], d+1
		}
	}
	count(Parse(src), 0)
	if flat != want || want < n-50 {
		t.Errorf("CountFlattened %d, want %d (of %d elements)", flat, want, n)
	}
	Parse("<p><b>shallow</b></p>", MaxDepth(50), CountFlattened(&flat))
	if flat != 0 {
		t.Errorf("CountFlattened %d on a shallow page", flat)
	}
	if root.TextContent() != "x" {
		t.Errorf("flattened text lost")
	}
}

func TestManySiblings(t *testing.T) {
	const n = 1000000
	src := "<div>" + strings.Repeat("<i>x</i>", n) + "</div>"
	root := Parse(src)
	div := root.Children[0]
	if len(div.Children) != n {
		t.Fatalf("%d children", len(div.Children))
	}
	if c := div.Children[n-1]; c.Parent != div || src[c.Start:c.End] != "<i>x</i>" || c.Children[0].Text != "x" {
		t.Errorf("last child %+v", c)
	}
	if root.Size() != 2*n+2 {
		t.Errorf("size %d", root.Size())
	}
}

func TestInvalidUTF8(t *testing.T) {
	src := "<p class=\"\xff\">a\xc3(b\xe2\x82</p>\xf0<b>\xf5x"
	root := Parse(src)
	checkTree(t, src, root)
	got := root.TextContent()
	if got != "a\xc3(b\xe2\x82\xf0\xf5x" {
		t.Errorf("text %q", got)
	}
	if utf8.ValidString(got) {
		t.Errorf("invalid bytes are kept as they are")
	}
}

func TestTextContentHidden(t *testing.T) {
	root := Parse(`<title>T</title><p>a<script>s</script><style>c</style>b<template>t</template><svg><text>v</text></svg><select><option>o</select>c</p>`)
	if got := root.TextContent(); got != "abc" {
		t.Errorf("TextContent %q", got)
	}
	if got := root.Children[0].TextContent(); got != "T" {
		t.Errorf("TextContent of a hidden element itself: %q", got)
	}
}

func TestSpansOf(t *testing.T) {
	src := `<div><p>a</p><p>b</p><p>c</p></div>`
	root := Parse(src)
	div := root.Children[0]
	ps := div.Children
	got := SpansOf([]*Node{ps[2], ps[0], div.Children[0].Children[0], nil})
	want := [][2]int{{int(ps[0].Start), int(ps[0].End)}, {int(ps[2].Start), int(ps[2].End)}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("SpansOf = %v, want %v", got, want)
	}
	got = SpansOf([]*Node{ps[1], ps[0]})
	if fmt.Sprint(got) != fmt.Sprint([][2]int{{int(ps[0].Start), int(ps[1].End)}}) {
		t.Errorf("touching spans not merged: %v", got)
	}
	if got := SpansOf(nil); len(got) != 0 {
		t.Errorf("SpansOf(nil) = %v", got)
	}
}

func TestScannerBalanced(t *testing.T) {
	src := `<html><body><div><p>a<table><tr><td>b</div><svg><path/></svg><ul><li>c`
	sc := NewScanner(src)
	depth := 0
	var open []string
	for {
		e, ok := sc.Next()
		if !ok {
			break
		}
		switch e.Kind {
		case StartEvent:
			depth++
			open = append(open, e.Tag)
			if e.Depth != depth {
				t.Errorf("start %s depth %d want %d", e.Tag, e.Depth, depth)
			}
		case EndEvent:
			if e.Depth != depth || open[len(open)-1] != e.Tag {
				t.Errorf("end %s depth %d, open %v", e.Tag, e.Depth, open)
			}
			depth--
			open = open[:len(open)-1]
		case TextEvent:
			if e.Depth != depth {
				t.Errorf("text depth %d want %d", e.Depth, depth)
			}
		}
	}
	if depth != 0 {
		t.Errorf("unbalanced: %v", open)
	}
}

// TestInlineStyle: HiddenStyle finds a declaration that hides (case and !important aside),
// StyleValue reads one property's value; neither takes a property for another whose name
// ends like it (min-width is not width).
func TestInlineStyle(t *testing.T) {
	for _, c := range []struct{ style, hidden, width string }{
		{"", "", ""},
		{"color: red; DISPLAY : None !important", "display:none", ""},
		{"visibility:hidden;width:40px", "visibility:hidden", "40px"},
		{"min-width:100%;width:0;height:0", "", "0"},
		{"display:block; Width: 16PX", "", "16px"},
		{"width", "", ""},
	} {
		if got := HiddenStyle(c.style); got != c.hidden {
			t.Errorf("HiddenStyle(%q) = %q, want %q", c.style, got, c.hidden)
		}
		if got := StyleValue(c.style, "width"); got != c.width {
			t.Errorf("StyleValue(%q, width) = %q, want %q", c.style, got, c.width)
		}
	}
}
