package sst

import (
	"slices"
	"sync"

	"github.com/chaffkit/chaff/lib/dom"
)

// Result is what Apply finds in one page.
type Result struct {
	// Spans are the kept byte spans of the page, in order and disjoint, for
	// htmltext.RenderSpans.
	Spans [][2]int
	// Noisy counts the page nodes dropped: mapped to noisy nodes, or blocks made of locally
	// noisy features.
	Noisy int
	// Kept counts the page nodes kept whole: mapped to meaningful nodes, or not in the model.
	Kept int
}

// Decision is what MapSST did with a page node.
type Decision uint8

const (
	// Dropped: mapped to a noisy node (or a block of locally noisy features).
	Dropped Decision = iota + 1
	// Kept: mapped to a meaningful node (or a leaf with enough features that are not
	// locally noisy).
	Kept
	// Unmatched: its style is not in the model; kept as possibly meaningful.
	Unmatched
)

// mapper holds the scratch of one Apply.
type mapper struct {
	m     *Model
	keys  keyer
	kids  []kid
	feats []uint32
	res   Result
	visit func(pn *dom.Node, mn *Node, d Decision)
}

var mappers = sync.Pool{New: func() any { return new(mapper) }}

// ApplyHTML parses src and applies the model to it.
func (m *Model) ApplyHTML(src string) Result { return m.Apply(dom.Parse(src)) }

// Apply maps the page parsed as doc onto the model (the paper's MapSST) and returns the kept
// spans. Safe for concurrent use.
func (m *Model) Apply(doc *dom.Node) Result {
	return m.apply(doc, nil)
}

// Map is Apply that also calls visit with every page node it decides on and the model node
// it mapped to (nil for Unmatched).
func (m *Model) Map(doc *dom.Node, visit func(pn *dom.Node, mn *Node, d Decision)) Result {
	return m.apply(doc, visit)
}

func (m *Model) apply(doc *dom.Node, visit func(*dom.Node, *Node, Decision)) Result {
	mp := mappers.Get().(*mapper)
	mp.m, mp.visit = m, visit
	mp.res = Result{}
	mp.mapNode(m.Root, doc.Body())
	res := mp.res
	mp.res, mp.m, mp.visit = Result{}, nil, nil
	mp.kids = mp.kids[:0]
	mappers.Put(mp)
	return res
}

func (mp *mapper) decide(pn *dom.Node, mn *Node, d Decision) {
	if mp.visit != nil {
		mp.visit(pn, mn, d)
	}
	if d == Dropped {
		mp.res.Noisy++
		return
	}
	mp.res.Kept++
	s, e := pn.Start, pn.End
	if e <= s {
		return
	}
	if k := len(mp.res.Spans); k > 0 && mp.res.Spans[k-1][1] >= s {
		if e > mp.res.Spans[k-1][1] {
			mp.res.Spans[k-1][1] = e
		}
		return
	}
	mp.res.Spans = append(mp.res.Spans, [2]int{s, e})
}

func (mp *mapper) mapNode(mn *Node, pn *dom.Node) {
	switch mn.Mark {
	case markDrop:
		mp.decide(pn, mn, Dropped)
		return
	case markKeep:
		mp.decide(pn, mn, Kept)
		return
	}
	if mn.leaf {
		if mp.locallyNoisy(mn, pn) {
			mp.decide(pn, mn, Dropped)
		} else {
			mp.decide(pn, mn, Kept)
		}
		return
	}
	o := mp.m.opts
	start := len(mp.kids)
	count, sig := collectKids(&mp.kids, &mp.keys, pn, o)
	defer func() { mp.kids = mp.kids[:start] }()
	if o.Mode == ModeMerge {
		for i := 0; i < count; i++ {
			k := mp.kids[start+i]
			if c := mn.kidBy[k.key]; c != nil {
				mp.mapNode(c, k.n)
			} else {
				mp.decide(k.n, nil, Unmatched)
			}
		}
		return
	}
	runs := 0
	if count > 0 {
		runs = mp.kids[start+count-1].run + 1
	}
	s := mp.findStyle(mn, sig, mp.kids[start:start+count], runs)
	if s == nil {
		mp.decide(pn, nil, Unmatched)
		return
	}
	for i := 0; i < count; i++ {
		k := mp.kids[start+i]
		mp.mapNode(s.Elems[k.run], k.n)
	}
}

// findStyle returns mn's style node whose element keys are those of the page's kids.
func (mp *mapper) findStyle(mn *Node, sig uint64, kids []kid, runs int) *ModelStyle {
	for {
		s := mn.styleBy[sig]
		if s == nil {
			return nil
		}
		if len(s.Elems) == runs && sameKeys(s, kids) {
			return s
		}
		sig++
	}
}

func sameKeys(s *ModelStyle, kids []kid) bool {
	for _, k := range kids {
		if s.Elems[k.run].key != k.key {
			return false
		}
	}
	return true
}

// locallyNoisy reports whether the page leaf pn, mapped to the model leaf mn, is made of
// locally noisy features: the share of its distinct features that are not locally noisy in
// mn is below the threshold. A leaf without features is not.
func (mp *mapper) locallyNoisy(mn *Node, pn *dom.Node) bool {
	if len(mn.local) == 0 {
		return false
	}
	mp.feats = mp.feats[:0]
	add := func(f uint32) { mp.feats = append(mp.feats, f) }
	wordFeatures(pn, add)
	if len(mp.feats) == 0 {
		features(pn, add)
	}
	if len(mp.feats) == 0 {
		return false
	}
	slices.Sort(mp.feats)
	fs := slices.Compact(mp.feats)
	fresh := 0
	for _, f := range fs {
		if _, ok := mn.local[f]; !ok {
			fresh++
		}
	}
	return float64(fresh) < mp.m.Threshold*float64(len(fs))
}
