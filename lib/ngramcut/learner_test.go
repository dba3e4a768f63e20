package ngramcut

import (
	"bytes"
	"encoding/json"
	"testing"
)

// fill sets every element of s up to its capacity to v.
func fill[T any](s []T, v T) {
	s = s[:cap(s)]
	for i := range s {
		s[i] = v
	}
}

// poison fills every array of a corpus done with, up to its capacity, with values no count
// writes, so that a Learner reusing them fails if anything reads what it has not written.
func poison(c *corpus) {
	const p32, p64 = -0x5a5a5a5b, 0xa5a5a5a5a5a5a5a5
	for _, s := range [][]int32{c.starts, c.nextDelim, c.count, c.df, c.lastPage, c.first, c.order, c.sorted, c.hist, c.newID} {
		fill(s, p32)
	}
	fill(c.units, 0xa5a5a5a5)
	fill(c.nextUnit, 0xa5a5a5a5)
	fill(c.fps, p64)
	fill(c.roll, p64)
	fill(c.table, entry{tag: 0xa5a5a5a5, id: 0x5a5a5a5a})
	for _, l := range append([]*level{c.last, c.prev}, c.spare...) {
		if l != nil {
			for _, s := range [][]int32{l.posRank, l.firstPos, l.count, l.df} {
				fill(s, p32)
			}
			fill(l.fp, p64)
		}
	}
}

// TestLearnerReuse learns sites of growing and shrinking sizes one after another with one
// Learner, its arrays poisoned between sites, and checks every model against a fresh Learn:
// the same bytes, for the direct count (the default), the searches over levels (faithful,
// FindNPeak) and the delimiter rule, on characters and bytes.
func TestLearnerReuse(t *testing.T) {
	sizes := []int{12, 3, 20, 5, 30, 2, 16}
	for _, o := range []struct {
		name string
		opt  Options
	}{
		{"default", Default()},
		{"faithful", Faithful()},
		{"npeak", Options{MinDocFrac: 0.2, MaxN: 30, MinRun: 150}},
		{"delims-bytes", Options{Unit: Byte, Delims: true, MinDocFrac: 0.3, N: 12}},
		{"xxhash", Options{Hash: XXHash, MinDocFrac: 0.2, N: 20}},
	} {
		t.Run(o.name, func(t *testing.T) {
			var lr Learner
			for k, n := range sizes {
				pages := sitePages(n, uint64(100+k))
				want, err := Learn(pages, o.opt)
				if err != nil {
					t.Fatal(err)
				}
				got, err := lr.Learn(pages, o.opt)
				if err != nil {
					t.Fatal(err)
				}
				if lr.spare == nil {
					t.Fatal("the Learner kept no arrays")
				}
				poison(lr.spare)
				a, _ := json.Marshal(want)
				b, _ := json.Marshal(got)
				if !bytes.Equal(a, b) {
					t.Fatalf("site %d (%d pages): the reused arrays give another model:\n%s\n%s", k, n, b, a)
				}
			}
		})
	}
}

// TestDirectLevelFingerprints checks the fingerprints a direct count keeps by rank (which
// Learn takes for W) against the n-grams at the first occurrences, hashed again; a level
// extended from another keeps none (Learn hashes then).
func TestDirectLevelFingerprints(t *testing.T) {
	for _, unit := range []Unit{Rune, Byte} {
		for _, delims := range []bool{false, true} {
			c := newCorpus(append(sitePages(9, 5), "short", "日本語のページ、日本語のページ。"), unit, false, Rolling, ByDocFreq, delims)
			for _, n := range []int{20, 3, 4} {
				l := c.level(n)
				want := 0
				if n != 4 { // 4 extends 3
					want = l.distinct
				}
				if len(l.fp) != want {
					t.Fatalf("unit %v, delims %v, n=%d: %d fingerprints for %d distinct, want %d", unit, delims, n, len(l.fp), l.distinct, want)
				}
				for r, fp := range l.fp {
					i := int(l.firstPos[r])
					if h := fingerprint(Rolling, c.units[i:i+n]); fp != h {
						t.Fatalf("unit %v, delims %v, n=%d: rank %d has fingerprint %x, its n-gram %x", unit, delims, n, r, fp, h)
					}
				}
			}
		}
	}
}
