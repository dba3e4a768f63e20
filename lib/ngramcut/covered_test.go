package ngramcut

import (
	"math"
	"reflect"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

// TestFindCoveredSameAsFind: on every page a model learned from, what LearnCovered read off
// the count gives the same Found as looking every n-gram up again (Find): kept spans,
// template evidence and fit, under the default options, the paper's, and others; and a
// page cut by MaxSamplePage, or one that is not the page learned from, is found as by Find.
func TestFindCoveredSameAsFind(t *testing.T) {
	_, bySite := synthSites(t, synth.Config{Seed: 3, Sites: 3, PagesPerSite: 12})
	opts := map[string]Options{
		"default":  Default(),
		"faithful": Faithful(),
		"xxhash":   {Hash: XXHash, N: 12, A: 10},
		"delims":   {Delims: true, MinDocFrac: 0.3, N: 16},
		"bytes":    {Unit: Byte, MinDocFrac: 0.2, N: 24, MinRun: 40, Snap: true},
	}
	for name, opt := range opts {
		for site, ps := range bySite {
			html := make([]string, len(ps))
			for i, p := range ps {
				html[i] = p.HTML
			}
			var lr Learner
			m, covered, err := lr.LearnCovered(html, opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(covered) != len(html) {
				t.Fatalf("%s %s: %d covered for %d pages", name, site, len(covered), len(html))
			}
			for i, h := range html {
				if covered[i] == nil {
					t.Fatalf("%s %s page %d: no coverage for a page learned whole", name, site, i)
				}
				want, got := m.Find(h), m.FindCovered(h, covered[i])
				if !sameFound(got, want) {
					t.Fatalf("%s %s page %d: FindCovered %+v\nFind %+v", name, site, i, got, want)
				}
				// Another page given the coverage of this one is found as by Find.
				other := html[(i+1)%len(html)]
				if len(other) != len(h) && !sameFound(m.FindCovered(other, covered[i]), m.Find(other)) {
					t.Fatalf("%s %s page %d: the coverage of another page was used", name, site, i)
				}
			}
		}
	}
	// A page cut for learning has no coverage.
	for _, ps := range bySite {
		html := []string{ps[0].HTML, ps[1].HTML, ps[2].HTML}
		opt := Default()
		opt.MaxSamplePage = len(html[0]) - 100
		var lr Learner
		_, covered, err := lr.LearnCovered(html, opt)
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range html {
			if (covered[i] == nil) != (len(h) > opt.MaxSamplePage) {
				t.Fatalf("page %d of %d bytes (limit %d): coverage %v", i, len(h), opt.MaxSamplePage, covered[i] != nil)
			}
		}
		break
	}
}

func sameFound(a, b Found) bool {
	fitSame := a.Fit == b.Fit || math.IsNaN(a.Fit) && math.IsNaN(b.Fit)
	return fitSame && reflect.DeepEqual(a.Kept, b.Kept) && reflect.DeepEqual(a.Template, b.Template)
}
