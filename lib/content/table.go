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
				if isCell(c) {
					all += CellSpan(c)
					switch t := cellText(c); {
					case len(t) > maxCellText:
						ok = false
					case strings.TrimSpace(t) != "":
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

func isCell(n *dom.Node) bool {
	return n.Type == dom.Element && (n.Atom == atom.Td || n.Atom == atom.Th)
}

// CellSpan is the number of columns cell td spans (its colspan, 1 when absent or bad).
func CellSpan(td *dom.Node) int {
	if n, err := strconv.Atoi(strings.TrimSpace(td.Attr("colspan"))); err == nil && n > 1 {
		return min(n, 1000) // as browsers cap it
	}
	return 1
}

// cellText is the text of n's subtree, read up to just past maxCellText bytes.
func cellText(n *dom.Node) string {
	var b strings.Builder
	n.Walk(func(c *dom.Node) bool {
		if c.Type == dom.Text {
			b.WriteString(c.Text)
		}
		return b.Len() <= maxCellText
	})
	return b.String()
}

// keepTableRows widens kept to whole rows of the tables that hold data (DataTable): a row
// with a kept cell keeps all its cells, and a table with a kept row keeps its header row (a
// first row of th cells, or in thead). A value is read beside its labels: a price without
// its product, a figure without its column's name, says nothing (the model scores a short
// cell of digits low, and a comparison table came out as a column of notes). Tables that lay
// out a page are left alone: their rows hold the page's columns. Hidden cells stay out.
func (p *Page) keepTableRows(kept []bool) {
	t := p.dataRows()
	if t.row == nil {
		return
	}
	last := int32(-1)
	for i := range kept {
		tr := t.row[i]
		if !kept[i] || tr < 0 || tr == last {
			continue
		}
		last = tr
		p.keepRow(kept, tr)
		if h := t.head[i]; h >= 0 {
			p.keepRow(kept, h)
		}
	}
}

// keepRow keeps the blocks of row element tr that are not hidden.
func (p *Page) keepRow(kept []bool, tr int32) {
	e := &p.Elements[tr]
	for b := e.FirstBlock; b < e.LastBlock && int(b) < len(kept); b++ {
		if p.Blocks[b].Flags&(InHidden|InAriaHidden) == 0 {
			kept[b] = true
		}
	}
}

// tableRows places each block in the data tables of its page: row[i] is the element of
// block i's row when it is a cell of a table that holds data, else -1, and head[i] that
// table's header row (isHeaderRow), else -1. Both are nil when no block is.
type tableRows struct {
	row, head []int32
}

// dataRows returns the page's tableRows, found from its tree when first asked for.
func (p *Page) dataRows() *tableRows {
	if p.rows != nil {
		return p.rows
	}
	t := &tableRows{}
	p.rows = t
	type table struct {
		data bool
		head int32
	}
	var tables map[int32]table
	for i := range p.Blocks {
		if p.Blocks[i].Flags&InTableCell == 0 {
			continue
		}
		tr, te := p.rowOf(i)
		if tr < 0 {
			continue
		}
		if tables == nil {
			tables = map[int32]table{}
		}
		tb, seen := tables[te]
		if !seen {
			tb = table{data: DataTable(p.Elements[te].Node) > 0, head: -1}
			if h, _ := p.rowOf(int(p.Elements[te].FirstBlock)); h >= 0 && isHeaderRow(p.Elements[h].Node) {
				tb.head = h
			}
			tables[te] = tb
		}
		if !tb.data {
			continue
		}
		if t.row == nil {
			t.row, t.head = make([]int32, len(p.Blocks)), make([]int32, len(p.Blocks))
			for j := range t.row {
				t.row[j], t.head[j] = -1, -1
			}
		}
		t.row[i], t.head[i] = tr, tb.head
	}
	return t
}

// rowOf returns the elements of block i's table row and its table, -1s when it is not in one
// (or the page's nodes were dropped).
func (p *Page) rowOf(i int) (tr, table int32) {
	if i < 0 || i >= len(p.Blocks) {
		return -1, -1
	}
	tr = -1
	for e := p.Blocks[i].Owner; e >= 0; e = p.Elements[e].Parent {
		n := p.Elements[e].Node
		if n == nil {
			return -1, -1
		}
		switch n.Atom {
		case atom.Tr:
			if tr < 0 {
				tr = e
			}
		case atom.Table:
			if tr < 0 {
				return -1, -1
			}
			return tr, e
		}
	}
	return -1, -1
}

// isHeaderRow reports whether tr heads its table: it is in a thead, or its cells are th.
func isHeaderRow(tr *dom.Node) bool {
	if tr.Parent != nil && tr.Parent.Atom == atom.Thead {
		return true
	}
	cells := 0
	for _, c := range tr.Children {
		if isCell(c) {
			if c.Atom != atom.Th {
				return false
			}
			cells++
		}
	}
	return cells > 0
}
