package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/chaffkit/chaff/lib/metric"
)

// qualityBound is the estimate below which a page counts as doubted in the quality table.
const qualityBound = 0.7

// quality reads the estimates from the predictions and each page's F1 from `score --pages`,
// joined on the case's key.
func (e *env) quality(c *evalCase, preds []string) (*metric.Estimates, error) {
	est := map[string]float64{}
	for _, p := range preds {
		f, err := os.Open(p)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<30)
		for sc.Scan() {
			var rec map[string]json.RawMessage
			if json.Unmarshal(sc.Bytes(), &rec) != nil {
				continue
			}
			var key string
			var content struct {
				Quality *float64 `json:"quality"`
			}
			if json.Unmarshal(rec[c.Key], &key) == nil && json.Unmarshal(rec["content"], &content) == nil && content.Quality != nil {
				est[key] = *content.Quality
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	args := append([]string{"-q", "--pages", "--metric", c.Metric, "--gold", c.Gold, "--key", c.Key}, preds...)
	out, err := exec.Command(filepath.Join(e.bin, "score"), args...).Output()
	if err != nil {
		return nil, fmt.Errorf("score --pages: %v", err)
	}
	var q, f []float64
	for _, line := range strings.Split(string(out), "\n") {
		var row map[string]any
		if json.Unmarshal([]byte(line), &row) != nil {
			continue
		}
		key, _ := row[c.Key].(string)
		f1, ok := row["f1"].(float64)
		if v, has := est[key]; has && ok && key != "" {
			q, f = append(q, v), append(f, f1)
		}
	}
	if len(q) == 0 {
		return nil, fmt.Errorf("no page with both a quality estimate and a score")
	}
	s := metric.CompareEstimates(q, f, qualityBound)
	return &s, nil
}

// formatQuality is the quality estimates of the rows that have them.
func formatQuality(res []result) string {
	var b strings.Builder
	for _, r := range res {
		s := r.Quality
		if s == nil {
			continue
		}
		if b.Len() == 0 {
			fmt.Fprintf(&b, "| quality estimate | content model | pages | Pearson r | Spearman | mean abs. error | mean estimate | mean word F1 | estimated below %.1f: pages, their F1, the others' F1 | pages of F1 below %.1f found |\n", qualityBound, qualityBound)
			b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s | %d, %s, %s | %s |\n", r.V.display(), modelLabel(r.V.Model), s.Pages,
			f3(s.Pearson), f3(s.Spearman), f3(s.MAE), f3(s.MeanEstimate), f3(s.MeanValue), s.Below, f3(s.BelowMean), f3(s.OthersMean), pct(s.Found))
	}
	return b.String()
}
