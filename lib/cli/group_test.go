package cli

import (
	"container/heap"
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/chaffkit/chaff/lib/page"
)

// TestWaitHeap: after random pages joining sites and sites leaving, the heap's top is the
// site with the most pages, the first to appear among equals, as a scan of all finds it.
func TestWaitHeap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		var h waitHeap
		var sites []*siteState
		grew := func(s *siteState) { // a page joined s
			if s.at < 0 {
				heap.Push(&h, s)
			} else {
				heap.Fix(&h, s.at)
			}
		}
		for step := 0; step < 300; step++ {
			switch {
			case len(sites) == 0 || rng.IntN(4) == 0:
				s := &siteState{seq: len(sites), at: -1, pages: []*page.Page{nil}}
				sites = append(sites, s)
				grew(s)
			case rng.IntN(3) == 0:
				s := sites[rng.IntN(len(sites))]
				if s.at >= 0 {
					heap.Remove(&h, s.at)
				}
				s.pages = nil
			default:
				s := sites[rng.IntN(len(sites))]
				s.pages = append(s.pages, nil)
				grew(s)
			}
			var want *siteState
			n := 0
			for _, s := range sites {
				if s.at >= 0 {
					n++
					if want == nil || len(s.pages) > len(want.pages) {
						want = s
					}
				}
			}
			if n != len(h) {
				t.Fatalf("trial %d step %d: %d sites in the heap, want %d", trial, step, len(h), n)
			}
			if n > 0 && h[0] != want {
				t.Fatalf("trial %d step %d: top is site %d (%d pages), want site %d (%d pages)", trial, step, h[0].seq, len(h[0].pages), want.seq, len(want.pages))
			}
		}
	}
}

// sizedModel is a model of a given size, for the bound on the models kept.
type sizedModel int

func (sizedModel) Apply(*page.Page) (Found, error)         { return Found{}, nil }
func (sizedModel) View(io.Writer, *page.Page, Found) error { return nil }
func (m sizedModel) Bytes() int                            { return int(m) }

// TestKeptSitesBounded: the learned sites kept, with their models or without (a site of one
// page under the content join has none), hold no more than --max-models-bytes, each counted
// with its state's bytes, however many sites a run sees; only sites with a model count as
// models let go.
func TestKeptSitesBounded(t *testing.T) {
	const bound = 1 << 20
	for _, withModel := range []bool{false, true} {
		g := &grouper{e: &Env{c: newCounts(), in: &input{}}, maxModelBytes: bound, sites: map[string]*siteState{}}
		const n = 50_000
		for i := range n {
			s := &siteState{key: fmt.Sprintf("site%d.example", i), at: -1, learned: true}
			if withModel {
				s.model = sizedModel(1000)
			}
			g.sites[s.key] = s
			g.keep(s)
			if g.modelBytes > bound && g.kept.Len() > 1 {
				t.Fatalf("site %d: %d bytes kept", i, g.modelBytes)
			}
		}
		per := siteBytes + len("site00000.example")
		if withModel {
			per += 1000
		}
		if len(g.sites) != g.kept.Len() || len(g.sites) > bound/per+1 || len(g.sites) < bound/per-100 {
			t.Errorf("model %v: %d sites kept, %d in the list, want about %d", withModel, len(g.sites), g.kept.Len(), bound/per)
		}
		letGo := int64(0)
		if withModel {
			letGo = int64(n - len(g.sites))
		}
		if g.e.c.modelsLetGo != letGo {
			t.Errorf("model %v: models_let_go %d, want %d", withModel, g.e.c.modelsLetGo, letGo)
		}
	}
}
