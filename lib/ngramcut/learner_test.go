package ngramcut

import (
	"bytes"
	"encoding/json"
	"testing"
)

// poison fills every array of a corpus done with, up to its capacity, with values no count
// writes, so that a Learner reusing them fails if anything reads what it has not written.
func poison(c *corpus) {
	fill32 := func(s []int32) {
		s = s[:cap(s)]
		for i := range s {
			s[i] = -0x5a5a5a5b
		}
	}
	fillU32 := func(s []uint32) {
		s = s[:cap(s)]
		for i := range s {
			s[i] = 0xa5a5a5a5
		}
	}
	fill32(c.starts)
	fill32(c.nextDelim)
	fill32(c.count)
	fill32(c.df)
	fill32(c.lastPage)
	fill32(c.first)
	fill32(c.order)
	fill32(c.sorted)
	fill32(c.hist)
	fill32(c.newID)
	fillU32(c.units)
	fillU32(c.nextUnit)
	fps := c.fps[:cap(c.fps)]
	for i := range fps {
		fps[i] = 0xa5a5a5a5a5a5a5a5
	}
	roll := c.roll[:cap(c.roll)]
	for i := range roll {
		roll[i] = 0xa5a5a5a5a5a5a5a5
	}
	table := c.table[:cap(c.table)]
	for i := range table {
		table[i] = entry{tag: 0xa5a5a5a5, id: 0x5a5a5a5a}
	}
	for _, l := range append([]*level{c.last, c.prev}, c.spare...) {
		if l != nil {
			fill32(l.posRank)
			fill32(l.firstPos)
			fill32(l.count)
			fill32(l.df)
			fp := l.fp[:cap(l.fp)]
			for i := range fp {
				fp[i] = 0xa5a5a5a5a5a5a5a5
			}
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
			c := newCorpus(append(sitePages(9, 5), "short", "日本語のページ、日本語のページ。"), unit, Rolling, ByDocFreq, delims)
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
