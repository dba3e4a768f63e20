package content

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
)

// FuzzRender: the text of any page with any blocks kept is valid UTF-8 without control
// characters but line breaks and tabs, and says the words its kept blocks say (a
// preformatted element's lines only change where the breaks fall).
func FuzzRender(f *testing.F) {
	for _, s := range []string{
		`<p>a</p><pre>x  y` + "\n" + `  z<br>w</pre>`, `<pre><code>a</code><style>b{}</style>` + "\n" + `<span>c</span></pre>`,
		`<noscript><div><pre>q` + "\n" + `r</pre></div><p>` + strings.Repeat("long text ", 20) + `</p></noscript>`,
		"<pre>\xff\x00a\rb\x0c</pre>", `<pre><div>1</div><div>2</div></pre>`, `<pre>&lt;a&gt; &amp;</pre>`,
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
			if r < 0x20 && r != '\n' && r != '\t' {
				t.Fatalf("control character %U in %q", r, got)
			}
		}
		if g, w := strings.Join(strings.Fields(got), ""), strings.Join(want, ""); g != w {
			t.Fatalf("Render says %q, its blocks %q", g, w)
		}
	})
}
