package rtdm

import "github.com/chaffkit/chaff/lib/words"

// Body pruning (not in the paper): a variable-size wildcard that consumes the article often
// consumes what the template puts after it too — reader comments, related-story lists, the
// footer's links. These functions cut them from the body roots, replacing a root by its
// children where the unwanted part lies deeper.

// nodeStats are per-node counts over the subtree of every node of a page tree.
type nodeStats struct {
	t      *Tree
	words  []int32 // words of the subtree's text
	linked []int32 // of those, the words inside an <a> element
	times  []int32 // times of day stamped on posts (see stampTimes) in the subtree
	stamps []int32 // clock times and dates (see timestamps)
	// unspaced are the characters of unspaced scripts of each text node (words.Stats), from
	// which fillText adds up a passage's words without counting its text again.
	unspaced []int32
}

// statsOf counts words, link words and clock times below every node of t.
func statsOf(t *Tree) *nodeStats {
	n := t.Len()
	st := &nodeStats{t: t, words: make([]int32, n), linked: make([]int32, n), times: make([]int32, n), stamps: make([]int32, n), unspaced: make([]int32, n)}
	inLink := make([]bool, n)
	for i := range n { // pre-order: a parent comes before its children
		if p := t.Nodes[i].Parent; p >= 0 {
			inLink[i] = inLink[p] || t.Nodes[p].Tag == "a"
		}
	}
	for i := n - 1; i >= 0; i-- { // reverse pre-order: children before their parent
		nd := &t.Nodes[i]
		if nd.Kind == Plain && nd.Tag == TextTag {
			m := words.Measure(nd.Text) // Words is countWords
			st.words[i], st.unspaced[i] = int32(m.Words), int32(m.Unspaced)
			st.times[i] = int32(stampTimes(nd.Text))
			st.stamps[i] = int32(timestamps(nd.Text))
			if inLink[i] {
				st.linked[i] = st.words[i]
			}
		}
		if p := nd.Parent; p >= 0 {
			st.words[p] += st.words[i]
			st.linked[p] += st.linked[i]
			st.times[p] += st.times[i]
			st.stamps[p] += st.stamps[i]
		}
	}
	return st
}

// block reports an element lib/htmltext renders as a line break (blockTag): splitting it
// never splits a line of text.
func (st *nodeStats) block(i int32) bool {
	tag := st.t.Nodes[i].Tag
	return tag != TextTag && st.t.Nodes[i].Kind == Plain && blockTag(tag)
}

// split replaces the roots by their children, recursively, where below reports that an
// unwanted block lies deeper, and leaves out the roots drop reports.
func (st *nodeStats) split(roots []int32, drop, below func(int32) bool) []int32 {
	var out []int32
	var walk func(rs []int32)
	walk = func(rs []int32) {
		for _, r := range rs {
			switch {
			case drop(r):
			case below(r):
				walk(st.t.Kids(int(r), nil))
			default:
				out = append(out, r)
			}
		}
	}
	walk(roots)
	return out
}

// memoBelow returns a memoised test of "some block strictly below i satisfies is".
func (st *nodeStats) memoBelow(is func(int32) bool, worth func(int32) bool) func(int32) bool {
	memo := make([]uint8, st.t.Len()) // 0 unknown, 1 no, 2 yes
	var below func(i int32) bool
	below = func(i int32) bool {
		if memo[i] == 0 {
			memo[i] = 1
			if st.block(i) && worth(i) {
				for _, k := range st.t.Kids(int(i), nil) {
					if st.block(k) && (is(k) || below(k)) {
						memo[i] = 2
						break
					}
				}
			}
		}
		return memo[i] == 2
	}
	return below
}

// pruneLinks leaves out of the body the link lists: a body root, or a block element inside
// one, of at least minWords words of which at least the share density are link words. A root
// that holds such a block deeper is replaced by its children (inline elements are never
// split: a paragraph's links stay). Nothing is pruned when everything would be.
func (st *nodeStats) pruneLinks(roots []int32, density float64, minWords int) []int32 {
	dense := func(i int32) bool {
		return st.block(i) && st.words[i] >= int32(minWords) && float64(st.linked[i]) >= density*float64(st.words[i])
	}
	below := st.memoBelow(dense, func(i int32) bool { return st.linked[i] >= int32(minWords) })
	return st.prune(roots, dense, below)
}

// prune is split, except that the roots are kept as they are when nothing with words would
// be left.
func (st *nodeStats) prune(roots []int32, drop, below func(int32) bool) []int32 {
	out := st.split(roots, drop, below)
	for _, r := range out {
		if st.words[r] > 0 {
			return out
		}
	}
	return roots
}

// comments reports a block that reads as reader comments: 50 words or more with at least 5
// clock times, one per 100 words or more (a stricter CommentLike: a subtree is a smaller
// sample); or a list of comments: at least 3 children of one tag that each begin (within
// their first 15 words) with a clock time or a date, and they are at least half of its
// children of that tag.
func (st *nodeStats) comments(i int32) bool {
	if !st.block(i) {
		return false
	}
	w, times := st.words[i], st.times[i]
	if w >= 50 && times >= 5 && times*100 >= w {
		return true
	}
	if st.stamps[i] < 3 {
		return false
	}
	return st.commentList(st.t.Kids(int(i), nil))
}

// commentList reports sibling nodes of which at least 3 of one tag each begin (within their
// first 15 words) with a clock time or a date, and they are at least half of that tag's nodes.
func (st *nodeStats) commentList(nodes []int32) bool {
	count := map[string]int{}
	headed := map[string]int{}
	for _, k := range nodes {
		if !st.block(k) {
			continue
		}
		tag := st.t.Nodes[k].Tag
		count[tag]++
		if st.stamps[k] > 0 && st.stampFirst(k, 15) {
			headed[tag]++
		}
	}
	for tag, h := range headed {
		if h >= 3 && 2*h >= count[tag] {
			return true
		}
	}
	return false
}

// stampFirst reports a clock time or a date among the first n words of the subtree of i.
func (st *nodeStats) stampFirst(i int32, n int) bool {
	end := int(i) + int(st.t.Nodes[i].Size)
	seen := 0
	for k := int(i); k < end && seen < n; k++ {
		if st.t.Nodes[k].Tag == TextTag && st.words[k] > 0 {
			if st.stamps[k] > 0 {
				return true
			}
			seen += int(st.words[k])
		}
	}
	return false
}

// trimComments ends the body before the first comments block (see comments) that more than
// minBefore words of the body precede; a root that holds one deeper is replaced by its
// children before the cut. ok reports a cut.
func (st *nodeStats) trimComments(roots []int32, minBefore int) (out []int32, ok bool) {
	below := st.memoBelow(st.comments, func(i int32) bool { return st.stamps[i] >= 3 })
	before := 0
	var walk func(rs []int32) bool
	walk = func(rs []int32) bool {
		for _, r := range rs {
			if st.comments(r) && before > minBefore {
				return true
			}
			if below(r) {
				if walk(st.t.Kids(int(r), nil)) {
					return true
				}
				continue
			}
			out = append(out, r)
			before += int(st.words[r])
		}
		return false
	}
	if walk(roots) {
		return out, true
	}
	return roots, false
}

// pruneTeasers leaves out of the body the teaser records: siblings of the same structure
// (equal shape hashes), at least minRun of them, each a block of at least 4 nodes holding a
// link or an image and at most maxWords words — a strip of related videos or stories, each
// a thumbnail, a headline and a link, that the template put next to the article. A
// paragraph (p with its text), a list of plain items or a table of text rows is no teaser:
// its items hold neither a link nor an image in every one of them, or are too small. Nothing
// is pruned when everything would be.
func (st *nodeStats) pruneTeasers(roots []int32, minRun, maxWords int) []int32 {
	t := st.t
	n := t.Len()
	// media[i]: the subtree of i holds an <a> or an <img>; blocks[i]: a block element with
	// content strictly below i (a card, not a paragraph with links and line breaks).
	media := make([]bool, n)
	blocks := make([]bool, n)
	for i := n - 1; i >= 0; i-- {
		nd := &t.Nodes[i]
		if nd.Kind == Plain && nd.Tag == "img" {
			media[i] = true
		}
		if p := nd.Parent; p >= 0 {
			media[p] = media[p] || media[i]
			blocks[p] = blocks[p] || blocks[i] || (st.block(int32(i)) && nd.Size > 1)
		}
	}
	teaser := make([]bool, n)
	item := func(k int32) bool {
		return st.block(k) && blocks[k] && t.Nodes[k].Size >= 4 && media[k] && st.linked[k] > 0 && st.words[k] <= int32(maxWords)
	}
	var kids []int32
	runs := map[uint64][]int32{}
	for i := range n {
		if t.Nodes[i].Size < int32(4*minRun) {
			continue
		}
		kids = t.Kids(i, kids[:0])
		if len(kids) < minRun {
			continue
		}
		clear(runs)
		for _, k := range kids {
			if item(k) {
				runs[t.Nodes[k].shape] = append(runs[t.Nodes[k].shape], k)
			}
		}
		for _, ks := range runs {
			if len(ks) >= minRun {
				for _, k := range ks {
					teaser[k] = true
				}
			}
		}
	}
	is := func(i int32) bool { return teaser[i] }
	return st.prune(roots, is, st.memoBelow(is, func(int32) bool { return true }))
}
