package cli

import (
	"fmt"
	"slices"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/stream"
	ucli "github.com/urfave/cli/v2"
)

// Names of the flags every tool shares, spelled once here.
const (
	FlagFormat         = "format"
	FlagHTMLField      = "html-field"
	FlagSiteKey        = "site-key"
	FlagOnError        = "on-error"
	FlagSample         = "sample"
	FlagMaxBuffer      = "max-buffer"
	FlagMaxBufferBytes = "max-buffer-bytes"
	FlagMaxModelsBytes = "max-models-bytes"
	FlagModel          = "model"
	FlagOutput         = "output"
	FlagZstd           = "zstd"
	FlagDropHTML       = "drop-html"
	FlagMaxRecordBytes = "max-record-bytes"
	FlagWorkers        = "workers"
	FlagKeyed          = "keyed"
	FlagPaths          = "paths"
	FlagMaxModelBytes  = "max-model-bytes"
	FlagMaxErrorsShown = "max-errors-shown"
	FlagMaxDepth       = "max-depth"
)

// Error policies of --on-error.
const (
	OnErrorWarn = "warn" // one stderr line, the record is emitted with "error"
	OnErrorSkip = "skip" // the record is not emitted, only counted
	OnErrorFail = "fail" // the run stops with exit status 1
)

// InputFlags are the flags of every command that reads pages.
func InputFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: FlagFormat, Value: string(stream.FormatAuto), Usage: "input format: auto, jsonl, warc or html"},
		HTMLFieldFlag(),
		SiteKeyFlag(),
		&ucli.StringFlag{Name: FlagOnError, Value: OnErrorWarn, Usage: "a bad record: warn (report it, emit it with \"error\"), skip (count it only) or fail (stop)"},
		MaxRecordBytesFlag(),
		MaxErrorsShownFlag(),
	}
}

// HTMLFieldFlag is --html-field, the member that holds a page.
func HTMLFieldFlag() ucli.Flag {
	return &ucli.StringFlag{Name: FlagHTMLField, Value: "html", Usage: "JSON member that holds the page (`FIELD`)"}
}

// SiteKeyFlag is --site-key, how a page's site is named.
func SiteKeyFlag() ucli.Flag {
	return &ucli.StringFlag{Name: FlagSiteKey, Value: string(site.Auto), Usage: "site of a page (`MODE`): auto (the site member, else the URL's host), host, domain or none (all pages one set)"}
}

// MaxRecordBytesFlag is --max-record-bytes, the longest record read.
func MaxRecordBytesFlag() ucli.Flag {
	return &ucli.IntFlag{Name: FlagMaxRecordBytes, Value: 256 << 20, Usage: "longest accepted input record in `BYTES`"}
}

// MaxErrorsShownFlag is --max-errors-shown, how many error lines of one kind are printed.
func MaxErrorsShownFlag() ucli.Flag {
	return &ucli.IntFlag{Name: FlagMaxErrorsShown, Value: maxErrorsShown, Usage: "print at most `N` error lines of one kind per input; the rest are counted in the summary (0: print all)"}
}

// WorkersFlag is -j/--workers, how many pages are worked on at once.
func WorkersFlag() ucli.Flag {
	return &ucli.IntFlag{Name: FlagWorkers, Aliases: []string{"j"}, Usage: "`N` pages worked on at once, 0 = one per core (the output does not depend on it)"}
}

// KeyedFlags are the flags of the commands that take part in a keyed job
// (learn, apply, run): the others would read keyed lines but not honour
// their contract.
func KeyedFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.BoolFlag{Name: FlagKeyed, Usage: "lines are SITE<TAB>JSON in and out, grouped (sorted) by SITE (Hadoop Streaming, Spark pipe(); see docs/SCALE.md)"},
	}
}

// OutputFlags are the flags of every command that writes records.
func OutputFlags() []ucli.Flag {
	return []ucli.Flag{outputFileFlag("write to `FILE` instead of stdout (zstd when it ends in .zst); written under a temporary name and renamed when the run ends well"),
		&ucli.BoolFlag{Name: FlagZstd, Aliases: []string{"z"}, Usage: "compress the output with zstd"},
	}
}

func outputFileFlag(usage string) ucli.Flag {
	return &ucli.StringFlag{Name: FlagOutput, Aliases: []string{"o"}, Usage: usage}
}

// LearnFlags are the flags of the commands that learn.
func LearnFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.IntFlag{Name: FlagSample, Value: 200, Usage: "learn each site from at most `K` pages (its first K; K >= 1)"},
		&ucli.IntFlag{Name: FlagMaxBuffer, Value: 5000, Usage: "most pages held in memory waiting for their site to be learned (>= 1); past it the fullest site is learned early"},
		&ucli.IntFlag{Name: FlagMaxBufferBytes, Value: DefaultMaxBufferBytes, DefaultText: "536870912, 512 MiB", Usage: "most `BYTES` the pages waiting for their site may hold in memory (their records, HTML and trees; 0: no limit); past it the fullest site is learned early"},
		&ucli.IntFlag{Name: FlagMaxModelsBytes, Value: DefaultMaxModelsBytes, DefaultText: "134217728, 128 MiB", Usage: "most `BYTES` of learned sites (their models, and 400 bytes of state each) kept in memory for their later pages (0: no limit); past it the least recently used are let go, and a site seen again is learned again from its later pages"},
	}
}

// DefaultMaxModelsBytes is the default of --max-models-bytes: 128 MiB of learned models kept
// for the later pages of their sites (by their estimates, cli.Sizer); wcxb-dev's 1,297 sites
// take 5 (rtdm) to 184 MB (ampl), big9's 2 to 18 MB.
const DefaultMaxModelsBytes = 128 << 20

// DefaultMaxBufferBytes is the default of --max-buffer-bytes: 512 MiB of pages waiting for
// their site (with the soft memory limit boundHeap sets from it, a run's peak memory stays
// near 0.8 GB).
const DefaultMaxBufferBytes = 512 << 20

// RecordFlags are the flags of the commands that emit page records.
func RecordFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.BoolFlag{Name: FlagDropHTML, Usage: "leave the html member out of the output"},
		&ucli.BoolFlag{Name: FlagMarkdown, Usage: "write text as Markdown: headings as #, list items as - or 1., quotations as >, preformatted text fenced with its lines (and its language where the page names it), table rows as | cells |, inline code between backticks, bold as **, italics as *, the page's own characters backslash-escaped where Markdown would read them as markup (the content model's text; not with --content off or --faithful)"},
		&ucli.BoolFlag{Name: FlagLinks, Usage: "with --markdown: write links as [text](address), the address resolved against the page's (its URL, else its canonical link) and its <base href>; links to the page's own fragments or to scripts, and those whose address is unknown, stay text"},
		&ucli.BoolFlag{Name: FlagImages, Usage: "with --markdown: write the pictures the page shows between two kept blocks (a figure, a photo between paragraphs) as ![alt](address), the address resolved as --links resolves one (a lazy loader's data-src before src, else srcset); pictures inside a line of text (emoji, icons), those under 48 pixels and an address already written (an icon repeated down the page) are left out"},
		WorkersFlag(),
	}
}

// TreeFlags are the flags of the tools that build a page's tree (sstclean,
// rtdm): elements nested deeper than --max-depth are flattened, as browsers
// do, never dropped, and the page gets a note saying so.
func TreeFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.IntFlag{Name: FlagMaxDepth, Value: dom.DefaultMaxDepth, Usage: "flatten elements nested deeper than `N` (their content follows them, nothing is dropped; browsers stop at 512 too; 0: no limit)"},
	}
}

// FlattenedNote is the note of a page whose elements below depth max were
// flattened (n of them).
func FlattenedNote(n, max int) string {
	return fmt.Sprintf("%d elements nested deeper than --%s %d flattened (their content kept)", n, FlagMaxDepth, max)
}

// ModelFlags name the model file of apply (required there) or show, and
// bound one site's model. --model is never marked Required for urfave,
// which would print help on stdout.
func ModelFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: FlagModel, Aliases: []string{"m"}, Usage: "the models written by learn (`FILE`, plain or .zst)"},
		&ucli.IntFlag{Name: FlagMaxModelBytes, Value: 512 << 20, Usage: "largest accepted model of one site, in bytes"},
	}
}

func checkChoice(c *ucli.Context, flag string, choices ...string) error {
	if c.IsSet(flag) || c.String(flag) != "" {
		v := c.String(flag)
		if !slices.Contains(choices, v) {
			return usageError{fmt.Errorf("--%s %q: want one of %v", flag, v, choices)}
		}
	}
	return nil
}

// usageError marks an error that is the user's invocation, exit status 2.
type usageError struct{ error }

func (u usageError) Unwrap() error { return u.error }
