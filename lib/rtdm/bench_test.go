package rtdm_test

import (
	"slices"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/rtdm"
	"github.com/chaffkit/chaff/lib/synth"
)

// realPairs returns up to n page pairs of 500-5000 nodes from the shared data: of one site
// (same) or of two sites (different).
func realPairs(b *testing.B, same bool, n int) [][2]*rtdm.Tree {
	var trees []*rtdm.Tree
	var sites []string
	for _, set := range devdata.Sets {
		for _, p := range devPages(b, set) {
			t := rtdm.NewPage(p.HTML).Tree
			if t.Len() >= 500 && t.Len() <= 5000 {
				trees = append(trees, t)
				sites = append(sites, p.Site)
			}
		}
	}
	var pairs [][2]*rtdm.Tree
	// Deterministic spread: pair page i with the next page that fits.
	for i := 0; i < len(trees) && len(pairs) < n; i += 7 {
		for j := i + 1; j < len(trees); j++ {
			if (sites[i] == sites[j]) == same {
				pairs = append(pairs, [2]*rtdm.Tree{trees[i], trees[j]})
				break
			}
		}
	}
	return pairs
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkRTDMvsTopDown times RTDM (no cut-off, unit costs: the clustering model), RTDM
// without the pruning bound (Fig. 5 as printed) and the unrestricted top-down distance on real
// page pairs and reports the median time per pair of each and the ratios.
func BenchmarkRTDMvsTopDown(b *testing.B) {
	for _, same := range []bool{true, false} {
		name := "different-sites"
		if same {
			name = "same-site"
		}
		b.Run(name, func(b *testing.B) {
			pairs := realPairs(b, same, 30)
			if len(pairs) == 0 {
				b.Skip("no pairs")
			}
			b.ResetTimer()
			var rt, rn, td []time.Duration
			for it := 0; it < b.N; it++ {
				for _, p := range pairs {
					s := time.Now()
					rtdm.Distance(p[0], p[1], rtdm.Unit{}, rtdm.Inf)
					rt = append(rt, time.Since(s))
					s = time.Now()
					rtdm.DistanceNoPrune(p[0], p[1], rtdm.Unit{}, rtdm.Inf)
					rn = append(rn, time.Since(s))
					s = time.Now()
					rtdm.TopDown(p[0], p[1], rtdm.Unit{})
					td = append(td, time.Since(s))
				}
			}
			mr, mt := median(rt), median(td)
			b.ReportMetric(float64(mr.Microseconds())/1000, "rtdm-ms/pair")
			b.ReportMetric(float64(mt.Microseconds())/1000, "topdown-ms/pair")
			b.ReportMetric(float64(mt)/float64(mr), "speedup")
			b.ReportMetric(float64(median(rn).Microseconds())/1000, "rtdm-noprune-ms/pair")
			b.ReportMetric(float64(mt)/float64(median(rn)), "speedup-noprune")
			b.ReportMetric(float64(len(pairs)), "pairs")
		})
	}
}

func synthSite(b *testing.B, n int) ([]*rtdm.Page, []synth.Page) {
	pages, err := synth.Generate(synth.Config{Seed: 3, Sites: 1, PagesPerSite: n, IndexPages: n / 20, Templates: 2, PageBytes: 30000})
	if err != nil {
		b.Fatal(err)
	}
	pgs := make([]*rtdm.Page, len(pages))
	for i := range pages {
		pgs[i] = rtdm.NewPage(pages[i].HTML)
	}
	return pgs, pages
}

// BenchmarkCluster200 clusters 200 synthetic pages of one site (two templates and index
// pages) with the default options (all pairwise RTDM similarities on GOMAXPROCS goroutines).
func BenchmarkCluster200(b *testing.B) {
	pgs, _ := synthSite(b, 200)
	trees := make([]*rtdm.Tree, len(pgs))
	for i := range pgs {
		trees[i] = pgs[i].Tree
	}
	b.ResetTimer()
	for it := 0; it < b.N; it++ {
		rtdm.Cluster(trees, 0.8, rtdm.Complete, 0)
	}
}

// BenchmarkLearn200 is clustering plus ne-pattern composition for 200 pages.
func BenchmarkLearn200(b *testing.B) {
	pgs, _ := synthSite(b, 200)
	b.ResetTimer()
	for it := 0; it < b.N; it++ {
		rtdm.Learn(pgs, rtdm.DefaultOptions)
	}
}

// BenchmarkApply parses, matches and labels pages against a learned site model on one
// goroutine, and reports pages per second.
func BenchmarkApply(b *testing.B) {
	pgs, raw := synthSite(b, 40)
	m, _ := rtdm.Learn(pgs, rtdm.DefaultOptions)
	var bytes int64
	for _, p := range raw {
		bytes += int64(len(p.HTML))
	}
	b.SetBytes(bytes / int64(len(raw)))
	b.ReportAllocs()
	b.ResetTimer()
	for it := 0; it < b.N; it++ {
		p := raw[it%len(raw)]
		pg := rtdm.NewPage(p.HTML)
		m.Extract(pg, rtdm.DefaultOptions)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
}
