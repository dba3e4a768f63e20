package rtdm

import (
	"encoding/json"
	"errors"
	"fmt"
	"unsafe"
)

// Errors of [Model.Extract]: the paper's "not extracted", said as such (they are per-page
// statuses, printed after the tool's name and the record's place).
var (
	ErrNoMatch = errors.New("not extracted: the page matches no ne-pattern of its site")
	ErrNoBody  = errors.New("not extracted: no passage has more than the body's minimum of words (a news body)")
)

// Options are the settings of learning and extraction.
type Options struct {
	Similarity float64 // clustering threshold (the paper: 0.8)
	Linkage    Linkage
	MinCluster int // clusters with fewer pages are noise and get no pattern
	MaxCluster int // at most this many pages of a cluster are composed (0: all)
	Compose    ComposeOptions
	Label      LabelOptions
	Workers    int // goroutines for the similarity matrix (0: GOMAXPROCS)
	// Soft matches a page that no pattern accepts against the nearest pattern under the
	// [Soft] costs instead of giving up (not in the paper). Extraction then reports
	// Soft = true.
	Soft bool
	// RegionGap enables [BodyRegion] with this gap (negative: off, the paper's body).
	RegionGap      int
	RegionMinWords int // passages shorter than this do not widen the body region
	// LeadWords, when the title is a passage before the body, adds to the body every passage
	// between the two with at least this many words (a lead paragraph or a video caption the
	// pattern keeps apart); 0: off. Not in the paper.
	LeadWords int
	// LinkDensity, when positive, leaves out of the body the blocks of at least LinkMinWords
	// words of which at least this share are link words (see pruneLinks). Not in the paper.
	LinkDensity  float64
	LinkMinWords int
	// ContinueWords, when positive, continues the body with the passages after it of at
	// least this many words whose roots share the page parent of the body's last root: the
	// rest of an article that fixed text inside it (an ad label, a ticker) cut off from the
	// body passage. Not in the paper.
	ContinueWords int
	// TeaserRun, when at least 2, leaves out of the body the runs of at least this many
	// sibling teaser records (see pruneTeasers) of at most TeaserWords words each. Not in
	// the paper.
	TeaserRun   int
	TeaserWords int
}

// Faithful returns o with every improvement that is not in the paper turned off, the
// paper's parameters (similarity, thresholds, gap) kept: the method as published.
func (o Options) Faithful() Options {
	o.Compose.MergeVariable, o.Compose.SkipAccepted = false, false
	o.Label.DocTitle, o.Label.BodyAfterTitle, o.Label.SkipComments, o.Label.MaxLinkShare, o.Label.BodyFallback = false, false, false, 0, 0
	o.Soft = false
	o.RegionGap, o.LeadWords, o.LinkDensity, o.ContinueWords, o.TeaserRun = -1, 0, 0, 0, 0
	return o
}

// DefaultOptions are the paper's settings plus the measured improvements.
var DefaultOptions = Options{
	Similarity:    0.8,
	Linkage:       Complete,
	MinCluster:    2,
	Compose:       DefaultComposeOptions,
	Label:         DefaultLabelOptions,
	Soft:          true,
	RegionGap:     -1,
	LeadWords:     20,
	LinkDensity:   0.5,
	LinkMinWords:  5,
	ContinueWords: 50,
	TeaserRun:     3,
	TeaserWords:   30,
}

// Pattern is the ne-pattern of one cluster.
type Pattern struct {
	Cluster int   // the cluster's number in the learned site
	Pages   int   // pages in the cluster
	Tree    *Tree // the ne-pattern
}

// Model is what Learn learns from one site's pages: one ne-pattern per cluster that has at
// least MinCluster pages. It is read-only after Learn and safe for concurrent use.
type Model struct {
	// Similarity is the clustering threshold the model was learned with (Options.Similarity),
	// kept in the model file.
	Similarity float64
	Patterns   []Pattern
}

// Learn clusters the pages and builds one ne-pattern per cluster of at least opt.MinCluster
// distinct pages. It returns the model and the cluster number of each page (-1 for noise:
// pages of smaller clusters).
func Learn(pages []*Page, opt Options) (*Model, []int) {
	trees := make([]*Tree, len(pages))
	for i, p := range pages {
		trees[i] = p.Tree
	}
	labels := Cluster(trees, opt.Similarity, opt.Linkage, opt.Workers)
	groups := map[int][]*Tree{}
	var order []int
	for i, l := range labels {
		if _, ok := groups[l]; !ok {
			order = append(order, l)
		}
		groups[l] = append(groups[l], trees[i])
	}
	m := &Model{Similarity: opt.Similarity}
	keep := map[int]int{}
	for _, l := range order {
		g := distinct(groups[l])
		if len(g) < max(opt.MinCluster, 1) {
			continue
		}
		if opt.MaxCluster > 0 && len(g) > opt.MaxCluster {
			g = g[:opt.MaxCluster]
		}
		keep[l] = len(m.Patterns)
		m.Patterns = append(m.Patterns, Pattern{Cluster: len(m.Patterns), Pages: len(groups[l]), Tree: ComposeAll(g, opt.Compose)})
	}
	out := make([]int, len(labels))
	for i, l := range labels {
		if k, ok := keep[l]; ok {
			out[i] = k
		} else {
			out[i] = -1
		}
	}
	return m, out
}

// distinct leaves out the trees identical in content to an earlier one: a page crawled twice
// (two URLs, a re-crawl) would otherwise make a cluster whose pattern has no wildcard, and
// its pages would have no passages at all.
func distinct(trees []*Tree) []*Tree {
	seen := make(map[uint64]bool, len(trees))
	out := trees[:0:0]
	for _, t := range trees {
		if h := t.Nodes[0].content; !seen[h] {
			seen[h] = true
			out = append(out, t)
		}
	}
	return out
}

// Extraction is the result of matching a page against a model and labeling its passages.
type Extraction struct {
	Cluster  int       // the matched pattern's cluster, -1 when none matched
	Cost     float64   // the matching cost (Inf when none matched)
	Passages []Passage // what the wildcards consumed, in pattern pre-order
	Title    int       // index of the title passage, -1 when none
	// TitleText is the title: the title passage's text, or a piece of it (the headline
	// inside a longer passage, the body's included: then Title == Body).
	TitleText string
	Body      int  // index of the body passage, -1 when none
	Soft      bool // no pattern accepted the page: matched under the Soft costs
	// BodyRoots are the page nodes of the body: the body passage's roots, or the region
	// around them (Options.RegionGap).
	BodyRoots []int32
}

// Extract matches the page against every pattern, keeps the one with the lowest finite cost
// (section 4.3) and labels its passages (section 4.4). The error is ErrNoMatch or ErrNoBody
// (the Extraction is still filled as far as it goes).
func (m *Model) Extract(pg *Page, opt Options) (*Extraction, error) {
	ex := &Extraction{Cluster: -1, Cost: Inf, Title: -1, Body: -1}
	if len(m.Patterns) == 1 {
		return m.extractOne(pg, opt, ex)
	}
	best := -1
	for k := range m.Patterns {
		// The cut-off at the best cost so far: a worse pattern's cost is not needed exactly.
		eps := Inf
		if best >= 0 {
			eps = ex.Cost
		}
		if d := Distance(m.Patterns[k].Tree, pg.Tree, Match{}, eps); d < ex.Cost {
			ex.Cost, best = d, k
		}
	}
	var costs Costs = Match{}
	if best < 0 && opt.Soft && len(m.Patterns) > 0 {
		costs = Soft{}
		for k := range m.Patterns {
			eps := Inf
			if best >= 0 {
				eps = ex.Cost
			}
			if d := Distance(m.Patterns[k].Tree, pg.Tree, costs, eps); best < 0 || d < ex.Cost {
				ex.Cost, best = d, k
			}
		}
		ex.Soft = true
	}
	if best < 0 {
		return ex, ErrNoMatch
	}
	cost, ps := matchTree(m.Patterns[best].Tree, pg.Tree, costs, ex.Cost)
	return m.label(pg, opt, best, cost, ps, ex)
}

// extractOne is Extract for a model of one pattern (most sites): the mapping's own pass
// gives the cost, with no distance pass before it.
func (m *Model) extractOne(pg *Page, opt Options, ex *Extraction) (*Extraction, error) {
	costs := []Costs{Match{}}
	if opt.Soft {
		costs = append(costs, Soft{})
	}
	for _, c := range costs {
		if cost, ps := MatchTreeWith(m.Patterns[0].Tree, pg.Tree, c); cost < Inf {
			_, ex.Soft = c.(Soft)
			return m.label(pg, opt, 0, cost, ps, ex)
		}
	}
	return ex, ErrNoMatch
}

// label fills ex from the match of pattern best (its cost and passages) and labels the
// passages (section 4.4).
func (m *Model) label(pg *Page, opt Options, best int, cost float64, ps []Passage, ex *Extraction) (*Extraction, error) {
	ex.Cluster = m.Patterns[best].Cluster
	ex.Cost = cost
	st := statsOf(pg.Tree)
	fillText(pg.Tree, ps, st)
	ex.Passages = ps
	for i := range ps {
		if opt.Label.SkipComments {
			ps[i].Comments = ps[i].Comments || st.commentList(ps[i].Roots)
		}
		for _, r := range ps[i].Roots {
			ps[i].LinkWords += int(st.linked[r])
		}
	}
	docTitle := DocTitle(pg.Tree)
	if opt.Label.DocTitle && fixedTitle(m.Patterns[best].Tree) {
		docTitle = "" // the site's <title>, the same on every page of the cluster
	}
	ex.Title, ex.Body, ex.TitleText = Label(ps, docTitle, opt.Label)
	if ex.Body < 0 {
		return ex, ErrNoBody
	}
	ex.BodyRoots = ps[ex.Body].Roots
	if opt.ContinueWords > 0 {
		ex.BodyRoots = append(ex.BodyRoots[:len(ex.BodyRoots):len(ex.BodyRoots)], continuation(pg.Tree, ps, ex.Body, opt.ContinueWords)...)
	}
	if opt.Label.SkipComments {
		ex.BodyRoots, _ = st.trimComments(ex.BodyRoots, opt.Label.BodyMinWords)
	}
	if opt.LeadWords > 0 && ex.Title >= 0 && ex.Title < ex.Body {
		// The short passages (a subheading, a table, a list) between two lead passages of
		// text join too when they lie in the body's container: the pattern of an article
		// of many kinds of blocks cuts it into many passages. (Not those after the last
		// lead passage: there a byline, photo credits and view counts wait.)
		var lead, pending []int32
		container := int32(-1)
		if len(ex.BodyRoots) > 0 {
			container = pg.Tree.Nodes[liftBlock(pg.Tree, ex.BodyRoots[0])].Parent
		}
		gap := false
		for k := ex.Title + 1; k < ex.Body; k++ {
			p := &ps[k]
			if p.InHead {
				continue
			}
			if p.Words >= opt.LeadWords {
				links := opt.Label.MaxLinkShare > 0 && float64(p.LinkWords) >= opt.Label.MaxLinkShare*float64(p.Words)
				if !links {
					lead = append(lead, pending...)
				}
				lead = append(lead, p.Roots...)
				pending, gap = pending[:0], !links
			} else if gap && inside(pg.Tree, p.Roots, container) {
				pending = append(pending, p.Roots...)
			}
		}
		if len(lead) > 0 {
			ex.BodyRoots = append(lead, ex.BodyRoots...)
		}
	}
	if opt.LinkDensity > 0 {
		ex.BodyRoots = st.pruneLinks(ex.BodyRoots, opt.LinkDensity, opt.LinkMinWords)
	}
	if opt.TeaserRun >= 2 {
		ex.BodyRoots = st.pruneTeasers(ex.BodyRoots, opt.TeaserRun, opt.TeaserWords)
	}
	if opt.RegionGap >= 0 {
		ex.BodyRoots = BodyRegion(pg.Tree, ps, ex.Body, ex.Title, opt.RegionGap, opt.RegionMinWords)
	}
	return ex, nil
}

// jsonNode is a pattern node on disk: pre-order, with the subtree size.
type jsonNode struct {
	Tag  string `json:"tag,omitempty"`
	Text string `json:"text,omitempty"`
	Wild string `json:"wild,omitempty"`
	Size int32  `json:"n"`
}

// MarshalJSON writes the tree as its pre-order list of nodes.
func (t *Tree) MarshalJSON() ([]byte, error) {
	ns := make([]jsonNode, len(t.Nodes))
	for i := range t.Nodes {
		n := &t.Nodes[i]
		ns[i] = jsonNode{Tag: n.Tag, Text: n.Text, Wild: n.Kind.String(), Size: n.Size}
		if n.Kind != Plain {
			ns[i].Tag = ""
		}
	}
	return json.Marshal(ns)
}

// UnmarshalJSON reads what MarshalJSON wrote, checking the sizes.
func (t *Tree) UnmarshalJSON(data []byte) error {
	var ns []jsonNode
	if err := json.Unmarshal(data, &ns); err != nil {
		return err
	}
	if len(ns) == 0 || int(ns[0].Size) != len(ns) {
		return fmt.Errorf("rtdm: pattern tree: bad root size")
	}
	var b Builder
	var ends []int // end index of each open node
	for i, n := range ns {
		for len(ends) > 0 && ends[len(ends)-1] == i {
			ends = ends[:len(ends)-1]
			b.Close()
		}
		if n.Size < 1 || (len(ends) > 0 && i+int(n.Size) > ends[len(ends)-1]) {
			return fmt.Errorf("rtdm: pattern tree: bad size at node %d", i)
		}
		switch {
		case n.Wild != "":
			k, ok := KindOf(n.Wild)
			if !ok || n.Size != 1 {
				return fmt.Errorf("rtdm: pattern tree: bad wildcard %q at node %d", n.Wild, i)
			}
			b.Wildcard(k)
		case n.Tag == TextTag:
			if n.Size != 1 {
				return fmt.Errorf("rtdm: pattern tree: text with children at node %d", i)
			}
			b.Text(n.Text, -1)
		default:
			b.Open(n.Tag, -1)
			ends = append(ends, i+int(n.Size))
		}
	}
	for range ends {
		b.Close()
	}
	nt, err := b.Tree()
	if err != nil {
		return err
	}
	*t = *nt
	return nil
}

// fixedTitle reports whether the pattern's <title> element holds no wildcard: every page of
// its cluster had the same <title>, which then names the site, not the article.
func fixedTitle(p *Tree) bool {
	for i := range p.Nodes {
		if p.Nodes[i].Tag == "title" {
			for k := i + 1; k < i+int(p.Nodes[i].Size); k++ {
				if p.Nodes[k].Kind != Plain {
					return false
				}
			}
			return true
		}
	}
	return false
}

// continuation returns the roots of the passages after the body that continue it (see
// Options.ContinueWords): at least minWords words, not comments, every root inside the parent
// of the body's last root, with the shorter passages inside it between them. It stops at the
// first long passage elsewhere. The body's last root counts as its block (a text's or an
// inline element's paragraph: where the pattern fixed the paragraph element, every paragraph
// is a passage of its own), and inside means anywhere below the parent, not only among its
// children (a list's items, a table's rows, a quote's paragraph continue an article whose
// paragraphs are the parent's children).
func continuation(t *Tree, ps []Passage, body, minWords int) []int32 {
	roots := ps[body].Roots
	if len(roots) == 0 {
		return nil
	}
	parent := t.Nodes[liftBlock(t, roots[len(roots)-1])].Parent
	siblings := func(p *Passage) bool { return inside(t, p.Roots, parent) }
	var out, pending []int32
	for k := body + 1; k < len(ps); k++ {
		p := &ps[k]
		if p.Words < minWords {
			if siblings(p) {
				pending = append(pending, p.Roots...)
			}
			continue
		}
		if p.Comments || !siblings(p) {
			break
		}
		out = append(append(out, pending...), p.Roots...)
		pending = pending[:0]
	}
	return out
}

// liftBlock returns the node r, or for a text or an inline element the nearest block holding
// it (blockOf): the paragraph whose text a wildcard inside a fixed <p> consumed.
func liftBlock(t *Tree, r int32) int32 {
	if n := &t.Nodes[r]; n.Tag != TextTag && blockTag(n.Tag) {
		return r
	}
	if b := blockOf(t, r); b >= 0 {
		return b
	}
	return r
}

// below reports whether node r lies in the subtree of node a, a excluded (false when a < 0).
func below(t *Tree, r, a int32) bool { return a >= 0 && r > a && r < a+t.Nodes[a].Size }

// inside reports whether every root lies below node a.
func inside(t *Tree, roots []int32, a int32) bool {
	for _, r := range roots {
		if !below(t, r, a) {
			return false
		}
	}
	return true
}

// Bytes is about how many bytes the model holds in memory: its patterns' nodes and texts,
// for a bound on the models a run keeps.
func (m *Model) Bytes() int {
	n := 64
	for _, p := range m.Patterns {
		n += 64
		if p.Tree != nil {
			for _, x := range p.Tree.Nodes {
				n += int(unsafe.Sizeof(x))*4/3 + len(x.Tag) + len(x.Text) // the slice's spare capacity
			}
		}
	}
	return n
}
