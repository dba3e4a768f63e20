package ampl

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// FuzzApply learns a template from two fixed pages and the fuzzed one and
// applies it to the fuzzed page: no panic, the content spans are ordered,
// disjoint and inside the page, and the marks read off while learning are what
// matching the page again finds.
func FuzzApply(f *testing.F) {
	page := func(body string) string {
		return "<html><body><div class=nav><a href=/>Home</a> <a href=/news>News</a></div><h1>" + body +
			"</h1><p>" + strings.Repeat(body+" words ", 10) + "</p><div class=foot>Copyright Example Corp, all rights reserved</div></body></html>"
	}
	for _, s := range []string{"", "<p>x", page("fuzz"), "<script>alert(1)</script>\xff\xfe東京", strings.Repeat("ab", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		m, marks, err := LearnMarks([]string{page("one"), page("two"), p}, Default())
		if err != nil {
			return // too little to learn from is an error, not a crash
		}
		if got, want := m.FindMarked(p, marks[2]), m.Find(p); !reflect.DeepEqual(got.Kept, want.Kept) ||
			!reflect.DeepEqual(got.Template, want.Template) || got.Fit != want.Fit && !(math.IsNaN(got.Fit) && math.IsNaN(want.Fit)) {
			t.Fatalf("the marks from learning find %+v, matching again %+v", got, want)
		}
		last := 0
		for _, sp := range m.Content(p) {
			if sp[0] < last || sp[1] <= sp[0] || sp[1] > len(p) {
				t.Fatalf("bad spans %v for a page of %d bytes", m.Content(p), len(p))
			}
			last = sp[1]
		}
		_ = m.Text(p)
	})
}
