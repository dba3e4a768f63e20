package sst

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/dom"
)

// Mode is how child element nodes are grouped into style nodes.
type Mode uint8

const (
	// ModeMerge merges, under one parent, all child element nodes with the same key (the
	// paper's element-node merging with key equality as the similarity); style nodes are the
	// run-collapsed child key sequences and count only for the node importance. The default.
	ModeMerge Mode = iota
	// ModeFaithful is the paper's basic algorithm: a style node is the exact child key sequence.
	ModeFaithful
	// ModeCollapse is ModeFaithful after collapsing runs of equal sibling keys into one.
	ModeCollapse
)

var modeNames = [...]string{ModeMerge: "merge", ModeFaithful: "faithful", ModeCollapse: "collapse"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", m)
}

// ParseMode returns the Mode named s ("merge", "faithful", "collapse").
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if n == s {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("sst: unknown mode %q (want merge, faithful or collapse)", s)
}

// Options are the parameters of learning. The zero value is not the default: start from
// DefaultOptions.
type Options struct {
	Mode Mode
	// Threshold is t: an element node whose composite importance and whose descendants' are
	// all below t is noisy; with LocalNoise, a page block whose share of features that are not
	// locally noisy is below t is dropped.
	Threshold float64
	// Gamma is the attenuating factor γ of the composite importance (the paper's 0.9).
	Gamma float64
	// VirtualLeaves makes an element whose subtree holds only inline elements and text a leaf
	// (the paper's virtual leaf tag nodes); otherwise only text and childless elements are.
	VirtualLeaves bool
	// LocalNoise is the entropy at or above which a feature of a leaf is locally noisy;
	// 0 turns locally noisy features off (leaves are then judged by their importance only).
	LocalNoise float64
	// Similarity is the least Dice coefficient of the attribute tokens (class names, id,
	// other display attributes) at which, in ModeMerge, a child element joins an existing
	// merged child of the same tag instead of starting its own: the paper's element-node
	// merging, judged on the display attributes. 1 merges only equal token sets.
	Similarity float64
	// Rare drops what the sample says nothing about: an element node seen on only one page
	// of a sample of at least 3 is noisy (instead of the paper's importance 1), and a part of
	// a page whose style is not in the model is dropped (instead of kept as possibly
	// meaningful). On the evaluation pages such parts are mostly widgets, promotions and
	// galleries that differ from page to page.
	Rare bool
	// Records, when at least 2, drops repeated records: an element that is not a leaf and has
	// at least Records siblings (itself included) with its key, in ModeMerge, is dropped
	// with all it holds (comment threads, teaser lists). 0 turns it off.
	Records int
	// LinkDensity, when above 0, drops a leaf (not a heading) at least this share of whose
	// text is link text: lists of links to other pages that change from page to page.
	LinkDensity float64
	// Graded scores a page's leaf by the paper's leaf formula, 1 - mean entropy of its words
	// in the model's leaf (locally noisy ones counting 1), instead of by the share of its
	// words that are not locally noisy.
	Graded bool
	// Global judges the parts of a page that the tree has seen on one page only, or never,
	// leaf by leaf against the entropy of their features over all the sample pages whatever
	// their place, instead of keeping them whole (the paper's importance 1 for m = 1 and
	// "possibly meaningful" for what does not map).
	Global bool
	// Smooth keeps a block dropped by its words when the blocks on both sides of it are kept
	// and map to the same leaf (ModeMerge).
	Smooth bool
	// Repeats drops a block of at least 4 words whose whole text (numbers aside) was found in
	// the same leaf on at least two sample pages: an author's biography, a promotion.
	Repeats bool
	// Pairs adds to a leaf's features (the paper's words, image sources and link targets)
	// the pairs of neighbouring words. A word says whether the site uses it everywhere, a
	// pair whether the text is said everywhere: the articles of a site whose words are all
	// common (one topic, a narrow vocabulary) are no longer noise by their words.
	Pairs bool
	// MaxDepth flattens, in pages parsed from HTML (AddHTML, ApplyHTML, View), the elements
	// nested deeper than this (dom.MaxDepth: their content follows them, nothing is dropped);
	// 0: no limit. Both option sets use dom.DefaultMaxDepth, as browsers do.
	MaxDepth int
}

// DefaultOptions returns the defaults chosen on the evaluation pages (README.md has the
// measurements): ModeMerge with attribute similarity 0.5, t = 0.25, γ = 0.9, virtual leaves,
// graded leaf scoring with features locally noisy at H >= 0.9, records of 3, link density 0.7,
// global scoring, smoothing, repeated blocks and word pairs.
func DefaultOptions() Options {
	return Options{Mode: ModeMerge, Threshold: 0.25, Gamma: 0.9, VirtualLeaves: true, LocalNoise: 0.9,
		Similarity: 0.5, Records: 3, LinkDensity: 0.7, Graded: true, Global: true, Smooth: true, Repeats: true,
		Pairs: true, MaxDepth: dom.DefaultMaxDepth}
}

// FaithfulOptions returns the paper's basic algorithm (with virtual leaves, which the paper
// also uses): exact style nodes, no locally noisy features.
func FaithfulOptions() Options {
	return Options{Mode: ModeFaithful, Threshold: 0.3, Gamma: 0.9, VirtualLeaves: true, Similarity: 1, MaxDepth: dom.DefaultMaxDepth}
}

func (o Options) validate() error {
	if o.MaxDepth < 0 {
		return fmt.Errorf("sst: negative maximum depth %d", o.MaxDepth)
	}
	if o.Mode > ModeCollapse {
		return fmt.Errorf("sst: unknown mode %d", o.Mode)
	}
	if o.Threshold < 0 || o.Threshold > 1 {
		return fmt.Errorf("sst: threshold %v outside [0, 1]", o.Threshold)
	}
	if o.Gamma <= 0 || o.Gamma >= 1 {
		return fmt.Errorf("sst: gamma %v outside (0, 1)", o.Gamma)
	}
	if o.LocalNoise < 0 || o.LocalNoise > 1 {
		return fmt.Errorf("sst: local noise entropy %v outside [0, 1]", o.LocalNoise)
	}
	if o.Similarity < 0 || o.Similarity > 1 {
		return fmt.Errorf("sst: similarity %v outside [0, 1]", o.Similarity)
	}
	return nil
}
