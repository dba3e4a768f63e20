package suffix

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// walkRef is Walk as it was before it read the suffixes ahead in chunks, the bytes before
// them from the BWT and the rounded LCP values from charPLCP: the reference
// TestWalkSameAsRef compares Walk with. It rounds the plain LCP array itself.
func (x *Index) walkRef(opt WalkOptions, fn func(Node)) {
	n := int32(len(x.sa))
	if n == 0 {
		return
	}
	sa, text := x.sa, x.text
	plcp := PLCPArray(text, sa, int(x.sep))
	stack := make([]frame, 1, 64)
	// Left-diversity bookkeeping: lastDiff = last k with left(k) != left(k-1);
	// lastStart = last k whose suffix starts a page.
	left := func(k int32) int {
		p := sa[k]
		if p == 0 || text[p-1] == x.sep {
			return -1
		}
		return int(text[p-1])
	}
	lastDiff, lastStart := int32(-1), int32(-1)
	prevLeft := left(0)
	if prevLeft < 0 {
		lastStart = 0
	}
	var last []int32 // last[page] = last SA index seen of that page
	page := x.PageOf
	if opt.Docs {
		last = make([]int32, x.Pages())
		for i := range last {
			last[i] = -1
		}
		if text[sa[0]] != x.sep {
			last[page(sa[0])] = 0
		}
	}
	var prevL int32 // LCP of leaf i-1 with the leaf before it
	prevPage := -1  // page of leaf i-1 when the docs bookkeeping found it, else -1
	for i := int32(1); i <= n; i++ {
		var l int32
		if i < n {
			l = plcp[sa[i]]
		}
		if opt.Leaves {
			if pos := sa[i-1]; text[pos] != x.sep {
				pg := prevPage
				if pg < 0 {
					pg = x.PageOf(pos)
				}
				end := x.starts[pg+1] - 1 // the separator after the page
				w := text[pos:end]
				parent := max(prevL, l)
				// A page end is taken as a character boundary (true for valid UTF-8).
				d, pd := int32(len(w)), int32(charFloor(w[:parent]))
				if d > pd {
					fn(Node{Depth: d, Parent: pd, Lo: i - 1, Hi: i, Docs: 1, LeftDiverse: true})
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
			parent := top.lcp
			if l > parent {
				parent = l
			}
			pos := sa[f.lb]
			w := text[pos : pos+f.lcp]
			d := int32(charFloor(w))
			pd := int32(charFloor(w[:parent]))
			if d > pd {
				nd := Node{Depth: d, Parent: pd, Lo: f.lb, Hi: i,
					LeftDiverse: lastDiff > f.lb || lastStart >= f.lb}
				if opt.Docs {
					nd.Docs = (i - f.lb) - f.dup
				}
				fn(nd)
			}
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
		lf := left(i)
		if lf < 0 {
			lastStart = i
		}
		if lf != prevLeft || lf < 0 {
			lastDiff = i
		}
		prevLeft = lf
		prevPage = -1
		if opt.Docs && text[sa[i]] != x.sep {
			pg := page(sa[i])
			prevPage = pg
			if j := last[pg]; j >= 0 {
				// The lowest common ancestor of leaves j and i is the deepest open frame
				// with lb <= j.
				lo, hi := 0, len(stack)-1
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
}

// Walk reports the same nodes in the same order as walkRef, with every option, on texts
// of many chunks, multi-byte characters, repeats across pages and pages of one byte.
func TestWalkSameAsRef(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	// Invalid UTF-8 too: cut sequences, stray continuation bytes, overlong runs of them.
	alpha := []string{"a", "b", "<p>", "</div>", "é", "日本", "x", "\n", "ab", "\xc3", "\xe6\x97", "\x80", "\x80\x80\x80\x80", "\xf0\x9f", "\xff"}
	for trial := 0; trial < 30; trial++ {
		var pages []string
		for p := 1 + r.Intn(12); p > 0; p-- {
			var sb strings.Builder
			for k := r.Intn(2000); k >= 0; k-- {
				sb.WriteString(alpha[r.Intn(len(alpha))])
			}
			pages = append(pages, sb.String())
		}
		if trial%5 == 0 {
			pages = append(pages, "q")
		}
		if trial%3 == 0 { // every byte value: 0xFF is rewritten and becomes the separator
			var all []byte
			for c := 0; c < 256; c++ {
				all = append(all, byte(c))
			}
			pages = append(pages, string(all)+"<p>ab")
		}
		x, err := New(pages)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []WalkOptions{{}, {Docs: true}, {Leaves: true}, {Docs: true, Leaves: true}} {
			var got, want []Node
			x.Walk(opt, func(n Node) { got = append(got, n) })
			x.walkRef(opt, func(n Node) { want = append(want, n) })
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d %+v: %d nodes, the reference %d", trial, opt, len(got), len(want))
			}
			if !opt.Leaves {
				continue
			}
			// LeafTotals: the same nodes without the leaves, and the leaves' sums.
			var sums, wantSums LeafTotals
			var rest, wantRest []Node
			opt.LeafTotals = &sums
			x.Walk(opt, func(n Node) { rest = append(rest, n) })
			for _, n := range want {
				if n.Freq() == 1 {
					wantSums.Count++
					wantSums.Depth += int64(n.Depth)
					wantSums.Parent += int64(n.Parent)
				} else {
					wantRest = append(wantRest, n)
				}
			}
			if sums != wantSums || !slices.Equal(rest, wantRest) {
				t.Fatalf("trial %d %+v: leaf totals %+v, want %+v (%d other nodes, want %d)", trial, opt, sums, wantSums, len(rest), len(wantRest))
			}
		}
	}
}
