package main

import (
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
)

// View writes the page in the style of the paper's Figs. 4-5 (cli.WriteSourceView): the
// source as text, useless parts (covered by W) grey, kept parts black, long grey runs
// elided with their length.
func (m model) View(w io.Writer, p *page.Page, f cli.Found) error {
	caption := fmt.Sprintf("ngramcut: frequent n-grams on (%d, %d) grey (%s units, %s ranking, |W| = %d, learned from %d pages); kept parts black; ▢▢▢k▢▢▢ elides k grey %ss.",
		m.N, m.A, m.Unit, m.Rank, len(m.W), m.Pages, m.Unit)
	return cli.WriteSourceView(w, "ngramcut", p.Name(), caption, p.HTML, f.Kept)
}
