package rtdm

// BodyRegion widens the body passage to the run of sibling subtrees around it that other
// passages also reach into (not in the paper). A news body is often cut into several passages
// by fixed text inside it (a stock ticker link, an "Advertisement" label, a template phrase)
// that the pattern keeps; the paper's body is then only the longest piece. Let P be the page
// parent of the body's roots: every passage but the title whose roots lie under P marks the
// children of P it reaches; the region is the body's roots extended left and right over
// marked children, crossing at most gap unmarked children at a time (which are taken too).
// Passages of fewer than minWords words mark nothing (bylines, tags, single headlines).
// It returns the region's roots in document order (the body's own roots when there is
// nothing to add).
func BodyRegion(t *Tree, ps []Passage, body, title, gap, minWords int) []int32 {
	roots := ps[body].Roots
	if len(roots) == 0 {
		return roots
	}
	P := t.Nodes[roots[0]].Parent
	if P < 0 {
		return roots
	}
	kids := t.Kids(int(P), nil)
	index := make(map[int32]int, len(kids))
	for k, c := range kids {
		index[c] = k
	}
	marked := make([]bool, len(kids))
	// childOf returns the index of the child of P that holds node r, or -1.
	childOf := func(r int32) int {
		for x := r; x >= 0; x = t.Nodes[x].Parent {
			if t.Nodes[x].Parent == P {
				return index[x]
			}
			if x <= P {
				return -1
			}
		}
		return -1
	}
	for q := range ps {
		if (q == title && q != body) || (q != body && ps[q].Words < minWords) {
			continue
		}
		for _, r := range ps[q].Roots {
			if k := childOf(r); k >= 0 {
				marked[k] = true
			}
		}
	}
	lo, hi := index[roots[0]], index[roots[len(roots)-1]]
	for {
		grown := false
		for k := lo - 1; k >= 0 && lo-k-1 <= gap; k-- {
			if marked[k] {
				lo, grown = k, true
				break
			}
		}
		for k := hi + 1; k < len(kids) && k-hi-1 <= gap; k++ {
			if marked[k] {
				hi, grown = k, true
				break
			}
		}
		if !grown {
			break
		}
	}
	if lo == index[roots[0]] && hi == index[roots[len(roots)-1]] {
		return roots
	}
	return append([]int32(nil), kids[lo:hi+1]...)
}
