package rtdm

import (
	"math"
	"math/rand/v2"
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
