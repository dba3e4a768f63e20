package rtdm

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/page"
)

// ModelVersion is the version of the model format of [Model.MarshalJSON]: a model of another
// version is refused.
const ModelVersion = 1

// savedModel is a Model on disk (version 1):
//
//	{"similarity":0.8,"patterns":[{"cluster":0,"pages":12,"tree":[{"tag":"html","n":120},...]}]}
//
// A tree is its pre-order list of nodes: "tag" (an element, or "#text" with "text"), or
// "wild" (".", "+", "?", "*"), and "n", the size of the node's subtree.
type savedModel struct {
	Similarity float64        `json:"similarity"`
	Patterns   []savedPattern `json:"patterns"`
}

type savedPattern struct {
	Cluster int   `json:"cluster"`
	Pages   int   `json:"pages"`
	Tree    *Tree `json:"tree"`
}

// MarshalJSON writes the model in the format of version ModelVersion.
func (m *Model) MarshalJSON() ([]byte, error) {
	s := savedModel{Similarity: m.Similarity, Patterns: []savedPattern{}}
	for _, p := range m.Patterns {
		s.Patterns = append(s.Patterns, savedPattern(p))
	}
	return json.Marshal(s)
}

// UnmarshalJSON reads what MarshalJSON wrote, checking that every pattern has a tree.
func (m *Model) UnmarshalJSON(data []byte) error {
	var s savedModel
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("rtdm model: %w", err)
	}
	*m = Model{Similarity: s.Similarity}
	for _, p := range s.Patterns {
		if p.Tree == nil || p.Tree.Len() == 0 {
			return fmt.Errorf("rtdm model: pattern of cluster %d has no tree", p.Cluster)
		}
		m.Patterns = append(m.Patterns, Pattern(p))
	}
	return nil
}

// softFit is the most a page matched under the Soft costs fits (see Found.Fit): no pattern
// accepted it.
const softFit = 0.5

// Found is what extraction finds in a page, beyond the Extraction.
type Found struct {
	// Kept are the byte spans of the body (Extraction.BodyRoots).
	Kept [][2]int
	// Template is everything outside the passages the wildcards of the matched ne-pattern
	// consumed: the page as the pattern's fixed nodes matched it. Its strength is 1 when the
	// pattern accepted the page (the paper's match, costs (A)-(H)), and the page's Fit when
	// it matched only under the Soft costs. None when no pattern matched.
	Template []page.Evidence
	// Fit is 1 - cost/|page| of the match (the page's tree nodes), clamped to [0, 1]: about 1
	// when a pattern accepts the page (its cost counts only the optional wildcards left
	// empty), and at most softFit (0.5) times that when no pattern did and the page was
	// matched under the Soft costs, whose cost counts the nodes replaced, removed or
	// inserted. 0 when no pattern matched; NaN when the model has no pattern (learned from
	// too few pages).
	Fit float64
}

// Find is Extract with the template evidence and the fit of the page (see Found). The
// Extraction and the error are Extract's.
func (m *Model) Find(pg *Page, opt Options) (Found, *Extraction, error) {
	ex, err := m.Extract(pg, opt)
	var f Found
	switch {
	case len(m.Patterns) == 0:
		f.Fit = math.NaN()
	case ex.Cluster < 0 || math.IsInf(ex.Cost, 1):
		f.Fit = 0
	default:
		f.Fit = max(0, min(1, 1-ex.Cost/float64(max(pg.Tree.Len(), 1))))
		strength := float32(1)
		if ex.Soft {
			f.Fit *= softFit
			strength = float32(max(f.Fit, 1e-3))
		}
		var consumed [][2]int
		for _, p := range ex.Passages {
			consumed = append(consumed, pg.Spans(p.Roots)...)
		}
		at := 0
		for _, s := range dom.MergeSpans(consumed) {
			if s[0] > at {
				f.Template = append(f.Template, page.Evidence{Start: at, End: s[0], Strength: strength})
			}
			at = max(at, s[1])
		}
		if at < len(pg.HTML) {
			f.Template = append(f.Template, page.Evidence{Start: at, End: len(pg.HTML), Strength: strength})
		}
	}
	if err == nil {
		f.Kept = pg.Spans(ex.BodyRoots)
	}
	return f, ex, err
}
