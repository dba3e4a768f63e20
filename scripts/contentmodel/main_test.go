package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
)

// TestMeanScores checks that several cached score files are averaged block by block in
// log-odds (two runs at .9 and .5 give the odds of 3, a probability of .75), and that a file
// not there is an error rather than a file to write.
func TestMeanScores(t *testing.T) {
	items := []*item{
		{ex: &content.Example{Page: &content.Page{Blocks: make([]content.Block, 2)}}},
		{ex: &content.Example{Page: &content.Page{Blocks: make([]content.Block, 1)}}},
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.scores"), filepath.Join(dir, "b.scores")
	if err := writeScores(a, [][]float32{{0.9, 0.2}, {0.5}}); err != nil {
		t.Fatal(err)
	}
	if err := writeScores(b, [][]float32{{0.5, 0.2}, {0.1}}); err != nil {
		t.Fatal(err)
	}
	got, err := readScores(a+","+b, items)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0.75, 0.2}, {0.25}}
	for i := range want {
		for j, w := range want[i] {
			if math.Abs(float64(got[i][j])-w) > 1e-5 {
				t.Errorf("page %d block %d: %v, want %v", i, j, got[i][j], w)
			}
		}
	}
	if _, err := readScores(a+","+filepath.Join(dir, "none.scores"), items); err == nil {
		t.Error("a missing file among several read without an error")
	}
}

// TestCompareRuns compares two sides' scores of four one-page sites: the side that keeps the
// gold's paragraph alone is better on every site, so its difference and the whole of its
// interval over draws of the sites are above zero; a side against itself differs by nothing.
func TestCompareRuns(t *testing.T) {
	var items []*item
	for i := range 4 {
		content1 := fmt.Sprintf("The river %d rose slowly through the night and the town watched it from the bridge.", i)
		html := "<html><body><p>" + content1 + "</p><p>Subscribe to our newsletter for weekly deals and offers today.</p></body></html>"
		pg := content.Segment(html, dom.Parse(html))
		site := fmt.Sprintf("site%d.example", i)
		ex := content.NewExample(pg, content.Label(pg, content1), "wcxb-dev/"+site)
		items = append(items, &item{ex: ex, set: "wcxb-dev",
			page: devdata.Page{ID: site, Site: site, Gold: content1, PageType: "article",
				With: []string{"rose slowly"}, Without: []string{"weekly deals"}}})
	}
	all, one := make([][]float32, len(items)), make([][]float32, len(items))
	for i, it := range items {
		if n := len(it.ex.Page.Blocks); n != 2 {
			t.Fatalf("page %d: %d blocks, want 2", i, n)
		}
		all[i], one[i] = []float32{0.9, 0.9}, []float32{0.9, 0.1}
	}
	row := func(out, group, metric string) []string {
		for _, line := range strings.Split(out, "\n") {
			cells := strings.Split(line, " | ")
			if len(cells) > 4 && strings.TrimPrefix(cells[0], "| ") == group && cells[3] == metric {
				return cells
			}
		}
		t.Fatalf("no row %s / %s in\n%s", group, metric, out)
		return nil
	}
	var b strings.Builder
	compareRuns(items, [][][]float32{all}, [][][]float32{one, one}, 200, &b)
	f1 := row(b.String(), "wcxb-dev", "word F1")
	if !strings.HasPrefix(f1[6], "+0.") || f1[6] == "+0.0000" {
		t.Errorf("word F1 difference %q, want above zero:\n%s", f1[6], b.String())
	}
	if lo := strings.Fields(f1[7])[0]; !strings.HasPrefix(lo, "+0.") || lo == "+0.0000" {
		t.Errorf("interval %q, want it all above zero", f1[7])
	}
	if w := row(b.String(), "wcxb-dev/article", "without found"); w[6] != "-1.0000" {
		t.Errorf("without found difference %q, want -1.0000 (every boilerplate snippet left out)", w[6])
	}
	b.Reset()
	compareRuns(items, [][][]float32{one}, [][][]float32{one}, 200, &b)
	if f1 := row(b.String(), "wcxb-dev", "word F1"); f1[6] != "+0.0000" || f1[7] != "+0.0000 .. +0.0000" {
		t.Errorf("a side against itself: difference %q, interval %q", f1[6], f1[7])
	}
}

// TestBagOf checks the pages a fold learns from under -sites and -sites-of: a share of the
// sites of the listed page types, a site's pages together, and every page of another type.
func TestBagOf(t *testing.T) {
	var items []*item
	for i := range 400 {
		typ := []string{"article", "collection"}[i%2]
		site := fmt.Sprintf("wcxb-dev/s%d", i/4) // two pages of each type a site
		items = append(items, &item{ex: &content.Example{Group: site}, page: devdata.Page{PageType: typ}})
	}
	in := bagOf(0.5, 1, "collection, listing")
	kept := map[string]bool{}
	var collections int
	for _, it := range items {
		switch {
		case it.page.PageType == "article" && !in(it):
			t.Fatalf("an article left out of a bag that draws collections only")
		case it.page.PageType == "collection":
			if k, seen := kept[it.ex.Group]; seen && k != in(it) {
				t.Fatalf("site %s's collections split between in and out", it.ex.Group)
			}
			kept[it.ex.Group] = in(it)
			if in(it) {
				collections++
			}
		}
	}
	if collections < 60 || collections > 140 { // 200 collection pages, half the sites drawn
		t.Errorf("%d of 200 collection pages in a bag of half the sites", collections)
	}
	all := bagOf(1, 1, "collection")
	every := bagOf(0.5, 1, "")
	var left int
	for _, it := range items {
		if !all(it) {
			t.Fatalf("a share of 1 left a page out")
		}
		if !every(it) {
			left++
		}
	}
	if left == 0 || left == len(items) {
		t.Errorf("-sites 0.5 without -sites-of left out %d of %d pages", left, len(items))
	}
}
