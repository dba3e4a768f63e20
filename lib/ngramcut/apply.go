package ngramcut

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"github.com/chaffkit/chaff/lib/page"
)

// index builds (once) the open-addressing table used to test membership in W in O(1).
// A slot holds the upper 32 bits of a fingerprint (with the lowest bit set, so that 0
// marks an empty slot) and is found by the lower bits: a half-size table stays in cache
// longer, and two different fingerprints agree on all the bits compared with a
// probability of about 2^-(31+log2(slots)) per probe. It also builds the filter that
// coverRolling asks first: one bit per fingerprint in a bit set of at least 8 bits per
// member of W (128 KB for 100,000 n-grams, so it stays in the core's cache when the table
// does not); about 7 of 8 n-grams that are not in W are turned away by it without a
// probe into the table. The filter only turns away, so the answers are the table's.
func (m *Model) index() []uint32 {
	m.once.Do(func() {
		size := 8
		for size < 2*len(m.W) {
			size <<= 1
		}
		t := make([]uint32, size)
		tdf := make([]uint8, size)
		mask := uint64(size - 1)
		for i, fp := range m.W {
			tag := tagOf(fp)
			s := fp & mask
			for t[s] != 0 && t[s] != tag {
				s = (s + 1) & mask
			}
			t[s] = tag
			if i < len(m.DF) {
				tdf[s] = max(tdf[s], m.DF[i])
			}
		}
		for _, d := range tdf {
			m.expected += float64(d) / 255
		}
		m.table, m.tableDF = t, tdf
		// The filter: one bit per 8 slots' worth of members, set at bits of the
		// fingerprint that the table does not use for its slot.
		nbits := 64
		for nbits < 8*len(m.W) {
			nbits <<= 1
		}
		f := make([]uint64, nbits/64)
		for _, fp := range m.W {
			b := filterBit(fp, nbits)
			f[b>>6] |= 1 << (b & 63)
		}
		m.filter = f
		m.filterInTag = nbits <= 1<<24
	})
	return m.table
}

// filterBit is the bit of fp in a filter of the given size (a power of 2): bits 40 and
// up first, which the table's slot index does not use. Up to 2^24 bits they are bits of
// the table's tag, so a fingerprint whose tag the table holds passes the filter
// (Model.filterInTag).
func filterBit(fp uint64, nbits int) uint64 { return bits.RotateLeft64(fp, 24) & uint64(nbits-1) }

// mayHave reports false when fp is certainly not in W (its filter bit is clear).
func mayHave(f []uint64, fp uint64) bool {
	b := filterBit(fp, len(f)*64)
	return f[b>>6]&(1<<(b&63)) != 0
}

func tagOf(fp uint64) uint32 { return uint32(fp>>32) | 1 }

// slotOf returns the slot of fp in the table t, or -1 when fp is (certainly) not in W.
func slotOf(t []uint32, fp uint64) int {
	mask := uint64(len(t) - 1)
	tag := tagOf(fp)
	s := fp & mask
	for {
		v := t[s]
		if v == tag {
			return int(s)
		}
		if v == 0 {
			return -1
		}
		s = (s + 1) & mask
	}
}

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
	units   []uint32
	offs    []int32
	r       []byte
	prefix  []uint64        // prefix hashes of units (coverRolling)
	present []uint64        // a bit per table slot hit on the page (evidence); all clear between uses
	runs    []page.Evidence // the covered runs in units (evidence)
	want    []int32         // the positions findCovered needs offsets of
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Spans returns the kept parts of a page (the runs of 1s of its range string) as byte
// spans [start, end) of html, in order and disjoint. A run of spaces collapsed by the
// preprocessing belongs to the span of its unit whole. With Snap, the ends of the runs
// are then moved out of tags and to whole words (snap.go). Safe for concurrent use.
func (m *Model) Spans(html string) [][2]int {
	if m.N <= 0 || len(m.W) == 0 || len(html) < m.N {
		// Nothing can be covered (W is empty, or the page has fewer than n units): the
		// range string is all 1s, one run, the whole page (MinRun is not applied: a page
		// nothing could be learned about is kept whole). Huge pages of one-page sites land
		// here; the page is not copied into units.
		var spans [][2]int
		if len(html) > 0 {
			spans = [][2]int{{0, len(html)}}
		}
		if m.Snap {
			spans = snapSpans(html, spans, snapExtend)
		}
		return spans
	}
	if len(html) > leanPageBytes {
		return m.spansLean(html)
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	return m.keptSpans(html, m.rangeString(html, s), s.offs)
}

// runsOf returns the runs of 1s of the range string r (0s and 1s), as unit ranges
// [from, to).
func runsOf(r []byte) [][2]int {
	var runs [][2]int
	for j := 0; ; {
		if j = skipBytes(r, j, 0); j == len(r) {
			return runs
		}
		k := skipBytes(r, j, 1)
		runs = append(runs, [2]int{j, k})
		j = k
	}
}

// skipBytes returns the first index from j on where r holds another byte than v, or
// len(r). It compares eight bytes at a time: most of a page is long runs of either.
func skipBytes(r []byte, j int, v byte) int {
	w := uint64(v) * 0x0101010101010101
	for ; j+8 <= len(r); j += 8 {
		if x := binary.LittleEndian.Uint64(r[j:]) ^ w; x != 0 {
			return j + bits.TrailingZeros64(x)>>3
		}
	}
	for j < len(r) && r[j] == v {
		j++
	}
	return j
}

// keptSpans turns the range string r of html (whose units start at offs) into the byte
// spans of its runs of 1s, snapped with Snap.
func (m *Model) keptSpans(html string, r []byte, offs []int32) [][2]int {
	spans := runsOf(r)
	for i, ru := range spans {
		spans[i] = [2]int{int(offs[ru[0]]), unitEnd(html, offs, ru[1])}
	}
	if m.Snap {
		spans = snapSpans(html, spans, snapExtend)
	}
	return spans
}

// unitEnd is the byte offset where unit j starts, or len(html) past the last unit.
func unitEnd(html string, offs []int32, j int) int {
	if j == len(offs) {
		return len(html)
	}
	return int(offs[j])
}

// RangeString returns the page's range string as '0' (covered by W: useless) and '1'
// (kept) per unit, for inspection and tests.
func (m *Model) RangeString(html string) string {
	var r []byte
	if len(html) > leanPageBytes {
		r = m.rangeLean(html)
	} else {
		r = m.rangeString(html, new(scratch))
	}
	b := make([]byte, len(r))
	for i, v := range r {
		b[i] = '0' + v
	}
	return string(b)
}

// rangeString preprocesses html into s and computes r (0 = covered) in O(len) for any
// n: one table probe per position at most (coverRolling), or, for the xxhash
// fingerprints and the delimiter rule, a rolling window hash, one probe per position and
// a running cover end (rangeGeneral).
func (m *Model) rangeString(html string, s *scratch) []byte {
	s.units, s.offs = pageUnits(html, m.Unit, m.SkipInvisible, s.units[:0], s.offs[:0], true)
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
	if m.Hash == Rolling && !m.Delims {
		coverRolling(u, r, t, m.filter, n, s)
	} else {
		m.rangeGeneral(u, r, t)
	}
	m.dropShort(html, r, s.offs)
	return r
}

// dropShort applies MinRun (and Bridge) to the range string r of html, whose units
// start at offs.
func (m *Model) dropShort(html string, r []byte, offs []int32) {
	if m.MinRun > 0 && m.Bridge {
		dropShortRuns(r, m.MinRun, true)
	} else if m.MinRun > 0 {
		dropShortRunsIn(html, r, m.MinRun, func(pos []int) {
			for i, p := range pos {
				if p < len(offs) {
					pos[i] = int(offs[p])
				} else {
					pos[i] = len(html)
				}
			}
		})
	}
}

// coverRolling writes the range string r of the units u for the rolling fingerprints
// (no delimiter rule) with the W table t. Instead of probing the n-gram at every
// position it jumps: once the n-gram at i is in W, units i..i+n-1 are covered, and the
// n-grams starting in (i, i+n-1) matter only if they reach further, which the one at
// i+n-1 does best. So it probes i+n-1 first, then i+n-2, ... down to the first hit,
// which becomes the new i; when none hits, the cover ends at i+n. Every position is
// probed at most once (a run of misses is not probed again), so the cost is O(N) probes
// in the worst case and about one probe per n-1 units inside template. The n-gram at
// any position comes from prefix hashes: h(i, n) = P[i+n] - P[i]·rollMul^n.
func coverRolling(u []uint32, r []byte, t []uint32, f []uint64, n int, s *scratch) {
	if cap(s.prefix) < len(u)+1 {
		s.prefix = make([]uint64, len(u)+1)
	}
	P := s.prefix[:len(u)+1]
	var h uint64
	P[0] = 0
	for j, c := range u {
		h = rollStep(h, c)
		P[j+1] = h
	}
	mn := powMul(n)
	in := func(i int) bool {
		fp := finish(P[i+n] - P[i]*mn)
		return mayHave(f, fp) && has(t, fp)
	}
	last := len(u) - n // the last position where an n-gram starts
	kept := 0          // r[kept:start] is uncovered when a cover [start, end) is found
	for i := 0; i <= last; {
		if !in(i) {
			i++
			continue
		}
		start, end := i, i+n
		lo := i // starts <= lo are settled
		for {
			hi := min(end-1, last)
			hit := -1
			for q := hi; q > lo; q-- {
				if in(q) {
					hit = q
					break
				}
			}
			lo = hi
			if hit < 0 {
				break
			}
			end = hit + n
		}
		fillOnes(r[kept:start])
		clear(r[start:end])
		i, kept = end, end
	}
	fillOnes(r[kept:])
}

// ones is a source of 1s for fillOnes.
var ones = func() (b [4096]byte) {
	for i := range b {
		b[i] = 1
	}
	return b
}()

// fillOnes sets every byte of r to 1 (by copies: a loop storing 1s is not turned into
// a memset).
func fillOnes(r []byte) {
	for len(r) > 0 {
		r = r[copy(r, ones[:]):]
	}
}

// rangeGeneral is the loop of rangeString for the xxhash fingerprints and the
// delimiter rule: every position is probed, and a running cover end gives r.
func (m *Model) rangeGeneral(u []uint32, r []byte, t []uint32) {
	coverEnd := m.coverWindow(u, 0, len(u)-m.N+1, r, t, -1)
	finishCover(r, len(u)-m.N+1, coverEnd)
}

// coverWindow probes the n-grams starting at positions 0..npos-1 of u (which holds at
// least npos+n-1 units) and writes their part of the range string, r[base+k] for
// position k: 0 while a hit so far covers it. coverEnd, in and out, is the first
// position (counted from r[0], not u[0]) not covered by the hits before. The fingerprint
// of each n-gram comes from a rolling window (or xxhash over its units), so u may be a
// window of a longer page (rangeLean).
func (m *Model) coverWindow(u []uint32, base, npos int, r []byte, t []uint32, coverEnd int) int {
	n := m.N
	if npos <= 0 {
		return coverEnd
	}
	lastDelim := -1 // latest delimiter at index <= k+n-2 (Delims rule)
	var h, top uint64
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
	for k := 0; k < npos; k++ {
		var fp uint64
		if m.Hash == Rolling {
			h = rollStep(h, u[k+n-1])
			fp = finish(h)
		}
		ok := true
		if m.Delims {
			if j := k + n - 2; j > k && isDelim(u[j]) {
				lastDelim = j
			}
			ok = lastDelim < k+1
		}
		if ok {
			if m.Hash == XXHash {
				fp = xxFingerprint(u[k : k+n])
			}
			if has(t, fp) {
				coverEnd = base + k + n
			}
		}
		if i := base + k; i < coverEnd {
			r[i] = 0
		} else {
			r[i] = 1
		}
		if m.Hash == Rolling {
			h -= (uint64(u[k]) + 1) * top
		}
	}
	return coverEnd
}

// finishCover writes r from position from on, where no n-gram starts: 0 up to coverEnd.
func finishCover(r []byte, from, coverEnd int) {
	for i := max(0, from); i < len(r); i++ {
		if i < coverEnd {
			r[i] = 0
		} else {
			r[i] = 1
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
