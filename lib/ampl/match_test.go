package ampl

import (
	"math/rand"
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
