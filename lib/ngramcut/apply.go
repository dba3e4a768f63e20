package ngramcut

import "sync"

// index builds (once) the open-addressing table used to test membership in W in O(1).
// A slot holds the upper 32 bits of a fingerprint (with the lowest bit set, so that 0
// marks an empty slot) and is found by the lower bits: a half-size table stays in cache
// longer, and two different fingerprints agree on all the bits compared with a
// probability of about 2^-(31+log2(slots)) per probe.
func (m *Model) index() []uint32 {
	m.once.Do(func() {
		size := 8
		for size < 2*len(m.W) {
			size <<= 1
		}
		t := make([]uint32, size)
		mask := uint64(size - 1)
		for _, fp := range m.W {
			tag := tagOf(fp)
			s := fp & mask
			for t[s] != 0 && t[s] != tag {
				s = (s + 1) & mask
			}
			t[s] = tag
		}
		m.table = t
	})
	return m.table
}

func tagOf(fp uint64) uint32 { return uint32(fp>>32) | 1 }

// has reports whether fp is (very probably) in W.
func has(t []uint32, fp uint64) bool {
	mask := uint64(len(t) - 1)
	tag := tagOf(fp)
	s := fp & mask
	for {
		v := t[s]
		if v == tag {
			return true
		}
		if v == 0 {
			return false
		}
		s = (s + 1) & mask
	}
}

// scratch holds per-call buffers; pooled so that Spans is cheap and concurrent.
type scratch struct {
	units []uint32
	offs  []int32
	r     []byte
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Spans returns the kept parts of a page (the runs of 1s of its range string) as byte
// spans [start, end) of html, in order and disjoint. A run of spaces collapsed by the
// preprocessing belongs to the span of its unit whole. With Snap, the ends of the runs
// are then moved out of tags and to whole words (snap.go). Safe for concurrent use.
func (m *Model) Spans(html string) [][2]int {
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	r := m.rangeString(html, s)
	var spans [][2]int
	end := func(j int) int {
		if j == len(r) {
			return len(html)
		}
		return int(s.offs[j])
	}
	for j := 0; j < len(r); {
		if r[j] == 0 {
			j++
			continue
		}
		k := j
		for k < len(r) && r[k] == 1 {
			k++
		}
		spans = append(spans, [2]int{int(s.offs[j]), end(k)})
		j = k
	}
	if m.Snap {
		spans = snapSpans(html, spans, snapExtend)
	}
	return spans
}

// RangeString returns the page's range string as '0' (covered by W: useless) and '1'
// (kept) per unit, for inspection and tests.
func (m *Model) RangeString(html string) string {
	s := new(scratch)
	r := m.rangeString(html, s)
	b := make([]byte, len(r))
	for i, v := range r {
		b[i] = '0' + v
	}
	return string(b)
}

// rangeString preprocesses html into s and computes r (0 = covered) in O(len) for any
// n: a rolling window hash, one table probe per position, and a running cover end.
func (m *Model) rangeString(html string, s *scratch) []byte {
	s.units, s.offs = preprocess(html, m.Unit, s.units[:0], s.offs[:0], true)
	u := s.units
	if cap(s.r) < len(u) {
		s.r = make([]byte, len(u))
	}
	r := s.r[:len(u)]
	n := m.N
	if n <= 0 || len(m.W) == 0 || len(u) < n {
		for j := range r {
			r[j] = 1
		}
		return r
	}
	t := m.index()
	coverEnd := -1
	lastDelim := -1 // latest delimiter at index <= i+n-2 (Delims rule)
	var h uint64
	var top uint64
	if m.Hash == Rolling {
		top = powMul(n - 1)
		for j := 0; j < n-1; j++ {
			h = rollStep(h, u[j])
		}
	}
	if m.Delims {
		for j := 1; j <= n-2 && j < len(u); j++ {
			if isDelim(u[j]) {
				lastDelim = j
			}
		}
	}
	if m.Hash == Rolling && !m.Delims {
		// the common case, without the branches of the general loop below
		for i := 0; i+n <= len(u); i++ {
			h = rollStep(h, u[i+n-1])
			if has(t, finish(h)) {
				coverEnd = i + n
			}
			r[i] = 1
			if i < coverEnd {
				r[i] = 0
			}
			h -= (uint64(u[i]) + 1) * top
		}
	} else {
		m.rangeGeneral(u, r, t, h, top, lastDelim, &coverEnd)
	}
	for i := max(0, len(u)-n+1); i < len(u); i++ {
		if i < coverEnd {
			r[i] = 0
		} else {
			r[i] = 1
		}
	}
	if m.MinRun > 0 {
		dropShortRuns(r, m.MinRun, m.Bridge)
	}
	return r
}

// rangeGeneral is the loop of rangeString for the xxhash fingerprints and the
// delimiter rule.
func (m *Model) rangeGeneral(u []uint32, r []byte, t []uint32, h, top uint64, lastDelim int, coverEndp *int) {
	n := m.N
	coverEnd := *coverEndp
	defer func() { *coverEndp = coverEnd }()
	for i := 0; i+n <= len(u); i++ {
		var fp uint64
		if m.Hash == Rolling {
			h = rollStep(h, u[i+n-1])
			fp = finish(h)
		}
		ok := true
		if m.Delims {
			if j := i + n - 2; j > i && isDelim(u[j]) {
				lastDelim = j
			}
			ok = lastDelim < i+1
		}
		if ok {
			if m.Hash == XXHash {
				fp = xxFingerprint(u[i : i+n])
			}
			if has(t, fp) {
				coverEnd = i + n
			}
		}
		if i < coverEnd {
			r[i] = 0
		} else {
			r[i] = 1
		}
		if m.Hash == Rolling {
			h -= (uint64(u[i]) + 1) * top
		}
	}
}

// dropShortRuns turns runs of 1s shorter than min into 0s; with bridge, only those
// before the first or after the last run of at least min.
func dropShortRuns(r []byte, min int, bridge bool) {
	if bridge {
		first, last := -1, -1
		for j := 0; j < len(r); {
			if r[j] == 0 {
				j++
				continue
			}
			k := j
			for k < len(r) && r[k] == 1 {
				k++
			}
			if k-j >= min {
				if first < 0 {
					first = j
				}
				last = k
			}
			j = k
		}
		if first >= 0 {
			dropShortRuns(r[:first], min, false)
			dropShortRuns(r[last:], min, false)
			return
		}
	}
	for j := 0; j < len(r); {
		if r[j] == 0 {
			j++
			continue
		}
		k := j
		for k < len(r) && r[k] == 1 {
			k++
		}
		if k-j < min {
			clear(r[j:k])
		}
		j = k
	}
}
