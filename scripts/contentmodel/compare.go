package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/metric"
)

// pageScore is what a set's metrics need of one page's text: its word-bag scores and
// snippets found (WCXB), its snippet counts (trafilatura's metric) and its shingle counts
// (AEB, for a page with a gold text).
type pageScore struct {
	words         metric.WordBag
	with, without metric.SnippetShare
	snip          metric.Snippets
	aeb           metric.Page
	gold          bool
}

// scorePages scores the text that th keeps on every page, its blocks scored by scores.
func scorePages(items []*item, scores [][]float32, th rule) []pageScore {
	var wb metric.WordBagScorer
	var sh metric.Scorer
	out := make([]pageScore, len(items))
	for i, it := range items {
		pred := it.ex.Page.Render(th.keep(it.ex, scores[i]))
		p := it.page
		ps := &out[i]
		ps.words = wb.Score(pred, p.Gold)
		ps.with, ps.without = wb.Snippets(pred, p.With, p.Without)
		ps.snip = metric.CountSnippets(pred, p.With, p.Without)
		if p.Gold != "" {
			ps.aeb, ps.gold = sh.Score(pred, p.Gold), true
		}
	}
	return out
}

// groupKeys are the report rows a page counts in: its set's, and its set's group's (page
// type or language group) where it has one.
func groupKeys(it *item) []string {
	if g := groupOf(it); g != "" {
		return []string{it.set, it.set + "/" + g}
	}
	return []string{it.set}
}

// readRuns reads the cached scores of each run of list (comma-separated files, each a run
// that must exist).
func readRuns(list string, items []*item) ([][][]float32, error) {
	var runs [][][]float32
	for _, path := range strings.Split(list, ",") {
		sc, err := readScores(path, items)
		if err == nil && sc == nil {
			err = fmt.Errorf("%s: no such file", path)
		}
		if err != nil {
			return nil, err
		}
		runs = append(runs, sc)
	}
	return runs, nil
}

// setMetric is a set's own metric over some of its pages (an index may repeat: a
// bootstrap's draw): the mean word F1 and the snippet rates on wcxb-dev, trafilatura's
// snippet F on trafeval-dev, the AEB F1 on the news sets.
type setMetric struct {
	name string
	of   func(ps []pageScore, pages []int) float64
}

func metricsOf(set string) []setMetric {
	switch set {
	case "wcxb-dev":
		return []setMetric{
			wordBagMetric("word F1", func(r metric.WordBagResult) float64 { return r.F1 }),
			wordBagMetric("with found", func(r metric.WordBagResult) float64 { return r.With }),
			wordBagMetric("without found", func(r metric.WordBagResult) float64 { return r.Without }),
		}
	case "trafeval-dev":
		return []setMetric{{"snippet F", func(ps []pageScore, pages []int) float64 {
			var s metric.Snippets
			for _, i := range pages {
				s.Add(ps[i].snip)
			}
			return s.F()
		}}}
	}
	return []setMetric{{"AEB F1", func(ps []pageScore, pages []int) float64 {
		var s metric.Shingles
		for _, i := range pages {
			if ps[i].gold {
				s.AddCounts(ps[i].aeb.Shingles)
			}
		}
		return s.Result().F1
	}}}
}

// wordBagMetric is one figure of the WCXB metric (pick) over some pages.
func wordBagMetric(name string, pick func(metric.WordBagResult) float64) setMetric {
	return setMetric{name, func(ps []pageScore, pages []int) float64 {
		var w metric.WordBags
		for _, i := range pages {
			w.Add(ps[i].words)
			w.AddWith(ps[i].with)
			w.AddWithout(ps[i].without)
		}
		return pick(w.Result())
	}}
}

// compareRuns compares two sides of cross-validated runs (base and new, each one run's
// cached scores per seed) set by set and group by group: each side's metric is the mean of
// its runs' figures, and the difference's 90% interval comes from resampling the set's
// sites (boot draws of as many sites as it has, with replacement, the same draws for both
// sides): how much of the difference the choice of sites could make. The spread of one
// side's runs (its largest figure less its least) is how much the trees' seed alone moves it.
func compareRuns(items []*item, baseRuns, newRuns [][][]float32, boot int, w io.Writer) {
	score := func(runs [][][]float32) [][]pageScore {
		out := make([][]pageScore, len(runs))
		for r, sc := range runs {
			out[r] = scorePages(items, sc, rule{th: content.Threshold})
		}
		return out
	}
	a, b := score(baseRuns), score(newRuns)
	type group struct {
		set   string
		sites map[string][]int // the pages of each site
	}
	groups := map[string]*group{}
	var keys []string
	for i, it := range items {
		for _, k := range groupKeys(it) {
			g := groups[k]
			if g == nil {
				g = &group{set: it.set, sites: map[string][]int{}}
				groups[k] = g
				keys = append(keys, k)
			}
			g.sites[it.ex.Group] = append(g.sites[it.ex.Group], i)
		}
	}
	sort.Strings(keys)
	mean := func(runs [][]pageScore, m setMetric, pages []int) (avg, spread float64) {
		lo, hi := 2.0, -1.0
		for _, ps := range runs {
			v := m.of(ps, pages)
			avg += v
			lo, hi = min(lo, v), max(hi, v)
		}
		return avg / float64(len(runs)), hi - lo
	}
	fmt.Fprintf(w, "# %d base run(s) against %d new; the difference's 90%% interval over %d draws of each set's sites\n\n", len(baseRuns), len(newRuns), boot)
	fmt.Fprintln(w, "| set / group | pages | sites | metric | base | new | difference (new - base) | 90% interval | seed spread base / new |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, k := range keys {
		g := groups[k]
		names := make([]string, 0, len(g.sites))
		var pages []int
		for s := range g.sites {
			names = append(names, s)
		}
		sort.Strings(names)
		for _, s := range names {
			pages = append(pages, g.sites[s]...)
		}
		for _, m := range metricsOf(g.set) {
			va, sa := mean(a, m, pages)
			vb, sb := mean(b, m, pages)
			rng := rand.New(rand.NewPCG(1, uint64(len(pages))))
			diffs := make([]float64, boot)
			draw := make([]int, 0, len(pages))
			for d := range diffs {
				draw = draw[:0]
				for range names {
					draw = append(draw, g.sites[names[rng.IntN(len(names))]]...)
				}
				x, _ := mean(a, m, draw)
				y, _ := mean(b, m, draw)
				diffs[d] = y - x
			}
			sort.Float64s(diffs)
			interval := "-"
			if boot > 0 {
				interval = fmt.Sprintf("%+.4f .. %+.4f", diffs[boot*5/100], diffs[min(boot-1, boot*95/100)])
			}
			spread := "-"
			if len(a) > 1 || len(b) > 1 {
				spread = fmt.Sprintf("%.4f / %.4f", sa, sb)
			}
			fmt.Fprintf(w, "| %s | %d | %d | %s | %.4f | %.4f | %+.4f | %s | %s |\n", k, len(pages), len(names), m.name, va, vb, vb-va, interval, spread)
		}
	}
}
