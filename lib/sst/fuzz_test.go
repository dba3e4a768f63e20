package sst

import (
	"testing"
)

// FuzzApply applies a model learned from the fuzzed page and two fixed ones to the fuzzed
// page: it must not panic, and the kept spans must be ordered, disjoint and inside the page.
func FuzzApply(f *testing.F) {
	for _, s := range []string{
		"", "<p>x", "<body><div><p>a<p>b</div>", "<table><tr><td>x<td>y</table>",
		"<ul><li><div><p>a</p><p>b</p></div><li><div><p>c</p><p>d</p></div><li><div><p>e</p><p>f</p></div></ul>",
		"<svg><text>t</text></svg><script>alert(1)</script>東京都 2024",
		sitePage(1, "<b>bold</b>"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		m, err := Learn([]string{page, sitePage(2, ""), sitePage(3, "")}, DefaultOptions())
		if err != nil {
			t.Fatal(err)
		}
		res := m.ApplyHTML(page)
		last := 0
		for _, sp := range res.Spans {
			if sp[0] < last || sp[1] <= sp[0] || sp[1] > len(page) {
				t.Fatalf("bad spans %v for a page of %d bytes", res.Spans, len(page))
			}
			last = sp[1]
		}
	})
}
