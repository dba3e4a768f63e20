package sst

import (
	"math"
	"slices"
	"sync"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/page"
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
	// Flattened counts the elements of a page parsed from HTML that were nested deeper than
	// the model's MaxDepth and flattened.
	Flattened int
	// Template are the byte spans of the dropped page nodes, in order and disjoint, each with
	// the strength of the drop: 1 - CompImp of the noisy model node it mapped to (CompImp is
	// below t, so at least 1 - t); for a leaf block dropped by its words, 1 - its importance
	// (the paper's leaf formula on its own words); for a link-only block, its share of link
	// text; for a block whose whole text was on several sample pages, 1; for a part of a
	// repeated record of the page (comments, teasers: the page's own repetition, not the
	// site's) and a part not in the tree dropped by Options.Rare, 0.5.
	Template []page.Evidence
	// Fit is the share of the page's element nodes (below body; script, style and the like
	// aside) that the style tree maps: reached from the root through element nodes of the
	// tree seen on at least two sample pages. About 1 for a page of the site, low for a page
	// of another site, whose parts have styles the tree does not know. NaN for a page
	// without elements.
	Fit float64
}

// Strengths of the drops that the model does not measure (see Result.Template).
const (
	strengthRecord = 0.5 // a part of a repeated record of the page
	strengthRare   = 0.5 // not in the tree, dropped by Options.Rare
)

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
	m      *Model
	keys   keyer
	kids   []kid
	feats  []uint32
	label  labelBuilder
	toks   []uint64
	blocks blockSet
	counts map[uint64]int // scratch of markRecords
	res    Result
	record int // depth of repeated records around the node being mapped
	visit  func(pn *dom.Node, mn *Node, d Decision)
	mapped int // element nodes mapped to the tree (Result.Fit)
}

var mappers = sync.Pool{New: func() any { return new(mapper) }}

// ApplyHTML parses src (flattened below m.MaxDepth) and applies the model to it.
func (m *Model) ApplyHTML(src string) Result {
	doc, flat := parse(src, m.MaxDepth)
	res := m.Apply(doc)
	res.Flattened = flat
	return res
}

// parse builds the tree of a page as the style tree needs it: without the text nodes of white
// space between tags, which it skips anyway (see skipped), a third fewer nodes on many pages,
// and flattened below maxDepth (0: no limit). It returns how many elements were flattened.
// Apply and Add give the same results on a tree from dom.Parse(src).
func parse(src string, maxDepth int) (doc *dom.Node, flattened int) {
	doc = dom.Parse(src, dom.DropSpaceText(), dom.MaxDepth(maxDepth), dom.CountFlattened(&flattened))
	return doc, flattened
}

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
	mp.res, mp.mapped = Result{}, 0
	mp.blocks.fill(doc)
	body := doc.Body()
	mp.mapNode(m.Root, body)
	res := mp.res
	res.Fit = math.NaN()
	if total := elements(body); total > 0 {
		res.Fit = float64(mp.mapped) / float64(total)
	}
	mp.res, mp.m, mp.visit = Result{}, nil, nil
	releaseKids(&mp.kids)
	mp.blocks.release()
	mappers.Put(mp)
	return res
}

// decide records the decision d on the page node pn, mapped to the model node mn (nil: not
// in the tree); strength is that of a drop (Result.Template).
func (mp *mapper) decide(pn *dom.Node, mn *Node, d Decision, strength float64) {
	if d == Unmatched && mp.m.opts.Rare && mp.m.Pages >= 3 {
		d, strength = Dropped, strengthRare
	}
	if mp.record > 0 {
		d, strength = Dropped, strengthRecord
	}
	if mn != nil {
		mp.mapped += elements(pn)
	}
	if mp.visit != nil {
		mp.visit(pn, mn, d)
	}
	if d == Dropped {
		mp.res.Noisy++
		if s, e := int(pn.Start), int(pn.End); e > s {
			mp.res.Template = append(mp.res.Template, page.Evidence{Start: s, End: e, Strength: float32(min(1, max(strength, 1e-3)))})
		}
		return
	}
	mp.res.Kept++
	s, e := int(pn.Start), int(pn.End)
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
	if mn.Pages <= 1 && mn.Mark != markDrop && mp.m.opts.Global && mp.m.global != nil {
		mp.free(pn)
		return
	}
	switch mn.Mark {
	case markDrop:
		mp.decide(pn, mn, Dropped, 1-mn.CompImp)
		return
	case markKeep:
		mp.decide(pn, mn, Kept, 0)
		return
	}
	if mn.leaf {
		if v, strength := mp.leafVerdict(mn, pn); v == verdictKeep {
			mp.decide(pn, mn, Kept, 0)
		} else {
			mp.decide(pn, mn, Dropped, strength)
		}
		return
	}
	if pn.Type == dom.Element {
		mp.mapped++ // pn itself; its children are counted as they are mapped
	}
	o := mp.m.opts
	start := len(mp.kids)
	count, sig := collectKids(&mp.kids, &mp.keys, &mp.blocks, pn, o)
	defer func() { mp.kids = mp.kids[:start] }()
	if o.Mode == ModeMerge {
		kids := mp.kids[start : start+count]
		mp.markRecords(kids)
		for i := range kids {
			k := &kids[i]
			k.mn = mp.similarKid(mn, *k)
			if k.mn != nil && k.mn.leaf && k.mn.Mark == markNone && !k.rec && mp.record == 0 {
				var strength float64
				k.verdict, strength = mp.leafVerdict(k.mn, k.n)
				k.drop = uint8(math.Ceil(255 * min(1, max(strength, 0))))
			}
		}
		if o.Smooth {
			smooth(kids)
		}
		for i := 0; i < count; i++ {
			k := mp.kids[start+i]
			switch {
			case k.verdict == verdictKeep:
				mp.decide(k.n, k.mn, Kept, 0)
				continue
			case k.verdict != verdictNone:
				mp.decide(k.n, k.mn, Dropped, float64(k.drop)/255)
				continue
			}
			rec := k.rec
			if rec {
				mp.record++
			}
			if k.mn != nil {
				mp.mapNode(k.mn, k.n)
			} else {
				mp.unmatched(k.n)
			}
			if rec {
				mp.record--
			}
		}
		return
	}
	runs := 0
	if count > 0 {
		runs = int(mp.kids[start+count-1].run) + 1
	}
	s := mp.findStyle(mn, sig, mp.kids[start:start+count], runs)
	if s == nil {
		mp.unmatched(pn)
		return
	}
	for i := 0; i < count; i++ {
		k := mp.kids[start+i]
		mp.mapNode(s.Elems[k.run], k.n)
	}
}

// similarKid returns mn's child for the page node k: the one with its key, else the most
// similar of the same tag and leafness (as Learner merges them), else nil.
func (mp *mapper) similarKid(mn *Node, k kid) *Node {
	if c := mn.kidBy[k.key]; c != nil {
		return c
	}
	mp.label.b = mp.label.b[:0]
	writeLabel(&mp.label, k.n, k.leaf)
	mp.toks = labelTokens(mp.toks[:0], string(mp.label.b))
	var best *Node
	bestSim := -1.0
	for i, o := range mn.byTag[k.n.Tag] {
		if i == maxCandidates {
			break
		}
		if o.leaf != k.leaf {
			continue
		}
		if d := dice(o.toks, mp.toks); d > bestSim {
			best, bestSim = o, d
		}
	}
	if best != nil && bestSim >= mp.m.opts.Similarity {
		return best
	}
	return nil
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

// noise reports whether the page leaf pn, mapped to a model leaf with feature entropies local, is noise: its
// importance 1 - Σ w(a)/l over its l distinct words and pairs of neighbouring words (or,
// without words, its image sources and link targets) is below the threshold, where w(a) is 1
// for a locally noisy feature (entropy at least LocalNoise in mn) and, with graded scoring,
// the feature's entropy otherwise (0 without). A leaf without features, or whose words are
// all numbers, is not noise. It also returns the importance (1 when not measured).
func (mp *mapper) noise(local map[uint32]float32, pn *dom.Node) (bool, float64) {
	if len(local) == 0 || mp.m.opts.LocalNoise <= 0 {
		return false, 1
	}
	mp.feats = mp.feats[:0]
	add := func(f uint32) { mp.feats = append(mp.feats, f) }
	wordFeatures(pn, add, mp.m.opts.Pairs)
	if len(mp.feats) == 0 {
		features(pn, add, mp.m.opts.Pairs)
	}
	if len(mp.feats) == 0 {
		return false, 1
	}
	slices.Sort(mp.feats)
	fs := slices.Compact(mp.feats)
	if onlyNumbers(fs) {
		// Every number is one feature, so that dates and counts in the template do not look
		// new on every page; that feature is everywhere, and says nothing about a block
		// made of numbers alone (the cells of a table of figures): no verdict by words.
		return false, 1
	}
	h := float32(mp.m.opts.LocalNoise)
	graded := mp.m.opts.Graded
	noise := 0.0
	for _, f := range fs {
		e, ok := local[f]
		switch {
		case !ok:
		case e >= h:
			noise++
		case graded:
			noise += float64(e)
		}
	}
	imp := 1 - noise/float64(len(fs))
	return imp < mp.m.Threshold, imp
}

// markRecords sets rec on the kids that are repeated records: with Options.Records = r, an
// element that is not a leaf and has at least r siblings (itself included) with its key, and
// at least two leaves below (a comment, a teaser), rather than a part of the page's layout.
// Table parts and list containers are layout, never records.
func (mp *mapper) markRecords(kids []kid) {
	min := mp.m.opts.Records
	if min <= 0 || len(kids) < min {
		return
	}
	if mp.counts == nil {
		mp.counts = make(map[uint64]int)
	}
	clear(mp.counts)
	for _, k := range kids {
		if !k.leaf {
			mp.counts[k.key]++
		}
	}
	for i := range kids {
		k := &kids[i]
		if k.leaf || mp.counts[k.key] < min {
			continue
		}
		switch k.n.Tag {
		case "tr", "td", "th", "tbody", "thead", "tfoot", "table", "ul", "ol", "menu":
			continue
		}
		k.rec = countLeaves(k.n, 2, mp.m.opts.VirtualLeaves, &mp.blocks) >= 2
	}
}

// countLeaves counts the leaves of n's subtree, stopping at max.
func countLeaves(n *dom.Node, max int, virtual bool, blocks *blockSet) int {
	c := 0
	for _, k := range n.Children {
		if skipped(k) {
			continue
		}
		if isLeaf(k, virtual, blocks) {
			c++
		} else {
			c += countLeaves(k, max-c, virtual, blocks)
		}
		if c >= max {
			break
		}
	}
	return c
}

// linkOnly reports whether at least share of the text of the leaf n is link text; headings
// (often a linked title) never are.
func linkOnly(n *dom.Node, share float64) bool {
	switch n.Tag {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		return false
	}
	all, link := textLen(n, false)
	return all > 0 && float64(link) >= share*float64(all)
}

// textLen returns the number of non-space bytes of text in n's subtree and how many of them
// are inside links.
func textLen(n *dom.Node, inLink bool) (all, link int) {
	if n.Type == dom.Text {
		c := 0
		for i := 0; i < len(n.Text); i++ {
			if !asciiSpace(n.Text[i]) {
				c++
			}
		}
		if inLink {
			return c, c
		}
		return c, 0
	}
	if skipped(n) {
		return 0, 0
	}
	inLink = inLink || n.Tag == "a"
	for _, c := range n.Children {
		a, l := textLen(c, inLink)
		all += a
		link += l
	}
	return all, link
}

// unmatched decides on a part of the page whose style is not in the model: kept as possibly
// meaningful, or with Options.Global judged leaf by leaf.
func (mp *mapper) unmatched(pn *dom.Node) {
	if mp.m.opts.Global && mp.m.global != nil {
		mp.free(pn)
		return
	}
	mp.decide(pn, nil, Unmatched, 0)
}

// free judges a part of the page the tree knows nothing about, leaf by leaf, against the
// features' entropy over all the sample pages; repeated records and link-only leaves go as
// elsewhere.
func (mp *mapper) free(pn *dom.Node) {
	o := mp.m.opts
	if pn.Type == dom.Text || isLeaf(pn, o.VirtualLeaves, &mp.blocks) {
		if noisy, imp := mp.noise(mp.m.global, pn); noisy {
			mp.decide(pn, nil, Dropped, 1-imp)
		} else if o.LinkDensity > 0 && linkOnly(pn, o.LinkDensity) {
			mp.decide(pn, nil, Dropped, linkShare(pn))
		} else {
			mp.decide(pn, nil, Unmatched, 0)
		}
		return
	}
	start := len(mp.kids)
	count, _ := collectKids(&mp.kids, &mp.keys, &mp.blocks, pn, o)
	mp.markRecords(mp.kids[start : start+count])
	for i := 0; i < count; i++ {
		k := mp.kids[start+i]
		rec := k.rec
		if rec {
			mp.record++
		}
		mp.free(k.n)
		if rec {
			mp.record--
		}
	}
	mp.kids = mp.kids[:start]
}

// Verdicts on a page leaf mapped to a model leaf.
const (
	verdictNone   = iota // not decided here
	verdictKeep          // kept
	verdictNoise         // dropped: its words are noise in the model leaf
	verdictLinks         // dropped: link-only
	verdictRepeat        // dropped: its whole text was on several sample pages
)

// leafVerdict judges the page leaf pn mapped to the model leaf mn, and says how strong a
// drop is (Result.Template).
func (mp *mapper) leafVerdict(mn *Node, pn *dom.Node) (uint8, float64) {
	if o := mp.m.opts; o.LinkDensity > 0 && linkOnly(pn, o.LinkDensity) {
		return verdictLinks, linkShare(pn)
	}
	if noisy, imp := mp.noise(mn.local, pn); noisy {
		return verdictNoise, 1 - imp
	}
	if len(mn.repeated) > 0 {
		if b, ok := blockHash(pn); ok {
			if _, seen := mn.repeated[b]; seen {
				return verdictRepeat, 1
			}
		}
	}
	return verdictKeep, 0
}

// linkShare is the share of the text of n that is link text (0 without text).
func linkShare(n *dom.Node) float64 {
	all, link := textLen(n, false)
	if all == 0 {
		return 0
	}
	return float64(link) / float64(all)
}

// elements counts the element nodes of n's subtree (n included) that take part in the
// tree (see skipped).
func elements(n *dom.Node) int {
	if n.Type != dom.Element && n.Type != dom.Document {
		return 0
	}
	if skipped(n) {
		return 0
	}
	c := 0
	if n.Type == dom.Element {
		c = 1
	}
	for _, k := range n.Children {
		c += elements(k)
	}
	return c
}

// smooth keeps a leaf dropped as noise whose neighbours on both sides are kept leaves mapped
// to the same model leaf: a short paragraph ("He said so.") amid the article's paragraphs.
func smooth(kids []kid) {
	for i := 1; i+1 < len(kids); i++ {
		k := &kids[i]
		if k.verdict != verdictNoise {
			continue
		}
		p, n := kids[i-1], kids[i+1]
		if p.verdict == verdictKeep && n.verdict == verdictKeep && p.mn == k.mn && n.mn == k.mn {
			k.verdict = verdictKeep
		}
	}
}

// The features of numbers: every number is one word, and so is a pair of two of them.
var (
	numberWord = fold(featWord ^ numberFeature)
	numberPair = fold(featPair ^ (uint64(numberWord)<<32 | uint64(numberWord)))
)

// onlyNumbers reports whether the sorted distinct features are numbers and nothing else.
func onlyNumbers(fs []uint32) bool {
	for _, f := range fs {
		if f != numberWord && f != numberPair {
			return false
		}
	}
	return len(fs) > 0
}
