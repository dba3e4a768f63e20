package metric_test

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/metric"
)

func ExampleSummary() {
	// Page 1: 5 predicted shingles, 3 gold; 2 shared ("The" != "the"): P 2/5, R 2/3.
	// Page 2: nothing predicted: no precision, recall 0. Means: P .4, R 1/3.
	var s metric.Summary
	s.Add("Breaking news: the cat sat on the mat.", "The cat sat on the mat.")
	s.Add("", "A page the tool emptied.")
	r := s.Result()
	fmt.Printf("pages %d precision %.3f recall %.3f f1 %.3f token_f1 %.3f\n",
		r.Pages, r.Precision, r.Recall, r.F1, r.TokenF1)
	// Output:
	// pages 2 precision 0.400 recall 0.333 f1 0.364 token_f1 0.357
}

func ExampleWordBagScorer() {
	// WCXB's word bags: 6 of the 8 predicted words are in the gold, all 6 gold words found.
	var s metric.WordBagScorer
	b := s.Score("The cat sat on the mat. Subscribe now!", "the cat sat on the mat")
	with := metric.FoldedSnippets("The cat sat on the mat.", []string{"CAT SAT", "the  mat"})
	fmt.Printf("P %.3f R %.3f F1 %.3f with %d of %d\n", b.P, b.R, b.F1, with.Found, with.Of)
	// Output:
	// P 0.750 R 1.000 F1 0.857 with 1 of 2
}

func ExampleCountSnippets() {
	// trafilatura's counts: white space normalised, case kept.
	var total metric.Snippets
	total.Add(metric.CountSnippets("Der Text\n hier. Impressum", []string{"Text hier", "der Text"}, []string{"Impressum"}))
	total.Add(metric.CountSnippets("", []string{"missing page"}, []string{"menu"}))
	fmt.Printf("%+v F %.3f\n", total, total.F())
	// Output:
	// {TP:1 FN:2 FP:1 TN:1} F 0.400
}
