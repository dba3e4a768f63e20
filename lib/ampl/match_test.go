package ampl

import (
	"math"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

func naiveMark(patterns []string, text string) [][2]int {
	in := make([]bool, len(text))
	for _, p := range patterns {
		if p == "" {
			continue
		}
		for i := 0; i+len(p) <= len(text); i++ {
			if text[i:i+len(p)] == p {
				for k := i; k < i+len(p); k++ {
					in[k] = true
				}
			}
		}
	}
	var out [][2]int
	for i := 0; i < len(in); i++ {
		if in[i] {
			j := i
			for j < len(in) && in[j] {
				j++
			}
			out = append(out, [2]int{i, j})
			i = j
		}
	}
	return out
}

func TestMatcherMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	alpha := "abc<>/"
	rnd := func(n int) string {
		var b strings.Builder
		for i := 0; i < n; i++ {
			b.WriteByte(alpha[r.Intn(len(alpha))])
		}
		return b.String()
	}
	for iter := 0; iter < 5000; iter++ {
		var pats []string
		for k := r.Intn(6); k >= 0; k-- {
			pats = append(pats, rnd(1+r.Intn(5)))
		}
		text := rnd(r.Intn(60))
		got := newMatcher(pats).mark(nil, text, nil)
		want := naiveMark(pats, text)
		if len(got) != len(want) {
			t.Fatalf("patterns %q text %q: got %v want %v", pats, text, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("patterns %q text %q: got %v want %v", pats, text, got, want)
			}
		}
	}
}

// FindMarked with the marks LearnMarks returns is Find, page by page, for both selection
// rules; LearnMarks's model is Learn's.
func TestFindMarkedIsFind(t *testing.T) {
	for _, s := range analyses(t)[:2] {
		pages := htmlOf(s.pages)
		for _, opt := range []Options{Default(), Faithful()} {
			want, err := Learn(pages, opt)
			if err != nil {
				t.Fatal(err)
			}
			m, marks, err := LearnMarks(pages, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(m.Strings, want.Strings) || !reflect.DeepEqual(m.Docs, want.Docs) || m.Found != want.Found ||
				(m.Windows == nil) != (want.Windows == nil) || m.Windows != nil && !reflect.DeepEqual(m.Windows.keys, want.Windows.keys) {
				t.Fatalf("%s: LearnMarks's model differs from Learn's", s.name)
			}
			if len(marks) != len(pages) {
				t.Fatalf("%s: %d marks for %d pages", s.name, len(marks), len(pages))
			}
			for i, p := range pages {
				got, ref := m.FindMarked(p, marks[i]), m.Find(p)
				if math.IsNaN(ref.Fit) && math.IsNaN(got.Fit) {
					got.Fit, ref.Fit = 0, 0
				}
				if !reflect.DeepEqual(got, ref) {
					t.Fatalf("%s page %d: FindMarked differs from Find", s.name, i)
				}
			}
		}
	}
}
