package suffix

import "unicode/utf8"

// Node is an internal node of the suffix tree of the pages: a branching string.
type Node struct {
	Depth  int32 // length in bytes of the branching string (never ends inside a UTF-8 character)
	Parent int32 // depth of the parent node (0 for children of the root)
	Lo, Hi int32 // the string's occurrences are the suffixes SA[Lo:Hi]
	Docs   int32 // number of distinct pages holding it (only with WalkOptions.Docs, else 0)
	// LeftDiverse: the occurrences are not all preceded by the same byte (or one starts a
	// page), so the string is not a proper suffix of another string of the same frequency:
	// with right-branching, it is a maximal repeat.
	LeftDiverse bool
}

// Freq is the number of occurrences of the node's string.
func (n Node) Freq() int { return int(n.Hi - n.Lo) }

// WalkOptions selects optional per-node statistics.
type WalkOptions struct {
	Docs bool // compute Node.Docs (distinct pages), O(log) extra per suffix
	// Leaves also reports the leaves (Freq 1: each suffix up to its page end, Docs 1), for
	// F(1). A suffix that ends exactly at an internal node (it occurs elsewhere too) has no
	// edge of its own and is not reported.
	Leaves bool
	// LeafTotals, with Leaves, adds the leaves up here instead of reporting them: what F(1)
	// needs of them, without a node for each of the millions of suffixes.
	LeafTotals *LeafTotals
}

// LeafTotals sums the leaves a walk would report (WalkOptions.LeafTotals).
type LeafTotals struct {
	Count  int64 // the leaves
	Depth  int64 // the sum of their depths
	Parent int64 // the sum of their parents' depths
}

// Bytes returns the node's string (a slice of Text; do not modify).
func (x *Index) Bytes(n Node) []byte {
	p := x.sa[n.Lo]
	return x.text[p : p+n.Depth]
}

// Pos returns the text offset of one occurrence of the node's string.
func (x *Index) Pos(n Node) int32 { return x.sa[n.Lo] }

// MidChar reports whether the node's string starts inside a UTF-8 character (with a
// continuation byte).
func (x *Index) MidChar(n Node) bool { return x.text[x.sa[n.Lo]]&0xC0 == 0x80 }

// charFloor returns the length of the longest prefix of w that does not end inside a UTF-8
// character: an incomplete trailing sequence (lead byte without all its continuation bytes)
// is cut off. Invalid bytes count as whole characters.
func charFloor(w []byte) int {
	d := len(w)
	for k := d - 1; k >= 0 && k >= d-utf8.UTFMax; k-- {
		b := w[k]
		if b < 0x80 {
			return d
		}
		if b >= 0xC0 {
			need := 2
			if b >= 0xF0 {
				need = 4
			} else if b >= 0xE0 {
				need = 3
			}
			if k+need > d {
				return k
			}
			return d
		}
	}
	return d
}

type frame struct {
	lcp, lb int32
	dup     int32 // pairs of same-page occurrences whose lowest common ancestor is this node or below
}

// walkChunk is how many suffixes Walk reads ahead at a time (see gather).
const walkChunk = 1024

// walkBuf holds what Walk reads of the suffixes of one chunk, in suffix-array order: their
// LCP with the suffix before and their page.
type walkBuf struct {
	lcp  [walkChunk]int32
	page [walkChunk]int32
}

// gather fills b with the suffixes sa[lo:lo+k]. Walk's reads of plcp are at random places (a
// suffix array's order is no order of the text): made here in a loop of their own,
// independent of each other, the processor has many of them under way at once, where the
// walk's loop, each step depending on the last, waits for them one by one. (The bytes
// before and at each suffix need no such read: the byte before is the BWT, and the
// suffixes that start with the separator are one range.)
func (x *Index) gather(b *walkBuf, lo int32, k int, pages *pageTable) {
	sa, plcp := x.sa[lo:int(lo)+k], x.plcp
	for j, p := range sa {
		b.lcp[j] = plcp[p]
	}
	if pages != nil {
		for j, p := range sa {
			b.page[j] = int32(pages.of(p))
		}
	}
}

// pageTable finds the page of a text offset in one lookup and a step or two: the page of
// every 256th offset, then forward to the page that holds the offset (PageOf's answer,
// without its binary search's unpredictable branches).
type pageTable struct {
	starts []int32
	at     []int32 // at[k] = PageOf(k << pageShift)
}

const pageShift = 8

func (x *Index) pageTable() *pageTable {
	t := &pageTable{starts: x.starts, at: make([]int32, len(x.text)>>pageShift+1)}
	pg := 0
	for k := range t.at {
		pos := int32(k << pageShift)
		for pg+2 < len(x.starts) && x.starts[pg+1] <= pos {
			pg++
		}
		t.at[k] = int32(pg)
	}
	return t
}

func (t *pageTable) of(pos int32) int {
	pg := int(t.at[pos>>pageShift])
	for pg+2 < len(t.starts) && t.starts[pg+1] <= pos {
		pg++
	}
	return pg
}

// Walk calls fn for every internal node of the suffix tree except the root (and the leaves
// with WalkOptions.Leaves), bottom-up (children before parents), with depths rounded to
// UTF-8 character boundaries (a node whose rounded depth equals its parent's is merged into
// it and not reported). It walks the intervals of the rounded LCP array (charPLCP), which
// are exactly those nodes.
func (x *Index) Walk(opt WalkOptions, fn func(Node)) {
	x.WalkBatches(opt, func(nodes []Node) {
		for _, n := range nodes {
			fn(n)
		}
	})
}

// walkBatch is how many nodes WalkBatches passes at a time.
const walkBatch = 256

// WalkBatches is Walk passing the nodes a batch at a time, in the same order: tens of
// millions of nodes cost a call each otherwise. The slice is reused after fn returns.
func (x *Index) WalkBatches(opt WalkOptions, fn func([]Node)) {
	n := int32(len(x.sa))
	if n == 0 {
		return
	}
	out := make([]Node, 0, walkBatch) // full: passed to fn before the next node
	totals := opt.LeafTotals
	var leaves, sumD, sumP int64
	sa, bwt, sep := x.sa, x.bwt, x.sep
	sepLo, sepHi := x.sepLo, x.sepLo+int32(x.Pages())
	isSep := func(i int32) bool { return i >= sepLo && i < sepHi }
	stack := make([]frame, 1, 64)
	var pages *pageTable
	if opt.Docs || opt.Leaves {
		pages = x.pageTable()
	}
	// The suffixes are read ahead a chunk at a time (gather); buf holds sa[base:base+walkChunk].
	buf := new(walkBuf)
	base := int32(0)
	x.gather(buf, 0, int(min(n, walkChunk)), pages)
	// Left-diversity bookkeeping: lastDiff = last k with left(k) != left(k-1);
	// lastStart = last k whose suffix starts a page (the byte before it is the separator).
	lastDiff, lastStart := int32(-1), int32(-1)
	prevLeft := bwt[0]
	if prevLeft == sep {
		lastStart = 0
	}
	var last []int32 // last[page] = last SA index seen of that page
	if opt.Docs {
		last = make([]int32, x.Pages())
		for i := range last {
			last[i] = -1
		}
		if !isSep(0) {
			last[buf.page[0]] = 0
		}
	}
	var prevL int32 // LCP of leaf i-1 with the leaf before it
	prevPage := -1  // page of leaf i-1 when the docs bookkeeping found it, else -1
	for i := int32(1); i <= n; i++ {
		if i-base == walkChunk && i < n {
			base = i
			x.gather(buf, base, int(min(n-base, walkChunk)), pages)
		}
		k := i - base
		var l int32
		if i < n {
			l = buf.lcp[k]
		}
		if opt.Leaves {
			if pos := sa[i-1]; !isSep(i - 1) {
				pg := prevPage
				if pg < 0 {
					pg = pages.of(pos)
				}
				// The leaf runs to the separator after its page; a page end is taken as a
				// character boundary (true for valid UTF-8).
				d, pd := x.starts[pg+1]-1-pos, max(prevL, l)
				if d > pd && totals != nil {
					leaves++
					sumD += int64(d)
					sumP += int64(pd)
				} else if d > pd {
					if len(out) == walkBatch {
						fn(out)
						out = out[:0]
					}
					out = append(out, Node{Depth: d, Parent: pd, Lo: i - 1, Hi: i, Docs: 1, LeftDiverse: true})
				}
			}
			prevL = l
		}
		lb := i - 1
		var carry int32
		for l < stack[len(stack)-1].lcp {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			top := &stack[len(stack)-1]
			nd := Node{Depth: f.lcp, Parent: max(top.lcp, l), Lo: f.lb, Hi: i,
				LeftDiverse: lastDiff > f.lb || lastStart >= f.lb}
			if opt.Docs {
				nd.Docs = (i - f.lb) - f.dup
			}
			if len(out) == walkBatch {
				fn(out)
				out = out[:0]
			}
			out = append(out, nd)
			lb = f.lb
			if l <= top.lcp {
				top.dup += f.dup
			} else {
				carry = f.dup
			}
		}
		if l > stack[len(stack)-1].lcp {
			stack = append(stack, frame{lcp: l, lb: lb, dup: carry})
		}
		if i == n {
			break
		}
		// Account for leaf i.
		lf := bwt[i]
		if lf == sep {
			lastStart = i
			lastDiff = i
		} else if lf != prevLeft {
			lastDiff = i
		}
		prevLeft = lf
		prevPage = -1
		if opt.Docs && !isSep(i) {
			pg := int(buf.page[k])
			prevPage = pg
			if j := last[pg]; j >= 0 {
				// The lowest common ancestor of leaves j and i is the deepest open frame
				// with lb <= j: often one of the last few (j is recent), else found by
				// binary search.
				lo, hi := 0, len(stack)-1
				for k := 0; k < 4 && hi > 0 && stack[hi].lb > j; k++ {
					hi--
				}
				if stack[hi].lb <= j {
					lo = hi
				}
				for lo < hi {
					mid := (lo + hi + 1) / 2
					if stack[mid].lb <= j {
						lo = mid
					} else {
						hi = mid - 1
					}
				}
				stack[lo].dup++
			}
			last[pg] = i
		}
	}
	if len(out) > 0 {
		fn(out)
	}
	if totals != nil {
		totals.Count += leaves
		totals.Depth += sumD
		totals.Parent += sumP
	}
}
