package rtdm

import (
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
	"golang.org/x/net/html/atom"
)

// Page is a web page as a labelled ordered tree: elements labelled by tag, text nodes with
// their whitespace-normalised text. Comments, whitespace-only text and the raw content of
// script, style, noscript, template, iframe and the like are left out (the elements stay, as
// leaves). Node i of Tree was built from Nodes[i].
type Page struct {
	HTML  string
	Tree  *Tree
	Nodes []*dom.Node
}

// maxDepth bounds the nesting kept from a page (deeper elements are flattened by lib/dom), so
// that the recursion of the distance stays shallow.
const maxDepth = 256

// NewPage parses html into a Page.
func NewPage(html string) *Page {
	root := dom.Parse(html, dom.MaxDepth(maxDepth))
	pg := &Page{HTML: html}
	var b Builder
	skip := 0 // depth inside an element whose content is left out
	root.Visit(func(n *dom.Node) bool {
		switch n.Type {
		case dom.Comment:
			return false
		case dom.Text:
			if skip > 0 {
				return false
			}
			t := normalizeSpace(n.Text)
			if t == "" {
				return false
			}
			b.Text(t, len(pg.Nodes))
			pg.Nodes = append(pg.Nodes, n)
			return false
		}
		b.Open(n.Tag, len(pg.Nodes))
		pg.Nodes = append(pg.Nodes, n)
		if hiddenContent(n) {
			skip++
		}
		return true
	}, func(n *dom.Node) {
		if n.Type == dom.Element || n.Type == dom.Document {
			if hiddenContent(n) {
				skip--
			}
			b.Close()
		}
	})
	t, err := b.Tree()
	if err != nil {
		// dom.Parse always yields one document root; keep a valid tree regardless.
		var e Builder
		e.Leaf("#document", -1)
		t, _ = e.Tree()
		pg.Nodes = pg.Nodes[:0]
	}
	pg.Tree = t
	return pg
}

// hiddenContent reports elements whose content is not page text.
func hiddenContent(n *dom.Node) bool {
	if n.Type != dom.Element {
		return false
	}
	switch n.Atom {
	case atom.Title, atom.Textarea:
		return false
	case atom.Template, atom.Select:
		return true
	}
	return dom.IsRawText(n.Atom)
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
	nodes := make([]*dom.Node, 0, len(roots))
	for _, r := range roots {
		if s := pg.Tree.Nodes[r].Src; s >= 0 && int(s) < len(pg.Nodes) {
			nodes = append(nodes, pg.Nodes[s])
		}
	}
	return dom.SpansOf(nodes)
}
