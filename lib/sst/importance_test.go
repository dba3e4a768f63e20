package sst

import (
	"math"
	"testing"
)

// leafWith returns a leaf seen on len(pages) pages; pages[j] lists the features of page j
// (a feature listed twice counts twice on that page).
func leafWith(label string, pages ...[]uint32) *Element {
	e := newElement(label, true)
	e.Pages = len(pages)
	for _, fs := range pages {
		for _, f := range fs {
			e.addFeature(f)
		}
		e.flushPage()
	}
	return e
}

func internal(label string, pages int, styles ...*Style) *Element {
	e := newElement(label, false)
	e.Pages = pages
	seen := map[*Element]bool{}
	for _, s := range styles {
		e.addStyle(s)
		for _, k := range s.Elems {
			if !seen[k] {
				seen[k] = true
				e.kids = append(e.kids, k)
			}
		}
	}
	return e
}

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-6 {
		t.Errorf("%s = %.6f, want %.6f", what, got, want)
	}
}

// TestImportanceByHand checks NodeImp and CompImp on a hand-built SST of 4 pages:
//
//	body (m=4) ── style [table_a, table_b] ×4
//	  table_a (m=4) ── style [td] ×4; td: "home" once on each page
//	  table_b (m=4) ── style [p1] ×2 (pages 1, 2), style [p2, p3] ×2 (pages 3, 4)
//	    p1: "a" on page 1, "b" on page 2
//	    p2: "x" on pages 3 and 4, "y" on page 3
//	    p3: "z" three times on page 3, once on page 4
func TestImportanceByHand(t *testing.T) {
	const a, b, x, y, z, home = 1, 2, 3, 4, 5, 6
	td := leafWith("td/leaf", []uint32{home}, []uint32{home}, []uint32{home}, []uint32{home})
	tableA := internal("table.a", 4, &Style{Elems: []*Element{td}, Count: 4})
	p1 := leafWith("p1/leaf", []uint32{a}, []uint32{b})
	p2 := leafWith("p2/leaf", []uint32{x, y}, []uint32{x})
	p3 := leafWith("p3/leaf", []uint32{z, z, z}, []uint32{z})
	tableB := internal("table.b", 4,
		&Style{Elems: []*Element{p1}, Count: 2},
		&Style{Elems: []*Element{p2, p3}, Count: 2})
	body := internal("body", 4, &Style{Elems: []*Element{tableA, tableB}, Count: 4})

	Score(body, 0.3, 0.9)

	// td: H(home) = -4·(1/4)·log_4(1/4) = 1, so CompImp = 1 - 1/1 = 0.
	near(t, "CompImp(td)", td.CompImp, 0)
	// table_a: one style used by all pages: NodeImp = -1·log_4 1 = 0;
	// CompImp = (1-0.9)·0 + 0.9·(1·0) = 0.
	near(t, "NodeImp(table_a)", tableA.NodeImp, 0)
	near(t, "CompImp(table_a)", tableA.CompImp, 0)
	// p1 (m=2): "a" and "b" each on one page: H = -1·log_2 1 = 0; CompImp = 1 - 0 = 1.
	near(t, "CompImp(p1)", p1.CompImp, 1)
	// p2 (m=2): H(x) = -2·(1/2)·log_2(1/2) = 1, H(y) = 0; CompImp = 1 - (1+0)/2 = 0.5.
	near(t, "CompImp(p2)", p2.CompImp, 0.5)
	// p3 (m=2): z has p = 3/4 and 1/4: H = -(.75·log_2 .75 + .25·log_2 .25) = 0.811278;
	// CompImp = 1 - 0.811278 = 0.188722.
	near(t, "CompImp(p3)", p3.CompImp, 0.188722)
	// table_b: two styles, 2 pages each: NodeImp = -2·(1/2)·log_4(1/2) = 0.5.
	// CompImp(S1) = 1, CompImp(S2) = (0.5 + 0.188722)/2 = 0.344361;
	// CompImp = (1-0.9²)·0.5 + 0.9²·(0.5·1 + 0.5·0.344361) = 0.095 + 0.81·0.672180 = 0.639466.
	near(t, "NodeImp(table_b)", tableB.NodeImp, 0.5)
	near(t, "CompImp(table_b)", tableB.CompImp, 0.639466)
	// body: NodeImp = 0; CompImp = 0.1·0 + 0.9·(0 + 0.639466)/2 = 0.287760.
	near(t, "NodeImp(body)", body.NodeImp, 0)
	near(t, "CompImp(body)", body.CompImp, 0.287760)

	// t = 0.3: td, table_a and p3 are noisy; body is below t but has meaningful descendants.
	for _, c := range []struct {
		e                 *Element
		noisy, meaningful bool
	}{
		{td, true, false}, {tableA, true, false}, {p1, false, true}, {p2, false, true},
		{p3, true, false}, {tableB, false, false}, {body, false, false},
	} {
		if c.e.Noisy != c.noisy || c.e.Meaningful != c.meaningful {
			t.Errorf("%s: noisy %v meaningful %v, want %v %v", c.e.Label, c.e.Noisy, c.e.Meaningful, c.noisy, c.meaningful)
		}
	}
}

// TestImportanceSinglePage checks the m = 1 cases: NodeImp = 1 and a leaf's CompImp = 1
// whatever its features, so an internal node seen once has CompImp = 0.1·1 + 0.9·1 = 1.
func TestImportanceSinglePage(t *testing.T) {
	leaf := leafWith("p/leaf", []uint32{7, 7, 8})
	div := internal("div", 1, &Style{Elems: []*Element{leaf}, Count: 1})
	Score(div, 0.5, 0.9)
	near(t, "CompImp(leaf m=1)", leaf.CompImp, 1)
	near(t, "NodeImp(div m=1)", div.NodeImp, 1)
	near(t, "CompImp(div m=1)", div.CompImp, 1)
	if div.Noisy || !div.Meaningful {
		t.Errorf("a node seen on one page must be meaningful: noisy %v meaningful %v", div.Noisy, div.Meaningful)
	}
	// A leaf on several pages without features carries nothing: CompImp 0, noisy.
	empty := newElement("img/leaf", true)
	empty.Pages = 3
	Score(empty, 0.5, 0.9)
	near(t, "CompImp(empty leaf)", empty.CompImp, 0)
	if !empty.Noisy {
		t.Error("an empty leaf on 3 pages should be noisy")
	}
}
