package rtdm

import (
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
// as lib/dom's MaxDepth does (0: no limit): the Page of the tree dom.Parse builds (FromDoc).
func ParsePage(html string, maxDepth int) *Page {
	flattened := 0
	doc := dom.Parse(html, dom.DropSpaceText(), dom.MaxDepth(maxDepth), dom.CountFlattened(&flattened))
	return FromDoc(html, doc, flattened)
}

// FromDoc makes the Page of a page's dom tree (dom.Parse of html, flattened elements counted
// in flattened): its elements, and its texts outside comments and the content of the
// elements that hideContent names, whitespace-normalised, those left empty left out. The
// tree lib/dom builds is the one rtdm reads, so that what is flattened, closed or implied is
// decided in one place; doc is not retained.
func FromDoc(html string, doc *dom.Node, flattened int) *Page {
	pg := &Page{HTML: html, Flattened: flattened}
	var b Builder
	// Room for the nodes up front spares the copies of a growing tree (on a large page each
	// into memory fresh from the system: on the hostile 1M-sibling page they took most of
	// the time), for a walk of the dom tree.
	n := countNodes(doc)
	b.Grow(n)
	pg.spans = make([][2]int, 0, n)
	// The document root.
	b.Open("#document", 0)
	pg.spans = append(pg.spans, [2]int{0, len(html)})
	// A walk without recursion (with --max-depth 0 a page may nest a million deep): each
	// frame is an open element, the next child to visit, and whether its text is hidden.
	type frame struct {
		n      *dom.Node
		next   int
		hidden bool
	}
	stack := []frame{{n: doc}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		if f.next == len(f.n.Children) {
			stack = stack[:len(stack)-1]
			b.Close()
			continue
		}
		c := f.n.Children[f.next]
		f.next++
		switch c.Type {
		case dom.Element:
			b.Open(c.Tag, len(pg.spans))
			pg.spans = append(pg.spans, [2]int{int(c.Start), int(c.End)})
			stack = append(stack, frame{n: c, hidden: f.hidden || hiddenContent(c.Atom)})
		case dom.Text:
			if f.hidden {
				continue
			}
			if t := normalizeSpace(c.Text); t != "" {
				b.Text(t, len(pg.spans))
				pg.spans = append(pg.spans, [2]int{int(c.Start), int(c.End)})
			}
		}
	}
	t, err := b.Tree()
	if err != nil {
		// Every element opened is closed above; keep a valid tree regardless.
		var e Builder
		e.Leaf("#document", -1)
		t, _ = e.Tree()
		pg.spans = pg.spans[:0]
	}
	pg.Tree = t
	return pg
}

// countNodes returns at least the number of nodes FromDoc makes of doc: its elements and
// texts, the document included.
func countNodes(doc *dom.Node) int {
	n := 0
	stack := []*dom.Node{doc}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n++
		stack = append(stack, x.Children...)
	}
	return n
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
