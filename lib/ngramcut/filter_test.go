package ngramcut

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFilterInTag checks what evidence relies on to skip the filter after a hit: every
// fingerprint the table finds passes the filter, for fingerprints of W and for others
// that share a member's tag (the table's false positives), whatever the size of W.
func TestFilterInTag(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{1, 7, 100, 5000, 70000} {
		w := make(HashSet, size)
		for i := range w {
			w[i] = rng.Uint64()
		}
		slices.Sort(w)
		m := &Model{N: 20, W: slices.Compact(w)}
		tab := m.index()
		if !m.filterInTag {
			t.Fatalf("%d members: filter not in the tags", size)
		}
		for i := 0; i < 200000; i++ {
			fp := rng.Uint64()
			if i%2 == 0 { // a member, or a member's tag with other low bits
				fp = m.W[rng.IntN(len(m.W))]
				if i%4 == 0 {
					fp = fp&^0xFFFFFFFF | uint64(rng.Uint32())
				}
			}
			if slotOf(tab, fp) >= 0 && !mayHave(m.filter, fp) {
				t.Fatalf("%d members: %#x is in the table but not in the filter", size, fp)
			}
		}
	}
}

// TestRunsOf checks runsOf (eight bytes at a time) against a byte by byte reading, on
// random range strings of runs of every length up to 20.
func TestRunsOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for iter := 0; iter < 2000; iter++ {
		var r []byte
		v := byte(rng.IntN(2))
		for parts := rng.IntN(8); parts > 0; parts-- {
			for l := rng.IntN(21); l > 0; l-- {
				r = append(r, v)
			}
			v ^= 1
		}
		var want [][2]int
		for j := 0; j < len(r); j++ {
			if r[j] == 1 && (j == 0 || r[j-1] == 0) {
				want = append(want, [2]int{j, j})
			}
			if r[j] == 1 {
				want[len(want)-1][1] = j + 1
			}
		}
		if got := runsOf(r); !slices.Equal(got, want) {
			t.Fatalf("%v: runs %v, want %v", r, got, want)
		}
	}
}
