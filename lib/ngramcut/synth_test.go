package ngramcut

import (
	"fmt"
	"os"
	"testing"

	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

// synthSites generates the built-in sample and groups its pages by site.
func synthSites(t testing.TB, cfg synth.Config) (names []string, bySite map[string][]synth.Page) {
	pages, err := synth.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bySite = map[string][]synth.Page{}
	for _, p := range pages {
		if _, ok := bySite[p.Site]; !ok {
			names = append(names, p.Site)
		}
		bySite[p.Site] = append(bySite[p.Site], p)
	}
	return names, bySite
}

// synthAccuracy learns each site of the sample with opt and returns the paper's
// character counts per site, over the article pages (index pages have no gold spans but
// are part of the learning sample, as noise).
func synthAccuracy(t testing.TB, cfg synth.Config, opt Options) (map[string]metric.Chars, map[string]*Model) {
	names, bySite := synthSites(t, cfg)
	out := map[string]metric.Chars{}
	models := map[string]*Model{}
	for _, name := range names {
		ps := bySite[name]
		html := make([]string, len(ps))
		for i, p := range ps {
			html[i] = p.HTML
		}
		m, err := Learn(html, opt)
		if err != nil {
			t.Fatal(err)
		}
		models[name] = m
		var sum metric.Chars
		for _, p := range ps {
			if p.Kind != "article" {
				continue
			}
			c, err := metric.CharCounts(len(p.HTML), p.GoldSpans, m.Spans(p.HTML))
			if err != nil {
				t.Fatal(err)
			}
			sum.Add(c)
		}
		out[name] = sum
	}
	return out, models
}

func fmtChars(c metric.Chars) string {
	a, _ := c.Accuracy()
	r, _ := c.Recall()
	p, _ := c.Precision()
	return fmt.Sprintf("accuracy %.3f recall %.3f precision %.3f", a, r, p)
}

// synthVariants are measured on the synthetic sample; only the ones with min > 0 run by
// default (the rest with CHAFF_LONG=1, the faithful search being slow on modern pages).
var synthVariants = []struct {
	name string
	opt  Options
	min  float64
}{
	{"faithful", Options{}, 0},
	{"delims", Options{Delims: true}, 0},
	{"df-fig3", Options{Rank: ByDocFreq}, 0},
	{"df20-n20", Options{MinDocFrac: 0.2, N: 20}, 0},
	{"default (df20-n20-run150, snap)", Default(), 0.97},
	{"df20-n20-run200", Options{MinDocFrac: 0.2, N: 20, MinRun: 200}, 0},
	{"df20-peak-run150", Options{MinDocFrac: 0.2, MinRun: 150, MaxN: 80}, 0},
	{"df20-peak30-run150", Options{MinDocFrac: 0.2, MinRun: 150, MaxN: 30}, 0},
	{"df40-n30-run200", Options{MinDocFrac: 0.4, N: 30, MinRun: 200}, 0},
}

// TestSynthAccuracy checks the paper's character accuracy against gold_spans on the
// built-in sample with one template per site (the paper's setting), the Japanese-like
// site included.
func TestSynthAccuracy(t *testing.T) {
	cfg := synth.DefaultConfig()
	cfg.Templates = 1
	long := os.Getenv("CHAFF_LONG") != ""
	for _, tc := range synthVariants {
		if tc.min == 0 && !long {
			continue
		}
		res, models := synthAccuracy(t, cfg, tc.opt)
		for site, c := range res {
			m := models[site]
			t.Logf("%s %s: n=%d a=%d path %d steps: %s", tc.name, site, m.N, m.A, len(m.Path), fmtChars(c))
			if a, _ := c.Accuracy(); a < tc.min {
				t.Errorf("%s %s: accuracy %.3f < %.2f", tc.name, site, a, tc.min)
			}
		}
	}
}
