package content

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"golang.org/x/text/language"
)

// FuzzRender: the text of any page with any blocks kept is valid UTF-8 without control
// characters but line breaks and tabs, and says the words its kept blocks say (a
// preformatted element's lines only change where the breaks fall).
func FuzzRender(f *testing.F) {
	for _, s := range []string{
		`<p>a</p><pre>x  y` + "\n" + `  z<br>w</pre>`, `<pre><code>a</code><style>b{}</style>` + "\n" + `<span>c</span></pre>`,
		`<noscript><div><pre>q` + "\n" + `r</pre></div><p>` + strings.Repeat("long text ", 20) + `</p></noscript>`,
		"<pre>\xff\x00a\rb\x0c</pre>", "<p>a\x7fb\u0085c\u0099d&#x9f;</p><pre>e\u0080f\x7f</pre>", `<pre><div>1</div><div>2</div></pre>`, `<pre>&lt;a&gt; &amp;</pre>`,
		`<h2>Two<br>lines</h2><h2>one</h2><h3>a<br><br>b<hr>c</h3>`,
		`<p>A sentence that a narrow column breaks<br>in two, then<br/>Sugar<br>eggs</p><p>and the lines<!-- x --><br>go on</p>`,
		`<table><tr><th>a</th><th>b</th></tr><tr><td>1</td><td><ul><li>x</li><li>y</li></ul></td></tr><tr><td>2</td><td>z<br>w</td><td><pre>p` + "\n" + `q</pre></td></tr></table>`,
	} {
		f.Add(s, uint64(0xffff))
	}
	f.Fuzz(func(t *testing.T, html string, mask uint64) {
		p := Segment(html, dom.Parse(html, dom.DropSpaceText()))
		kept := make([]bool, len(p.Blocks))
		var want []string
		for i := range kept {
			kept[i] = mask>>(i%64)&1 == 1
			if kept[i] {
				want = append(want, strings.Fields(p.Blocks[i].Text)...)
			}
		}
		got := p.Render(kept)
		if !utf8.ValidString(got) {
			t.Fatalf("invalid UTF-8: %q", got)
		}
		for _, r := range got {
			if htmltext.IsControlChar(r) && r != '\n' && r != '\t' {
				t.Fatalf("control character %U in %q", r, got)
			}
		}
		if g, w := strings.Join(strings.Fields(got), ""), strings.Join(want, ""); g != w {
			t.Fatalf("Render says %q, its blocks %q", g, w)
		}
	})
}

// FuzzMetadata: whatever a page says of itself, Metadata gives a date that reads as one of
// its two forms, a language that parses as a BCP 47 tag, and absolute http(s) addresses.
func FuzzMetadata(f *testing.F) {
	f.Add(`<html lang="en_us"><head><meta property="article:published_time" content="2022-1-26T14:32:06+02:00"><meta property="og:image" content="/a.png">`+
		`<script type="application/ld+json">{"@type":"Article","author":[{"name":"A"},"B"],"datePublished":"Dec 19th 2025"}</script></head><body><time pubdate datetime="13/11/2025">x</time></body></html>`,
		"2023 Jan 7")
	f.Fuzz(func(t *testing.T, html, value string) {
		page := strings.ReplaceAll(html, "Dec 19th 2025", value)
		p := Segment(page, dom.Parse(page, dom.DropSpaceText()))
		p.URL = "https://example.com/a/b"
		md := p.Metadata()
		for _, d := range []string{md.Published, md.Modified, pageDate(value)} {
			if d == "" {
				continue
			}
			if _, err := time.Parse(time.RFC3339, d); err != nil {
				if _, err := time.Parse("2006-01-02T15:04:05", d); err != nil {
					if _, err := time.Parse("2006-01-02", d); err != nil {
						t.Fatalf("date %q does not read", d)
					}
				}
			}
		}
		for _, l := range []string{md.Lang, langTag(value)} {
			if _, err := language.Parse(l); l != "" && err != nil {
				t.Fatalf("language %q does not parse: %v", l, err)
			}
		}
		for _, u := range []string{md.Image, md.Canonical} {
			if u != "" && webURL(u) == nil {
				t.Fatalf("address %q is not absolute", u)
			}
		}
	})
}

// FuzzJoin: whatever the content model scores and whatever a site model says of a page (its
// kept and template spans, their strengths, its fit and pages), the joined text holds every
// block that both call content (scored above the threshold, at least half of it kept by the
// site): kept, or left out only as a copy of text kept before (issue 14: the join never drops
// a block both call content); and the page's own text (Keep) holds every block scored above
// the threshold, the same way.
func FuzzJoin(f *testing.F) {
	for _, s := range []string{
		`<nav><a href="/">Home</a><a href="/a">About</a></nav><h1>Title</h1><p>by A on May 1</p><p>First paragraph of the story, long enough to count.</p><p>Second one.</p><footer>© Site</footer>`,
		`<ul><li>One</li><li>Two</li><li>One</li></ul><table><tr><th>k</th><td>v</td></tr><tr><th>k2</th><td>v2</td></tr></table><p>Same text.</p><p>Same text.</p>`,
		`<pre>code  line` + "\n" + `  next</pre><h2>Head<br>line</h2><p>A sentence that a narrow column breaks<br>in two</p>`,
	} {
		f.Add(s, uint64(1), uint8(3))
	}
	f.Fuzz(func(t *testing.T, html string, seed uint64, favor uint8) {
		p := Segment(html, dom.Parse(html, dom.DropSpaceText()))
		next := func() uint64 { // xorshift64*, never zero
			seed ^= seed << 13
			seed ^= seed >> 7
			seed ^= seed << 17
			return seed * 0x2545F4914F6CDD1D
		}
		seed |= 1
		s := make([]float32, len(p.Blocks))
		site := Site{Fit: float64(next()%1001) / 1000, Pages: int(next() % 8)}
		for i := range p.Blocks {
			s[i] = float32(next()%1001) / 1000
			for _, r := range p.Blocks[i].Ranges {
				switch next() % 3 {
				case 0:
					site.Kept = append(site.Kept, [2]int{int(r[0]), int(r[1])})
				case 1:
					site.Template = append(site.Template, Weighted{Start: int(r[0]), End: int(r[1]), Strength: float32(next()%1000+1) / 1000})
				}
			}
		}
		fv := []Favor{Balanced, Precision, Recall}[int(favor)%3]
		kept, _, _ := p.Join(s, &site, fv)
		_, keptShare := p.Verdicts(&site)
		alone := p.Keep(s, fv.Threshold()) // the page alone: every block above the threshold
		joinedCopies, aloneCopies := p.copies(kept), p.copies(alone)
		for i := range p.Blocks {
			if s[i] <= fv.Threshold() {
				continue
			}
			// A block left out as a copy has a kept block that says its text.
			if !alone[i] && (copyOf(aloneCopies, i) < 0 || !alone[copyOf(aloneCopies, i)]) {
				t.Fatalf("block %d %q: score %.3f, and the page's own text leaves it out", i, p.Blocks[i].Text, s[i])
			}
			if keptShare[i] >= 0.5 && !kept[i] && (copyOf(joinedCopies, i) < 0 || !kept[copyOf(joinedCopies, i)]) {
				t.Fatalf("block %d %q: score %.3f, the site keeps %.2f of it, and the joined text leaves it out", i, p.Blocks[i].Text, s[i], keptShare[i])
			}
		}
	})
}

// FuzzTitle: whatever a page says of its title, author, site name and description (in its
// headings, <title>, og: and JSON-LD), the page's title and those metadata are one line of
// valid UTF-8 without control characters and without spaces at either end: a line of `jq -r
// .title` is one page's title.
func FuzzTitle(f *testing.F) {
	f.Add(`<html><head><title> A  title
 | Site </title><meta property="og:title" content="A&#10;title"><meta property="og:site_name" content="Site`+"\u0085"+`">`+
		`<meta name="author" content=" Jo&#9;Doe "><meta name="description" content="Line one.&#13;&#10;Line two.">`+
		`<script type="application/ld+json">{"@type":"Article","headline":"A\ntitle","author":{"name":"B\u0000C"},"publisher":{"name":"Pub"}}</script></head>`+
		`<body><h1>A<br>title</h1><p>Text of the page, long enough to be a paragraph of it.</p></body></html>`, "A title")
	f.Fuzz(func(t *testing.T, html, value string) {
		page := strings.ReplaceAll(html, "A title", value)
		p := Segment(page, dom.Parse(page, dom.DropSpaceText()))
		md := p.Metadata()
		for name, v := range map[string]string{"title": p.BestTitle(), "author": md.Author, "site_name": md.SiteName, "description": md.Description} {
			if !utf8.ValidString(v) {
				t.Fatalf("%s %q: not UTF-8", name, v)
			}
			for _, r := range v {
				if htmltext.IsControlChar(r) {
					t.Fatalf("%s %q: control character %U", name, v, r)
				}
			}
			if strings.TrimSpace(v) != v {
				t.Fatalf("%s %q: spaces at an end", name, v)
			}
		}
	})
}
