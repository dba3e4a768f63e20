package ampl

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/metric"
)

// dataDir returns ../shared/data relative to the repository root, or "" when absent.
func dataDir(testing.TB) string { return devdata.Dir() }

type realPage = devdata.Page

func readSet(t testing.TB, path string) []realPage {
	pages, err := devdata.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

var realSets = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}

type siteScore struct {
	site  string
	pages int
	peak  int
	f1    float64
}

// evalSet learns per site from the site's pages and scores the rendered kept text.
func evalSet(t testing.TB, pages []realPage, opt Options) (metric.ShingleResult, []siteScore) {
	bySite := map[string][]realPage{}
	for _, p := range pages {
		bySite[p.Site] = append(bySite[p.Site], p)
	}
	var sites []string
	for s := range bySite {
		sites = append(sites, s)
	}
	sort.Strings(sites)
	var all metric.Shingles
	var rows []siteScore
	for _, s := range sites {
		ps := bySite[s]
		html := make([]string, len(ps))
		for i, p := range ps {
			html[i] = p.HTML
		}
		m, err := Learn(html, opt)
		if err != nil {
			t.Fatal(err)
		}
		var site metric.Shingles
		for _, p := range ps {
			text := m.Text(p.HTML)
			c := all.Add(text, p.Gold)
			site.AddCounts(c)
		}
		row := siteScore{site: s, pages: len(ps), f1: site.Result().F1}
		if m.Peak != nil {
			row.peak = m.Peak.F
		}
		rows = append(rows, row)
	}
	return all.Result(), rows
}

func TestRealPages(t *testing.T) {
	if os.Getenv("CHAFF_REAL") == "" {
		t.Skip("set CHAFF_REAL=1 to score ampl on ../shared/data")
	}
	dir := dataDir(t)
	if dir == "" {
		t.Skip("../shared/data is absent")
	}
	configs := map[string]Options{
		"faithful": Faithful(),
		"bounded":  {Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectPeak},
		"default":  Default(),
	}
	if spec := os.Getenv("AMPL_OPTS"); spec != "" {
		configs = map[string]Options{}
		for i, js := range strings.Split(spec, ";") {
			var o Options
			if err := json.Unmarshal([]byte(js), &o); err != nil {
				t.Fatal(err)
			}
			configs[fmt.Sprintf("c%d %s", i, js)] = o
		}
	}
	var names []string
	for n := range configs {
		names = append(names, n)
	}
	sort.Strings(names)
	sets := realSets
	if s := os.Getenv("AMPL_SETS"); s != "" {
		sets = strings.Split(s, ",")
	}
	for _, set := range sets {
		pages := readSet(t, filepath.Join(dir, set+".jsonl.zst"))
		for _, name := range names {
			res, rows := evalSet(t, pages, configs[name])
			t.Logf("%-16s %-10s P %.3f R %.3f F1 %.3f", set, name, res.Precision, res.Recall, res.F1)
			if os.Getenv("AMPL_SITES") != "" {
				for _, r := range rows {
					t.Logf("    %-40s |S|=%3d peak=%4d F1 %.3f", r.site, r.pages, r.peak, r.f1)
				}
			}
		}
	}
}
