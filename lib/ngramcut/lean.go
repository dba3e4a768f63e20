package ngramcut

import "github.com/chaffkit/chaff/lib/htmltext"

// Huge pages. Spans holds, per unit of a page, its code, its byte offset, its range
// string byte and (coverRolling) a prefix hash: 17 bytes per character, 900 MB for a
// 50 MB page. Above leanPageBytes a page is instead preprocessed in pieces of about
// leanPieceBytes, the n-grams probed in a window that slides over the pieces
// (coverWindow: the same range string, one table probe per position instead of about
// one per n-1 units inside template), and the offsets of the kept runs' ends found by
// preprocessing the pieces again: 1 byte per character (the range string) plus the
// pieces' buffers. Measured in README.md (Limits).

// leanPageBytes is the page size above which Spans takes the piecewise path.
var leanPageBytes = defaultLeanPageBytes

// leanPieceBytes is about the size of the pieces a huge page is preprocessed in.
var leanPieceBytes = defaultLeanPieceBytes

const (
	defaultLeanPageBytes  = 16 << 20
	defaultLeanPieceBytes = 1 << 20
)

// nextCut returns where the piece of html starting at from ends: about leanPieceBytes
// on, moved forward to an ASCII byte that is not white space. Such a byte is one unit
// whatever comes before it (no character's encoding holds it, and no run of spaces
// goes through it), so preprocessing the pieces one by one gives the page's units. A
// page without such a byte for long just makes a longer piece. With skip (the units
// leave comments and scripts out) the cut is moved past an element it would
// fall in or start: each piece holds whole elements, and starts with a unit.
func nextCut(html string, from int, skip bool) int {
	cut := from + leanPieceBytes
	for {
		for cut < len(html) && (html[cut] >= 0x80 || isSpaceByte[html[cut]]) {
			cut++
		}
		if !skip || cut >= len(html) {
			return min(cut, len(html))
		}
		end := 0 // the end of the last element starting before the cut, or at it
		for at := from; ; {
			start, e := htmltext.NextInvisible(html, at, skipped)
			if start > cut {
				break
			}
			at, end = e, e
		}
		if end <= cut {
			return cut
		}
		cut = end
	}
}

// rangeLean is rangeString for a huge page, piece by piece (see above).
func (m *Model) rangeLean(html string) []byte {
	r := make([]byte, unitCount(html, m.Unit, m.SkipInvisible))
	n := m.N
	if n <= 0 || len(m.W) == 0 || len(r) < n {
		fillOnes(r) // as rangeString: no MinRun when nothing can be covered
		return r
	}
	t := m.index()
	var u []uint32 // the n-1 last units of the pieces before, then the piece's
	base := 0      // position of u[0] in the page
	coverEnd := -1
	for from := 0; from < len(html); {
		to := nextCut(html, from, m.SkipInvisible)
		u, _ = pageUnits(html[from:to], m.Unit, m.SkipInvisible, u, nil, false)
		npos := len(u) - n + 1 // n-grams that start in u and end in it
		if npos > 0 {
			coverEnd = m.coverWindow(u, base, npos, r, t, coverEnd)
			u = u[:copy(u, u[npos:])]
			base += npos
		}
		from = to
	}
	finishCover(r, base, coverEnd)
	if m.MinRun > 0 && m.Bridge {
		dropShortRuns(r, m.MinRun, true)
	} else if m.MinRun > 0 {
		dropShortRunsIn(html, r, m.MinRun, func(pos []int) { m.leanOffsets(html, pos) })
	}
	return r
}

// spansLean is Spans for a huge page: the range string by rangeLean, then the byte
// offsets of the runs' ends from a second pass over the pieces.
func (m *Model) spansLean(html string) [][2]int {
	r := m.rangeLean(html)
	spans := runsOf(r) // in units first, then in bytes
	ends := make([]int, 0, 2*len(spans))
	for _, sp := range spans {
		ends = append(ends, sp[0], sp[1])
	}
	m.leanOffsets(html, ends)
	for i := range spans {
		spans[i] = [2]int{ends[2*i], ends[2*i+1]}
	}
	if m.Snap {
		spans = snapSpans(html, spans, snapExtend)
	}
	return spans
}

// leanOffsets translates unit positions of a huge page, ascending, into the byte offsets of
// their units in place (a position past the last unit becomes len(html)), by a pass over
// the pieces.
func (m *Model) leanOffsets(html string, pos []int) {
	var units []uint32
	var offs []int32
	next := 0 // the next position to translate
	base := 0 // position of the piece's first unit
	for from := 0; from < len(html) && next < len(pos); {
		to := nextCut(html, from, m.SkipInvisible)
		units, offs = pageUnits(html[from:to], m.Unit, m.SkipInvisible, units[:0], offs[:0], true)
		for next < len(pos) && pos[next] < base+len(offs) {
			pos[next] = from + int(offs[pos[next]-base])
			next++
		}
		base += len(offs)
		from = to
	}
	for ; next < len(pos); next++ {
		pos[next] = len(html) // past the last unit
	}
}
