package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/chaffkit/chaff/lib/metric"
)

// qualityBound is the estimate below which a page counts as doubted in the quality table.
const qualityBound = 0.7

// qualityStats compares the content model's quality estimates (each record's
// content.quality) with the pages' own scores in the case's metric.
type qualityStats struct {
	Pages                  int
	Pearson, Spearman, MAE float64
	MeanEstimate, MeanF1   float64
	Doubted                int     // pages estimated below qualityBound
	DoubtedF1, OthersF1    float64 // their mean F1, and the others'
	BadFound               float64 // share of the pages of F1 below qualityBound that are doubted
}

// quality reads the estimates from the predictions and each page's F1 from `score --pages`,
// joined on the case's key.
func (e *env) quality(c *evalCase, preds []string) (*qualityStats, error) {
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
	s := &qualityStats{Pages: len(q), Pearson: metric.Pearson(q, f), Spearman: metric.Spearman(q, f)}
	bad, badFound := 0, 0
	for i := range q {
		s.MAE += math.Abs(q[i] - f[i])
		s.MeanEstimate += q[i]
		s.MeanF1 += f[i]
		if q[i] < qualityBound {
			s.Doubted++
			s.DoubtedF1 += f[i]
		} else {
			s.OthersF1 += f[i]
		}
		if f[i] < qualityBound {
			bad++
			if q[i] < qualityBound {
				badFound++
			}
		}
	}
	n := float64(len(q))
	s.MAE, s.MeanEstimate, s.MeanF1 = s.MAE/n, s.MeanEstimate/n, s.MeanF1/n
	s.DoubtedF1 /= math.Max(float64(s.Doubted), 1)
	s.OthersF1 /= math.Max(n-float64(s.Doubted), 1)
	s.BadFound = float64(badFound) / math.Max(float64(bad), 1)
	return s, nil
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
			f3(s.Pearson), f3(s.Spearman), f3(s.MAE), f3(s.MeanEstimate), f3(s.MeanF1), s.Doubted, f3(s.DoubtedF1), f3(s.OthersF1), pct(s.BadFound))
	}
	return b.String()
}
