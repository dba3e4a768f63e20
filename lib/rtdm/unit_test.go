package rtdm

import (
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

// generalDistance is Distance through the general solver, whatever the costs.
func generalDistance(a, b *Tree, c Costs, eps float64) float64 {
	s := newSolver(a, b, c, eps, false)
	d, _ := s.pair(0, 0)
	return d
}

// The Unit solver gives exactly the general solver's distance, with and without the cut-off,
// on random trees and their mutations, and on synthetic pages.
func TestUnitSolverSame(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	inner := []string{"div", "p", "ul", "li", "span"}
	leaves := []string{"a", "b", "#text", "img"}
	var trees []*Tree
	for k := 0; k < 60; k++ {
		a, err := ParseTree(randomTree(r, 1+r.IntN(120), inner, leaves))
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseTree(mutateTree(r, a, leaves))
		if err != nil {
			t.Fatal(err)
		}
		trees = append(trees, a, b)
	}
	pages, err := synth.Generate(synth.Config{Seed: 3, Sites: 1, PagesPerSite: 12, IndexPages: 1, Templates: 2, PageBytes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		trees = append(trees, NewPage(p.HTML).Tree)
	}
	for i := 0; i+1 < len(trees); i++ {
		a, b := trees[i], trees[i+1+r.IntN(min(5, len(trees)-i-1))]
		n := float64(a.Len() + b.Len())
		for _, eps := range []float64{Inf, 0.2 * n, 0.05 * n, 0} {
			want := generalDistance(a, b, Unit{}, eps)
			if got := unitDistance(unitNodes(a), unitNodes(b), eps); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("trees %d, eps %v: unit solver %v, general %v", i, eps, got, want)
			}
		}
	}
}

// The solver's bounds (a prefix no better than the cell's best; under Unit and Compose, plus
// the pair's size difference) never change a distance or a mapping: the same as without
// them, for every cost model, on random trees and their mutations, and on synthetic pages
// against their site's patterns.
func TestBoundsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	inner := []string{"div", "p", "ul", "li", "span"}
	leaves := []string{"a", "b", "#text", "img"}
	var pairs [][2]*Tree
	for k := 0; k < 60; k++ {
		a := MustParseTree(randomTree(r, 1+r.IntN(120), inner, leaves))
		b := MustParseTree(mutateTree(r, a, leaves))
		pairs = append(pairs, [2]*Tree{a, b})
	}
	pages, err := synth.Generate(synth.Config{Seed: 3, Sites: 1, PagesPerSite: 12, IndexPages: 1, Templates: 2, PageBytes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	var pgs []*Page
	for _, p := range pages {
		pgs = append(pgs, NewPage(p.HTML))
	}
	for i := 0; i+1 < len(pgs); i++ {
		pairs = append(pairs, [2]*Tree{pgs[i].Tree, pgs[i+1].Tree})
	}
	m, _ := Learn(pgs, DefaultOptions)
	for _, pt := range m.Patterns {
		for _, pg := range pgs {
			pairs = append(pairs, [2]*Tree{pt.Tree, pg.Tree})
		}
	}
	unbounded := func(a, b *Tree, c Costs, eps float64, mapping bool) (float64, Mapping) {
		s := newSolver(a, b, c, eps, mapping)
		s.noPrune = true
		d, how := s.pair(0, 0)
		if mapping {
			s.take(0, 0, how)
		}
		return d, s.out
	}
	for i, p := range pairs {
		a, b := p[0], p[1]
		n := float64(a.Len() + b.Len())
		for _, c := range []Costs{Unit{}, Compose{}, Match{}, Soft{}} {
			for _, eps := range []float64{Inf, 0.2 * n, 0.05 * n} {
				want, _ := unbounded(a, b, c, eps, false)
				got := generalDistance(a, b, c, eps)
				if (want <= eps || got <= eps) && math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("pair %d, %T, eps %v: %v, unbounded %v", i, c, eps, got, want)
				}
			}
			want, wm := unbounded(a, b, c, Inf, true)
			sort.Slice(wm, func(x, y int) bool { return wm[x].A < wm[y].A })
			got, gm := Map(a, b, c, Inf)
			if math.Float64bits(got) != math.Float64bits(want) || !slices.Equal(gm, wm) {
				t.Fatalf("pair %d, %T: Map %v (%d pairs), unbounded %v (%d pairs)", i, c, got, len(gm), want, len(wm))
			}
		}
	}
}
