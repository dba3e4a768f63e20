// Package markdown writes the blocks the content model keeps (lib/content) as Markdown, for
// readers that take structure with the text (retrieval pipelines, language models, people):
// headings as #, list items as - or 1. (nested lists indented), quotations as >, preformatted
// text in a fenced block with its lines as the page has them, table rows as | cells |, and every
// other block as a paragraph. The words are the plain text's (content.Page.Render), block for
// block: what is kept does not change, only how it is written. Inline markup (links, emphasis)
// is not written, and the text is not escaped: a line of the page that begins with # stays as it
// is.
package markdown

import (
	"html"
	"strconv"
	"strings"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/dom"
)

// Render writes the kept blocks of p (kept[i] for p.Blocks[i]) as Markdown.
func Render(p *content.Page, kept []bool) string {
	w := writer{p: p, fenced: map[*dom.Node]bool{}}
	for i, k := range kept {
		if k {
			w.block(i)
		}
	}
	if w.last == tableRow {
		w.b.WriteString(" |")
	}
	return w.b.String()
}

// writer is Render's state: the output so far, the kind of its last line (lines of a list or a
// table follow one another; other blocks are set apart by a blank line), the row and table of
// the last table cell written, and the preformatted elements already fenced.
type writer struct {
	p      *content.Page
	b      strings.Builder
	last   lineKind
	row    *dom.Node // the tr of the row being written
	table  *dom.Node // its table
	list   *dom.Node // the outermost list of the list item written last
	rows   int       // rows of the table written so far
	cells  int       // cells of the row written so far
	fenced map[*dom.Node]bool
}

type lineKind uint8

const (
	none lineKind = iota
	paragraph
	listItem
	tableRow
)

// block writes block i.
func (w *writer) block(i int) {
	blk := &w.p.Blocks[i]
	owner := w.p.Elements[blk.Owner].Node
	switch {
	case blk.Heading > 0:
		w.start(paragraph)
		w.b.WriteString(strings.Repeat("#", int(blk.Heading)))
		w.b.WriteByte(' ')
		w.b.WriteString(blk.Text)
	case blk.Flags&content.InPre != 0:
		pre := ancestor(owner, "pre")
		if pre == nil {
			w.start(paragraph)
			w.b.WriteString(blk.Text)
			break
		}
		if w.fenced[pre] {
			return // the element's whole text went into the fence of its first block
		}
		w.fenced[pre] = true
		w.start(paragraph)
		code := strings.Trim(preText(w.p.Src, pre), "\n")
		fence := "```"
		for strings.Contains(code, fence) {
			fence += "`"
		}
		w.b.WriteString(fence + "\n" + code + "\n" + fence)
	case blk.Flags&content.InTableCell != 0 && ancestor(owner, "tr") != nil:
		w.cell(blk.Text, ancestor(owner, "tr"))
		return
	case blk.Flags&content.InListItem != 0 && ancestor(owner, "li") != nil:
		li := ancestor(owner, "li")
		depth, ordered, n := listPlace(li)
		if top := outerList(li); w.last != listItem || top != w.list {
			w.start(listItem) // another list: set apart, as Markdown needs
			w.list = top
		} else {
			w.b.WriteByte('\n')
		}
		w.b.WriteString(strings.Repeat("  ", depth))
		if ordered {
			w.b.WriteString(strconv.Itoa(n) + ". ")
		} else {
			w.b.WriteString("- ")
		}
		w.b.WriteString(quoted(blk))
		w.last = listItem
		return
	default:
		w.start(paragraph)
		w.b.WriteString(quoted(blk))
	}
	w.last = paragraph
}

// start begins a line of the given kind: after a blank line unless it continues a list or a
// table, or it is the first.
func (w *writer) start(k lineKind) {
	if w.last == tableRow {
		w.b.WriteString(" |")
		w.row, w.table = nil, nil
	}
	if w.b.Len() > 0 {
		w.b.WriteString("\n\n")
	}
	w.last = k
}

// cell writes a table cell: on the line of its row, or on a new line for a new row (the
// first row of a table followed by Markdown's header rule).
func (w *writer) cell(text string, tr *dom.Node) {
	table := ancestor(tr, "table")
	switch {
	case w.last == tableRow && tr == w.row:
		w.b.WriteString(" | ")
	case w.last == tableRow && table == w.table:
		w.b.WriteString(" |\n")
		if w.rows == 1 {
			w.b.WriteString(strings.Repeat("| --- ", w.cells) + "|\n")
		}
		w.b.WriteString("| ")
		w.rows++
		w.cells = 0
	default:
		w.start(tableRow)
		w.b.WriteString("| ")
		w.rows, w.cells = 1, 0
	}
	w.b.WriteString(strings.ReplaceAll(text, "|", `\|`))
	w.row, w.table = tr, table
	w.cells++
	w.last = tableRow
}

// quoted is the block's text, after "> " when it is inside a quotation.
func quoted(blk *content.Block) string {
	if blk.Flags&content.InQuote != 0 {
		return "> " + blk.Text
	}
	return blk.Text
}

// ancestor returns n or its nearest ancestor with the tag, nil if none.
func ancestor(n *dom.Node, tag string) *dom.Node {
	for ; n != nil; n = n.Parent {
		if n.Type == dom.ElementNode && n.Tag == tag {
			return n
		}
	}
	return nil
}

// listPlace returns how many lists enclose the list of li (0 for an outer one), whether that list
// is ordered, and li's number in it (counting its li siblings from 1).
func listPlace(li *dom.Node) (depth int, ordered bool, n int) {
	list := li.Parent
	if list != nil {
		ordered = list.Tag == "ol"
		for _, c := range list.Children {
			if c.Type == dom.ElementNode && c.Tag == "li" {
				n++
			}
			if c == li {
				break
			}
		}
		for a := list.Parent; a != nil; a = a.Parent {
			if a.Type == dom.ElementNode && (a.Tag == "ul" || a.Tag == "ol") {
				depth++
			}
		}
	}
	return depth, ordered, max(n, 1)
}

// outerList returns the outermost ul or ol around li.
func outerList(li *dom.Node) *dom.Node {
	var top *dom.Node
	for a := li.Parent; a != nil; a = a.Parent {
		if a.Type == dom.ElementNode && (a.Tag == "ul" || a.Tag == "ol") {
			top = a
		}
	}
	return top
}

// preText is the text of the element n as the page's source has it: the tags between its
// start and end removed (a br as a line break), character references decoded, and every space
// and line break kept (the tree, and so the blocks, leave out text that is only white space).
func preText(src string, n *dom.Node) string {
	s := src[n.Start:n.End]
	var b strings.Builder
	for s != "" {
		i := strings.IndexByte(s, '<')
		if i < 0 || i+1 == len(s) {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		s = s[i:]
		if c := s[1]; c != '/' && c != '!' && !('a' <= c|0x20 && c|0x20 <= 'z') {
			b.WriteByte('<') // not a tag: a "<" the page left unescaped
			s = s[1:]
			continue
		}
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				break
			}
			s = s[end+3:]
			continue
		}
		end := strings.IndexByte(s, '>')
		if end < 0 {
			break // a tag cut off at the end of the element
		}
		if name := strings.ToLower(strings.TrimRight(strings.Fields(s[1:end] + " ")[0], "/")); name == "br" {
			b.WriteByte('\n')
		}
		s = s[end+1:]
	}
	return html.UnescapeString(b.String())
}
