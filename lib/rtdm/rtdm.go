package rtdm

import "sort"

// Pair is one pair of a mapping: node A of the left tree maps to node B of the right tree.
type Pair struct{ A, B int32 }

// Mapping is a set of pairs sorted by A (pre-order of the left tree).
type Mapping []Pair

// Distance returns the restricted top-down edit distance between a and b under the cost
// model c (Fig. 5 of the paper). eps is the cut-off: once the cost of a prefix of two child
// sequences exceeds eps, the pair that would extend it is not compared (line 15). The result is
// exact when it is <= eps and some value > eps otherwise; pass [Inf] for no cut-off.
//
// Readings of Fig. 5 (documented deviations from its letter):
//   - M[i,0] and M[0,j] start at the cumulative cost of deleting / inserting the first i / j
//     subtrees (the figure's 0 would make deletions at the ends free);
//   - deleting or inserting a child costs its whole subtree, the child included;
//   - two non-leaf nodes with different labels map only as a replacement of the node with all
//     its descendants deleted and inserted (Definition 3); equal labels recurse (line 27).
//   - a pair is not recursed into when the cost before it alone is already no better than
//     deleting or inserting (costs are >= 0, so it cannot win: a bound that never changes the
//     result, and under infinite costs it spares every pair behind an infinite prefix); under
//     Unit and Compose the pair's own cost counts in the bound as at least the difference of
//     the two subtrees' sizes.
//
// The roots are mapped to each other.
func Distance(a, b *Tree, c Costs, eps float64) float64 {
	if _, ok := c.(Unit); ok {
		return unitDistance(unitNodes(a), unitNodes(b), eps)
	}
	s := newSolver(a, b, c, eps, false)
	d, _ := s.pair(0, 0)
	return d
}

// Map is [Distance] that also returns a minimum-cost restricted top-down mapping. With eps
// finite, the mapping is meaningful only when the distance is <= eps.
func Map(a, b *Tree, c Costs, eps float64) (float64, Mapping) {
	s := newSolver(a, b, c, eps, true)
	d, how := s.pair(0, 0)
	s.take(0, 0, how)
	sort.Slice(s.out, func(x, y int) bool { return s.out[x].A < s.out[y].A })
	return d, s.out
}

// MaxCells bounds the table of one child alignment ((m+1)·(n+1) cells of 8 bytes): two nodes
// with more children than that are mapped without mapping any child (a bounded, documented
// overestimate for pathological pages; 1<<22 cells is 2048 children against 2048).
var MaxCells = 1 << 22

type op uint8

const (
	opIdentical op = iota // the bottom-up shortcut
	opShallow             // mapped without mapping any descendant (a leaf, or a replacement)
	opRecurse             // equal labels: children aligned recursively
)

type solver struct {
	a, b    *Tree
	c       Costs
	eps     float64
	noPrune bool
	bySize  bool      // c is a sizeBounded model: a pair costs at least its size difference
	kids    []int32   // arena of child lists along the recursion path
	cells   []float64 // arena of DP tables along the recursion path
	memo    *pairMemo
	out     Mapping
}

func newSolver(a, b *Tree, c Costs, eps float64, mapping bool) *solver {
	s := &solver{a: a, b: b, c: c, eps: eps}
	_, s.bySize = c.(sizeBounded)
	// Child lists along one recursion path never hold more than every node once.
	s.kids = make([]int32, 0, a.Len()+b.Len()+2)
	if mapping {
		s.memo = newPairMemo(a.Len() + b.Len())
	}
	return s
}

// pair returns the cost of mapping a[i] to b[j] with their subtrees.
func (s *solver) pair(i, j int) (float64, op) {
	a, b, c := s.a, s.b, s.c
	if c.Identical(a, i, b, j) {
		return 0, opIdentical
	}
	eq := c.Equal(a, i, b, j)
	r := 0.0
	if !eq {
		r = c.Replace(a, i, b, j)
	}
	// The top-down short-cut (lines 20-25).
	if a.Leaf(i) {
		return r + c.InsertBelow(a, i, b, j), opShallow
	}
	if b.Leaf(j) {
		return r + c.DeleteBelow(a, i, b, j), opShallow
	}
	if !eq {
		return r + c.DeleteBelow(a, i, b, j) + c.InsertBelow(a, i, b, j), opShallow
	}
	if s.memo != nil {
		if d, ok := s.memo.get(i, j); ok {
			return d, opRecurse
		}
		d := s.children(i, j, false)
		s.memo.put(i, j, d)
		return d, opRecurse
	}
	return s.children(i, j, false), opRecurse
}

// lower is a lower bound of the cost of mapping a[i] to b[j]: the difference of their
// subtree sizes under a sizeBounded model, else 0.
func (s *solver) lower(i, j int) float64 {
	if !s.bySize {
		return 0
	}
	d := s.a.Nodes[i].Size - s.b.Nodes[j].Size
	return float64(max(d, -d))
}

// sizeBounded is implemented by the cost models under which mapping two subtrees costs at
// least the difference of their sizes (every node left unmapped costs 1: Unit, and Compose,
// which embeds it), so that a pair whose prefix plus that difference cannot beat a cell's
// best is not aligned (the result is the same, with fewer pairs aligned).
type sizeBounded interface{ sizeBounded() }

// children aligns the children of a[i] and b[j] (lines 3-33). With trace it also appends the
// mapping of the best alignment to s.out.
func (s *solver) children(i, j int, trace bool) float64 {
	a, b, c := s.a, s.b, s.c
	mark := len(s.kids)
	s.kids = a.Kids(i, s.kids)
	m := len(s.kids) - mark
	s.kids = b.Kids(j, s.kids)
	n := len(s.kids) - mark - m
	ka := s.kids[mark : mark+m]
	kb := s.kids[mark+m : mark+m+n]
	defer func() { s.kids = s.kids[:mark] }()

	w := n + 1
	need := (m + 1) * w
	if need > MaxCells {
		// Too many pairs to align (a flat list of thousands of siblings on both sides): no
		// child is mapped, the children are deleted and inserted.
		return c.DeleteBelow(a, i, b, j) + c.InsertBelow(a, i, b, j)
	}
	M, cmark := table(&s.cells, need)
	defer func() { s.cells = s.cells[:cmark] }()

	M[0] = 0
	for l := 1; l <= n; l++ {
		M[l] = M[l-1] + c.Insert(a, -1, b, int(kb[l-1]))
	}
	for k := 1; k <= m; k++ {
		ak := int(ka[k-1])
		del := c.Delete(a, ak)
		row := M[k*w : k*w+w]
		prev := M[(k-1)*w : k*w]
		row[0] = prev[0] + del
		for l := 1; l <= n; l++ {
			bl := int(kb[l-1])
			best := prev[l] + del
			if ins := row[l-1] + c.Insert(a, ak, b, bl); ins < best {
				best = ins
			}
			diag := prev[l-1]
			if diag <= s.eps && (s.noPrune || diag+s.lower(ak, bl) < best) {
				if p, _ := s.pair(ak, bl); diag+p < best {
					best = diag + p
				}
			}
			row[l] = best
		}
	}
	d := M[m*w+n]
	if !trace {
		return d
	}
	// Trace back, preferring the diagonal, then deletion, then insertion.
	k, l := m, n
	type step struct {
		k, l int
		how  op
	}
	var steps []step
	for k > 0 && l > 0 {
		cell := M[k*w+l]
		ak, bl := int(ka[k-1]), int(kb[l-1])
		// On ties a free pair is taken first, then a deletion or an insertion, so that
		// the alignment maps the leftmost children (extra ones show at the end).
		diag := M[(k-1)*w+l-1]
		diagOK, p, how := false, 0.0, opShallow
		if diag <= s.eps && diag <= cell {
			p, how = s.pair(ak, bl)
			diagOK = diag+p == cell
		}
		switch {
		case diagOK && p == 0:
		case M[(k-1)*w+l]+c.Delete(a, ak) == cell:
			k--
			continue
		case M[k*w+l-1]+c.Insert(a, ak, b, bl) == cell:
			l--
			continue
		case !diagOK:
			panic("rtdm: trace back found no way into a cell")
		}
		steps = append(steps, step{k - 1, l - 1, how})
		k, l = k-1, l-1
	}
	// take may recurse into children(..., true), which reuses the arenas above this call's
	// marks: copy what is needed first.
	kaCopy := append([]int32(nil), ka...)
	kbCopy := append([]int32(nil), kb...)
	for x := len(steps) - 1; x >= 0; x-- {
		st := steps[x]
		s.take(int(kaCopy[st.k]), int(kbCopy[st.l]), st.how)
	}
	return d
}

// table takes need cells from arena, a bump allocator of the DP tables along the recursion
// path, and returns them with the mark to reset the arena to when they are done with. A full
// arena is replaced by one twice as large (the tables of the calls above stay where they are).
func table(arena *[]float64, need int) (M []float64, mark int) {
	mark = len(*arena)
	if cap(*arena)-mark < need {
		*arena = make([]float64, mark, 2*(mark+need)+64)
	}
	*arena = (*arena)[:mark+need]
	return (*arena)[mark:], mark
}

// take appends the pair (i, j) and, as the way it was mapped requires, its descendants' pairs.
func (s *solver) take(i, j int, how op) {
	switch how {
	case opIdentical:
		n := int(s.a.Nodes[i].Size)
		for x := 0; x < n; x++ {
			s.out = append(s.out, Pair{int32(i + x), int32(j + x)})
		}
	case opShallow:
		s.out = append(s.out, Pair{int32(i), int32(j)})
	case opRecurse:
		s.out = append(s.out, Pair{int32(i), int32(j)})
		s.children(i, j, true)
	}
}
