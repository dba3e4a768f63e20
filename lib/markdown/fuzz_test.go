package markdown

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
)

// FuzzInline: any page's inline spans lie in their block's text, begin and end with no
// space, and come in order; its images are noted in the blocks' order; the Markdown of any
// page with any blocks kept, its links and images too, is valid UTF-8 (the spans' offsets
// never split a character or fall outside a text) without control characters but line
// breaks and tabs (an image's alt text of a mis-decoded page held C1 controls).
func FuzzInline(f *testing.F) {
	for _, s := range []string{
		`<p>a <code>b</code> <code>c</code> <b>d <i>e</i></b> <a href="/x">f <code>g</code></a></p>`,
		`<h2><a href="y">T</a> <strong>s</strong></h2><ul><li><kbd>Ctrl</kbd>+<kbd>é</kbd></li></ul>`,
		`<p><b>a<i>b</b>c</i> <a href="#t">t</a><a href="javascript:x">j</a><code> ` + "`" + ` </code></p>`,
		`<p>x</p><figure><img data-src="/i.jpg" alt="[a]"></figure><p>y</p><img srcset="/s.png 2x">`,
		`<base href="/d/"><table><tr><th>h</th></tr><tr><td><code>a|b</code></td></tr></table><pre><code>x</code></pre>`,
		"<p><em>\xff</em><code>日本</code><b>\u00a0x\u00a0</b></p>",
		`<p>A sentence that a narrow column breaks<br>in two, then<br>- a <b>list</b><br>https://a.example/x<br>b</p><blockquote>q of a post that goes on<br>and on<br>1. x</blockquote>`,
		`<ul><li><p>a</p><blockquote><img src="/q.png"><p>q</p></blockquote><div>- b</div><ul><li>c</li></ul><p>d</p></li></ul>`,
		`<ol><li><h3>t</h3><pre class="brush: js"><code>x</code></pre><p>https://a.example/b_c_</p></li></ol>`,
		`<blockquote><p>a</p><ol><li>b<ul><li>c</li></ul></li></ol><ul><li>d</li></ul><h4>e</h4></blockquote><p>f</p>`,
		`<ol><li>u<blockquote>a<br>b<div><blockquote>q</blockquote></div></blockquote></li><li>v<blockquote><ul><li>c</li></ul></blockquote></li><li>w<blockquote>d</blockquote></li></ol>`,
		"<p>Text before the picture, long enough.</p><figure><img src=\"/a.png\" alt=\"Grandma\u00e2\u0080\u0099s x&#1;y&#127;\"></figure><p>after</p>",
		`<ol><li>u<blockquote>a<div class="bbcode_quote"><div>by <b>x</b></div><ul><li>q</li></ul><blockquote>r</blockquote></div>b</blockquote></li><li>v<blockquote>c</blockquote></li><li>w<blockquote>d<div class="quote">e</div></blockquote></li></ol>`,
	} {
		f.Add(s, uint64(0xffff))
	}
	f.Fuzz(func(t *testing.T, html string, mask uint64) {
		p := content.Segment(html, dom.Parse(html, dom.DropSpaceText()), content.WithLinks(), content.WithImages())
		p.URL = "https://example.com/a/b"
		kept := make([]bool, len(p.Blocks))
		for i := range kept {
			kept[i] = mask>>(i%64)&1 == 1
			text := p.Blocks[i].Text
			last := int32(-1)
			for _, s := range p.InlineSpans(i) {
				if s.Start < last || s.Start >= s.End || int(s.End) > len(text) || text[s.Start] == ' ' || text[s.End-1] == ' ' {
					t.Fatalf("block %q: span %+v (after %d)", text, s, last)
				}
				if s.Kind == content.Link && s.Node == nil {
					t.Fatalf("block %q: a link span without its element", text)
				}
				last = s.Start
			}
		}
		for i := 0; i <= len(p.Blocks); i++ {
			for _, m := range p.ImagesBefore(i) {
				if m.Before != int32(i) || m.Node == nil {
					t.Fatalf("an image %+v among those before block %d", m, i)
				}
			}
		}
		got := Render(p, kept)
		if !utf8.ValidString(got) && utf8.ValidString(html) {
			t.Fatalf("invalid UTF-8: %q", got)
		}
		for _, r := range got {
			if htmltext.IsControlChar(r) && r != '\n' && r != '\t' {
				t.Fatalf("control character %U in %q", r, got)
			}
		}
	})
}

// FuzzEscape: escaping puts backslashes only before ASCII punctuation, and taking each
// backslash escape back (as a Markdown reader does; an autolink's address as it is) gives the
// text, whatever marks are said to be around it; a line's start and a heading's end get one
// backslash at most, before punctuation.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{`1. a \* b_c __d__ <div> &amp; [x](y) ~~z~~ C:\U`, "# h", "---", `\`, "*", "a!",
		"see https://x.com/a_b_/c~d and (http://e.org/*f*) www.a_b_[c]_"} {
		f.Add(s, true, byte('['), true)
	}
	f.Fuzz(func(t *testing.T, text string, before bool, after byte, autolinks bool) {
		var b strings.Builder
		escapeText(&b, text, 0, len(text), before, after, autolinks)
		got := b.String()
		var back strings.Builder
		unescape := func(s string) string {
			var b strings.Builder
			for i := 0; i < len(s); i++ {
				if s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]) {
					i++
				}
				b.WriteByte(s[i])
			}
			return b.String()
		}
		for i := 0; i < len(got); i++ {
			if got[i] == '[' && strings.HasPrefix(got[i+1:], "www.") { // a link of ours to a www. address?
				k := strings.Index(got[i:], "](<http://www.")
				end := strings.Index(got[i:], ">)")
				if k > 0 && end > k && !strings.ContainsAny(got[i+1:i+k], "[]") {
					label := unescape(got[i+1 : i+k])
					if dest := got[i+k+3 : i+end]; dest != "http://"+label {
						t.Fatalf("%q escaped as %q links %q to %q", text, got, label, dest)
					}
					back.WriteString(label)
					i += end + 1
					continue
				}
			}
			if got[i] == '<' && strings.HasPrefix(got[i+1:], "http") { // the page's own "<h" is escaped
				end := strings.IndexByte(got[i:], '>')
				if !autolinks || end < 0 {
					t.Fatalf("%q escaped as %q has a bare <http", text, got)
				}
				back.WriteString(got[i+1 : i+end])
				i += end
				continue
			}
			if got[i] == '\\' && i+1 < len(got) && isASCIIPunct(got[i+1]) {
				i++
			}
			back.WriteByte(got[i])
		}
		if back.String() != text {
			t.Fatalf("%q escaped as %q reads back as %q", text, got, back.String())
		}
		for _, got := range []string{escapeLineStart(text), escapeHeadingEnd(text)} {
			if got == text {
				continue
			}
			i := strings.IndexByte(got, '\\')
			for i >= 0 && got[:i]+got[i+1:] != text {
				j := strings.IndexByte(got[i+1:], '\\')
				if j < 0 {
					i = -1
					break
				}
				i += 1 + j
			}
			if i < 0 || len(got) != len(text)+1 || !isASCIIPunct(got[i+1]) {
				t.Fatalf("%q begins or ends as %q", text, got)
			}
		}
	})
}

// FuzzTable: the Markdown of a data table, whatever its cells' colspans and rowspans, has no
// row of more cells than its header row, and is not much longer than the page (a span is
// written as empty cells only where other cells begin in its columns). Each byte pair of
// spec makes a cell: the first says its colspan, rowspan and whether a row ends after it.
func FuzzTable(f *testing.F) {
	f.Add([]byte{0, 0, 0x80, 0, 1, 0, 0x84, 0, 2, 0, 0, 0})
	f.Add([]byte{0x0f, 0, 0x0f, 0, 0x80, 0, 0x30, 0, 0, 0, 0x80, 0, 0x3f, 0, 0, 0})
	f.Fuzz(func(t *testing.T, spec []byte) {
		if len(spec) > 400 {
			return
		}
		spans := []string{"", "2", "3", "1000"}
		var b strings.Builder
		b.WriteString("<html><body><table><tr>")
		for i := 0; i+1 < len(spec); i += 2 {
			c := spec[i]
			fmt.Fprintf(&b, `<td colspan="%s" rowspan="%s">c%d</td>`, spans[c&3], spans[c>>2&3], i/2)
			if c&0x80 != 0 {
				b.WriteString("</tr><tr>")
			}
		}
		b.WriteString("</tr><tr><td>x</td><td>y</td></tr></table></body></html>")
		html := b.String()
		p, kept := segmentAll(html)
		got := Render(p, kept)
		if len(got) > 8*len(html)+64 {
			t.Fatalf("%d bytes of Markdown from a page of %d:\n%s", len(got), len(html), html)
		}
		header := -1
		for line := range strings.Lines(got) {
			if !strings.HasPrefix(line, "|") {
				continue
			}
			cells := strings.Count(line, "|") - strings.Count(line, `\|`)
			if header < 0 {
				header = cells
			} else if cells > header {
				t.Fatalf("a row of %d bars under a header of %d:\n%s\nfrom %s", cells, header, got, html)
			}
		}
	})
}
