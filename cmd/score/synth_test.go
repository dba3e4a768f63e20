package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

// synthPages is a small synthetic corpus with index pages and a CJK site.
func synthPages(t *testing.T) []synth.Page {
	t.Helper()
	cfg := synth.DefaultConfig()
	cfg.PagesPerSite = 8
	cfg.IndexPages = 2
	cfg.PageBytes = 8000
	pages, err := synth.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// jsonl writes one line per page built by fn.
func jsonl(t *testing.T, pages []synth.Page, fn func(p synth.Page) map[string]any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	for _, p := range pages {
		if err := enc.Encode(fn(p)); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// On synthetic pages the tool's text is the gold without its first line (the title). The
// prediction's tokens are then a suffix of the gold's, so every predicted shingle is a gold
// shingle: P = 1 where there is a prediction. For a gold of n >= 4 tokens whose title has
// k tokens, with n-k >= 4, the prediction has n-k-3 of the gold's n-3 shingles: R = (n-k-3)/(n-3).
// Index pages (empty gold, empty prediction) count in neither mean.
// The kept spans are the gold spans but the first (the <h1>): Both = Kept = gold minus the
// title's bytes, so character precision is 1, recall = kept/gold and accuracy
// = 1 - (title bytes)/(page bytes), pooled over pages.
func TestSynthKnownPartialPrediction(t *testing.T) {
	pages := synthPages(t)
	var wantRecall float64
	var recallPages, precisionPages int
	var goldBytes, keptBytes, pageBytes int64
	in := jsonl(t, pages, func(p synth.Page) map[string]any {
		pred := ""
		kept := [][2]int{} // an index page keeps nothing (an empty list, not null)
		if p.Kind == "article" {
			_, pred, _ = strings.Cut(p.Gold, "\n")
			kept = p.GoldSpans[1:]
			n := len(metric.Tokens(p.Gold))
			k := len(metric.Tokens(p.GoldTitle))
			if n-k < 4 {
				t.Fatalf("page %s too short for the formula", p.ID)
			}
			wantRecall += float64(n-k-3) / float64(n-3)
			recallPages++
			precisionPages++
			for _, s := range p.GoldSpans {
				goldBytes += int64(s[1] - s[0])
			}
			for _, s := range kept {
				keptBytes += int64(s[1] - s[0])
			}
		}
		pageBytes += int64(len(p.HTML))
		return map[string]any{"id": p.ID, "site": p.Site, "html": p.HTML, "gold": p.Gold,
			"gold_spans": p.GoldSpans, "text": pred, "cut": map[string]any{"spans": kept}}
	})
	stdout, stderr, code := runCase(t, []string{"-q"}, in)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	wantRecall /= float64(recallPages)
	charRecall := float64(keptBytes) / float64(goldBytes)
	charAccuracy := 1 - float64(goldBytes-keptBytes)/float64(pageBytes)
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"pages": float64(len(pages)), "precision_pages": float64(precisionPages),
		"recall_pages": float64(recallPages),
		"precision":    1, "recall": wantRecall, "f1": 2 * wantRecall / (1 + wantRecall),
		"char_pages": float64(len(pages)), "char_precision": 1, "char_recall": charRecall,
		"char_accuracy": charAccuracy,
	})
	if wantRecall > 0.99 || wantRecall < 0.5 {
		t.Errorf("recall %v: the title should matter on short synthetic pages", wantRecall)
	}
}

// The gold text and the gold spans as prediction give 1 everywhere; keeping every byte
// gives character recall 1 and precision = accuracy = gold bytes / page bytes.
func TestSynthGoldAndEverything(t *testing.T) {
	pages := synthPages(t)
	in := jsonl(t, pages, func(p synth.Page) map[string]any {
		return map[string]any{"id": p.ID, "html": p.HTML, "gold": p.Gold, "gold_spans": p.GoldSpans,
			"text": p.Gold, "tool": map[string]any{"spans": p.GoldSpans}}
	})
	stdout, _, code := runCase(t, []string{"-q"}, in)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"f1": 1, "token_f1": 1, "char_accuracy": 1, "char_recall": 1, "char_precision": 1,
	})

	var gold, all int64
	in = jsonl(t, pages, func(p synth.Page) map[string]any {
		for _, s := range p.GoldSpans {
			gold += int64(s[1] - s[0])
		}
		all += int64(len(p.HTML))
		return map[string]any{"id": p.ID, "html": p.HTML, "gold": p.Gold, "gold_spans": p.GoldSpans,
			"text": p.Gold, "tool": map[string]any{"spans": [][2]int{{0, len(p.HTML)}}}}
	})
	stdout, _, _ = runCase(t, []string{"-q"}, in)
	share := float64(gold) / float64(all)
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"char_recall": 1, "char_precision": share, "char_accuracy": share,
	})
}

// The rows do not depend on the number of workers, across batch boundaries.
func TestWorkersSameOutput(t *testing.T) {
	cfg := synth.DefaultConfig()
	cfg.PagesPerSite = 80 // 320 pages: more than one batch
	cfg.PageBytes = 3000
	pages, err := synth.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	in := jsonl(t, pages, func(p synth.Page) map[string]any {
		half := p.Gold[:len(p.Gold)/2]
		return map[string]any{"id": p.ID, "site": p.Site, "html": p.HTML, "gold": p.Gold,
			"gold_spans": p.GoldSpans, "text": half + " menu home about", "t": map[string]any{"spans": [][2]int{{0, len(p.HTML) / 2}}}}
	})
	one, _, _ := runCase(t, []string{"-q", "-j", "1", "--pages", "--by", "site"}, in)
	four, _, _ := runCase(t, []string{"-q", "-j", "4", "--pages", "--by", "site"}, in)
	if one != four {
		t.Error("-j 1 and -j 4 differ")
	}
	if n := strings.Count(one, "\n"); n != len(pages)+4+1 {
		t.Errorf("%d rows, want %d pages + 4 sites + 1", n, len(pages))
	}
}
