package metric

// countTable is a multiset of 64-bit hashes: an open-addressing table with linear probing,
// reused between pages (reset clears only the part it will use). The hashes are already
// uniformly distributed, so their low bits index the table directly.
type countTable struct {
	keys   []uint64
	counts []int32 // 0 = free slot (a key whose count drops to 0 keeps its slot)
	used   []bool
	mask   uint64
}

// reset empties the table and sizes it for n keys at a load factor of at most 1/2.
func (t *countTable) reset(n int) {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	if cap(t.keys) < size {
		t.keys = make([]uint64, size)
		t.counts = make([]int32, size)
		t.used = make([]bool, size)
	} else {
		t.keys = t.keys[:size]
		t.counts = t.counts[:size]
		t.used = t.used[:size]
		clear(t.used)
	}
	t.mask = uint64(size - 1)
}

// add counts one more h.
func (t *countTable) add(h uint64) {
	i := h & t.mask
	for t.used[i] {
		if t.keys[i] == h {
			t.counts[i]++
			return
		}
		i = (i + 1) & t.mask
	}
	t.used[i], t.keys[i], t.counts[i] = true, h, 1
}

// take removes one h if the table holds one, and reports whether it did.
func (t *countTable) take(h uint64) bool {
	i := h & t.mask
	for t.used[i] {
		if t.keys[i] == h {
			if t.counts[i] == 0 {
				return false
			}
			t.counts[i]--
			return true
		}
		i = (i + 1) & t.mask
	}
	return false
}

// match counts the multiset intersection of pred and gold (the sum over distinct values of
// the smaller count) and the excess on each side.
func (t *countTable) match(pred, gold []uint64) (common, onlyPred, onlyGold int) {
	t.reset(len(gold))
	for _, h := range gold {
		t.add(h)
	}
	for _, h := range pred {
		if t.take(h) {
			common++
		}
	}
	return common, len(pred) - common, len(gold) - common
}
