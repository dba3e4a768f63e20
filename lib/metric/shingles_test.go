package metric

import (
	"math"
	"testing"
)

const eps = 1e-12

func near(a, b float64) bool { return math.Abs(a-b) < eps }

// The benchmark's per-page rules, one row per case. Counts are already normalised.
func TestPageRules(t *testing.T) {
	cases := []struct {
		name       string
		c          Counts
		p          float64
		pOK        bool
		r          float64
		rOK        bool
		f          float64
		fOK        bool
		whyDefined string
	}{
		{"both empty", Counts{0, 0, 0}, 0, false, 0, false, 0, false,
			"no shingle on either side: the page is in neither mean"},
		{"perfect", Counts{1, 0, 0}, 1, true, 1, true, 1, true, "FP = FN = 0 gives 1"},
		{"empty prediction", Counts{0, 0, 1}, 0, false, 0, true, 0, false,
			"TP+FP = 0: precision undefined; recall TP = 0 -> 0"},
		{"empty gold", Counts{0, 1, 0}, 0, true, 0, false, 0, false,
			"TP+FN = 0: recall undefined; precision 0"},
		{"disjoint", Counts{0, 0.5, 0.5}, 0, true, 0, true, 0, true, "both 0"},
		{"extra text", Counts{0.5, 0.5, 0}, 0.5, true, 1, true, 2.0 / 3, true, "R = TP/(TP+FN) = 1"},
		{"missing text", Counts{0.5, 0, 0.5}, 1, true, 0.5, true, 2.0 / 3, true, "P = TP/(TP+FP) = 1"},
		{"mixed", Counts{0.5, 0.25, 0.25}, 2.0 / 3, true, 2.0 / 3, true, 2.0 / 3, true, "plain ratios"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, pOK := c.c.Precision()
			r, rOK := c.c.Recall()
			f, fOK := c.c.F1()
			if pOK != c.pOK || (pOK && !near(p, c.p)) {
				t.Errorf("precision = %v,%v want %v,%v (%s)", p, pOK, c.p, c.pOK, c.whyDefined)
			}
			if rOK != c.rOK || (rOK && !near(r, c.r)) {
				t.Errorf("recall = %v,%v want %v,%v (%s)", r, rOK, c.r, c.rOK, c.whyDefined)
			}
			if fOK != c.fOK || (fOK && !near(f, c.f)) {
				t.Errorf("F1 = %v,%v want %v,%v", f, fOK, c.f, c.fOK)
			}
		})
	}
}

func TestShingleCounts(t *testing.T) {
	cases := []struct {
		name       string
		pred, gold string
		tp, fp, fn float64 // raw counts, normalised in the check
	}{
		{"same text", "a b c d e", "a b c d e", 2, 0, 0},
		{"separators do not matter", "a, b; c\nd", "a b c d", 1, 0, 0},
		{"case matters", "The cat sat down", "the cat sat down", 0, 1, 1},
		// gold a a a a a has the shingle (a,a,a,a) twice; pred a a a a once.
		{"multiset counts", "a a a a", "a a a a a", 1, 0, 1},
		{"multiset excess", "a a a a a a", "a a a a", 1, 2, 0},
		// a short text is one shingle of all its tokens, never equal to a 4-token one.
		{"short vs full", "a b c d", "a b c", 0, 1, 1},
		{"short equal", "x y", "x - y", 1, 0, 0},
		{"one token", "x", "x", 1, 0, 0},
		{"empty pred", "", "a b c d e", 0, 0, 2},
		{"empty gold", "a b c d e", "", 0, 2, 0},
		{"both empty", " . ", "", 0, 0, 0},
		{"order matters", "d c b a", "a b c d", 0, 1, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ShingleCounts(c.pred, c.gold)
			want := Counts{c.tp, c.fp, c.fn}
			if s := c.tp + c.fp + c.fn; s > 0 {
				want = Counts{c.tp / s, c.fp / s, c.fn / s}
			}
			if !near(got.TP, want.TP) || !near(got.FP, want.FP) || !near(got.FN, want.FN) {
				t.Errorf("ShingleCounts(%q, %q) = %+v, want %+v", c.pred, c.gold, got, want)
			}
		})
	}
}

// pages is a hand-built set with a known partial prediction.
var pages = []struct{ pred, gold string }{
	// A: gold 6 tokens -> shingles abcd bcde cdef; pred 5 tokens -> abcd bcde.
	//    TP 2 FP 0 FN 1, /3: P = 1, R = 2/3. Tokens: 5 pred, 6 gold, 5 common:
	//    p 1, r 5/6, F1 = 2(5/6)/(11/6) = 10/11.
	{"a b c d e", "a b c d e f"},
	// B: gold 1 shingle (one two three four); pred 6 tokens -> 3 shingles, one of them gold.
	//    TP 1 FP 2 FN 0: P = 1/3, R = 1. Tokens 6/4/4: p 2/3, r 1, F1 = 4/5.
	{"one two three four five six", "one two three four"},
	// C: empty prediction, gold "x y" is one short shingle. TP 0 FP 0 FN 1: P undefined,
	//    R = 0. Token F1 0.
	{"", "x y"},
	// D: disjoint 4-token texts: TP 0 FP 1 FN 1: P = 0, R = 0. Token F1 0.
	{"totally different words here", "p q r s"},
}

func TestShinglesHandComputed(t *testing.T) {
	var s Shingles
	for _, p := range pages {
		s.Add(p.pred, p.gold)
	}
	got := s.Result()
	// P = mean over A, B, D = (1 + 1/3 + 0)/3 = 4/9
	// R = mean over A, B, C, D = (2/3 + 1 + 0 + 0)/4 = 5/12
	// F1 = 2 (4/9)(5/12) / (4/9 + 5/12) = (10/27) / (31/36) = 40/93 = 0.430107...
	want := ShingleResult{Pages: 4, PrecisionPages: 3, RecallPages: 4,
		Precision: 4.0 / 9, Recall: 5.0 / 12, F1: 40.0 / 93}
	if got.Pages != want.Pages || got.PrecisionPages != want.PrecisionPages ||
		got.RecallPages != want.RecallPages || !near(got.Precision, want.Precision) ||
		!near(got.Recall, want.Recall) || !near(got.F1, want.F1) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestSummaryHandComputed(t *testing.T) {
	var s Summary
	for _, p := range pages {
		s.Add(p.pred, p.gold)
	}
	got := s.Result()
	// token F1 = (10/11 + 4/5 + 0 + 0)/4 = (50/55 + 44/55)/4 = 94/220 = 47/110
	if !near(got.TokenF1, 47.0/110) || got.TokenPages != 4 {
		t.Errorf("token F1 = %v over %d pages, want 47/110 over 4", got.TokenF1, got.TokenPages)
	}
	if !near(got.F1, 40.0/93) {
		t.Errorf("F1 = %v, want 40/93", got.F1)
	}
}

func TestIdentityAndEmpty(t *testing.T) {
	texts := []string{"Hello world, this is a page.", "x", "東京タワー 2024年 の 話 です", "a a a a a a"}
	var same, empty Summary
	for _, g := range texts {
		same.Add(g, g)
		empty.Add("", g)
	}
	if r := same.Result(); r.F1 != 1 || r.Precision != 1 || r.Recall != 1 || r.TokenF1 != 1 {
		t.Errorf("prediction = gold: %+v, want all 1", r)
	}
	r := empty.Result()
	if r.F1 != 0 || r.Recall != 0 || r.PrecisionPages != 0 || r.RecallPages != len(texts) || r.TokenF1 != 0 {
		t.Errorf("empty predictions: %+v, want F1 0, recall 0 over %d pages, precision over none", r, len(texts))
	}
}

func TestMergeEqualsSequential(t *testing.T) {
	var all, a, b Summary
	for i, p := range pages {
		all.Add(p.pred, p.gold)
		if i%2 == 0 {
			a.Add(p.pred, p.gold)
		} else {
			b.Add(p.pred, p.gold)
		}
	}
	a.Merge(&b)
	x, y := all.Result(), a.Result()
	if x.Pages != y.Pages || x.PrecisionPages != y.PrecisionPages || !near(x.F1, y.F1) ||
		!near(x.TokenF1, y.TokenF1) || x.TokenPages != y.TokenPages {
		t.Errorf("merged %+v != sequential %+v", y, x)
	}
}

func TestMeanCompensated(t *testing.T) {
	var m mean
	m.add(1e16)
	for range 1000 {
		m.add(1)
	}
	m.add(-1e16)
	if got := m.value() * float64(m.n); got != 1000 {
		t.Errorf("compensated sum = %v, want 1000", got)
	}
}
