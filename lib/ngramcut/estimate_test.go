package ngramcut

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEstimateDistinct checks estimateDistinct's two windows against one window over
// every position: pages shorter than n, of odd and even numbers of positions, with
// repeated runs, both units.
func TestEstimateDistinct(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var pages []string
	for p := 0; p < 40; p++ {
		var b strings.Builder
		size := rng.IntN(3000)
		if p%7 == 0 {
			size = rng.IntN(12)
		}
		for b.Len() < size {
			switch rng.IntN(50) {
			case 0:
				b.WriteString("<div class=\"story-body\">shared</div>")
			case 1:
				b.WriteString("日本語")
			default:
				b.WriteByte("abcd  \n"[rng.IntN(7)])
			}
		}
		pages = append(pages, b.String())
	}
	for _, unit := range []Unit{Rune, Byte} {
		c := newCorpus(pages, unit, false, Rolling, ByCount, false)
		for _, n := range []int{2, 3, 5, 8, 9, 20} {
			got, want := c.estimateDistinct(n), estimateDistinctPlain(c, n)
			if got != want {
				t.Fatalf("%v n=%d: %d, one window %d", unit, n, got, want)
			}
			if want == 0 && n < 5 {
				t.Fatalf("%v n=%d: nothing sampled", unit, n)
			}
		}
	}
}

// BenchmarkEstimateDistinct is estimateDistinct over 10 MB of real pages at n = 20.
func BenchmarkEstimateDistinct(b *testing.B) {
	c := newCorpus(benchSample(b, 10<<20), Rune, false, Rolling, ByDocFreq, false)
	b.SetBytes(int64(len(c.units)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.estimateDistinct(20)
	}
}

// estimateDistinctPlain is estimateDistinct with one window over every position in
// order, as it was first written: the reference of the test.
func estimateDistinctPlain(c *corpus, n int) int {
	const shift = 58
	top := powMul(n - 1)
	seen := make([]uint64, 1<<10) // the sampled states, plus 1 (0: empty slot)
	inSeen := 0
	for p := 0; p < c.pages(); p++ {
		ps, pe := int(c.starts[p]), int(c.starts[p+1])
		if pe-ps < n {
			continue
		}
		var h uint64
		for j := ps; j < ps+n-1; j++ {
			h = rollStep(h, c.units[j])
		}
		for i := ps; i+n <= pe; i++ {
			h = rollStep(h, c.units[i+n-1])
			if x := h * 0xC2B2AE3D27D4EB4F; x>>shift == 0 {
				key := h + 1
				mask := uint64(len(seen) - 1)
				s := x >> 20 & mask
				for seen[s] != 0 && seen[s] != key {
					s = (s + 1) & mask
				}
				if seen[s] == 0 {
					seen[s] = key
					if inSeen++; 2*inSeen > len(seen) {
						seen = regrow(seen)
					}
				}
			}
			h -= (uint64(c.units[i]) + 1) * top
		}
	}
	return inSeen << (64 - shift)
}
