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
	learned := fmt.Sprintf("%d template strings", len(m.Strings))
	if m.Windows != nil {
		learned = fmt.Sprintf("%d template windows of %d characters", m.Windows.Len(), m.Windows.Width)
	} else if m.Peak != nil {
		learned = fmt.Sprintf("maximal peak f = %d, %s", m.Peak.F, learned)
	}
	caption := fmt.Sprintf("ampl: |S| = %d, %s; content (kept) black, the rest greyed; ▢▢▢k▢▢▢ elides k grey characters.", m.Pages, learned)
	return cli.WriteSourceView(w, "ampl", p.Name(), caption, p.HTML, f.Kept)
}
