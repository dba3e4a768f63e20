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
	a, b *Tree
	c    Costs
	kids []int32
	rows []float64
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
	// Copies: the recursion below appends to t.kids and may move it.
	ka := append([]int32(nil), t.kids[mark:mark+m]...)
	kb := append([]int32(nil), t.kids[mark+m:mark+m+n]...)
	t.kids = t.kids[:mark]
	prev := make([]float64, n+1)
	row := make([]float64, n+1)
	for l := 1; l <= n; l++ {
		prev[l] = prev[l-1] + c.Insert(a, -1, b, int(kb[l-1]))
	}
	for k := 1; k <= m; k++ {
		ak := int(ka[k-1])
		del := c.Delete(a, ak)
		row[0] = prev[0] + del
		for l := 1; l <= n; l++ {
			bl := int(kb[l-1])
			best := prev[l] + del
			if ins := row[l-1] + c.Insert(a, ak, b, bl); ins < best {
				best = ins
			}
			if s := prev[l-1] + t.pair(ak, bl); s < best {
				best = s
			}
			row[l] = best
		}
		prev, row = row, prev
	}
	return r + prev[n]
}
