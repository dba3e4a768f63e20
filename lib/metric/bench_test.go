package metric

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// benchText builds a deterministic text of n words from a small vocabulary with accents
// and CJK, like an article.
func benchText(rng *rand.Rand, n int) string {
	vocab := []string{"the", "cat", "sat", "on", "mat", "news", "Café", "naïve", "2024", "東京",
		"report", "said", "minister", "of", "a", "and", "to", "in", "über", "data"}
	var b strings.Builder
	for i := range n {
		if i > 0 {
			if i%17 == 0 {
				b.WriteString(".\n")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(vocab[rng.IntN(len(vocab))])
	}
	return b.String()
}

func BenchmarkSummaryAdd(b *testing.B) {
	for _, words := range []int{100, 1000, 10000} {
		b.Run(strconv.Itoa(words)+"words", func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			gold := benchText(rng, words)
			pred := benchText(rng, words/3) + "\n" + gold[len(gold)/5:] + "\n" + benchText(rng, words/3)
			var s Summary
			b.SetBytes(int64(len(gold) + len(pred)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				s.Add(pred, gold)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}

func BenchmarkTokens(b *testing.B) {
	text := benchText(rand.New(rand.NewPCG(3, 4)), 10000)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for range Words(text) {
			n++
		}
	}
}
