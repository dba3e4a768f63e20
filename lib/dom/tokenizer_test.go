package dom

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"golang.org/x/net/html"
)

// agree tokenizes src with our tokenizer and with x/net/html's side by side, making the
// same AllowCDATA and NextIsNotRawText calls on both (chosen from seed), and fails at the
// first token whose kind or end differs, or start tag whose attributes (ParseAttrs) differ.
func agree(t testing.TB, src string, seed uint64) {
	t.Helper()
	ref := html.NewTokenizer(strings.NewReader(src))
	ours := newTokenizer(src)
	r := rand.New(rand.NewPCG(seed, 7))
	refEnd := 0
	for step := 0; ; step++ {
		cdata, notRaw := r.IntN(2) == 0, r.IntN(4) == 0
		ref.AllowCDATA(cdata)
		ours.AllowCDATA(cdata)
		if notRaw {
			ref.NextIsNotRawText()
			ours.NextIsNotRawText()
		}
		want := ref.Next()
		refEnd += len(ref.Raw())
		got, end := ours.Next()
		if got != want || end != refEnd {
			from := max(0, refEnd-len(ref.Raw())-20)
			t.Fatalf("token %d (cdata %v, not raw %v): ours %v ending at %d, x/net/html %v ending at %d; source from %d: %.120q\nwhole source: %.400q",
				step, cdata, notRaw, got, end, want, refEnd, from, src[from:], src)
		}
		if want == html.StartTagToken || want == html.SelfClosingTagToken {
			// The attributes, as Parse reads them from the tag's source.
			tag := src[refEnd-len(ref.Raw()) : refEnd]
			var wantAttrs []Attr
			for _, a := range ref.Token().Attr {
				wantAttrs = append(wantAttrs, Attr{Key: a.Key, Val: a.Val})
			}
			if gotAttrs := ParseAttrs(tag); !slices.Equal(gotAttrs, wantAttrs) {
				t.Fatalf("token %d: attributes of %.200q: ours %q, x/net/html %q", step, tag, gotAttrs, wantAttrs)
			}
		}
		if want == html.ErrorToken {
			return
		}
	}
}

// fragments are the pieces random documents are made of: every character and word the
// tokenizer's states turn on.
var fragments = []string{
	"<", ">", "/", "!", "?", "-", "--", "=", `"`, "'", " ", "\n", "\t", "\f", "\r", "\x00", "é", "x", "A", "]", "]]",
	"a", "b", "p", "div", "br", "script", "SCRIPT", "Script", "style", "title", "TITLE", "textarea", "plaintext",
	"xmp", "iframe", "noscript", "noembed", "noframes", "svg", "math",
	"<script>", "</script>", "</script ", "</SCRIPT>", "<script ", "<title>", "</title>", "<style>", "</style>",
	"<plaintext>", "<textarea>", "</textarea>", "<xmp>", "</xmp>",
	"<!--", "-->", "--!>", "--!", "--!-", "--!->", "<!-->", "<!--->", "<!", "<!D", "<!DOCTYPE", "<!doctype", "DOCTYPE", "<![CDATA[", "[CDATA[", "]]>",
	"<?", "</", "</>", "<a", "<a ", "</a>", "<b c=d>", "<b c='d>'>", `<b c="d/">`, "/>", " />", "<br/>", "<img src=x/>",
	"<p a=1 a=2/>", "<p a b/>", "<p =a/>", "<p A=1 a=/>",
	"&", "&amp;", "&amp", "&copy", "&sect", "&section=", "&#38;", "&#x26", "&#13;", "&#", "É", "\xd4", "\xd3",
}

// randomDoc is a document of up to n random fragments.
func randomDoc(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := r.IntN(n + 1); k > 0; k-- {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return b.String()
}

func TestTokenizerAgrees(t *testing.T) {
	for _, src := range []string{
		"", "text", "<", "a<", "a</", "</", "</>", "<!", "<!-", "<!--", "<!-->", "<!--->", "<!---->", "<!-- x --!>y",
		"<!-- x --!-->", "<!-- x --!->y-->", "<!-- x --!x>y-->", "<!DOCTYPE html><p>", "<!DOCTYP", "<!doctype", "<![CDATA[x]]>y", "<![CDATA[x",
		"<?xml ?>a", "<a href='>'>x</a>", `<a b="c`, "<a b", "<a b=", "<a b=c", "<br/>", "<p a=/>", "<p a=1 a=x/>",
		"<script>if (a<b) {}</script>x", "<script><!--<script></script>--></script>x", "<script><!--</script>x",
		"<script><!--<script>", "<script><!--<scrip", "<script><!--<SCRIPT>a</script>b-->c</script>d",
		"<script></script>", "<title>a<b>c</b></title>", "<title>a</titlex></title>", "<textarea>a</TEXTAREA>b",
		"<plaintext>a</plaintext>b", "<style>a</style", "<script>a</script", "<xmp></xmp>", "a < b > c",
	} {
		for seed := uint64(0); seed < 8; seed++ {
			agree(t, src, seed)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	cases := 20000
	if testing.Short() {
		cases = 2000
	}
	for i := 0; i < cases; i++ {
		agree(t, randomDoc(r, 40), uint64(i))
	}
}

// TestTokenizerAgreesOnRealPages runs the comparison over the pages of every dev set, the
// modern single pages of wcxb-dev and trafeval-dev too (every third page unless CHAFF_LONG
// is set).
func TestTokenizerAgreesOnRealPages(t *testing.T) {
	pages := devdata.Pages(t)
	for _, set := range devdata.SnippetSets {
		more, err := devdata.Read(set)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages[:len(pages):len(pages)], more...)
	}
	for i, p := range devdata.Sample(pages) {
		agree(t, p.HTML, uint64(i))
		// As the Scanner calls them: CDATA only in foreign content, which pages rarely have.
		ref := html.NewTokenizer(strings.NewReader(p.HTML))
		ours := newTokenizer(p.HTML)
		end := 0
		for {
			want := ref.Next()
			end += len(ref.Raw())
			got, e := ours.Next()
			if got != want || e != end {
				t.Fatalf("%s: token ending at %d: ours %v ending at %d, x/net/html %v", p.ID, end, got, e, want)
			}
			if want == html.ErrorToken {
				break
			}
		}
	}
}

func FuzzTokenizer(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 64; i++ {
		f.Add(randomDoc(r, 30), uint64(i))
	}
	f.Fuzz(func(t *testing.T, src string, seed uint64) { agree(t, src, seed) })
}

// TestTokenizerHostile runs the comparison on large inputs built to make a careless
// tokenizer quadratic (a tag of 100,000 attributes closed by "/>", endless near-misses of
// comment, script and raw-text ends); a quadratic one would not finish.
func TestTokenizerHostile(t *testing.T) {
	var distinct strings.Builder
	distinct.WriteString("<p")
	for i := 0; i < 100000; i++ {
		fmt.Fprintf(&distinct, " k%d=v", i)
	}
	distinct.WriteString("/>")
	for _, src := range []string{
		distinct.String(),
		"<p " + strings.Repeat("a1=x ", 50000) + strings.Repeat("b=y ", 50000) + "/>",
		"<p " + strings.Repeat("A=x a=y ", 50000) + "/>",
		"<!--" + strings.Repeat("--!x", 200000),
		"<!--" + strings.Repeat("-", 500000) + "x",
		"<script>" + strings.Repeat("<!--<script>--><", 50000),
		"<script>" + strings.Repeat("</scrip", 100000),
		"<title>" + strings.Repeat("</titl</", 100000),
		strings.Repeat("<", 500000),
		strings.Repeat("<a b='", 100000),
	} {
		agree(t, src, 1)
	}
}
