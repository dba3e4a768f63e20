package metric

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
)

// naiveCounts is the metric written the slow, obvious way: tokens by unicode.In, shingles
// as joined strings in a map. It checks the hashing and sorting of Scorer.
func naiveCounts(pred, gold string) Counts {
	tokens := func(s string) []string {
		return strings.FieldsFunc(s, func(r rune) bool {
			return !(r == '_' || unicode.In(r, unicode.L, unicode.N))
		})
	}
	shingles := func(s string) map[string]int {
		toks := tokens(s)
		m := map[string]int{}
		if len(toks) == 0 {
			return m
		}
		if len(toks) < 4 {
			m[strings.Join(toks, "\x00")]++
			return m
		}
		for i := 0; i+4 <= len(toks); i++ {
			m[strings.Join(toks[i:i+4], "\x00")]++
		}
		return m
	}
	p, g := shingles(pred), shingles(gold)
	var tp, fp, fn int
	for k, n := range p {
		tp += min(n, g[k])
		fp += max(0, n-g[k])
	}
	for k, n := range g {
		fn += max(0, n-p[k])
	}
	return normalise(tp, fp, fn)
}

func randomText(rng *rand.Rand, n int) string {
	pool := []string{"a", "b", "c", "A", " ", " ", "_", "-", ".", "é", "e\u0301", "東", "京",
		"\u093f", "²", "½", "Ⅻ", "١", "\u00a0", "\u203f", "\xff", "😀", "x y", "\n"}
	var b strings.Builder
	for range n {
		b.WriteString(pool[rng.IntN(len(pool))])
	}
	return b.String()
}

func TestScorerMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s Scorer
	for i := range 3000 {
		gold := randomText(rng, rng.IntN(60))
		var pred string
		switch i % 4 {
		case 0:
			pred = gold
		case 1:
			pred = gold[rng.IntN(len(gold)+1):] + randomText(rng, rng.IntN(20))
		case 2:
			pred = ""
		default:
			pred = randomText(rng, rng.IntN(60))
		}
		got, want := s.Score(pred, gold).Shingles, naiveCounts(pred, gold)
		if !near(got.TP, want.TP) || !near(got.FP, want.FP) || !near(got.FN, want.FN) {
			t.Fatalf("Score(%q, %q) = %+v, naive %+v", pred, gold, got, want)
		}
	}
}
