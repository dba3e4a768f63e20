package gbdt

// flat is a model's trees laid out for prediction, built by Decode: every tree made complete
// to the model's depth (a leaf above the last level is repeated below itself, so that both
// ways lead to its value) and stored as an implicit binary tree, the children of node i at
// 2i+1 and 2i+2. A row then takes exactly depth steps down each tree, each step a compare
// and an add with no branch to mispredict, and Margin walks four trees at a time, their
// steps independent of each other, so that the processor overlaps them. The leaf values
// are summed in tree order, one float32 addition per tree as the walk of Trees does, so every
// prediction is bit for bit what the Trees give.
type flat struct {
	depth  int
	inner  []flatNode // per tree, 2^depth - 1 inner nodes
	leaves []float32  // per tree, 2^depth leaf values
	// trees and first are the Trees the form was built from (their number, and the first
	// node of the first tree): Margin uses the flat form only while they are unchanged.
	trees int
	first *Node
}

// flatNode is an inner node: a row whose value of feature feat is at most val goes left,
// any other row (greater, or NaN) right.
type flatNode struct {
	val  float32
	feat int32
}

// maxFlatDepth bounds the depth of a flat model (2^depth leaves per tree).
const maxFlatDepth = 10

// flatten builds the flat form of m's trees, or returns nil when they are too deep or
// malformed for it (Margin then walks them).
func flatten(m *Model) *flat {
	if len(m.Trees) == 0 || m.NumFeatures < 1 {
		return nil
	}
	depth := 0
	for _, t := range m.Trees {
		d, ok := treeDepth(t, 0, 0)
		if !ok {
			return nil
		}
		depth = max(depth, d)
	}
	if depth > maxFlatDepth {
		return nil
	}
	ni, nl := 1<<depth-1, 1<<depth
	f := &flat{depth: depth, inner: make([]flatNode, len(m.Trees)*ni), leaves: make([]float32, len(m.Trees)*nl),
		trees: len(m.Trees), first: &m.Trees[0][0]}
	for k, t := range m.Trees {
		f.fill(t, 0, 0, f.inner[k*ni:(k+1)*ni], f.leaves[k*nl:(k+1)*nl])
	}
	return f
}

// treeDepth returns the depth of the subtree at i (0 for a leaf), and false for a tree that
// is not one (an index out of range, or deeper than maxFlatDepth: a cycle, or no use).
func treeDepth(t Tree, i int32, d int) (int, bool) {
	if i < 0 || int(i) >= len(t) || d > maxFlatDepth {
		return 0, false
	}
	n := t[i]
	if n.Feature < 0 {
		return 0, true
	}
	l, ok := treeDepth(t, n.Left, d+1)
	if !ok {
		return 0, false
	}
	r, ok := treeDepth(t, n.Right, d+1)
	if !ok {
		return 0, false
	}
	return 1 + max(l, r), true
}

// fill lays out the subtree at src of t at position pos of the implicit tree.
func (f *flat) fill(t Tree, src int32, pos int, inner []flatNode, leaves []float32) {
	n := t[src]
	if pos >= len(inner) { // the last level: a leaf
		leaves[pos-len(inner)] = n.Value
		return
	}
	if n.Feature < 0 { // a leaf above the last level: both ways lead to it
		inner[pos] = flatNode{}
		f.fill(t, src, 2*pos+1, inner, leaves)
		f.fill(t, src, 2*pos+2, inner, leaves)
		return
	}
	inner[pos] = flatNode{val: n.Threshold, feat: int32(n.Feature)}
	f.fill(t, n.Left, 2*pos+1, inner, leaves)
	f.fill(t, n.Right, 2*pos+2, inner, leaves)
}

// valid reports whether f was built from m's trees as they are now.
func (f *flat) valid(m *Model) bool {
	return f != nil && f.trees == len(m.Trees) && &m.Trees[0][0] == f.first
}

// right is 1 when a row goes right at n: its value is not at most the threshold (greater, or
// NaN), 0 when it goes left.
func right(n flatNode, x []float32) int {
	if x[n.feat] <= n.val {
		return 0
	}
	return 1
}

// margin is Margin on the flat form.
func (f *flat) margin(base float32, x []float32) float32 {
	s := base
	ni, nl := 1<<f.depth-1, 1<<f.depth
	trees := f.trees
	k := 0
	for ; k+4 <= trees; k += 4 {
		in0 := f.inner[k*ni : (k+1)*ni]
		in1 := f.inner[(k+1)*ni : (k+2)*ni]
		in2 := f.inner[(k+2)*ni : (k+3)*ni]
		in3 := f.inner[(k+3)*ni : (k+4)*ni]
		i0, i1, i2, i3 := 0, 0, 0, 0
		for d := 0; d < f.depth; d++ {
			i0 = 2*i0 + 1 + right(in0[i0], x)
			i1 = 2*i1 + 1 + right(in1[i1], x)
			i2 = 2*i2 + 1 + right(in2[i2], x)
			i3 = 2*i3 + 1 + right(in3[i3], x)
		}
		lv := f.leaves[k*nl : (k+4)*nl]
		s += lv[i0-ni]
		s += lv[nl+i1-ni]
		s += lv[2*nl+i2-ni]
		s += lv[3*nl+i3-ni]
	}
	for ; k < trees; k++ {
		in := f.inner[k*ni : (k+1)*ni]
		i := 0
		for d := 0; d < f.depth; d++ {
			i = 2*i + 1 + right(in[i], x)
		}
		s += f.leaves[k*nl+i-ni]
	}
	return s
}

// rowBlock is how many rows margins takes through the trees together: 32 rows of a hundred
// features and four trees of depth 6 fit in the first-level cache together.
const rowBlock = 32

// margins is margin for each row of x (nf values a row) into out. It walks the rows in
// blocks of rowBlock, each block through every group of four trees in turn, so that a
// tree's nodes are read from cache once a block rather than once a row (a model of 100
// trees does not fit the first-level cache; a block of rows does). Each row's leaf values
// are still added in tree order, one float32 addition per tree: the same sums, bit for bit.
func (f *flat) margins(base float32, x []float32, nf int, out []float32) {
	ni, nl := 1<<f.depth-1, 1<<f.depth
	trees := f.trees
	for r0 := 0; r0 < len(out); r0 += rowBlock {
		rows := out[r0:min(r0+rowBlock, len(out))]
		for r := range rows {
			rows[r] = base
		}
		k := 0
		for ; k+4 <= trees; k += 4 {
			in0 := f.inner[k*ni : (k+1)*ni]
			in1 := f.inner[(k+1)*ni : (k+2)*ni]
			in2 := f.inner[(k+2)*ni : (k+3)*ni]
			in3 := f.inner[(k+3)*ni : (k+4)*ni]
			lv := f.leaves[k*nl : (k+4)*nl]
			r := 0
			for ; r+2 <= len(rows); r += 2 {
				xa := x[(r0+r)*nf : (r0+r+1)*nf]
				xb := x[(r0+r+1)*nf : (r0+r+2)*nf]
				a0, a1, a2, a3 := 0, 0, 0, 0
				b0, b1, b2, b3 := 0, 0, 0, 0
				for d := 0; d < f.depth; d++ {
					a0 = 2*a0 + 1 + right(in0[a0], xa)
					b0 = 2*b0 + 1 + right(in0[b0], xb)
					a1 = 2*a1 + 1 + right(in1[a1], xa)
					b1 = 2*b1 + 1 + right(in1[b1], xb)
					a2 = 2*a2 + 1 + right(in2[a2], xa)
					b2 = 2*b2 + 1 + right(in2[b2], xb)
					a3 = 2*a3 + 1 + right(in3[a3], xa)
					b3 = 2*b3 + 1 + right(in3[b3], xb)
				}
				s := rows[r]
				s += lv[a0-ni]
				s += lv[nl+a1-ni]
				s += lv[2*nl+a2-ni]
				s += lv[3*nl+a3-ni]
				rows[r] = s
				s = rows[r+1]
				s += lv[b0-ni]
				s += lv[nl+b1-ni]
				s += lv[2*nl+b2-ni]
				s += lv[3*nl+b3-ni]
				rows[r+1] = s
			}
			for ; r < len(rows); r++ {
				xr := x[(r0+r)*nf : (r0+r+1)*nf]
				i0, i1, i2, i3 := 0, 0, 0, 0
				for d := 0; d < f.depth; d++ {
					i0 = 2*i0 + 1 + right(in0[i0], xr)
					i1 = 2*i1 + 1 + right(in1[i1], xr)
					i2 = 2*i2 + 1 + right(in2[i2], xr)
					i3 = 2*i3 + 1 + right(in3[i3], xr)
				}
				s := rows[r]
				s += lv[i0-ni]
				s += lv[nl+i1-ni]
				s += lv[2*nl+i2-ni]
				s += lv[3*nl+i3-ni]
				rows[r] = s
			}
		}
		for ; k < trees; k++ {
			in := f.inner[k*ni : (k+1)*ni]
			for r := range rows {
				xr := x[(r0+r)*nf : (r0+r+1)*nf]
				i := 0
				for d := 0; d < f.depth; d++ {
					i = 2*i + 1 + right(in[i], xr)
				}
				rows[r] += f.leaves[k*nl+i-ni]
			}
		}
	}
}
