package sst

import (
	"slices"

	"github.com/chaffkit/chaff/lib/dom"
)

// A Learner builds a site style tree by merging pages into it, top down. Not safe for
// concurrent use.
type Learner struct {
	opts    Options
	root    *Element
	pages   int
	touched []*Element // leaves with counts of the page being added
	kids    []kid      // scratch: the children of the nodes on the current path
	keys    keyer
	blocks  blockSet
	global  map[uint32]int      // per feature, the pages whose leaves have it
	pageSet map[uint32]struct{} // scratch: the features of the page being added
}

// kid is a child of a page node that takes part in the tree. It is 32 bytes: a page's body
// may have a million children, all of them kids at once.
type kid struct {
	n   *dom.Node
	key uint64
	mn  *Node // the model node it maps to (mapper, ModeMerge)
	run int32 // index of its run of equal keys (ModeCollapse, ModeMerge) or its position

	leaf    bool
	rec     bool  // a repeated record (set by the mapper when Options.Records)
	verdict uint8 // the mapper's verdict on a leaf, before smoothing
	drop    uint8 // with a dropping verdict: the strength of the drop in 255ths (see Result.Template)
}

// NewLearner returns a Learner with options o.
func NewLearner(o Options) (*Learner, error) {
	if err := o.validate(); err != nil {
		return nil, err
	}
	return &Learner{opts: o, root: newElement("body", false)}, nil
}

// Pages returns the number of pages added.
func (l *Learner) Pages() int { return l.pages }

// Add merges the page parsed as doc into the tree (from its body down).
func (l *Learner) Add(doc *dom.Node) {
	l.blocks.fill(doc)
	l.addNode(l.root, doc.Body())
	if l.pageSet == nil {
		l.pageSet = make(map[uint32]struct{})
		l.global = make(map[uint32]int)
	}
	for _, e := range l.touched {
		for f := range e.cur {
			l.pageSet[f] = struct{}{}
		}
		e.flushPage()
	}
	for f := range l.pageSet {
		l.global[f]++
	}
	clear(l.pageSet)
	clear(l.touched)
	l.touched = l.touched[:0]
	l.pages++
	// The scratch must not keep this page's tree alive while the next one is parsed.
	releaseKids(&l.kids)
	l.blocks.release()
}

// releaseKids drops the page nodes referenced by a scratch list of kids (empty between
// pages), and the list itself when a huge page made it large.
func releaseKids(kids *[]kid) {
	if cap(*kids) > 1<<16 {
		*kids = nil
		return
	}
	clear((*kids)[:cap(*kids)])
	*kids = (*kids)[:0]
}

// AddHTML parses src (flattened below Options.MaxDepth) and adds it. It returns how many
// elements were flattened.
func (l *Learner) AddHTML(src string) (flattened int) {
	doc, flat := parse(src, l.opts.MaxDepth)
	l.Add(doc)
	return flat
}

// Tree scores the tree (importances and marks with the Learner's options) and returns its root.
// Adding pages afterwards and calling Tree again scores again.
func (l *Learner) Tree() *Element {
	Score(l.root, l.opts.Threshold, l.opts.Gamma)
	return l.root
}

// childKids appends the children of n that take part in the tree to l.kids, with their keys
// and runs, and returns their number and the hash of their (run-collapsed unless faithful)
// key sequence.
func (l *Learner) childKids(n *dom.Node) (int, uint64) {
	return collectKids(&l.kids, &l.keys, &l.blocks, n, l.opts)
}

func collectKids(buf *[]kid, keys *keyer, blocks *blockSet, n *dom.Node, o Options) (int, uint64) {
	start := len(*buf)
	if len(n.Children) > 1024 {
		// One allocation at most for a parent with a million children, of the kids only
		// (a third of the children may be white space between tags).
		want := 0
		for _, c := range n.Children {
			if !skipped(c) {
				want++
			}
		}
		*buf = slices.Grow(*buf, want)
	}
	sig := uint64(0x51ed270b)
	run := -1
	var last uint64
	for _, c := range n.Children {
		if skipped(c) {
			continue
		}
		leaf := isLeaf(c, o.VirtualLeaves, blocks)
		k := keys.key(c, leaf)
		if o.Mode == ModeFaithful || run < 0 || k != last {
			run++
			sig = seqHash(sig, k)
			last = k
		}
		*buf = append(*buf, kid{n: c, key: k, leaf: leaf, run: int32(run)})
	}
	return len(*buf) - start, seqHash(sig, uint64(run+1))
}

func (l *Learner) addNode(e *Element, n *dom.Node) {
	if e.lastPage != l.pages {
		e.lastPage = l.pages
		e.Pages++
	}
	if e.Leaf {
		if len(e.cur) == 0 && len(e.curBlock) == 0 {
			l.touched = append(l.touched, e)
		}
		features(n, e.addFeature, l.opts.Pairs)
		if l.opts.Repeats {
			if b, ok := blockHash(n); ok {
				e.addBlock(b)
			}
		}
		return
	}
	start := len(l.kids)
	count, sig := l.childKids(n)
	kids := l.kids[start : start+count]
	runs := 0
	if count > 0 {
		runs = int(kids[count-1].run) + 1
	}
	if e.styleBy == nil {
		e.styleBy = make(map[uint64]*Style)
	}
	s := e.styleBy[sig]
	for s != nil && len(s.Elems) != runs { // a hash collision: probe on
		sig++
		s = e.styleBy[sig]
	}
	if s == nil {
		s = &Style{Elems: make([]*Element, runs)}
		for _, k := range kids {
			if s.Elems[k.run] != nil {
				continue
			}
			if l.opts.Mode == ModeMerge {
				s.Elems[k.run] = e.mergedKid(k, l.opts.Similarity)
			} else {
				c := newElement(label(k.n, k.leaf), k.leaf)
				s.Elems[k.run] = c
				e.kids = append(e.kids, c)
			}
		}
		e.styleBy[sig] = s
		e.addStyle(s)
	}
	s.Count++
	for i := 0; i < count; i++ {
		k := l.kids[start+i] // l.kids may grow (and move) in the recursion
		l.addNode(s.Elems[k.run], k.n)
	}
	l.kids = l.kids[:start]
}

// mergedKid returns e's merged child for k: the one with k's key, else the one of the same
// tag and leafness whose attribute tokens are most similar to k's, if at least sim; else a
// new one.
func (e *Element) mergedKid(k kid, sim float64) *Element {
	if c := e.kidByKey[k.key]; c != nil {
		return c
	}
	if e.kidByKey == nil {
		e.kidByKey = make(map[uint64]*Element)
	}
	c := newElement(label(k.n, k.leaf), k.leaf)
	var best *Element
	bestSim := -1.0
	for i, o := range e.byTag[c.tag] {
		if i == maxCandidates {
			break
		}
		if o.Leaf != c.Leaf {
			continue
		}
		if d := dice(o.toks, c.toks); d > bestSim {
			best, bestSim = o, d
		}
	}
	if best != nil && bestSim >= sim {
		e.kidByKey[k.key] = best
		return best
	}
	e.kidByKey[k.key] = c
	e.kids = append(e.kids, c)
	if e.byTag == nil {
		e.byTag = make(map[string][]*Element)
	}
	e.byTag[c.tag] = append(e.byTag[c.tag], c)
	return c
}

// maxCandidates bounds the merged children of one tag compared with a new child, so that a
// parent with thousands of distinct children stays linear.
const maxCandidates = 64

// Learn builds the model of a site from the HTML of its sample pages.
func Learn(pages []string, o Options) (*Model, error) {
	l, err := NewLearner(o)
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		l.AddHTML(p)
	}
	return l.Model(), nil
}
