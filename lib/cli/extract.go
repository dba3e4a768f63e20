package cli

import (
	"errors"
	"io"
	"slices"

	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
)

// errPageOnly is the "model error" of a page extracted without any site model (chaff
// extract): the content model decides from the page alone, and nothing failed.
var errPageOnly = errors.New("no site model asked for")

// pageOnly is the models of chaff extract and chaff show: none. Every page is handed on at
// once, so that nothing waits for its site and memory holds only the pages in flight.
type pageOnly struct{}

func (pageOnly) take(*record.Record) bool { return false }

func (pageOnly) page(p *page.Page, ready readyFunc) { ready(nil, errPageOnly, p) }

func (pageOnly) end(readyFunc) {}

// ExtractTool is chaff, the command for a dump of unrelated pages: the content of each page
// from the page alone, with chaff's content model (lib/content), streamed one page at a
// time. Its commands are extract and show; the site tools (ngramcut, ampl, sstclean, rtdm)
// join the same model with what a site's pages repeat.
var ExtractTool = &Tool{
	Name:  "chaff",
	Usage: "the main content of every web page of a crawl dump (WARC, JSON lines, HTML), each page on its own",
}

// RunExtract runs chaff on args (args[0] is the program name) and returns the exit status.
func RunExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	t := ExtractTool
	status := ExitOK
	inputs := "[FILE...] (WARC, ARC, JSON lines or HTML; plain, gzip or zstd; none or - for stdin)"
	examples := map[string][]string{
		"extract": {"chaff extract crawl.warc.gz | jq -r .text", "zstdcat pages.jsonl.zst | chaff extract --drop-html -o out.jsonl.zst", "chaff extract --markdown page.html | jq -r .text", `chaff extract crawl.warc.gz | jq -r 'select(.content.kind == "article") | .text'`},
		"show":    {"chaff show --id https://example.com/a.html crawl.warc.gz > a.html", "chaff show --out-dir views/ pages.jsonl.zst    # then open views/index.html"},
	}
	cmd := func(name, usage string, flags []ucli.Flag, action func(*Env) int) *ucli.Command {
		return &ucli.Command{
			Name: name, Usage: usage, ArgsUsage: inputs, Flags: flags,
			UsageText: Examples("chaff "+name+" [options] "+inputs, examples[name]...),
			Action: func(c *ucli.Context) error {
				join, err := newContentJoin(c) // a usage error before Open creates the -o file
				if err != nil {
					return err
				}
				e, err := Open(c, t)
				if err != nil {
					return err
				}
				e.content = join
				e.recordsOut = name == "extract"
				status = action(e)
				return nil
			},
		}
	}
	app := &ucli.App{
		Name:  t.Name,
		Usage: t.Usage,
		Description: Examples("chaff extract emits every page with its main content in \"text\" and its title in \"title\", as JSON lines, "+
			"each page on its own (chaff's content model, lib/content), in input order, holding only the pages in flight; "+
			"the site tools (ngramcut, ampl, sstclean, rtdm) join the same model with what a site's pages repeat. `chaff COMMAND --help` has each command's options and examples.",
			"chaff extract crawl.warc.gz | jq -r .text",
			"find pages/ -name '*.html' | xargs chaff extract --drop-html > out.jsonl",
			"chaff show --out-dir views/ crawl.warc.gz"),
		Reader:      stdin,
		Writer:      stdout,
		ErrWriter:   stderr,
		HideVersion: true,
		Commands: []*ucli.Command{
			cmd("extract", "emit each page with its main content in text, its title in title, and a content member", slices.Concat(InputFlags(), OutputFlags(), RecordFlags(), []ucli.Flag{contentModelFlag(), favorFlag()}), runExtract),
			cmd("show", "write an HTML view of pages: their blocks, the kept ones black, the rest grey", slices.Concat(InputFlags(), []ucli.Flag{
				outputFileFlag("write the view to `FILE` instead of stdout"), contentModelFlag(), favorFlag(),
				&ucli.StringFlag{Name: "id", Usage: "show the page with this id (or url)"},
				&ucli.StringFlag{Name: "out-dir", Usage: "write one view per page and an index.html into `DIR`"},
			}), runShow),
		},
	}
	return runCommand(app, args, stderr, &status)
}

// runExtract emits every page with the content model's text, in input order.
func runExtract(e *Env) int {
	e.eachPage(pageOnly{}, e.applyReady)
	return e.Close()
}
