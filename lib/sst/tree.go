package sst

import "math"

// Element is an element node of a style tree being learned: a tag with its display
// attributes (Label), the pages that contain it (Pages, the paper's m) and its child style
// nodes. A leaf has features instead of style nodes.
type Element struct {
	Label  string // readable key, e.g. "div.story#main" or "p/leaf"
	Key    uint64 // hash of Label
	Leaf   bool
	tag    string
	toks   []uint64 // sorted hashes of the attribute tokens
	Pages  int      // m: the number of pages containing this element node
	Styles []*Style // child style nodes, in order of first appearance

	// kids are the distinct child element nodes: in ModeMerge shared by the style nodes and
	// found by key; otherwise the elements of the style nodes, in order.
	kids     []*Element
	kidByKey map[uint64]*Element
	byTag    map[string][]*Element // ModeMerge: the merged children by tag, for similarity
	styleBy  map[uint64]*Style

	feats    map[uint32]*featStat // leaf: per feature, its counts over the pages
	blocks   map[uint32]int       // leaf: per block text (blockHash), the pages that have it
	curBlock map[uint32]struct{}  // leaf: the block texts of the page being added
	cur      map[uint32]int32     // leaf: counts in the page being added
	lastPage int

	NodeImp, CompImp float64
	Noisy            bool // it and all its descendants are below the threshold
	Meaningful       bool // neither it nor any descendant is noisy
}

// Style is a style node: a sequence of child element nodes and how many times (pages, or
// element instances in the merged modes) it was used.
type Style struct {
	Elems []*Element
	Count int
}

// featStat keeps what the entropy of a feature over the pages needs: the total count C and
// Σ c_j ln c_j over the pages j, since H = (ln C - Σ c_j ln c_j / C) / ln m.
type featStat struct {
	total, clogc float64
	df           int // pages containing the feature
}

// presence is the entropy of the feature's presence over the m pages: the pages containing it
// weigh alike, H = ln df / ln m. A label repeated a variable number of times per page
// ("Reply" under each comment) has a lower count entropy than presence entropy.
func (f *featStat) presence(m int) float64 {
	if m <= 1 || f.df <= 1 {
		return 0
	}
	return clamp01(math.Log(float64(f.df)) / math.Log(float64(m)))
}

func (f *featStat) entropy(m int) float64 {
	if m <= 1 || f.total <= 0 {
		return 0
	}
	h := (math.Log(f.total) - f.clogc/f.total) / math.Log(float64(m))
	return clamp01(h)
}

func clamp01(x float64) float64 {
	if x < 0 {
		return 0
	}
	if x > 1 {
		return 1
	}
	return x
}

// newElement returns an element node for label.
func newElement(label string, leaf bool) *Element {
	return &Element{Label: label, Key: hashString(label), Leaf: leaf, lastPage: -1,
		tag: labelTag(label), toks: labelTokens(nil, label)}
}

// addStyle appends a style node (used when building by hand and by the learner).
func (e *Element) addStyle(s *Style) {
	e.Styles = append(e.Styles, s)
}

// Children returns the distinct child element nodes (shared by the style nodes in ModeMerge).
func (e *Element) Children() []*Element { return e.kids }

// addBlock notes the text of one of the leaf's blocks in the page being added.
func (e *Element) addBlock(b uint32) {
	if e.curBlock == nil {
		e.curBlock = make(map[uint32]struct{})
	}
	e.curBlock[b] = struct{}{}
}

// addFeature counts feature f once more in the page being added.
func (e *Element) addFeature(f uint32) {
	if e.cur == nil {
		e.cur = make(map[uint32]int32)
	}
	e.cur[f]++
}

// flushPage moves the counts of the page being added into the feature statistics.
func (e *Element) flushPage() {
	for b := range e.curBlock {
		if e.blocks == nil {
			e.blocks = make(map[uint32]int)
		}
		e.blocks[b]++
		delete(e.curBlock, b)
	}
	if len(e.cur) == 0 {
		return
	}
	if e.feats == nil {
		e.feats = make(map[uint32]*featStat, len(e.cur))
	}
	for f, c := range e.cur {
		st := e.feats[f]
		if st == nil {
			st = &featStat{}
			e.feats[f] = st
		}
		x := float64(c)
		st.total += x
		st.clogc += x * math.Log(x)
		st.df++
		delete(e.cur, f)
	}
}
