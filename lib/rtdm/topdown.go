package rtdm

// TopDown returns the unrestricted top-down edit distance between a and b under c (Selkow's
// distance, computed by Yang's recursion in O(|a|·|b|) like Chawathe's algorithm): the paper's
// baseline. A mapped pair costs Replace when the labels differ and its children are aligned
// recursively in every case; there is no shortcut and no cut-off, so every pair of nodes at
// the same depth under mapped parents is compared.
func TopDown(a, b *Tree, c Costs) float64 {
	t := &topDown{a: a, b: b, c: c}
	return t.pair(0, 0)
}

type topDown struct {
	a, b  *Tree
	c     Costs
	kids  []int32   // child lists along the recursion path
	cells []float64 // DP rows along the recursion path
}

func (t *topDown) pair(i, j int) float64 {
	a, b, c := t.a, t.b, t.c
	r := 0.0
	if !c.Equal(a, i, b, j) {
		r = c.Replace(a, i, b, j)
	}
	mark := len(t.kids)
	t.kids = a.Kids(i, t.kids)
	m := len(t.kids) - mark
	t.kids = b.Kids(j, t.kids)
	n := len(t.kids) - mark - m
	cmark := len(t.cells)
	for k := 0; k < 2*(n+1); k++ {
		t.cells = append(t.cells, 0)
	}
	for l := 1; l <= n; l++ {
		t.cells[cmark+l] = t.cells[cmark+l-1] + c.Insert(a, -1, b, int(t.kids[mark+m+l-1]))
	}
	// The two rows are re-sliced after each recursion: it may grow (move) the arenas.
	prevOff, rowOff := cmark, cmark+n+1
	for k := 1; k <= m; k++ {
		ak := int(t.kids[mark+k-1])
		del := c.Delete(a, ak)
		t.cells[rowOff] = t.cells[prevOff] + del
		for l := 1; l <= n; l++ {
			bl := int(t.kids[mark+m+l-1])
			best := t.cells[prevOff+l] + del
			if ins := t.cells[rowOff+l-1] + c.Insert(a, ak, b, bl); ins < best {
				best = ins
			}
			diag := t.cells[prevOff+l-1]
			if s := diag + t.pair(ak, bl); s < best {
				best = s
			}
			t.cells[rowOff+l] = best
		}
		prevOff, rowOff = rowOff, prevOff
	}
	d := r + t.cells[prevOff+n]
	t.kids = t.kids[:mark]
	t.cells = t.cells[:cmark]
	return d
}
