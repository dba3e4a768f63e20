package metric

import (
	"math"
	"sort"
)

// Correlations measure how well a per-page estimate (the content model's quality estimate)
// follows a per-page score.

// Pearson returns the linear correlation of x and y (NaN when either is constant or they are
// shorter than 2).
func Pearson(x, y []float64) float64 {
	n := float64(len(x))
	if len(x) < 2 || len(y) != len(x) {
		return math.NaN()
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// Spearman returns the rank correlation of x and y: Pearson's of their ranks, ties sharing
// their mean rank.
func Spearman(x, y []float64) float64 { return Pearson(ranks(x), ranks(y)) }

func ranks(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for a := 0; a < len(idx); {
		b := a
		for b+1 < len(idx) && x[idx[b+1]] == x[idx[a]] {
			b++
		}
		for k := a; k <= b; k++ {
			r[idx[k]] = float64(a+b) / 2
		}
		a = b + 1
	}
	return r
}
