package rtdm

import (
	"runtime"
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
	"golang.org/x/net/html/atom"
)

// Page is a web page as a labelled ordered tree: elements labelled by tag, text nodes with
// their whitespace-normalised text. Comments, whitespace-only text and the raw content of
// script, style, noscript, template, iframe and the like are left out (the elements stay, as
// leaves). Node i of Tree was built from the page node whose byte span is the i-th of the
// page (see [Page.Spans]).
type Page struct {
	HTML string
	Tree *Tree
	// Flattened counts the elements nested deeper than the depth limit of ParsePage, which
	// are leaves of their ancestor at the limit, their content following them as siblings.
	Flattened int
	// spans[s] is the byte span in HTML of the page node that Tree nodes with Src s were
	// built from (an element with its content, or a text).
	spans [][2]int
}

// NewPage parses html into a Page, flattened below dom.DefaultMaxDepth (as browsers do), so
// that the recursion of the distance stays shallow.
func NewPage(html string) *Page { return ParsePage(html, dom.DefaultMaxDepth) }

// ParsePage parses html into a Page whose elements nested deeper than maxDepth are flattened
// as lib/dom's MaxDepth does (0: no limit). The tree is built straight from the events of a
// dom.Scanner, the tree lib/dom.Parse(html, dom.MaxDepth(maxDepth)) would give without
// building it: a page costs its Tree (80 bytes a node) and 16 bytes a node of spans, not a
// dom tree besides.
func ParsePage(html string, maxDepth int) *Page {
	if maxDepth <= 0 {
		maxDepth = int(^uint(0) >> 1)
	}
	pg := &Page{HTML: html}
	var b Builder
	if len(html) >= 16<<20 {
		// As dom.Parse does for such a page: collect first, so that the tree of the
		// previous large page (garbage by now: learn and apply each build the page) is
		// reused instead of added to, the collector allowing twice the last live heap.
		runtime.GC()
	}
	if len(html) > 1<<20 {
		// Room for the nodes up front spares a large page the copies of a growing tree,
		// each into memory fresh from the system (on the hostile 1M-sibling page they
		// took most of the time).
		n := countNodes(html)
		b.Grow(n)
		pg.spans = make([][2]int, 0, n)
	}
	// The document root.
	b.Open("#document", 0)
	pg.spans = append(pg.spans, [2]int{0, len(html)})
	// open[d] is the span index of the open element at depth d (0: the document) and
	// hidden[d] whether its content is left out, for the depths up to maxDepth.
	open := []int32{0}
	hidden := []bool{false}
	skip := 0 // open elements whose content is left out
	sc := dom.NewScanner(html)
	for {
		e, ok := sc.Next()
		if !ok {
			break
		}
		switch e.Kind {
		case dom.StartEvent:
			src := len(pg.spans)
			pg.spans = append(pg.spans, [2]int{e.Start, e.End})
			b.Open(e.Tag, src)
			if e.Depth > maxDepth {
				// Flattened: a leaf, its content follows as siblings.
				b.Close()
				pg.Flattened++
				continue
			}
			h := hiddenContent(e.Atom)
			if h {
				skip++
			}
			open = append(open, int32(src))
			hidden = append(hidden, h)
		case dom.EndEvent:
			if e.Depth > maxDepth {
				continue
			}
			d := len(open) - 1
			pg.spans[open[d]][1] = e.End
			if hidden[d] {
				skip--
			}
			open, hidden = open[:d], hidden[:d]
			b.Close()
		case dom.TextEvent:
			if skip > 0 {
				continue
			}
			t := normalizeSpace(sc.Text(&e))
			if t == "" {
				continue
			}
			b.Text(t, len(pg.spans))
			pg.spans = append(pg.spans, [2]int{e.Start, e.End})
		}
	}
	b.Close()
	t, err := b.Tree()
	if err != nil {
		// The scanner closes every element it opens; keep a valid tree regardless.
		var e Builder
		e.Leaf("#document", -1)
		t, _ = e.Tree()
		pg.spans = pg.spans[:0]
	}
	pg.Tree = t
	return pg
}

// countNodes returns at least the number of nodes ParsePage makes of html: the document, its
// elements and its texts that are not only white space. One pass of the scanner, without
// allocating per node.
func countNodes(html string) int {
	n := 1
	sc := dom.NewScanner(html)
	for {
		e, ok := sc.Next()
		if !ok {
			return n
		}
		switch e.Kind {
		case dom.StartEvent:
			n++
		case dom.TextEvent:
			if strings.TrimLeft(html[e.Start:e.End], " \t\n\r\f") != "" {
				n++
			}
		}
	}
}

// hiddenContent reports elements whose content is not page text.
func hiddenContent(a atom.Atom) bool {
	switch a {
	case atom.Title, atom.Textarea:
		return false
	case atom.Template, atom.Select:
		return true
	}
	return dom.IsRawText(a)
}

// normalizeSpace collapses runs of white space to one space and trims the ends.
func normalizeSpace(s string) string {
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		sp := c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'
		if (sp && (prevSpace || c != ' ')) || (c == 0xC2 && i+1 < len(s) && s[i+1] == 0xA0) {
			clean = false
			break
		}
		prevSpace = sp
	}
	if clean && !prevSpace {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// Spans returns the merged byte spans of the given page tree nodes (with their subtrees), for
// htmltext.RenderSpans.
func (pg *Page) Spans(roots []int32) [][2]int {
	spans := make([][2]int, 0, len(roots))
	for _, r := range roots {
		if s := pg.Tree.Nodes[r].Src; s >= 0 && int(s) < len(pg.spans) {
			spans = append(spans, pg.spans[s])
		}
	}
	return dom.MergeSpans(spans)
}
