package cli

import (
	"io"
	"math"

	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

// Tool is an algorithm plugged into the shared app: its name, its own flags, and Configure,
// which turns those flags into the Algorithm once per command, before any input is read.
type Tool struct {
	Name  string // the command name, e.g. "ngramcut"
	Usage string // one line for the help text
	// Flags are the algorithm's own options, given to learn, apply, run and show.
	Flags []ucli.Flag
	// Configure reads and checks the algorithm's flags and returns the algorithm set up with
	// them. lib/cli calls it once per command, before any input is read; an error is a usage
	// error (exit status 2, one line on stderr), so that a bad option value never becomes a
	// per-page error.
	Configure func(c *ucli.Context) (Algorithm, error)
	// Commands are extra commands (peaks, path, dist, cluster, ...). They may use Open to
	// read pages the way every mode does.
	Commands []*ucli.Command
}

// AppliesToSample reports whether the command of c applies each model it learns to the
// pages it learned it from (run and show do, learn does not): an algorithm's Configure
// may then have Learn keep, in each sample page's memo, what the model finds on it
// while learning, for Apply to use (ampl's marks, ngramcut's coverage), and not
// otherwise.
func AppliesToSample(c *ucli.Context) bool {
	return c.Command == nil || c.Command.Name != "learn"
}

// Algorithm is one configured algorithm: it learns a site's model from pages, and decodes
// a model that learn wrote.
type Algorithm interface {
	// Version is the model format version (defined in lib/<algo>): a model line of another
	// version is refused with a message saying to learn again.
	Version() int
	// Learn learns one site's model from its sample pages (copies of a page left out). The
	// pages' trees (page.Page.Doc) are parsed once and kept for the apply that follows in
	// run. The Model's JSON encoding (json.Marshal) is what learn writes.
	Learn(site string, pages []*page.Page) (Model, error)
	// Decode reads a model written by Learn: the "model" member of a model line.
	Decode(raw []byte) (Model, error)
}

// Model is one site's learned model.
type Model interface {
	// Apply finds the content of one page and what the model says about the rest. It must be
	// safe for concurrent use. On error the page is failed (per --on-error); a Found's
	// Detail and Notes are still reported.
	Apply(p *page.Page) (Found, error)
	// View writes an HTML view of the page for people, from what Apply found: content
	// escaped, removed parts greyed; nothing from the page may run.
	View(w io.Writer, p *page.Page, f Found) error
}

// Sizer is a Model that knows about how many bytes it holds in memory: run keeps the models
// of the sites it learned within --max-models-bytes by it. A model that is not one counts as
// the length of its encoding.
type Sizer interface {
	Bytes() int
}

// Found is what an algorithm found in one page. lib/cli renders the text from it, once
// (see setFound), so that every tool's text comes from the same renderer.
type Found struct {
	// Kept are the byte spans of the page's HTML the algorithm keeps as content: sorted,
	// disjoint. The text is htmltext.RenderSpans of them.
	Kept [][2]int
	// Template are the byte spans the site model calls template, each with a strength in
	// (0, 1] (1: surely template). What the strength measures is the algorithm's own
	// (documented in each lib/<algo>); spans are sorted and disjoint.
	Template []Evidence
	// Fit is how well the site model fits this page, in [0, 1] (1: the page looks like the
	// pages the model was learned from), or NaN when the model cannot say.
	Fit float64
	// Title is the page's title, "" when none; with TitleFirst it is also the first line of
	// the text (rtdm).
	Title      string
	TitleFirst bool
	// Detail becomes the "<tool>" member of the record, e.g. {"n":20,"a":0,"spans":[[s,e]]};
	// nil for none.
	Detail any
	// Notes say what a limit changed in handling the page: one stderr line each, naming the
	// page, counted in the summary as notes=N. The page is still emitted. (lib/cli adds the
	// note of a page whose tree was flattened at --max-depth itself.)
	Notes []string
}

// Evidence is a byte span of a page's HTML that a site model calls template, with the
// strength of that claim in (0, 1].
type Evidence = page.Evidence

// Warner is implemented by a Model that has something to say about how it was learned (a
// sample page cut short, a cut point that keeps nothing): lib/cli prints each line once on
// stderr, prefixed with the tool's name, after learning the site.
type Warner interface {
	Warnings() []string
}

// Exit statuses of Run.
const (
	ExitOK      = 0 // everything read; per-record errors are in the output
	ExitFailure = 1 // an input or output failed, or --on-error fail stopped the run
	ExitUsage   = 2 // bad flags or arguments
	// A run stopped by SIGINT or SIGTERM exits with 128 plus the signal's number, 130 or 143,
	// as a shell reports a command the signal killed.
	ExitSignalBase = 128
)

// Round3 returns x rounded to 3 decimals, for a measure in a tool's detail member, or nil
// when x is NaN (unknown: the member is then left out).
func Round3(x float64) *float64 {
	if math.IsNaN(x) {
		return nil
	}
	r := math.Round(x*1000) / 1000
	return &r
}
