package main

import (
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
)

// View writes the page's source (cli.WriteSourceView), escaped, with what apply keeps (the
// content) in black and the rest (template strings, and blocks too short to keep) greyed,
// long grey runs elided, in the style of ngramcut's view.
func (m model) View(w io.Writer, p *page.Page, f cli.Found) error {
	peak := 0
	if m.Peak != nil {
		peak = m.Peak.F
	}
	caption := fmt.Sprintf("ampl: |S| = %d, maximal peak f = %d, %d template strings; content (kept) black, the rest greyed; ▢▢▢k▢▢▢ elides k grey characters.", m.Pages, peak, len(m.Strings))
	return cli.WriteSourceView(w, "ampl", p.Name(), caption, p.HTML, f.Kept)
}
