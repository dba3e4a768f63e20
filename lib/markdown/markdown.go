// Package markdown writes the blocks the content model keeps (lib/content) as Markdown, for
// readers that take structure with the text (retrieval pipelines, language models, people):
// headings as #, list items as - or 1. (a nested item indented to its parent's text; an
// item's further blocks, its heading and its code inside the item, on its next lines, its
// paragraphs and quotations after a blank line), quotations as > (the paragraphs, headings
// and lists of one quotation in one; a list it holds quoted line by line; a blockquote that
// lays out each post of a thread is no quotation: layoutQuotes), preformatted
// text in a fenced block with its lines as the page has them and its language where the
// page names it (codeLanguage), the rows of a table that holds data as | cells |, and every
// other block as a paragraph;
// inline code (a name, a command or a key in running text) goes between backticks, bold
// between ** and italics between * (content.Page.InlineSpans; not in headings, which are
// bold by nature, nor where Markdown would not read the marks as emphasis). The words are
// the plain text's (content.Page.Render), block for block: what is kept does not change, only
// how it is written. Links are written as [text](address) when the page was segmented with
// them (content.WithLinks: chaff's --links), and the images between two kept blocks as
// ![alt](address) when it was segmented with them (content.WithImages: --images). The page's
// own characters that Markdown would read as markup are backslash-escaped where it would,
// and only there (escape.go).
package markdown

import (
	"bytes"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"golang.org/x/net/html/atom"
)

// Render writes the kept blocks of p (kept[i] for p.Blocks[i]) as Markdown.
func Render(p *content.Page, kept []bool) string {
	w := writer{p: p, kept: kept, fenced: map[*dom.Node]bool{}, cols: map[*dom.Node]int{}, shown: map[string]bool{},
		layout: layoutQuotes(p)}
	for i, k := range kept {
		if k {
			if i > 0 && kept[i-1] {
				w.images(i)
			}
			w.block(i)
		}
	}
	if w.last == tableRow {
		w.b.WriteString(" |")
	}
	w.endQuotedList()
	return w.b.String()
}

// writer is Render's state: the output so far, the kind of its last line (lines of a list or a
// table follow one another; other blocks are set apart by a blank line), the row and table of
// the last table cell written, and the preformatted elements already fenced.
type writer struct {
	p      *content.Page
	kept   []bool
	b      bytes.Buffer
	last   lineKind
	row    *dom.Node         // the tr of the row being written
	table  *dom.Node         // its table
	td     *dom.Node         // the cell written last
	cols   map[*dom.Node]int // the columns of each table seen, 0 when it lays out the page (content.DataTable)
	grid   map[*dom.Node]int // the column of each cell of the data tables seen (tableGrid)
	list   *dom.Node         // the outermost list of the list item written last
	li     *dom.Node         // that list item
	items  []openItem        // the items of that list it is nested in, outermost first, and it
	inItem []string          // images for the start of the next list item's block (images)
	// itemNewLine says the list item written last ended with a heading or a code block,
	// after which its next block goes on a line of its own; itemPara that it ended with a
	// paragraph (paragraphLike) or a nested list, after which it goes after a blank line.
	itemNewLine bool
	itemPara    bool
	rows        int // rows of the table written so far
	cells       int // cells of the row written so far
	fenced      map[*dom.Node]bool
	quote       *dom.Node       // the quotation of the paragraph written last, if any (startQuoted)
	shown       map[string]bool // the addresses of the images written
	// listQuote is the quotation that holds the list being written (a quoted post's list),
	// whose lines from listFrom on get its "> " when the list ends (endQuotedList);
	// joinQuote says the paragraph or list written before it was in the same quotation.
	listQuote *dom.Node
	listFrom  int
	joinQuote bool
	// layout are the blockquotes that lay out a page's repeated items (layoutQuotes): not
	// quotations, and not written as such.
	layout map[*dom.Node]bool
}

// openItem is a list item written: how many lists enclose its list on the page, and the
// column its text begins at, where an item nested in it is indented to.
type openItem struct {
	li          *dom.Node
	depth, text int
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
	tr, table, li := w.place(i)
	switch {
	case blk.Heading > 0 && li == nil && tr == nil:
		if w.p.HeadingGoesOn(i, w.kept) && w.last == paragraph {
			w.b.WriteString(" " + escapeHeadingEnd(w.inline(i, true))) // one heading's next line
			break
		}
		w.startQuoted(w.quotation(blk.Flags, owner)) // a quoted post's title is quoted too
		w.b.WriteString(atxHeading(blk, w.inline(i, true)))
	case blk.Flags&content.InPre != 0:
		pre := w.p.PreOf(i)
		if pre == nil {
			w.start(paragraph)
			for k, line := range strings.Split(w.inline(i, false), "\n") {
				if k > 0 {
					w.b.WriteByte('\n')
				}
				w.b.WriteString(escapeLineStart(line))
			}
			break
		}
		if w.fenced[pre] {
			return // the element's kept text went into the fence of its first kept block
		}
		w.fenced[pre] = true
		code, _ := w.p.PreText(i, w.kept)
		fence := "```"
		for strings.Contains(code, fence) {
			fence += "`"
		}
		if item := ancestor(pre, "li"); item != nil && w.last == listItem && item == w.li {
			// Code in the list item being written (a step of a tutorial): fenced inside the
			// item, indented to its text, so that the list goes on after it.
			indent := w.itemIndent()
			w.b.WriteString("\n" + indent + fence + codeLanguage(pre) + "\n")
			for _, line := range strings.Split(code, "\n") {
				if line != "" {
					w.b.WriteString(indent + line)
				}
				w.b.WriteByte('\n')
			}
			w.b.WriteString(indent + fence)
			w.itemNewLine, w.itemPara = true, false
			return
		}
		w.start(paragraph)
		w.b.WriteString(fence + codeLanguage(pre) + "\n" + code + "\n" + fence)
	case tr != nil:
		w.cell(w.inline(i, false), tr, table, cellOf(owner))
		return
	case li != nil:
		if w.last == listItem && w.reopen(li) {
			// Another block of an item written: on the item's next line, indented to its
			// text (a card's price under its name; what follows the item's heading or
			// code), or as a paragraph of the item after a blank line when it or the item's
			// block before it is a paragraph or a quotation (a forum post's), or when a list
			// nested in the item came between: Markdown would read a line of its own as
			// their next line.
			sep := "\n"
			switch {
			case w.itemNewLine:
			case w.quote != nil && w.quote == w.quotation(blk.Flags, owner) && w.quotedInItem(i):
				sep = "\n" + w.itemIndent() + ">\n" // the quotation's next paragraph
			case w.itemPara || w.paragraphLike(i):
				sep = "\n\n"
			}
			w.b.WriteString(sep + w.itemIndent())
			w.itemText(i)
			return
		}
		depth, ordered, n, top := listPlace(li)
		if w.last != listItem || top != w.list {
			q, last, listQuote := w.quote, w.last, w.listQuote
			w.start(listItem) // another list: set apart, as Markdown needs
			w.list = top
			w.items = w.items[:0]
			if lq := w.quoteAround(top); lq != nil {
				// The quotation's paragraph or list before it and this list are one quotation.
				w.listQuote, w.listFrom = lq, w.b.Len()
				w.joinQuote = lq == q && last == paragraph || lq == listQuote
			}
		} else if ordered && n != 1 && li.Parent != w.li.Parent {
			// A list that begins at another number than 1 cannot follow a line of text in
			// Markdown, which would read it as that text's next line.
			w.b.WriteString("\n\n")
		} else {
			w.b.WriteByte('\n')
		}
		w.li = li
		marker := "- "
		if ordered {
			marker = strconv.Itoa(n) + ". "
		}
		// A nested item is indented to the text of the item written before it at a lesser
		// depth, as Markdown needs; the page's lists whose items were all left out add none.
		for len(w.items) > 0 && w.items[len(w.items)-1].depth >= depth {
			w.items = w.items[:len(w.items)-1]
		}
		indent := 0
		if len(w.items) > 0 {
			indent = w.items[len(w.items)-1].text
		}
		w.items = append(w.items, openItem{li, depth, indent + len(marker)})
		w.b.WriteString(strings.Repeat(" ", indent))
		w.b.WriteString(marker)
		w.itemText(i)
		w.last = listItem
		return
	default:
		// A paragraph's next line that a <br> began: after a space where the <br> broke a
		// sentence (content.LineGoesOn), else after a hard line break, two spaces at the
		// line's end (not a backslash, which GFM takes for part of a bare address before it).
		goesOn := w.last == paragraph && i > 0 && w.kept[i-1]
		if goesOn && w.p.LineGoesOn(i, i-1) {
			w.b.WriteString(" " + w.inline(i, false))
			break
		}
		if goesOn && w.p.BreakInside(i, i-1) {
			w.b.WriteString("  \n")
			if w.quote != nil {
				w.b.WriteString("> ")
			}
		} else {
			w.startQuoted(w.quotation(blk.Flags, owner))
		}
		w.b.WriteString(escapeLineStart(w.inline(i, false)))
	}
	w.last = paragraph
}

// place returns where block i is written: the row and table of its cell when it is in a
// data table, else its list item when it is in one, unless it is preformatted text (written
// as such); nils for a paragraph or a heading outside lists.
func (w *writer) place(i int) (tr, table, li *dom.Node) {
	blk := &w.p.Blocks[i]
	if blk.Flags&content.InPre != 0 {
		return nil, nil, nil
	}
	owner := w.p.Elements[blk.Owner].Node
	if blk.Flags&content.InTableCell != 0 {
		if tr, table = w.dataRow(owner); tr != nil {
			return tr, table, nil
		}
	}
	if blk.Flags&content.InListItem != 0 {
		li = ancestor(owner, "li")
	}
	return nil, nil, li
}

// images writes the images the page shows between block i-1 and block i, both kept (noted
// when the page was segmented content.WithImages), as ![alt](address): each in a paragraph
// of its own (a figure, a photo of the text), or, when it is in the list item that block i
// is written in (a card's picture), at the start of block i on the item's line. An image in
// a cell of a data table, whose row Markdown cannot break, or without an address is left
// out, and so is one whose address was written before: a picture shown again and again is
// an icon, a divider or a placeholder (a share button's logo under each paragraph, a
// toggle's arrow in each row), and a photo shown twice (a carousel's copy) is one photo.
func (w *writer) images(i int) {
	_, _, li := w.place(i)
	for _, m := range w.p.ImagesBefore(i) {
		addr := linkAddress(w.p.ImageAddress(m))
		if addr == "" || w.shown[addr] {
			continue
		}
		if m.Flags&content.InTableCell != 0 {
			if tr, _ := w.dataRow(m.Node); tr != nil {
				continue // a data table's row cannot be parted
			}
		}
		w.shown[addr] = true
		image := "![" + imageAlt(m.Node.Attr("alt")) + "](" + addr + ")"
		if li != nil && ancestor(m.Node, "li") == li {
			w.inItem = append(w.inItem, image)
			continue
		}
		w.startQuoted(w.quotation(m.Flags, m.Node))
		w.b.WriteString(image)
		w.last = paragraph
	}
}

// itemText writes block i, a list item's, where its line or its item's next line begins: a
// heading (the title of a listicle's item) as a heading, on a line of its own after the
// item's images; the item's next block then goes on the next line.
func (w *writer) itemText(i int) {
	blk := &w.p.Blocks[i]
	w.itemNewLine = blk.Heading > 0
	w.itemPara = w.paragraphLike(i)
	w.quote = nil
	if !w.itemNewLine {
		// A quotation that holds the list (documentation indents lists so) is not written:
		// its > would quote each item's text alone.
		if blk.Flags&content.InQuote != 0 && w.quotedInItem(i) {
			w.b.WriteString("> ")
			w.quote = w.quotation(blk.Flags, w.p.Elements[blk.Owner].Node)
		}
		w.writeItemImages()
		w.b.WriteString(escapeLineStart(w.inline(i, false)))
		return
	}
	if len(w.inItem) > 0 { // the item's pictures on its line, the heading on the next
		w.b.WriteString(strings.Join(w.inItem, " ") + "\n" + w.itemIndent())
		w.inItem = w.inItem[:0]
	}
	w.b.WriteString(atxHeading(blk, w.inline(i, true)))
}

// quotedInItem reports whether block i is in a quotation inside the list item written last
// (a forum post's quote of another), not one that holds the list.
func (w *writer) quotedInItem(i int) bool {
	q := w.quoteAround(w.p.Elements[w.p.Blocks[i].Owner].Node)
	return q != nil && ancestor(q, "li") == w.li
}

// paragraphLike reports whether block i, of the list item written last, is a paragraph of
// its own in Markdown: a p element's text, a quotation's inside the item, or a line of a
// post's message that a blockquote lays out (layoutQuotes: its lines are the post's
// paragraphs, as they were when it was written as a quotation).
func (w *writer) paragraphLike(i int) bool {
	blk := &w.p.Blocks[i]
	owner := w.p.Elements[blk.Owner].Node
	if owner.Tag == "p" {
		return true
	}
	if blk.Flags&content.InQuote == 0 {
		return false
	}
	if w.quotedInItem(i) {
		return true
	}
	for q := ancestor(owner, "blockquote"); q != nil; q = ancestor(q.Parent, "blockquote") {
		if w.layout[q] {
			return true
		}
	}
	return false
}

// reopen reports whether li is the list item written last or one it is nested in, and makes
// it the item written last: its next block goes on after the nested list, as a paragraph.
func (w *writer) reopen(li *dom.Node) bool {
	if li == w.li {
		return true
	}
	for k := len(w.items) - 1; k >= 0; k-- {
		if w.items[k].li == li {
			w.items = w.items[:k+1]
			w.li = li
			w.itemPara = true
			return true
		}
	}
	return false
}

// itemIndent is the indentation of the text of the list item written last, where its next
// line (a heading, code, what follows them) begins.
func (w *writer) itemIndent() string {
	return strings.Repeat(" ", w.items[len(w.items)-1].text)
}

// atxHeading is the Markdown of heading blk whose text (inline) is text.
func atxHeading(blk *content.Block, text string) string {
	return strings.Repeat("#", int(blk.Heading)) + " " + escapeHeadingEnd(text)
}

// writeItemImages writes the images that go at the start of the list item's block being
// written (images), each followed by a space.
func (w *writer) writeItemImages() {
	for _, image := range w.inItem {
		w.b.WriteString(image + " ")
	}
	w.inItem = w.inItem[:0]
}

// imageAlt is an image's alt text as a Markdown image's description: on one line, without
// control characters (htmltext.FieldText), its ASCII punctuation that Markdown reads in a
// description escaped.
func imageAlt(alt string) string {
	alt = htmltext.FieldText(alt)
	var b strings.Builder
	for i := 0; i < len(alt); i++ {
		if strings.IndexByte("\\`*_[]<>&!", alt[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(alt[i])
	}
	return b.String()
}

// start begins a block of the given kind after a blank line (unless it is the first), closing
// the table row written last; a list item or table row that goes on a list or table is
// written on the next line by its caller instead.
func (w *writer) start(k lineKind) {
	w.endQuotedList()
	if w.last == tableRow {
		w.b.WriteString(" |")
		w.row, w.table, w.td = nil, nil, nil
	}
	if w.b.Len() > 0 {
		w.b.WriteString("\n\n")
	}
	w.last = k
	w.quote = nil
}

// startQuoted begins a paragraph, a heading or a picture that quotation q holds (nil: none)
// after "> ": in the same quotation as the paragraph written before it when that one is in
// q too (a quoted post of several paragraphs reads as one quotation), else as start does.
func (w *writer) startQuoted(q *dom.Node) {
	if ended := w.endQuotedList(); q != nil && (q == w.quote && w.last == paragraph || q == ended) {
		w.b.WriteString("\n>\n")
		w.last = paragraph
	} else {
		w.start(paragraph)
	}
	if q != nil {
		w.b.WriteString("> ")
	}
	w.quote = q
}

// endQuotedList ends the list being written when a quotation holds it (a quoted post's
// list, documentation's indented one): every line of the list gets the quotation's "> "
// (">" on a blank line), and a paragraph or list of the same quotation before it is joined
// to it as one quotation. It returns that quotation, nil when no such list was being written.
func (w *writer) endQuotedList() *dom.Node {
	q := w.listQuote
	if q == nil {
		return nil
	}
	w.listQuote = nil
	list := string(w.b.Bytes()[w.listFrom:])
	w.b.Truncate(w.listFrom)
	if head := w.b.Bytes(); w.joinQuote && len(head) >= 2 && string(head[len(head)-2:]) == "\n\n" {
		w.b.Truncate(len(head) - 1)
		w.b.WriteString(">\n")
	}
	for k, line := range strings.Split(list, "\n") {
		if k > 0 {
			w.b.WriteByte('\n')
		}
		if line == "" {
			w.b.WriteByte('>')
		} else {
			w.b.WriteString("> " + line)
		}
	}
	return q
}

// dataRow returns the tr and table of the block's cell when its table holds data (see
// content.DataTable), nils when it lays out the page (the cells are then written as paragraphs).
func (w *writer) dataRow(owner *dom.Node) (tr, table *dom.Node) {
	if tr = ancestor(owner, "tr"); tr != nil {
		table = ancestor(tr, "table")
	}
	if table == nil {
		return nil, nil
	}
	cols, ok := w.cols[table]
	if !ok {
		if cols = content.DataTable(table); cols > 0 {
			if w.grid == nil {
				w.grid = map[*dom.Node]int{}
			}
			cols = tableGrid(table, cols, w.grid)
		}
		w.cols[table] = cols
	}
	if cols == 0 {
		return nil, nil
	}
	return tr, table
}

// cellOf returns the td or th around n.
func cellOf(n *dom.Node) *dom.Node {
	if td := ancestor(n, "td"); td != nil {
		return td
	}
	return ancestor(n, "th")
}

// cell writes a block of a table cell: after the cell's earlier blocks, on the line of its
// row, or on a new line for a new row (the first row of a table followed by Markdown's header
// rule). A cell goes in its own column: the cells before it in its row that are empty or not
// kept, and the columns spanned by a cell before it, are written empty, so that the columns
// stay under their headers.
func (w *writer) cell(text string, tr, table, td *dom.Node) {
	col := w.column(td)
	switch {
	case w.last == tableRow && td == w.td:
		w.b.WriteByte(' ')
		w.writeCellText(text, td, col)
		return
	case w.last == tableRow && tr == w.row:
	case w.last == tableRow && table == w.table:
		if w.rows == 1 {
			// The header row has as many cells as the rule under it, the table's columns
			// (Markdown's tables need it); the rows below may have fewer.
			cols := max(w.cols[table], w.cells)
			w.b.WriteString(strings.Repeat(" |", cols-w.cells))
			w.b.WriteString(" |\n" + strings.Repeat("| --- ", cols) + "|\n")
		} else {
			w.b.WriteString(" |\n")
		}
		w.b.WriteString("|")
		w.rows++
		w.cells = 0
	default:
		w.start(tableRow)
		w.b.WriteString("|")
		w.rows, w.cells = 1, 0
	}
	if w.cells > 0 {
		w.b.WriteString(" |")
	}
	for ; w.cells < col; w.cells++ {
		w.b.WriteString("  |") // an empty cell
	}
	w.b.WriteByte(' ')
	w.writeCellText(text, td, col)
	w.row, w.table = tr, table
	w.last = tableRow
}

// writeCellText writes text into cell td. The columns it spans after its first are written
// as empty cells when the row goes on (Markdown's tables have no spans). col is td's column.
func (w *writer) writeCellText(text string, td *dom.Node, col int) {
	w.b.WriteString(strings.ReplaceAll(text, "|", `\|`))
	w.td = td
	w.cells = col + 1
}

// column is the column of cell td in its table (tableGrid), or, for a cell of no table the
// writer has seen, the number of cells before it in its row.
func (w *writer) column(td *dom.Node) int {
	if col, ok := w.grid[td]; ok {
		return col
	}
	col := 0
	if td.Parent == nil {
		return 0
	}
	for _, c := range td.Parent.Children {
		if c == td {
			break
		}
		if content.IsCell(c) {
			col++
		}
	}
	return col
}

// tableGrid sets the column of each cell of a data table of cols columns (content.DataTable:
// no table inside, cols the most a row's own cells span) in col, and returns the columns the
// Markdown table has. The cells are laid out as a browser lays the table out: a cell takes
// the first column from its row's last one that no cell above it still covers by its
// rowspan, and covers the columns of its colspan. A cell that spans rows is written in its
// first row; the rows below leave its column empty, and the cells after it stay under their
// headers. When the rowspans would push a cell past the table's cols columns (spans that do
// not fit together), each cell takes the columns of its own row alone, so that no row grows
// wider than its table. Then the columns where no cell begins are left out (Markdown's
// tables have no spans: a cell that spans columns others begin in is followed by empty
// cells, but a colspan of 1000 over a row of two cells does not write 998 of them).
func tableGrid(table *dom.Node, cols int, col map[*dom.Node]int) int {
	placed := map[*dom.Node]int{}
	width := 0
	var covered []int // per column, the rows below the current one that a cell above covers
	spans := false    // a cell spans rows: covered has counts to take down row by row
	eachRow(table, func(tr *dom.Node) bool {
		at := 0
		for _, c := range tr.Children {
			if !content.IsCell(c) {
				continue
			}
			for at < len(covered) && covered[at] > 0 {
				at++
			}
			placed[c] = at
			span := content.CellSpan(c)
			width = max(width, at+span)
			for len(covered) < at+span {
				covered = append(covered, 0)
			}
			if rows := content.RowSpan(c); rows > 1 {
				for k := at; k < at+span; k++ {
					covered[k] = max(covered[k], rows)
				}
				spans = true
			}
			at += span
		}
		if spans {
			for k := range covered {
				if covered[k] > 0 {
					covered[k]--
				}
			}
		}
		return width <= cols
	})
	if width > cols {
		eachRow(table, func(tr *dom.Node) bool {
			at := 0
			for _, c := range tr.Children {
				if content.IsCell(c) {
					placed[c] = at
					at += content.CellSpan(c)
				}
			}
			return true
		})
	}
	starts := slices.Sorted(maps.Values(placed))
	starts = slices.Compact(starts)
	for c, at := range placed {
		col[c], _ = slices.BinarySearch(starts, at)
	}
	return len(starts)
}

// eachRow calls f with each row of table (not of a table inside it) while f returns true.
func eachRow(table *dom.Node, f func(tr *dom.Node) bool) {
	more := true
	table.Walk(func(n *dom.Node) bool {
		switch {
		case !more || n.Type != dom.ElementNode || content.IsCell(n):
			return false // done, or text, or a cell's content
		case n.Atom != atom.Tr:
			return true // the table and its sections
		}
		more = f(n)
		return false
	})
}

// quotation returns the quotation that holds n, when flags say there is one
// (content.InQuote), else nil: the innermost blockquote or q around it, but inside a
// blockquote that lays out a post's message (layoutQuotes) the outermost quotation below it,
// an element whose class names a quote counted (quoteClass: vBulletin writes a post's quote
// of another as div.bbcode_quote, XenForo 1 its "X said:" beside the quoted blockquote), so
// that a quote's attribution and its lines are one quotation.
func (w *writer) quotation(flags content.Flags, n *dom.Node) *dom.Node {
	if flags&content.InQuote == 0 {
		return nil
	}
	var inner, outer *dom.Node
	for ; n != nil; n = n.Parent {
		switch {
		case n.Type != dom.ElementNode:
		case n.Tag == "blockquote" && w.layout[n]:
			return outer
		case n.Tag == "blockquote" || n.Tag == "q":
			if inner == nil {
				inner = n
			}
			outer = n
		case quoteClass(n.Attr("class")):
			outer = n
		}
	}
	return inner
}

// quoteAround returns the quotation that holds n (n itself included), as quotation finds
// it; nil if none.
func (w *writer) quoteAround(n *dom.Node) *dom.Node {
	return w.quotation(content.InQuote, n)
}

// quoteClass reports whether a class attribute names a quote: one of its names holds the
// word "quote" as the content model parts class names (content.ClassHasWord: bbcode_quote,
// quote_container, bbCodeQuote; not quoted).
func quoteClass(class string) bool { return content.ClassHasWord(class, "quote") }

// layoutQuotes finds the blockquotes that hold the text of a page's repeated items rather
// than quote it: forum software of the 2000s writes each post's message in one (vBulletin's
// blockquote.postcontent, XenForo 1's blockquote.messageText), so that every post of a
// thread would come out quoted, and a post's own quote of another one level deeper. Such a
// blockquote is in no other, holds all the words of its parent (a quotation in running text
// has the reply's words beside it), and stands at the same path of tags as at least two
// others; the items holding them (the children of their deepest common ancestor that hold
// one) hold at least 80% of that ancestor's words, and the blockquotes at least half of the
// items' but not all: a thread's posts are its list, their messages most of their words and
// their authors the rest, while a few quotations or embedded posts set in an article's
// paragraphs are a small part of it, a summary quoted at the top of each section of an
// article a small part of the section, and a list of testimonials holds its quotations alone.
func layoutQuotes(p *content.Page) map[*dom.Node]bool {
	byPath := map[uint64][]int32{}
	for i := range p.Elements {
		e := &p.Elements[i]
		if e.Node.Tag != "blockquote" || e.Parent < 0 || e.Words == 0 || p.Elements[e.Parent].Words != e.Words {
			continue
		}
		path, inQuote := uint64(14695981039346656037), false // FNV-1a over the tags up to the root
		for k := e.Parent; k >= 0; k = p.Elements[k].Parent {
			tag := p.Elements[k].Node.Tag
			inQuote = inQuote || tag == "blockquote"
			for j := 0; j < len(tag); j++ {
				path = (path ^ uint64(tag[j])) * 1099511628211
			}
			path = (path ^ '/') * 1099511628211
		}
		if !inQuote {
			byPath[path] = append(byPath[path], int32(i))
		}
	}
	var layout map[*dom.Node]bool
	for _, quotes := range byPath {
		if len(quotes) < 3 {
			continue
		}
		// Their deepest common ancestor: they share a path, so it is as many steps above each;
		// items[k] is quote k's ancestor just below it.
		items, up := slices.Clone(quotes), slices.Clone(quotes)
		for {
			for k := range up {
				items[k], up[k] = up[k], p.Elements[up[k]].Parent
			}
			if slices.Min(up) == slices.Max(up) {
				break
			}
		}
		var words, quoted int32
		for k, it := range items {
			if k == 0 || it != items[k-1] {
				words += p.Elements[it].Words
			}
			quoted += p.Elements[quotes[k]].Words
		}
		if float64(words) < 0.8*float64(p.Elements[up[0]].Words) || 2*quoted < words || quoted == words {
			continue
		}
		if layout == nil {
			layout = map[*dom.Node]bool{}
		}
		for _, i := range quotes {
			layout[p.Elements[i].Node] = true
		}
	}
	return layout
}

// inline is block i's text with its inline markup (content.Page.InlineSpans): code between
// backticks; outside a heading, bold between ** and italics between *; links, when the page
// was segmented with them (content.WithLinks), as [text](address). A span inside code, or
// crossing one written, is left as plain text, and so is emphasis that Markdown would not
// read as such (emphasisOK) and a link without an address or with brackets in its text.
func (w *writer) inline(i int, heading bool) string {
	text := w.p.Blocks[i].Text
	spans := w.p.InlineSpans(i)
	if len(spans) == 0 && !strings.ContainsAny(text, "\\`*_~]<&") {
		return text // nothing to mark or escape (escapeText's characters)
	}
	type opened struct {
		end   int32
		close string
		link  bool
	}
	var b strings.Builder
	at := int32(0)
	var open []opened       // the spans written and not yet closed, innermost last
	inLink := func() bool { // a link of ours is open: no autolink inside it
		for _, o := range open {
			if o.link {
				return true
			}
		}
		return false
	}
	closeUntil := func(pos int32) {
		for len(open) > 0 && open[len(open)-1].end <= pos {
			top := open[len(open)-1]
			autolinks := !inLink()
			open = open[:len(open)-1]
			escapeText(&b, text, int(at), int(top.end), b.Len() > 0, top.close[0], autolinks)
			b.WriteString(top.close)
			at = top.end
		}
	}
	for _, s := range spans {
		closeUntil(s.Start)
		if s.Start < at || len(open) > 0 && s.End > open[len(open)-1].end {
			continue // inside code written already, or crossing an open span
		}
		var opening, closing string
		switch s.Kind {
		case content.Code:
			escapeText(&b, text, int(at), int(s.Start), b.Len() > 0, '`', !inLink())
			b.WriteString(codeSpan(text[s.Start:s.End]))
			at = s.End
			continue
		case content.Link:
			addr := linkAddress(w.p.ResolveLink(s.Node))
			if addr == "" || strings.ContainsAny(text[s.Start:s.End], "[]") {
				continue
			}
			opening, closing = "[", "]("+addr+")"
		default:
			if heading || !emphasisOK(text, s, spans) {
				continue
			}
			opening, closing = emphasis(s.Kind), emphasis(s.Kind)
		}
		escapeText(&b, text, int(at), int(s.Start), b.Len() > 0, opening[0], !inLink())
		b.WriteString(opening)
		at = s.Start
		open = append(open, opened{s.End, closing, s.Kind == content.Link})
	}
	closeUntil(int32(len(text)))
	escapeText(&b, text, int(at), len(text), b.Len() > 0, 0, true)
	return b.String()
}

// linkAddress is an address as a Markdown link destination: between < > when it holds
// parentheses or spaces, "" when it cannot be written.
func linkAddress(addr string) string {
	switch {
	case addr == "" || strings.ContainsAny(addr, "<>\n"):
		return ""
	case strings.ContainsAny(addr, "() "):
		return "<" + addr + ">"
	}
	return addr
}

// emphasis is the mark of bold (**) or italics (*).
func emphasis(k content.Inline) string {
	if k == content.Bold {
		return "**"
	}
	return "*"
}

// emphasisOK reports whether Markdown reads marks around text[s.Start:s.End] as emphasis
// (CommonMark's flanking rules for *): an opening mark before punctuation must follow a
// space or punctuation, and a closing one after punctuation must precede one. A span of
// spans (code, a link) that begins or ends where s does puts its own marks, punctuation,
// there. (A * of the text's own is escaped where it could be read as a mark: escapeText.)
func emphasisOK(text string, s content.InlineSpan, spans []content.InlineSpan) bool {
	inner := text[s.Start:s.End]
	first, _ := utf8.DecodeRuneInString(inner)
	last, _ := utf8.DecodeLastRuneInString(inner)
	for _, o := range spans {
		if o != s && (o.Kind == content.Code || o.Kind == content.Link) {
			if o.Start == s.Start {
				first = '['
			}
			if o.End == s.End {
				last = ')'
			}
		}
	}
	if isPunct(first) && s.Start > 0 {
		if before, _ := utf8.DecodeLastRuneInString(text[:s.Start]); !unicode.IsSpace(before) && !isPunct(before) {
			return false
		}
	}
	if isPunct(last) && int(s.End) < len(text) {
		if after, _ := utf8.DecodeRuneInString(text[s.End:]); !unicode.IsSpace(after) && !isPunct(after) {
			return false
		}
	}
	return true
}

// isPunct reports whether r is punctuation or a symbol (CommonMark's Unicode punctuation).
func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// codeSpan writes code as a Markdown code span: between runs of backticks one longer than
// the longest run in it, and a space inside each when it begins or ends with a backtick
// (CommonMark's rules, so that the code comes back as it is).
func codeSpan(code string) string {
	longest, run := 0, 0
	for i := 0; i < len(code); i++ {
		if code[i] == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", longest+1)
	if code[0] == '`' || code[len(code)-1] == '`' {
		return fence + " " + code + " " + fence
	}
	return fence + code + fence
}

// codeLanguage returns the language of the code in preformatted element pre as its page names
// it for a highlighter, for the fence's info string (a reader highlights it, and a language
// model is told what it reads), or "": a class language-X or lang-X (highlight.js, Prism,
// Hugo, Jekyll), brush: X (SyntaxHighlighter: MDN), highlight-X or highlight-source-X
// (Sphinx, GitHub), or a data-lang or data-language attribute, on pre, on its code element or
// on the elements that wrap pre alone (Sphinx's and Jekyll's divs). An element that holds
// more than the code says nothing: its lang-en is the page's language.
func codeLanguage(pre *dom.Node) string {
	nodes := []*dom.Node{pre}
	for _, c := range pre.Children {
		if c.Type == dom.ElementNode && c.Tag == "code" {
			nodes = append(nodes, c)
			break
		}
	}
	own := textLen(pre, -1)
	for a, k := pre.Parent, 0; a != nil && k < 2 && wraps(a, own); a, k = a.Parent, k+1 {
		nodes = append(nodes, a)
	}
	for _, n := range nodes {
		for _, name := range []string{"data-lang", "data-language"} {
			if lang := infoString(n.Attr(name)); lang != "" {
				return lang
			}
		}
		class := n.Attr("class")
		if i := strings.Index(class, "brush:"); i >= 0 {
			if lang := infoString(strings.TrimRight(firstField(class[i+len("brush:"):]), ";")); lang != "" {
				return lang
			}
		}
		for _, tok := range strings.Fields(class) {
			for _, prefix := range []string{"language-", "lang-", "highlight-source-", "highlight-"} {
				if rest, ok := strings.CutPrefix(tok, prefix); ok {
					if lang := infoString(rest); lang != "" {
						return lang
					}
					break
				}
			}
		}
	}
	return ""
}

// wraps reports whether element a holds little but the code of own bytes of text below it:
// at most 32 bytes of text besides (a code block's toolbar: its language's name, "Copy").
func wraps(a *dom.Node, own int) bool {
	return a.Type == dom.ElementNode && textLen(a, own+32) <= own+32
}

// textLen returns the bytes of text under n (white space at the ends of its text nodes
// aside), or a number above limit once it passes it (limit -1: no limit).
func textLen(n *dom.Node, limit int) int {
	total := 0
	n.Walk(func(d *dom.Node) bool {
		if d.Type == dom.TextNode {
			total += len(strings.TrimSpace(d.Text))
		}
		return limit < 0 || total <= limit
	})
	return total
}

// firstField returns the first white-space-separated field of s, or "".
func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// infoString returns name, lower-cased, as a fence's info string when it names a language: a
// letter, then letters, digits and + # . _ -, at most 24 bytes; "" for anything else and for
// the names that say there is none (none, auto, default, plain, plaintext, nohighlight, text).
func infoString(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == "" || len(name) > 24 || name[0] < 'a' || name[0] > 'z' {
		return ""
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.IndexByte("+#._-", c) >= 0) {
			return ""
		}
	}
	switch name {
	case "none", "auto", "default", "plain", "plaintext", "nohighlight", "text":
		return ""
	}
	return name
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
// is ordered, li's number in it (counting its li siblings from the list's start attribute, 1 by
// default), and the outermost list around li.
func listPlace(li *dom.Node) (depth int, ordered bool, n int, top *dom.Node) {
	list := li.Parent
	if list != nil {
		ordered = list.Tag == "ol"
		if v, err := strconv.Atoi(strings.TrimSpace(list.Attr("start"))); err == nil && ordered && v >= 0 {
			n = v - 1
		}
		for _, c := range list.Children {
			if c.Type == dom.ElementNode && c.Tag == "li" {
				n++
			}
			if c == li {
				break
			}
		}
		for a := list; a != nil; a = a.Parent {
			if a.Type == dom.ElementNode && (a.Tag == "ul" || a.Tag == "ol") {
				top = a
				if a != list {
					depth++
				}
			}
		}
	}
	return depth, ordered, max(n, 0), top
}
