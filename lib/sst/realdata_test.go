package sst

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
)

// dataDir returns ../shared/data relative to the repository root, or "" when absent.
func dataDir(testing.TB) string { return devdata.Dir() }

type goldPage = devdata.Page

func readSet(t testing.TB, path string) []goldPage {
	pages, err := devdata.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

var evalSets = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}

// evalSet learns one model per site from all the site's pages (as "sstclean run" does with
// a sample at least the site's size) and scores the kept text of every page.
func evalSet(t testing.TB, pages []goldPage, o Options) (metric.ShingleResult, map[string]metric.ShingleResult) {
	bySite := map[string][]goldPage{}
	for _, p := range pages {
		bySite[p.Site] = append(bySite[p.Site], p)
	}
	var all metric.Shingles
	per := map[string]metric.ShingleResult{}
	for site, ps := range bySite {
		html := make([]string, len(ps))
		for i, p := range ps {
			html[i] = p.HTML
		}
		m, err := Learn(html, o)
		if err != nil {
			t.Fatal(err)
		}
		var s metric.Shingles
		for _, p := range ps {
			res := m.ApplyHTML(p.HTML)
			text := htmltext.RenderSpans(p.HTML, res.Spans)
			c := s.Add(text, p.Gold)
			all.AddCounts(c)
			if os.Getenv("SST_PAGES") == site {
				pr, _ := c.Precision()
				rc, _ := c.Recall()
				fmt.Printf("%s P %.3f R %.3f\n", p.ID, pr, rc)
			}
		}
		per[site] = s.Result()
	}
	return all.Result(), per
}

// TestRealData scores the evaluation pages; set CHAFF_SST_EVAL=1 to run it (it takes about a
// minute). SST_MODE, SST_T, SST_H and SST_VIRTUAL override the options; SST_SITES=1 prints
// per-site F1.
func TestRealData(t *testing.T) {
	if os.Getenv("CHAFF_SST_EVAL") == "" {
		t.Skip("set CHAFF_SST_EVAL=1 to score ../shared/data")
	}
	dir := dataDir(t)
	if dir == "" {
		t.Skip("../shared/data is absent")
	}
	o := envOptions(t)
	ts := []float64{o.Threshold}
	if v := os.Getenv("SST_T"); v != "" {
		ts = nil
		for _, f := range strings.Split(v, ",") {
			x, _ := strconv.ParseFloat(f, 64)
			ts = append(ts, x)
		}
	}
	sets := map[string][]goldPage{}
	for _, name := range evalSets {
		sets[name] = readSet(t, filepath.Join(dir, name+".jsonl.zst"))
	}
	for _, th := range ts {
		o.Threshold = th
		line := fmt.Sprintf("mode=%s t=%.2f h=%.2f sim=%.2f rare=%v rec=%d link=%.2f graded=%v global=%v virtual=%v:", o.Mode, o.Threshold, o.LocalNoise, o.Similarity, o.Rare, o.Records, o.LinkDensity, o.Graded, o.Global, o.VirtualLeaves)
		for _, name := range evalSets {
			r, per := evalSet(t, sets[name], o)
			line += fmt.Sprintf("  %s F1 %.3f (P %.3f R %.3f)", name, r.F1, r.Precision, r.Recall)
			if os.Getenv("SST_SITES") != "" {
				sites := make([]string, 0, len(per))
				for s := range per {
					sites = append(sites, s)
				}
				sort.Strings(sites)
				for _, s := range sites {
					x := per[s]
					t.Logf("%s %-28s F1 %.3f P %.3f R %.3f (%d pages)", name, s, x.F1, x.Precision, x.Recall, x.Pages)
				}
			}
		}
		t.Log(line)
	}
}

// envOptions returns DefaultOptions with the SST_* overrides of the environment.
func envOptions(t testing.TB) Options {
	o := DefaultOptions()
	if v := os.Getenv("SST_MODE"); v != "" {
		m, err := ParseMode(v)
		if err != nil {
			t.Fatal(err)
		}
		o.Mode = m
	}
	if v := os.Getenv("SST_H"); v != "" {
		o.LocalNoise, _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("SST_RARE"); v != "" {
		o.Rare = v == "1"
	}
	if v := os.Getenv("SST_T"); v != "" {
		first, _, _ := strings.Cut(v, ",")
		o.Threshold, _ = strconv.ParseFloat(first, 64)
	}
	if v := os.Getenv("SST_GRADED"); v != "" {
		o.Graded = v == "1"
	}
	if v := os.Getenv("SST_REPEATS"); v != "" {
		o.Repeats = v == "1"
	}
	if v := os.Getenv("SST_SMOOTH"); v != "" {
		o.Smooth = v == "1"
	}
	if v := os.Getenv("SST_GLOBAL"); v != "" {
		o.Global = v == "1"
	}
	if v := os.Getenv("SST_PAIRS"); v != "" {
		o.Pairs = v == "1"
	}
	if v := os.Getenv("SST_LINK"); v != "" {
		o.LinkDensity, _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("SST_REC"); v != "" {
		o.Records, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("SST_SIM"); v != "" {
		o.Similarity, _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("SST_VIRTUAL"); v == "0" {
		o.VirtualLeaves = false
	}
	return o
}
