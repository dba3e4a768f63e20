// Package sst removes the template of a web site from its pages with a Site Style Tree
// (Yi, Liu, Li: "Eliminating noisy information in Web pages for data mining", KDD 2003).
//
// Learn merges the DOM trees of a site's sample pages, top down, into one style tree: element
// nodes (a tag with its display attributes) whose children are style nodes (the sequences of
// child elements seen on the pages, with how many pages used each). Each element node gets the
// paper's node importance (the entropy of its style distribution) and composite importance
// (blending its own with its descendants', attenuated by γ = 0.9; a leaf's from the entropy of
// its words, image sources and link targets over the pages). An element node whose composite
// importance and whose descendants' are all below the threshold t is noisy. Learn returns a
// compact, versioned Model: the simplified tree (maximal noisy and maximal meaningful nodes
// keep no descendants).
//
// Apply maps a page onto the model (MapSST): a part mapped to a noisy node is dropped, a part
// mapped to a meaningful node is kept, a part the model has never seen is kept ("possibly
// meaningful"). The result is the kept byte spans of the page, for htmltext.RenderSpans.
//
// Three tree shapes are available (Options.Mode):
//
//   - ModeFaithful: the paper's basic algorithm: a style node is the exact sequence of child keys.
//   - ModeCollapse: runs of equal sibling keys (p, p, p) count as one (p+) before style nodes
//     are formed.
//   - ModeMerge (default): the paper's element-node merging taken to its limit: under one parent,
//     the element nodes of all its style nodes that have the same key are merged into one, so a
//     variable number of paragraphs no longer makes every page's subtree new (m = 1). Style
//     nodes are still counted for the node importance.
//
// and the paper's two other enhancements are on by default: virtual leaves (an element whose
// children are only inline elements and text is a leaf, its features taken from its whole
// content) and locally noisy features (a feature whose entropy in its leaf is at least
// Options.LocalNoise is locally noisy; each block of a page mapped to a leaf is scored with the
// paper's leaf formula on its own words and dropped below the threshold, even inside a
// meaningful part). Measured additions, each optional: repeated records, link-only leaves,
// global scoring of the parts of a page the tree saw once or never, smoothing (a dropped
// block between two kept blocks of the same leaf is kept) and repeated blocks (a block whose
// whole text was on several sample pages is dropped). See Options for the
// defaults, and README.md for how they were chosen and what they give.
//
// The display attributes that form an element's key are: the tag, class and id with digits
// removed (so post-1234 and post-99 match), and width, height, bgcolor, align and style.
//
// The package is pure: no I/O. A Model is safe for concurrent use by Apply.
package sst
