package rtdm_test

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/rtdm"
)

// Odd pages: nothing fails, and a flat list of thousands of siblings on both sides stays
// within MaxCells (no multi-gigabyte table).
func TestOddPages(t *testing.T) {
	flat := func(n int, w string) string {
		return "<html><body>" + strings.Repeat("<span>"+w+"</span>", n) + "</body></html>"
	}
	pages := []string{
		"",
		"just text",
		"<html><body>" + strings.Repeat("<div>", 20000) + "deep" + "</body></html>",
		flat(5000, "a"),
		flat(5000, "b"),
		"<p>unclosed <b>bold <i>italic",
		"<script>var x = '<p>not text</p>';</script><style>p{}</style><p>text</p>",
	}
	var pgs []*rtdm.Page
	for _, h := range pages {
		pgs = append(pgs, rtdm.NewPage(h))
	}
	if got := pgs[6].Tree.String(); strings.Contains(got, "not text") {
		t.Errorf("script text in the tree: %s", got)
	}
	m, _ := rtdm.Learn(pgs, rtdm.DefaultOptions)
	for i, pg := range pgs {
		if _, err := m.Extract(pg, rtdm.DefaultOptions); err == nil && i < 3 {
			t.Errorf("page %d: a body found in %q", i, pages[i][:min(len(pages[i]), 40)])
		}
	}
	a, b := pgs[3].Tree, pgs[4].Tree
	if d := rtdm.Distance(a, b, rtdm.Compose{}, rtdm.Inf); d != float64(a.Len()+b.Len()-6) {
		// By content the spans differ; the document, html and body map, and with 5000 x 5000
		// children over MaxCells everything below body is deleted and inserted.
		t.Errorf("flat pages: distance %v, sizes %d and %d", d, a.Len(), b.Len())
	}
}
