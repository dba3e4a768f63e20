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

// Estimates compares per-page estimates with the values they estimate (the content model's
// quality estimates with the pages' F1): how well they rank and how far they are off, and
// what a pipeline that sends the pages estimated below a bound elsewhere would send.
type Estimates struct {
	Pages                   int
	Pearson, Spearman, MAE  float64
	MeanEstimate, MeanValue float64
	Below                   int     // pages estimated below the bound
	BelowMean, OthersMean   float64 // the mean value of those pages, and of the others
	Found                   float64 // the share of the pages whose value is below the bound that are estimated below it
}

// CompareEstimates compares est with val (the same length, at least one page) at bound.
func CompareEstimates(est, val []float64, bound float64) Estimates {
	s := Estimates{Pages: len(est), Pearson: Pearson(est, val), Spearman: Spearman(est, val)}
	bad, badFound := 0, 0
	for i := range est {
		s.MAE += math.Abs(est[i] - val[i])
		s.MeanEstimate += est[i]
		s.MeanValue += val[i]
		if est[i] < bound {
			s.Below++
			s.BelowMean += val[i]
		} else {
			s.OthersMean += val[i]
		}
		if val[i] < bound {
			bad++
			if est[i] < bound {
				badFound++
			}
		}
	}
	n := float64(len(est))
	s.MAE, s.MeanEstimate, s.MeanValue = s.MAE/n, s.MeanEstimate/n, s.MeanValue/n
	s.BelowMean /= math.Max(float64(s.Below), 1)
	s.OthersMean /= math.Max(n-float64(s.Below), 1)
	s.Found = float64(badFound) / math.Max(float64(bad), 1)
	return s
}
