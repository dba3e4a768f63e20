package metric

import (
	"math"
	"testing"
)

func TestCorrelations(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	if r := Pearson(x, []float64{2, 4, 6, 8, 10}); math.Abs(r-1) > 1e-12 {
		t.Errorf("Pearson of a line %v, want 1", r)
	}
	if r := Pearson(x, []float64{5, 4, 3, 2, 1}); math.Abs(r+1) > 1e-12 {
		t.Errorf("Pearson of a falling line %v, want -1", r)
	}
	// Monotone but not linear: Spearman 1, Pearson below 1.
	y := []float64{1, 2, 4, 8, 100}
	if r := Spearman(x, y); math.Abs(r-1) > 1e-12 {
		t.Errorf("Spearman of a monotone curve %v, want 1", r)
	}
	if r := Pearson(x, y); r > 0.9 {
		t.Errorf("Pearson of a steep curve %v, want below .9", r)
	}
	// Ties share their mean rank: ranks of {1, 1, 2} are {0.5, 0.5, 2}.
	if got := ranks([]float64{1, 1, 2}); got[0] != 0.5 || got[1] != 0.5 || got[2] != 2 {
		t.Errorf("ranks with a tie %v", got)
	}
	if r := Pearson([]float64{1, 1, 1}, []float64{1, 2, 3}); !math.IsNaN(r) {
		t.Errorf("Pearson of a constant %v, want NaN", r)
	}
}

// CompareEstimates on four pages at bound .7: two estimated below it (values .5 and .9),
// two of value below it (.5 and .6), of which one is estimated below.
func TestCompareEstimates(t *testing.T) {
	s := CompareEstimates([]float64{0.6, 0.65, 0.8, 0.9}, []float64{0.5, 0.9, 0.6, 1}, 0.7)
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if s.Pages != 4 || s.Below != 2 || !near(s.BelowMean, 0.7) || !near(s.OthersMean, 0.8) || !near(s.Found, 0.5) ||
		!near(s.MAE, (0.1+0.25+0.2+0.1)/4) || !near(s.MeanEstimate, 0.7375) || !near(s.MeanValue, 0.75) {
		t.Errorf("%+v", s)
	}
}
