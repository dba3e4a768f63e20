package ngramcut_test

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/ngramcut"
)

// The paper's Example 1: the range string and alternation count of W = {cb, ba} on
// x = accbaacbc.
func ExampleAlternation() {
	r, a := ngramcut.Alternation("accbaacbc", []string{"cb", "ba"})
	fmt.Println(r, a)
	// Output: 110001001 4
}

// Learning a site's model and keeping the content of one of its pages.
func ExampleLearn() {
	var pages []string
	for i := 0; i < 5; i++ {
		pages = append(pages, fmt.Sprintf(`<html><head><title>The Daily Example</title></head><body>
<div class="nav"><a href="/">Home</a> | <a href="/world">World news and more</a></div>
<p>Story %d: %s</p>
<div class="footer">Copyright The Daily Example. All rights reserved.</div></body></html>`,
			i, []string{"rain fell on the quiet harbour", "a new bridge opened to traffic downtown",
				"the council voted on the school budget", "farmers welcomed an early harvest",
				"the museum reopened after long repairs"}[i]))
	}
	m, err := ngramcut.Learn(pages, ngramcut.Options{MinDocFrac: 0.4, N: 12})
	if err != nil {
		panic(err)
	}
	for _, s := range m.Spans(pages[1]) {
		fmt.Printf("%q\n", pages[1][s[0]:s[1]])
	}
	// Output:
	// "1: a new bridge opened to traffic downtown"
}
