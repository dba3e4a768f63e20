package rtdm

import "math"

// unitSolver is the solver of [Distance] under [Unit] costs, without a mapping: the same
// recursion as solver.pair and solver.children (Fig. 5), with Unit's costs written in, so
// that the clustering's pairwise distances (most of learning) call no method through the
// Costs interface per cell. It adds the same float64 costs in the same order, so its
// distances are exactly the general solver's (TestUnitSolverSame).
type unitSolver struct {
	a, b  []unitNode
	eps   float64
	kids  []int32
	cells []float64
	ins   []float64 // arena of the insertion costs of b's children along the recursion path
}

// unitNode is what the Unit costs read of a node: a third of a Node, so that more of both
// trees stays in cache.
type unitNode struct {
	shape, label uint64
	Size         int32
}

// unitNodes returns the unit nodes of t.
func unitNodes(t *Tree) []unitNode {
	out := make([]unitNode, len(t.Nodes))
	for i := range t.Nodes {
		n := &t.Nodes[i]
		out[i] = unitNode{shape: n.shape, label: n.label, Size: n.Size}
	}
	return out
}

func unitDistance(a, b []unitNode, eps float64) float64 {
	s := &unitSolver{a: a, b: b, eps: eps}
	s.kids = make([]int32, 0, len(a)+len(b)+2)
	return s.pair(0, 0)
}

func (s *unitSolver) pair(i, j int) float64 {
	na, nb := &s.a[i], &s.b[j]
	if na.shape == nb.shape && na.Size == nb.Size {
		return 0
	}
	eq := na.label == nb.label
	r := 0.0
	if !eq {
		r = 1
	}
	if na.Size == 1 {
		return r + float64(nb.Size-1)
	}
	if nb.Size == 1 {
		return r + float64(na.Size-1)
	}
	if !eq {
		return r + float64(na.Size-1) + float64(nb.Size-1)
	}
	return s.children(i, j)
}

func (s *unitSolver) children(i, j int) float64 {
	a, b := s.a, s.b
	mark := len(s.kids)
	end := i + int(a[i].Size)
	for c := i + 1; c < end; c += int(a[c].Size) {
		s.kids = append(s.kids, int32(c))
	}
	m := len(s.kids) - mark
	end = j + int(b[j].Size)
	for c := j + 1; c < end; c += int(b[c].Size) {
		s.kids = append(s.kids, int32(c))
	}
	n := len(s.kids) - mark - m
	ka := s.kids[mark : mark+m]
	kb := s.kids[mark+m : mark+m+n]

	w := n + 1
	need := (m + 1) * w
	if need > MaxCells {
		s.kids = s.kids[:mark]
		return float64(a[i].Size-1) + float64(b[j].Size-1)
	}
	M, cmark := table(&s.cells, need)
	// The insertion cost of each of b's children, read once instead of once per row.
	insB, imark := table(&s.ins, n)
	for l, c := range kb {
		insB[l] = float64(b[c].Size)
	}
	M[0] = 0
	for l := 1; l <= n; l++ {
		M[l] = M[l-1] + insB[l-1]
	}
	for k := 1; k <= m; k++ {
		ak := int(ka[k-1])
		del := float64(a[ak].Size)
		row := M[k*w : k*w+w]
		prev := M[(k-1)*w : k*w]
		row[0] = prev[0] + del
		for l := 1; l <= n; l++ {
			bl := int(kb[l-1])
			best := prev[l] + del
			if ins := row[l-1] + insB[l-1]; ins < best {
				best = ins
			}
			// Unit costs are sizeBounded (see solver.lower).
			diag := prev[l-1]
			if diag <= s.eps && diag+math.Abs(del-insB[l-1]) < best {
				if p := s.pair(ak, bl); diag+p < best {
					best = diag + p
				}
			}
			row[l] = best
		}
	}
	d := M[m*w+n]
	s.kids = s.kids[:mark]
	s.cells = s.cells[:cmark] // as the general solver's deferred resets
	s.ins = s.ins[:imark]
	return d
}
