package cli

import (
	"encoding/json"
	"io"

	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
)

// Tool is an algorithm plugged into the shared app.
type Tool struct {
	Name    string // the command name, e.g. "ngramcut"
	Usage   string // one line for the help text
	Version int    // model format version: a model of another version is refused
	// Flags are the algorithm's own options, given to learn, apply, run and show.
	Flags []ucli.Flag
	// Learn learns one site's model from its sample pages.
	Learn func(c *ucli.Context, site string, pages []*record.Record) (Model, error)
	// Load decodes a model saved by Learn (the JSON encoding of the Model).
	Load func(c *ucli.Context, raw json.RawMessage) (Model, error)
	// Commands are extra commands (peaks, path, dist, cluster, ...). They
	// may use Open to read pages the way every mode does.
	Commands []*ucli.Command
}

// Model is one site's learned model.
type Model interface {
	// Apply extracts one page. It must be safe for concurrent use.
	Apply(page *record.Record) (Result, error)
	// View writes an HTML view of the page for people: content escaped,
	// removed parts greyed; nothing from the page may run.
	View(w io.Writer, page *record.Record) error
}

// Result is what a tool found in one page.
type Result struct {
	Text   string // the main content as plain text, blocks separated by "\n"
	Title  string // optional
	Detail any    // becomes the "<tool>" member, e.g. {"n":24,"a":10,"spans":[[s,e]]}
	// Notes say what a limit changed in handling the page (e.g. nesting
	// flattened at --max-depth): one stderr line each, naming the page, and
	// counted in the summary as notes=N. The page is still emitted.
	Notes []string
}

// Exit statuses of Run.
const (
	ExitOK      = 0 // everything read; per-record errors are in the output
	ExitFailure = 1 // an input or output failed, or --on-error fail stopped the run
	ExitUsage   = 2 // bad flags or arguments
	// A run stopped by SIGINT or SIGTERM exits with 128 plus the signal's
	// number, 130 or 143, as a shell reports a command the signal killed.
	ExitSignalBase = 128
)
