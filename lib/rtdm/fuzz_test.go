package rtdm_test

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/rtdm"
)

// FuzzExtract learns patterns from two fixed pages and the fuzzed one and
// extracts the fuzzed page: no panic, the body spans lie inside it, and the title is one
// line without control characters.
func FuzzExtract(f *testing.F) {
	page := func(body string) string {
		return "<html><head><title>" + body + "</title></head><body><div class=nav><a href=/>Home</a></div><h1>" + body +
			"</h1><div class=story><p>" + strings.Repeat(body+" words in a paragraph ", 30) + "</p></div><div class=foot>Footer</div></body></html>"
	}
	for _, s := range []string{"", "<p>x", page("fuzz"), "<table><tr><td>x<td>y</table><script>alert(1)</script>", strings.Repeat("<div>", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		pages := []*rtdm.Page{rtdm.NewPage(page("one")), rtdm.NewPage(page("two")), rtdm.NewPage(p)}
		m, _ := rtdm.Learn(pages, rtdm.DefaultOptions)
		ex, err := m.Extract(pages[2], rtdm.DefaultOptions)
		if err != nil || ex == nil || ex.Body < 0 {
			return
		}
		for _, r := range ex.TitleText {
			if htmltext.IsControlChar(r) {
				t.Fatalf("title %q: control character %U", ex.TitleText, r)
			}
		}
		for _, sp := range pages[2].Spans(ex.BodyRoots) {
			if sp[0] < 0 || sp[1] < sp[0] || sp[1] > len(p) {
				t.Fatalf("bad span %v for a page of %d bytes", sp, len(p))
			}
		}
	})
}
