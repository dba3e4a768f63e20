package rtdm

import (
	"sort"

	"github.com/chaffkit/chaff/lib/dom"
	"golang.org/x/net/html/atom"
)

// Passage is what one wildcard of an ne-pattern consumed in a page (section 4.3): the roots
// of the consumed subtrees, in document order.
type Passage struct {
	Pos    int     // the wildcard's position in the pattern's pre-order (p_i of the paper)
	Kind   Kind    // the wildcard's type
	Roots  []int32 // consumed page tree nodes (each with its whole subtree)
	Text   string  // the consumed text, whitespace-normalised, pieces joined by spaces
	Words  int     // the number of words (\w+ tokens) in Text
	InHead bool    // the passage lies inside <head>
	// Pieces are the passage's text by block: consecutive text nodes under the same nearest
	// non-inline element (a heading, a paragraph, a cell) and not split by <br> or <hr> join
	// into one piece.
	Pieces []string
	// Comments reports a passage that reads as reader comments: CommentLike text, or (set by
	// Model.Extract) roots that form a list of comments. Such a passage is no body.
	Comments bool
	// LinkWords are the words of Text inside <a> elements (set by Model.Extract).
	LinkWords int
}

// MatchTree matches the ne-pattern p against the page tree t with the (A)-(H) cost model and
// returns the cost (Inf when p does not accept t) and, when it does, the passages consumed by
// each wildcard, in the pattern's pre-order (Text and Words are left empty; see [FillText]).
// A + or * wildcard consumes the subtree it maps to and the unmapped siblings inserted after it.
func MatchTree(p, t *Tree) (float64, []Passage) {
	return MatchTreeWith(p, t, Match{})
}

// MatchTreeWith is [MatchTree] under another matching cost model (such as [Soft]).
func MatchTreeWith(p, t *Tree, c Costs) (float64, []Passage) {
	return matchTree(p, t, c, Inf)
}

// matchTree is MatchTreeWith with the cut-off eps: the match is the same when p's cost on t
// is at most eps (Map's cells of cost at most eps are exact, and its trace back passes only
// through them), and the pass is faster the lower eps is. Model.Extract passes the cost its
// distance pass found.
func matchTree(p, t *Tree, c Costs, eps float64) (float64, []Passage) {
	d, m := Map(p, t, c, eps)
	if d > eps || d == Inf {
		return Inf, nil
	}
	mapped := make([]bool, t.Len())
	for _, pr := range m {
		mapped[pr.B] = true
	}
	var ps []Passage
	for _, pr := range m {
		k := p.Nodes[pr.A].Kind
		if k == Plain {
			continue
		}
		roots := []int32{pr.B}
		if par := t.Nodes[pr.B].Parent; k.Many() && par >= 0 {
			end := par + t.Nodes[par].Size
			for c := pr.B + t.Nodes[pr.B].Size; c < end && !mapped[c]; c += t.Nodes[c].Size {
				roots = append(roots, c)
			}
		}
		ps = append(ps, Passage{Pos: int(pr.A), Kind: k, Roots: roots})
	}
	if _, soft := c.(Soft); soft {
		ps = insertedPassages(p, t, m, mapped, ps)
	}
	return d, ps
}

// insertedPassages adds to a soft match the page content the pattern does not have: each run
// of unmapped sibling subtrees under a node mapped to a plain pattern node, outside every
// wildcard's passage, becomes a + passage at the parent's pattern position (content a page far
// from every pattern holds where the pattern has none is page-specific: not template). The
// passages are returned in pattern order, then page order.
func insertedPassages(p, t *Tree, m []Pair, mapped []bool, ps []Passage) []Passage {
	covered := make([]bool, t.Len())
	for _, q := range ps {
		for _, r := range q.Roots {
			for i := r; i < r+t.Nodes[r].Size; i++ {
				covered[i] = true
			}
		}
	}
	patternOf := make(map[int32]int32, len(m))
	for _, pr := range m {
		if p.Nodes[pr.A].Kind == Plain {
			patternOf[pr.B] = pr.A
		}
	}
	for i := int32(0); i < int32(t.Len()); i++ {
		par := t.Nodes[i].Parent
		if par < 0 || mapped[i] || covered[i] {
			continue
		}
		pos, ok := patternOf[par]
		if !ok {
			continue
		}
		roots := []int32{i}
		end := par + t.Nodes[par].Size
		next := i + t.Nodes[i].Size
		for next < end && !mapped[next] && !covered[next] {
			roots = append(roots, next)
			next += t.Nodes[next].Size
		}
		ps = append(ps, Passage{Pos: int(pos), Kind: Plus, Roots: roots})
		i = next - 1 // past the run's subtrees
	}
	sort.SliceStable(ps, func(a, b int) bool {
		if ps[a].Pos != ps[b].Pos {
			return ps[a].Pos < ps[b].Pos
		}
		return ps[a].Roots[0] < ps[b].Roots[0]
	})
	return ps
}

// FillText sets the Text and Words of each passage from the text nodes of t below its roots.
func FillText(t *Tree, ps []Passage) { fillText(t, ps, nil) }

// fillText is FillText; with the page's stats, a passage's words are added up from its text
// nodes' counts. Its text joins them with spaces, which end words, so its spaced words are
// theirs summed, and its unspaced characters too (counted two to a word after the sum).
func fillText(t *Tree, ps []Passage, st *nodeStats) {
	var buf []byte
	for x := range ps {
		buf = buf[:0]
		spaced, unspaced := 0, 0
		ps[x].Pieces = ps[x].Pieces[:0]
		var piece []byte
		lastBlock := int32(-2)
		for _, r := range ps[x].Roots {
			end := int(r + t.Nodes[r].Size)
			for i := int(r); i < end; i++ {
				if n := &t.Nodes[i]; n.Tag == "br" || n.Tag == "hr" {
					lastBlock = -3 // a line break ends a piece
				}
				if n := &t.Nodes[i]; n.Kind == Plain && n.Tag == TextTag && n.Text != "" {
					if st != nil {
						u := int(st.unspaced[i])
						spaced += int(st.words[i]) - (u+1)/2
						unspaced += u
					}
					if len(buf) > 0 {
						buf = append(buf, ' ')
					}
					buf = append(buf, n.Text...)
					blk := blockOf(t, int32(i))
					if blk != lastBlock && len(piece) > 0 {
						ps[x].Pieces = append(ps[x].Pieces, string(piece))
						piece = piece[:0]
					}
					lastBlock = blk
					if len(piece) > 0 {
						piece = append(piece, ' ')
					}
					piece = append(piece, n.Text...)
				}
			}
		}
		if len(piece) > 0 {
			ps[x].Pieces = append(ps[x].Pieces, string(piece))
		}
		ps[x].Text = string(buf)
		for a := t.Nodes[ps[x].Roots[0]].Parent; a >= 0; a = t.Nodes[a].Parent {
			if t.Nodes[a].Tag == "head" {
				ps[x].InHead = true
				break
			}
		}
		if st != nil {
			ps[x].Words = spaced + (unspaced+1)/2
		} else {
			ps[x].Words = countWords(ps[x].Text)
		}
		ps[x].Comments = CommentLike(ps[x].Text, ps[x].Words)
	}
}

// DocTitle returns the text of the page's first <title> element, or "".
func DocTitle(t *Tree) string {
	for i := range t.Nodes {
		if t.Nodes[i].Tag == "title" && t.Nodes[i].Kind == Plain {
			var b []byte
			end := i + int(t.Nodes[i].Size)
			for c := i + 1; c < end; c++ {
				if t.Nodes[c].Tag == TextTag {
					b = append(b, t.Nodes[c].Text...)
				}
			}
			return string(b)
		}
	}
	return ""
}

// blockTag reports whether the element tag ends a piece of text: lib/htmltext renders it as a
// line break (dom.IsBlock), the one list of such elements.
func blockTag(tag string) bool { return dom.IsBlock(atom.Lookup([]byte(tag))) }

// blockOf returns the nearest ancestor of node i that ends a piece of text: an element
// lib/htmltext renders as a line break (dom.IsBlock).
func blockOf(t *Tree, i int32) int32 {
	for a := t.Nodes[i].Parent; a >= 0; a = t.Nodes[a].Parent {
		if blockTag(t.Nodes[a].Tag) {
			return a
		}
	}
	return -1
}
