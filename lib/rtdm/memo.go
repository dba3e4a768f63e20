package rtdm

// pairMemo remembers the cost of mapping node pairs (i, j) whose children were aligned, so
// that Map's trace back reads them instead of aligning again. It is an open-addressing table
// sized from the trees (a page pair needs one to ten entries per node), and Go's map spent
// more time growing and rehashing than the alignments it saved (a fifth of rtdm's apply).
type pairMemo struct {
	keys []uint64 // (i<<32 | j) + 1; 0 is empty
	vals []float64
	n    int
}

func newPairMemo(nodes int) *pairMemo {
	size := 64
	for size < 4*nodes && size < 1<<17 { // larger tables grow when they must
		size *= 2
	}
	return &pairMemo{keys: make([]uint64, size), vals: make([]float64, size)}
}

// slot returns the index of key's entry, or of the empty slot where it belongs.
func (m *pairMemo) slot(key uint64) int {
	mask := len(m.keys) - 1
	h := int((key * 0x9E3779B97F4A7C15) >> 32)
	for i := h & mask; ; i = (i + 1) & mask {
		if k := m.keys[i]; k == key || k == 0 {
			return i
		}
	}
}

func (m *pairMemo) get(i, j int) (float64, bool) {
	key := uint64(i)<<32 | uint64(j) + 1
	s := m.slot(key)
	return m.vals[s], m.keys[s] == key
}

func (m *pairMemo) put(i, j int, d float64) {
	key := uint64(i)<<32 | uint64(j) + 1
	s := m.slot(key)
	if m.keys[s] == 0 {
		if 2*(m.n+1) > len(m.keys) {
			m.grow()
			s = m.slot(key)
		}
		m.n++
	}
	m.keys[s], m.vals[s] = key, d
}

// grow doubles the table (at half full, probes stay short).
func (m *pairMemo) grow() {
	keys, vals := m.keys, m.vals
	m.keys, m.vals = make([]uint64, 2*len(keys)), make([]float64, 2*len(vals))
	for x, k := range keys {
		if k != 0 {
			s := m.slot(k)
			m.keys[s], m.vals[s] = k, vals[x]
		}
	}
}
