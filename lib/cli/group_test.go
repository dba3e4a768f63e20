package cli

import (
	"container/heap"
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
