package rtdm

// linkWords counts, for every node of t, the words of its subtree and the words of those
// that lie inside an <a> element (the subtree's link words).
func linkWords(t *Tree) (words, linked []int32) {
	n := t.Len()
	words, linked = make([]int32, n), make([]int32, n)
	inLink := make([]bool, n)
	for i := range n { // pre-order: a parent comes before its children
		if p := t.Nodes[i].Parent; p >= 0 {
			inLink[i] = inLink[p] || t.Nodes[p].Tag == "a"
		}
	}
	for i := n - 1; i >= 0; i-- { // reverse pre-order: children before their parent
		nd := &t.Nodes[i]
		if nd.Kind == Plain && nd.Tag == TextTag {
			words[i] = int32(countWords(nd.Text))
			if inLink[i] {
				linked[i] = words[i]
			}
		}
		if p := nd.Parent; p >= 0 {
			words[p] += words[i]
			linked[p] += linked[i]
		}
	}
	return words, linked
}

// pruneLinks leaves out of the body the link lists a variable-size wildcard consumed along
// with the article (related stories, photo galleries, the footer's links): a body root, or
// a block element inside one, of at least minWords words of which at least the share density
// are link words. A root that holds such a block deeper is replaced by its children (inline
// elements are never split: a paragraph's links stay). Nothing is pruned when everything
// would be. Not in the paper.
func pruneLinks(t *Tree, roots []int32, density float64, minWords int) []int32 {
	words, linked := linkWords(t)
	dense := func(i int32) bool {
		return words[i] >= int32(minWords) && float64(linked[i]) >= density*float64(words[i])
	}
	// holds reports a dense block element strictly below i (memoised: 1 no, 2 yes).
	memo := make([]uint8, t.Len())
	var holds func(i int32) bool
	holds = func(i int32) bool {
		if memo[i] == 0 {
			memo[i] = 1
			if linked[i] >= int32(minWords) && !inline[t.Nodes[i].Tag] {
				for _, k := range t.Kids(int(i), nil) {
					if t.Nodes[k].Tag != TextTag && !inline[t.Nodes[k].Tag] && (dense(k) || holds(k)) {
						memo[i] = 2
						break
					}
				}
			}
		}
		return memo[i] == 2
	}
	var out []int32
	var keep func(rs []int32)
	keep = func(rs []int32) {
		for _, r := range rs {
			switch {
			case t.Nodes[r].Tag != TextTag && !inline[t.Nodes[r].Tag] && dense(r):
				// a link list: left out
			case holds(r):
				keep(t.Kids(int(r), nil))
			default:
				out = append(out, r)
			}
		}
	}
	keep(roots)
	kept := int32(0)
	for _, r := range out {
		kept += words[r]
	}
	if kept == 0 {
		return roots
	}
	return out
}
