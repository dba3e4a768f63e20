package sst_test

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/sst"
)

func Example() {
	page := func(title, story string) string {
		return `<body><div id="menu"><a href="/">Home</a> <a href="/sport">Sport</a></div>
<div class="story"><h1>` + title + `</h1><p>` + story + `</p></div>
<p class="legal">Copyright 2024 Example News</p></body>`
	}
	pages := []string{
		page("Harbour reopens", "Boats returned to the harbour at dawn after a week of storms."),
		page("Orchard fire", "Crews contained a blaze in the hillside orchards overnight."),
		page("Library turns 100", "Readers queued round the block for cake and old photographs."),
	}
	m, err := sst.Learn(pages, sst.DefaultOptions())
	if err != nil {
		panic(err)
	}
	fresh := page("Bridge closes", "Engineers found cracks in the old stone bridge on Tuesday.")
	res := m.ApplyHTML(fresh)
	fmt.Println(htmltext.RenderSpans(fresh, res.Spans))
	fmt.Println("noisy parts:", res.Noisy)
	// Output:
	// Bridge closes
	// Engineers found cracks in the old stone bridge on Tuesday.
	// noisy parts: 2
}
