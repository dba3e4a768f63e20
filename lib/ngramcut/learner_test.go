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
