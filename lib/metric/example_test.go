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
