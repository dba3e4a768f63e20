package content

import (
	"strconv"
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
	"golang.org/x/net/html/atom"
)

// maxCellText is the most text, in bytes, a cell of a table read as data holds: a page laid
// out with a table has its article in one cell.
const maxCellText = 400

// DataTable returns the number of columns of a table that holds data (the most its rows'
// cells span), 0 for a table that lays out a page. A table holds data when it has no table
// inside it, at least two rows with text, one of them with text in at least two cells (not a
// picture and its caption), and no cell of more than maxCellText bytes of text.
func DataTable(table *dom.Node) int {
	rows, wide, cols := 0, false, 0
	ok := true
	table.Walk(func(n *dom.Node) bool {
		if !ok || n.Type != dom.Element {
			return false
		}
		switch n.Atom {
		case atom.Table:
			if n != table {
				ok = false
			}
		case atom.Tr:
			cells, all := 0, 0 // cells with text, and the columns of all cells
			for _, c := range n.Children {
				if IsCell(c) {
					all += CellSpan(c)
					switch size, blank := cellText(c); {
					case size > maxCellText:
						ok = false
					case !blank:
						cells++
					}
				}
			}
			if cells > 0 {
				rows++
			}
			wide = wide || cells >= 2
			cols = max(cols, all)
			return false
		}
		return true
	})
	if !ok || rows < 2 || !wide {
		return 0
	}
	return cols
}

// IsCell reports whether n is a table's cell (td or th).
func IsCell(n *dom.Node) bool {
	return n.Type == dom.Element && (n.Atom == atom.Td || n.Atom == atom.Th)
}

// CellSpan is the number of columns cell td spans (its colspan, 1 when absent or bad).
func CellSpan(td *dom.Node) int { return span(td, "colspan", 1000) }

// RowSpan is the number of rows cell td spans (its rowspan, 1 when absent, bad or 0, which
// would span the rest of its row group).
func RowSpan(td *dom.Node) int { return span(td, "rowspan", 65534) }

// span reads a cell's span attribute key: 1 when absent, bad or below 2, at most most (as
// browsers cap colspan at 1000 and rowspan at 65534).
func span(td *dom.Node, key string, most int) int {
	if n, err := strconv.Atoi(strings.TrimSpace(td.Attr(key))); err == nil && n > 1 {
		return min(n, most)
	}
	return 1
}

// cellText returns the bytes of text in n's subtree, counted up to just past maxCellText,
// and whether all of it is white space.
func cellText(n *dom.Node) (size int, blank bool) {
	blank = true
	n.Walk(func(c *dom.Node) bool {
		if c.Type == dom.Text {
			size += len(c.Text)
			blank = blank && strings.TrimSpace(c.Text) == ""
		}
		return size <= maxCellText
	})
	return size, blank
}

// keepLabels widens kept to whole rows of the tables that hold data (DataTable): a row
// with a kept cell keeps all its cells, and a table with a kept row keeps its header row (a
// first row of th cells, or in thead); a kept description (dd) keeps its term (the dt before
// it). A value is read beside its labels: a price without its product, a figure without its
// column's name, "2.4 kg" without "Weight", say nothing (the model scores a short cell of
// digits low, and a comparison table came out as a column of notes). Tables that lay out a
// page are left alone: their rows hold the page's columns. Hidden cells stay out.
func (p *Page) keepLabels(kept []bool) {
	t := p.labels()
	if t.whole == nil {
		return
	}
	lastWhole, lastWith := int32(-1), int32(-1) // a row's cells share both: kept once
	for i := range kept {
		if !kept[i] {
			continue
		}
		if w := t.whole[i]; w >= 0 && w != lastWhole {
			lastWhole = w
			p.keepElement(kept, w)
		}
		if h := t.with[i]; h >= 0 && h != lastWith {
			lastWith = h
			p.keepElement(kept, h)
		}
	}
}

// keepElement keeps the blocks of element e that are not hidden.
func (p *Page) keepElement(kept []bool, e int32) {
	el := &p.Elements[e]
	for b := el.FirstBlock; b < el.LastBlock && int(b) < len(kept); b++ {
		if p.Blocks[b].Flags&(InHidden|InAriaHidden) == 0 {
			kept[b] = true
		}
	}
}

// labelled says what each block of a page brings with it when kept: whole[i] is the element
// kept whole with block i (its row, when it is a cell of a table that holds data), with[i]
// another element kept with it (that table's header row, or the term of a description), -1
// for none. Both are nil when no block brings anything. tallRows are the rows of such
// tables with a cell of several blocks (lines), which Render does not write on one line.
type labelled struct {
	whole, with []int32
	tallRows    map[int32]bool
}

func (t *labelled) set(i, n int, whole, with int32) {
	if t.whole == nil {
		t.whole, t.with = make([]int32, n), make([]int32, n)
		for j := range t.whole {
			t.whole[j], t.with[j] = -1, -1
		}
	}
	if whole >= 0 {
		t.whole[i] = whole
	}
	if with >= 0 {
		t.with[i] = with
	}
}

// labels returns the page's labelled blocks, found from its tree when first asked for.
func (p *Page) labels() *labelled {
	if p.labelCache != nil {
		return p.labelCache
	}
	t := &labelled{}
	p.labelCache = t
	type table struct {
		data bool
		head int32
	}
	var tables map[int32]table
	var term map[int32]int32 // the last dt element of each dl element, in page order
	lastCell := int32(-1)    // the cell of the last block of a data table's row
	for i := range p.Blocks {
		f := p.Blocks[i].Flags
		if f&InDefinition != 0 {
			if e, isTerm := p.definitionOf(i); e >= 0 {
				dl := p.Elements[e].Parent
				switch {
				case isTerm:
					if term == nil {
						term = map[int32]int32{}
					}
					term[dl] = e
				default:
					if dt, ok := term[dl]; ok {
						t.set(i, len(p.Blocks), -1, dt)
					}
				}
			}
		}
		if f&InTableCell == 0 {
			continue
		}
		cell, tr, te := p.rowOf(i)
		if tr < 0 {
			continue
		}
		if tables == nil {
			tables = map[int32]table{}
		}
		tb, seen := tables[te]
		if !seen {
			tb = table{data: DataTable(p.Elements[te].Node) > 0, head: -1}
			if _, h, _ := p.rowOf(int(p.Elements[te].FirstBlock)); h >= 0 && isHeaderRow(p.Elements[h].Node) {
				tb.head = h
			}
			tables[te] = tb
		}
		if !tb.data {
			continue
		}
		if i > 0 && t.whole != nil && t.whole[i-1] == tr && cell == lastCell {
			if t.tallRows == nil {
				t.tallRows = map[int32]bool{}
			}
			t.tallRows[tr] = true
		} else {
			lastCell = cell
		}
		t.set(i, len(p.Blocks), tr, tb.head)
	}
	return t
}

// definitionOf returns the dt or dd element around block i (-1 when none, or the page's
// nodes were dropped), and whether it is a dt.
func (p *Page) definitionOf(i int) (e int32, isTerm bool) {
	for e = p.Blocks[i].Owner; e >= 0; e = p.Elements[e].Parent {
		n := p.Elements[e].Node
		if n == nil {
			return -1, false
		}
		switch n.Atom {
		case atom.Dt:
			return e, true
		case atom.Dd:
			return e, false
		}
	}
	return -1, false
}

// rowOf returns the elements of block i's table cell (td or th; -1 when the row holds it in
// none), its table row and its table, -1s when it is not in a row (or the page's nodes were
// dropped).
func (p *Page) rowOf(i int) (cell, tr, table int32) {
	if i < 0 || i >= len(p.Blocks) {
		return -1, -1, -1
	}
	cell, tr = -1, -1
	for e := p.Blocks[i].Owner; e >= 0; e = p.Elements[e].Parent {
		n := p.Elements[e].Node
		if n == nil {
			return -1, -1, -1
		}
		switch n.Atom {
		case atom.Td, atom.Th:
			if cell < 0 && tr < 0 {
				cell = e
			}
		case atom.Tr:
			if tr < 0 {
				tr = e
			}
		case atom.Table:
			if tr < 0 {
				return -1, -1, -1
			}
			return cell, tr, e
		}
	}
	return -1, -1, -1
}

// isHeaderRow reports whether tr heads its table: it is in a thead, or its cells are th.
func isHeaderRow(tr *dom.Node) bool {
	if tr.Parent != nil && tr.Parent.Atom == atom.Thead {
		return true
	}
	cells := 0
	for _, c := range tr.Children {
		if IsCell(c) {
			if c.Atom != atom.Th {
				return false
			}
			cells++
		}
	}
	return cells > 0
}
