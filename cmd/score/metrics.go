package main

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/metric"
)

// metricKind is the --metric a run scores by.
type metricKind int

const (
	// metricAEB is the article-extraction-benchmark shingle metric, with token F1 and the
	// character metrics (lib/metric: Summary).
	metricAEB metricKind = iota
	// metricWCXB is the WCXB benchmark's evaluate.py: word-bag P/R/F1 means and the
	// with/without snippet rates (lib/metric: WordBags).
	metricWCXB
	// metricSnippets is trafilatura's tests/eval_common.py: snippet counts summed over
	// pages (lib/metric: Snippets).
	metricSnippets
)

var metricNames = []string{"aeb", "wcxb", "snippets"}

func parseMetric(name string) (metricKind, error) {
	for i, n := range metricNames {
		if n == name {
			return metricKind(i), nil
		}
	}
	return 0, fmt.Errorf("--metric %q: want aeb, wcxb or snippets", name)
}

// scores are one page's scores under the run's metric (the other members are zero).
type scores struct {
	aeb           metric.Page
	bag           metric.WordBag
	with, without metric.SnippetShare // wcxb
	snippets      metric.Snippets
}

// worker scores pages for one goroutine, with the metrics' reusable buffers.
type worker struct {
	aeb metric.Scorer
	bag metric.WordBagScorer
}

func (w *worker) score(m metricKind, p *page) scores {
	var sc scores
	switch m {
	case metricAEB:
		sc.aeb = w.aeb.Score(p.pred, p.text)
	case metricWCXB:
		sc.bag = w.bag.Score(p.pred, p.text)
		if p.hasWith || p.hasWithout {
			sc.with, sc.without = w.bag.Snippets(p.pred, p.with, p.without)
		}
	case metricSnippets:
		sc.snippets = metric.CountSnippets(p.pred, p.with, p.without)
	}
	return sc
}

// group accumulates the figures of the pages of one --by value, or of every page.
type group struct {
	name       groupName
	pages      int
	missing    int
	predErrors int

	sum      metric.Summary // aeb
	bags     metric.WordBags
	snippets metric.Snippets
}

// add adds one page scored under m.
func (g *group) add(m metricKind, p *page, sc *scores) {
	g.pages++
	if p.missing {
		g.missing++
	}
	if p.predError {
		g.predErrors++
	}
	switch m {
	case metricAEB:
		g.sum.AddPage(sc.aeb)
		if p.hasChars {
			g.sum.AddChars(p.chars)
		}
	case metricWCXB:
		g.bags.Add(sc.bag)
		if p.hasWith {
			g.bags.AddWith(sc.with)
		}
		if p.hasWithout {
			g.bags.AddWithout(sc.without)
		}
	case metricSnippets:
		g.snippets.Add(sc.snippets)
	}
}

// overall are the figures only the overall row has.
type overall struct {
	unmatched  int // predictions without gold
	badRecords int // records of either input reported on stderr
	predErrors int // scored predictions carrying an "error" member
}
