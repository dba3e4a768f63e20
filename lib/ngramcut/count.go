package ngramcut

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Rank names how the distinct n-grams are ordered before the top a% becomes W.
type Rank uint8

const (
	// ByCount ranks by total number of occurrences in the sample (the paper).
	ByCount Rank = iota
	// ByDocFreq ranks by the number of sample pages holding the n-gram, then by count.
	// Template text seen once per page then ranks above markup repeated inside pages.
	ByDocFreq
)

func (r Rank) String() string {
	if r == ByDocFreq {
		return "df"
	}
	return "count"
}

// ParseRank reads "count" and "df".
func ParseRank(s string) (Rank, error) {
	switch s {
	case "", "count":
		return ByCount, nil
	case "df", "docfreq":
		return ByDocFreq, nil
	}
	return ByCount, fmt.Errorf("ngramcut: unknown rank %q (want count or df)", s)
}

// MarshalText makes a Rank a JSON string.
func (r Rank) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText parses a rank name.
func (r *Rank) UnmarshalText(b []byte) error {
	v, err := ParseRank(string(b))
	*r = v
	return err
}

// Markers in corpus.nextUnit (units are below 0x110000+256).
const (
	unsetUnit = ^uint32(0)
	branching = ^uint32(0) - 1
)

// noRank marks a position where no n-gram starts (too close to the page end, or cut by
// the delimiter rule).
const noRank = math.MaxInt32

// isDelim reports the paper's future-work delimiters: an n-gram may hold them only at
// its ends.
func isDelim(u uint32) bool { return u == '<' || u == '>' || u == '.' || u == '?' }

// corpus holds a site's sample as one array of units and counts its n-grams one n at a
// time (countsort), each n once, reusing the work of n-1:
//   - an n-gram seen once stays unique when extended, so its position is not hashed again;
//   - with the rolling hash, the fingerprint of the (n+1)-gram at i extends that of the
//     n-gram in O(1).
//
// Classes (distinct n-grams) are numbered in order of first occurrence and ranked by a
// stable counting sort, so ties are broken by first occurrence: deterministic and
// independent of the hash.
type corpus struct {
	units     []uint32
	starts    []int32 // page p is units[starts[p]:starts[p+1]]
	maxLen    int     // longest page, in units
	hash      Hash
	rank      Rank
	nextDelim []int32 // nextDelim[i] = least j >= i holding a delimiter (len(units) if none); nil without the rule

	// roll is the rolling state of the n-gram starting at each active position, at
	// length rollN (0: not kept). A level counted directly slides a window instead and
	// keeps no state; extending it rebuilds the state first (slideRoll), so learning at
	// one forced n never holds these 8 bytes per unit.
	roll  []uint64
	rollN int

	// scratch reused between levels
	count     []int32
	df        []int32
	lastPage  []int32
	first     []int32
	fps       []uint64 // by class: its fingerprint (a direct count with the rolling hash)
	order     []int32
	sorted    []int32
	hist      []int32
	table     []entry // open addressing, 2^tableBits slots
	ctrl      []uint8 // by slot of table: 0 when empty, else ctrlOf its tag (see ctrlOf)
	tableBits int
	nextUnit  []uint32 // by rank of the previous level: the unit after it, or branching
	newID     []int32  // by rank of the previous level: its class at this level, if non-branching

	last, prev *level   // the two most recent levels (prev.n == last.n-1)
	spare      []*level // retired levels whose arrays count1 may overwrite
}

// takeArrays makes c reuse the arrays of old, a corpus done with (see Learner). Their
// contents are stale: every user sizes them by grow, resetTable or [:0] and writes before
// it reads, as when one corpus reuses a level's arrays for the next.
func (c *corpus) takeArrays(old *corpus) {
	c.units, c.starts, c.nextDelim, c.roll = old.units[:0], old.starts[:0], old.nextDelim, old.roll
	c.count, c.df, c.lastPage, c.first = old.count[:0], old.df[:0], old.lastPage[:0], old.first[:0]
	c.fps = old.fps
	c.order, c.sorted, c.hist = old.order, old.sorted, old.hist
	c.table, c.ctrl, c.nextUnit, c.newID = old.table, old.ctrl, old.nextUnit, old.newID
	c.spare = old.spare
	c.retire(old.last, old.prev)
}

// retire keeps levels no longer needed as spares for count1, at most two (a search
// holds two levels at a time).
func (c *corpus) retire(levels ...*level) {
	for _, l := range levels {
		if l != nil && len(c.spare) < 2 {
			c.spare = append(c.spare, l)
		}
	}
}

// level is the result of countsort for one n.
type level struct {
	n        int
	posRank  []int32  // rank of the class of the n-gram at each position, noRank if none
	distinct int      // number of distinct n-grams
	multi    int      // distinct n-grams seen at least twice; they rank before the unique ones
	firstPos []int32  // by rank: position of the first occurrence
	fp       []uint64 // by rank: the fingerprint, when counted directly with the rolling hash (else empty)
	count    []int32  // by rank: number of occurrences
	df       []int32  // by rank: number of pages holding it
}

func newCorpus(pages []string, unit Unit, skip bool, hash Hash, rank Rank, delims bool) *corpus {
	return reuseCorpus(nil, pages, unit, skip, hash, rank, delims)
}

// reuseCorpus is newCorpus taking the arrays of old, a corpus done with (nil: none).
func reuseCorpus(old *corpus, pages []string, unit Unit, skip bool, hash Hash, rank Rank, delims bool) *corpus {
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	c := &corpus{hash: hash, rank: rank}
	if old != nil {
		c.takeArrays(old)
	}
	if cap(c.units) < total {
		c.units = make([]uint32, 0, total)
	}
	if cap(c.starts) < len(pages)+1 {
		c.starts = make([]int32, 0, len(pages)+1)
	}
	for _, p := range pages {
		c.starts = append(c.starts, int32(len(c.units)))
		c.units, _ = pageUnits(p, unit, skip, c.units, nil, false)
		if l := len(c.units) - int(c.starts[len(c.starts)-1]); l > c.maxLen {
			c.maxLen = l
		}
	}
	c.starts = append(c.starts, int32(len(c.units)))
	if delims {
		c.nextDelim = grow(c.nextDelim, len(c.units)+1)
		next := int32(len(c.units))
		c.nextDelim[len(c.units)] = next
		for i := len(c.units) - 1; i >= 0; i-- {
			if isDelim(c.units[i]) {
				next = int32(i)
			}
			c.nextDelim[i] = next
		}
	}
	return c
}

func (c *corpus) pages() int { return len(c.starts) - 1 }

// level returns countsort for n, computing the levels up to n in turn. Only the two
// most recent levels are kept; asking for an older one recounts from the start.
func (c *corpus) level(n int) *level {
	if c.last != nil && c.last.n == n {
		return c.last
	}
	if c.prev != nil && c.prev.n == n {
		return c.prev
	}
	if c.last == nil || c.last.n > n || c.last.n < n-1 {
		// No level n-1 to extend: count n directly (every position hashed once, the
		// rolling fingerprints by a sliding window), then go on from there.
		c.retire(c.last, c.prev)
		c.last, c.prev = nil, nil
		c.last = c.count1(n, nil, nil)
		return c.last
	}
	for c.last.n < n {
		next := 1
		if c.last != nil {
			next = c.last.n + 1
		}
		var reuse *level
		if c.prev != nil {
			reuse = c.prev
		}
		l := c.count1(next, c.last, reuse)
		c.prev, c.last = c.last, l
	}
	return c.last
}

// count1 counts the n-grams for n given the level for n-1 (nil when n == 1); reuse, if
// not nil, is a retired level whose arrays may be overwritten.
func (c *corpus) count1(n int, prev *level, reuse *level) *level {
	N := len(c.units)
	// slide: counted directly, the fingerprints of every n-gram by a sliding window in
	// pass 2.
	slide := c.hash == Rolling && prev == nil && n > 1
	if c.hash == Rolling {
		switch {
		case prev == nil && n == 1:
			c.roll = grow64(c.roll, N)
			clear(c.roll) // every state starts empty, extended by the first unit below
		case prev != nil && c.rollN != n-1:
			c.slideRoll(n - 1) // prev was counted directly, without keeping the state
		}
	}
	// Pass 1: which positions need hashing (active), and extend the rolling state.
	// With the previous level, also find which of its repeated n-grams are followed by
	// the same unit at all their active occurrences ("non-branching"): their extensions
	// form one class again, found by the previous rank without hashing. On a site's
	// template most repeated n-grams are non-branching, so few positions reach the hash
	// table; ranks of neighbouring template positions are close, so these arrays are read
	// almost in order.
	active := 0
	var nextUnit []uint32
	var newID []int32
	if prev != nil {
		if cap(c.nextUnit) < prev.multi {
			c.nextUnit = make([]uint32, prev.multi)
			c.newID = make([]int32, prev.multi)
		}
		nextUnit, newID = c.nextUnit[:prev.multi], c.newID[:prev.multi]
		for r := range nextUnit {
			nextUnit[r] = unsetUnit
			newID[r] = -1
		}
	}
	for p := 0; p < c.pages(); p++ {
		ps, pe := int(c.starts[p]), int(c.starts[p+1])
		if slide {
			// Nothing to extend: the positions where an n-gram fits are enough (more
			// than the active ones under the delimiter rule; active only sizes the
			// table).
			active += max(0, pe-ps-n+1)
			continue
		}
		for i := ps; i < pe; i++ {
			st := c.state(i, n, pe, prev)
			if st != stActive {
				continue
			}
			active++
			if c.hash == Rolling && (prev != nil || n == 1) {
				c.roll[i] = rollStep(c.roll[i], c.units[i+n-1])
			}
			if prev != nil {
				r := prev.posRank[i]
				x := c.units[i+n-1]
				switch nextUnit[r] {
				case unsetUnit:
					nextUnit[r] = x
				case x, branching:
				default:
					nextUnit[r] = branching
				}
			}
		}
	}
	if c.hash == Rolling {
		c.rollN = n
		if slide {
			c.rollN = 0
		}
	}
	// Pass 2: number the classes in order of first occurrence. The table holds the
	// distinct n-grams, far fewer than the positions on template-heavy sites. Counted
	// directly, it is sized from an estimate of their number (growing it rehashes every
	// entry); else from the previous level. It grows when three quarters full: the
	// probes that insert the n-grams seen for the first time miss the cache, fewer in a
	// smaller table, and a linear probe at that load stays in a cache line or two.
	size := 1 << 12
	classes := 0
	switch {
	case slide:
		classes = c.estimateDistinct(n)
		for 3*size < 4*(classes+classes/8) { // room for an estimate a few percent low
			size <<= 1
		}
	case prev != nil:
		for size < 4*prev.multi {
			size <<= 1
		}
	}
	for size < 2*active && size < 1<<16 {
		size <<= 1
	}
	c.resetTable(size)
	c.count, c.df, c.lastPage, c.first = c.count[:0], c.df[:0], c.lastPage[:0], c.first[:0]
	if classes += classes / 8; classes > cap(c.count) { // with room for an estimate a few percent low
		c.count = make([]int32, 0, classes)
		c.df = make([]int32, 0, classes)
		c.lastPage = make([]int32, 0, classes)
		c.first = make([]int32, 0, classes)
	}
	c.fps = c.fps[:0]
	if slide && classes > cap(c.fps) {
		c.fps = make([]uint64, 0, classes)
	}
	// The class ids go where the ranks will be (renumbered in place below): the level
	// reused is an older one than prev, whose ranks pass 2 reads.
	l := reuse
	if l == nil && len(c.spare) > 0 {
		l = c.spare[len(c.spare)-1]
		c.spare = c.spare[:len(c.spare)-1]
	}
	if l == nil {
		l = &level{}
	}
	l.posRank = grow(l.posRank, N)
	ids := l.posRank
	inTable := 0
	for p := 0; p < c.pages(); p++ {
		ps, pe := int(c.starts[p]), int(c.starts[p+1])
		// src is an earlier position whose n-gram equals the one at i-1, unit for unit
		// (-1: none known). Then if the units after the two agree, the n-gram at src+1
		// equals the one at i and has its class: on repeated template, long runs of
		// positions follow an earlier occurrence in order and never reach the table.
		src := -1
		var h, top uint64 // with slide: the window's state, and the weight of its first unit
		if slide && pe-ps >= n {
			top = powMul(n - 1)
			for j := ps; j < ps+n-1; j++ {
				h = rollStep(h, c.units[j])
			}
		}
		for i := ps; i < pe; i++ {
			var state uint64 // with slide: the polynomial state of the n-gram at i
			if slide && i+n <= pe {
				h = rollStep(h, c.units[i+n-1])
				state = h
				h -= (uint64(c.units[i]) + 1) * top
			}
			switch c.state(i, n, pe, prev) {
			case stNone:
				ids[i] = -1
				src = -1
				continue
			case stUnique:
				ids[i] = c.newClass(p, i)
				src = -1
				continue
			}
			if prev != nil {
				r := prev.posRank[i]
				if nextUnit[r] != branching {
					id := newID[r]
					if id < 0 {
						id = c.newClass(p, i)
						newID[r] = id
					} else {
						c.seen(id, p)
					}
					ids[i] = id
					src = -1
					continue
				}
			}
			if src >= 0 && ids[src+1] >= 0 && c.units[src+n] == c.units[i-1+n] {
				src++
				id := ids[src]
				c.seen(id, p)
				ids[i] = id
				continue
			}
			var fp uint64
			switch {
			case slide:
				fp = finish(state)
			case c.hash == Rolling:
				fp = finish(c.roll[i])
			default:
				fp = xxFingerprint(c.units[i : i+n])
			}
			tab, ctrl := c.table, c.ctrl
			mask := uint64(len(tab) - 1)
			slot := fp >> (64 - c.tableBits)
			tag := uint32(fp >> 32)
			cb := ctrlOf(tag)
			for {
				cv := ctrl[slot]
				if cv == cb && tab[slot].tag == tag {
					// The same fingerprint as the class's first occurrence? Extending
					// a level, its rolling state is at hand. Else when it is the same
					// n-gram, which is then followed; else (rarely) when its
					// fingerprint, computed again, is the same.
					id := tab[slot].id - 1
					f := int(c.first[id])
					var same, hit bool
					if c.hash == Rolling && !slide {
						hit = finish(c.roll[f]) == fp
					} else {
						same = slices.Equal(c.units[f:f+n], c.units[i:i+n])
						hit = same || fingerprint(c.hash, c.units[f:f+n]) == fp
					}
					if hit {
						ids[i] = id
						c.seen(id, p)
						src = -1
						if same {
							src = f
						}
						break
					}
				}
				if cv == 0 {
					id := c.newClass(p, i)
					if slide {
						// Every class of a direct count starts here, in order.
						c.fps = append(c.fps, fp)
					}
					tab[slot], ctrl[slot] = entry{tag, id + 1}, cb
					ids[i] = id
					src = -1
					inTable++
					if 4*inTable > 3*len(tab) {
						c.growTable(n)
					}
					break
				}
				slot = (slot + 1) & mask
			}
		}
	}
	D := len(c.count)
	// Rank: stable counting sorts, least significant key first, of the classes seen
	// more than once; the others (count and document frequency 1, the least of both
	// keys) follow in order of first occurrence, as the sorts would leave them.
	c.order, c.sorted = grow(c.order, D), grow(c.sorted, D)
	order, multi := c.order, 0
	for id, k := range c.count {
		if k > 1 {
			order[multi] = int32(id)
			multi++
		}
	}
	j := multi
	for id, k := range c.count {
		if k == 1 {
			order[j] = int32(id)
			j++
		}
	}
	c.sortDesc(c.sorted, order[:multi], c.count)
	if c.rank == ByDocFreq {
		c.sortDesc(order, c.sorted[:multi], c.df)
	} else {
		copy(order, c.sorted[:multi])
	}
	l.n, l.distinct, l.multi = n, D, 0
	l.firstPos = grow(l.firstPos, D)
	l.count = grow(l.count, D)
	l.df = grow(l.df, D)
	l.fp = l.fp[:0]
	if slide {
		// Learn takes W's fingerprints from here instead of hashing W's n-grams again.
		l.fp = grow64(l.fp, D)
		for r, id := range order {
			l.fp[r] = c.fps[id]
		}
	}
	rankOf := c.lastPage // reuse: lastPage is no longer needed
	for r, id := range order {
		rankOf[id] = int32(r)
		l.firstPos[r] = c.first[id]
		l.count[r] = c.count[id]
		l.df[r] = c.df[id]
		if c.count[id] > 1 {
			l.multi++
		}
	}
	for i, id := range ids {
		if id < 0 {
			ids[i] = noRank
		} else {
			ids[i] = rankOf[id]
		}
	}
	return l
}

// slideRoll sets the rolling state of every position to the polynomial hash of the
// n-gram starting there (where one fits), by a sliding window: O(N) for any n.
func (c *corpus) slideRoll(n int) {
	c.roll = grow64(c.roll, len(c.units))
	c.rollN = n
	top := powMul(n - 1)
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
			c.roll[i] = h
			h -= (uint64(c.units[i]) + 1) * top
		}
	}
}

// estimateDistinct estimates the number of distinct n-grams (every position counted)
// from a sample fixed by content: the n-grams whose polynomial state, multiplied by an
// odd constant (which carries every bit of the state up), has its top 6 bits 0, one in
// 64. The distinct states in the sample, times 64, are near the whole number (a few
// percent off from some thousands of them). It sizes the table of a direct count: the
// result only changes the speed, never the classes.
//
// Each page's positions are taken in two halves by two windows in one loop: a window's
// step waits on the one before it (a multiply and two adds), so two independent windows
// take about the time of one. The sample is a set, so the order does not change it.
func (c *corpus) estimateDistinct(n int) int {
	const shift = 58
	top := powMul(n - 1)
	s := sampleSet{seen: make([]uint64, 1<<10)}
	u := c.units
	for p := 0; p < c.pages(); p++ {
		ps, pe := int(c.starts[p]), int(c.starts[p+1])
		npos := pe - ps - n + 1
		if npos <= 0 {
			continue
		}
		// Window a slides over the positions ps..ps+half-1, window b over the rest
		// (half or half+1 of them).
		half := npos / 2
		a, b := ps, ps+half
		var ha, hb uint64
		for j := 0; j < n-1; j++ {
			ha = rollStep(ha, u[a+j])
			hb = rollStep(hb, u[b+j])
		}
		for ; a < ps+half; a, b = a+1, b+1 {
			ha = rollStep(ha, u[a+n-1])
			hb = rollStep(hb, u[b+n-1])
			if x := ha * 0xC2B2AE3D27D4EB4F; x>>shift == 0 {
				s.add(ha, x)
			}
			if x := hb * 0xC2B2AE3D27D4EB4F; x>>shift == 0 {
				s.add(hb, x)
			}
			ha -= (uint64(u[a]) + 1) * top
			hb -= (uint64(u[b]) + 1) * top
		}
		if b < ps+npos { // the last position, when npos is odd
			hb = rollStep(hb, u[b+n-1])
			if x := hb * 0xC2B2AE3D27D4EB4F; x>>shift == 0 {
				s.add(hb, x)
			}
		}
	}
	return s.n << (64 - shift)
}

// sampleSet is estimateDistinct's set of sampled states.
type sampleSet struct {
	seen []uint64 // the states plus 1 (0: empty slot)
	n    int
}

// add puts the state h, whose mixed value is x, into the set.
func (s *sampleSet) add(h, x uint64) {
	key := h + 1
	mask := uint64(len(s.seen) - 1)
	i := x >> 20 & mask
	for s.seen[i] != 0 && s.seen[i] != key {
		i = (i + 1) & mask
	}
	if s.seen[i] == 0 {
		s.seen[i] = key
		if s.n++; 2*s.n > len(s.seen) {
			s.seen = regrow(s.seen)
		}
	}
}

// regrow doubles estimateDistinct's set of sampled states (0: empty).
func regrow(old []uint64) []uint64 {
	t := make([]uint64, 2*len(old))
	mask := uint64(len(t) - 1)
	for _, fp := range old {
		if fp == 0 {
			continue
		}
		s := (fp - 1) * 0xC2B2AE3D27D4EB4F >> 20 & mask
		for t[s] != 0 {
			s = (s + 1) & mask
		}
		t[s] = fp
	}
	return t
}

const (
	stNone   = iota // no n-gram starts here
	stUnique        // the (n-1)-gram here was unique, so the n-gram is too
	stActive        // must be hashed and counted
)

// state classifies position i of a page ending at pe for length n.
func (c *corpus) state(i, n, pe int, prev *level) int {
	if i+n > pe {
		return stNone
	}
	if c.nextDelim != nil && int(c.nextDelim[i+1]) <= i+n-2 {
		return stNone
	}
	if prev != nil {
		r := prev.posRank[i]
		if r == noRank {
			return stNone
		}
		if int(r) >= prev.multi {
			return stUnique
		}
	}
	return stActive
}

// sortDesc stably sorts the class ids in by key, descending, into out[:len(in)].
func (c *corpus) sortDesc(out, in []int32, key []int32) {
	maxKey := int32(0)
	for _, id := range in {
		maxKey = max(maxKey, key[id])
	}
	c.hist = grow(c.hist, int(maxKey)+2)
	hist := c.hist[:int(maxKey)+2]
	clear(hist)
	for _, id := range in {
		hist[maxKey-key[id]+1]++ // bucket 0 is the largest key
	}
	for b := 1; b < len(hist); b++ {
		hist[b] += hist[b-1]
	}
	for _, id := range in {
		b := maxKey - key[id]
		out[hist[b]] = id
		hist[b]++
	}
}

// entry is a slot of the table from fingerprint to class: the fingerprint's top 32
// bits (tag) and the class id plus 1 (0: an empty slot), in 8 bytes, so that twice as
// many slots fit in the cache as with the whole fingerprint. A slot's index is the
// fingerprint's top tableBits bits, so that growing the table needs only the tag; a
// tag that matches is checked against the class's first occurrence (see count1).
type entry struct {
	tag uint32
	id  int32
}

// resetTable empties the table and gives it at least size slots (a power of 2).
func (c *corpus) resetTable(size int) {
	c.tableBits = bits.Len(uint(size - 1))
	size = 1 << c.tableBits
	if cap(c.ctrl) < size {
		c.ctrl = make([]uint8, size)
	} else {
		c.ctrl = c.ctrl[:size]
		clear(c.ctrl)
	}
	if cap(c.table) < size {
		c.table = make([]entry, size)
		return
	}
	c.table = c.table[:size] // stale: a slot is read only where ctrl says it is in use
}

// ctrlOf is a slot's control byte for an entry of the given tag: never 0 (empty), and 7
// bits of the fingerprint that are not the slot's own (tag holds the fingerprint's top 32
// bits, the slot its top tableBits). The control bytes are an eighth of the table, so
// they stay in the cache: a probe reads the table's line only where a control byte
// matches, and an n-gram seen for the first time (most probes) is stored without a read.
func ctrlOf(tag uint32) uint8 { return uint8(tag) | 0x80 }

// growTable doubles the table and reinserts its entries. Slots come from the tags up to
// 2^32 slots, from the n-grams' fingerprints beyond.
func (c *corpus) growTable(n int) {
	old, oldCtrl := c.table, c.ctrl
	c.tableBits++
	t := make([]entry, 1<<c.tableBits)
	ctrl := make([]uint8, len(t))
	mask := uint64(len(t) - 1)
	for k, e := range old {
		if oldCtrl[k] == 0 {
			continue
		}
		var s uint64
		if c.tableBits <= 32 {
			s = uint64(e.tag) >> (32 - c.tableBits)
		} else {
			f := int(c.first[e.id-1])
			s = fingerprint(c.hash, c.units[f:f+n]) >> (64 - c.tableBits)
		}
		for ctrl[s] != 0 {
			s = (s + 1) & mask
		}
		t[s], ctrl[s] = e, oldCtrl[k]
	}
	c.table, c.ctrl = t, ctrl
}

// seen counts one more occurrence of class id, on page p.
func (c *corpus) seen(id int32, p int) {
	c.count[id]++
	if c.lastPage[id] != int32(p) {
		c.lastPage[id] = int32(p)
		c.df[id]++
	}
}

// newClass numbers a new distinct n-gram first seen at position i of page p.
func (c *corpus) newClass(p, i int) int32 {
	id := int32(len(c.count))
	c.count = append(c.count, 1)
	c.df = append(c.df, 1)
	c.lastPage = append(c.lastPage, int32(p))
	c.first = append(c.first, int32(i))
	return id
}

func grow64(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

func grow(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}
