package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/mojibake"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/stream"
	"github.com/chaffkit/chaff/lib/usage"
	ucli "github.com/urfave/cli/v2"
)

// Env is one command's run. It joins the parts that each do one job: the input (input.go),
// the output with its counted flushes (output.go), the accounting (counts.go), the reporter
// of diagnostics (report.go), the progress line on a terminal (progress.go), the signals
// (signals.go) and the worker pool (workers.go); and
// it holds the one policy for what goes wrong: --on-error for a bad record, exit status 1
// for a failed input or output, a stop at the next record after --on-error fail, a failed
// write or a signal. A command gets one from Open, reads pages with Next (or NextPage),
// writes with Emit, and ends with Close, which prints the summary line.
type Env struct {
	Tool *Tool
	Ctx  *ucli.Context
	// Stderr is the command's stderr, through which every line must go: on a terminal it
	// takes the progress line off the screen before the line is written.
	Stderr io.Writer

	algo    Algorithm    // learn, apply, run, show: the tool configured once
	content *contentJoin // run, apply, show: the content model's join (nil: --content off)

	in   *input
	out  *output
	c    *counts
	rep  *Reporter
	sig  signals
	pool pool
	lw   *lineWriter
	prog *progress // the progress line, on a terminal; nil otherwise

	single singles // the sites learned from one page

	onError  string
	dropHTML bool
	// detachHTML: no page's html member is written (--drop-html, or a command that writes no
	// page records: learn, show), so each record lets its input line go (record.DetachHTML).
	detachHTML bool
	// recordsOut is set when the output is page records (run, apply): a failed page is then
	// emitted with "error"; otherwise it is counted.
	recordsOut bool

	start   time.Time
	failed  bool  // an input or output failed: exit status 1
	stopped error // why the run stopped early, nil while it runs
	stopSig int   // the signal that stopped the run
}

// errStop ends a run early (a broken pipe, --on-error fail, a key that comes back).
var errStop = errors.New("stop")

// errInterrupted ends a run on SIGINT or SIGTERM.
var errInterrupted = errors.New("interrupted")

// Open starts a command's run from the shared flags of c. When the command writes a file
// (-o), the file is created here, before any input is read.
func Open(c *ucli.Context, tool *Tool) (*Env, error) {
	if err := checkFlags(c); err != nil {
		return nil, err
	}
	mode, err := site.ParseMode(c.String(FlagSiteKey))
	if err != nil {
		return nil, usageError{err}
	}
	app := c.App
	lw := &lineWriter{w: app.ErrWriter}
	e := &Env{
		Tool:       tool,
		Ctx:        c,
		Stderr:     lw,
		lw:         lw,
		c:          newCounts(),
		onError:    c.String(FlagOnError),
		dropHTML:   c.Bool(FlagDropHTML),
		detachHTML: c.Bool(FlagDropHTML),
		start:      time.Now(),
	}
	e.rep = NewReporter(tool.Name, e.Stderr, maxErrorsShown)
	e.rep.quiet = e.onError == OnErrorSkip
	if c.IsSet(FlagMaxErrorsShown) {
		e.rep.log.max = c.Int(FlagMaxErrorsShown)
	}
	e.pool = pool{n: c.Int(FlagWorkers), apply: e.apply, finish: e.finish}
	if e.pool.n == 0 {
		e.pool.n = runtime.GOMAXPROCS(0)
	}
	inputs, stdin := c.Args().Slice(), app.Reader
	if c.Bool(FlagPaths) {
		paths, err := readPaths(stdin)
		if err != nil {
			return nil, err
		}
		if len(paths) == 0 {
			return nil, usageError{errors.New("--paths: no input names on stdin")}
		}
		inputs, stdin = append(inputs, paths...), strings.NewReader("")
	}
	if e.out, err = newOutput(c.String(FlagOutput), app.Writer, c.Bool(FlagZstd), e.c, e.writeFailed); err != nil {
		return nil, err
	}
	e.in = &input{siteMode: mode, keyed: c.Bool(FlagKeyed), maxDepth: dom.DefaultMaxDepth}
	if hasFlag(c, FlagMaxDepth) {
		e.in.maxDepth = c.Int(FlagMaxDepth)
	}
	e.in.r = stream.NewReader(inputs, stdin, stream.Options{
		Format:         stream.Format(c.String(FlagFormat)),
		HTMLField:      c.String(FlagHTMLField),
		MaxRecordBytes: c.Int(FlagMaxRecordBytes),
		Keyed:          e.in.keyed,
	})
	var announce io.Writer // where a signal is announced at once: a file, not a test's buffer
	if _, isFile := app.ErrWriter.(*os.File); isFile {
		announce = lw
	}
	e.sig.watch(tool.Name, announce)
	// The progress line goes on a terminal, unless the output goes to the same screen: the
	// records are then the progress, and a line drawn between them would break them.
	outOnScreen := false
	if out := c.String(FlagOutput); out == "" || out == "-" {
		outOnScreen, _ = terminalOf(app.Writer)
	}
	if isTerm, width := terminalOf(app.ErrWriter); isTerm && !outOnScreen {
		ticks, stopTicks := progressClock.ticks(ProgressInterval)
		e.prog = newProgress(tool.Name, &e.c.live, lw, width, progressClock.now, ticks)
		e.prog.stopTicks = stopTicks
		go e.prog.run()
	}
	return e, nil
}

// checkFlags checks the shared flags' values: a bad one is a usage error.
func checkFlags(c *ucli.Context) error {
	for _, chk := range []struct {
		flag    string
		choices []string
	}{
		{FlagFormat, []string{"auto", "jsonl", "warc", "html"}},
		{FlagOnError, []string{OnErrorWarn, OnErrorSkip, OnErrorFail}},
	} {
		if err := checkChoice(c, chk.flag, chk.choices...); err != nil {
			return err
		}
	}
	for _, chk := range []struct {
		flag string
		min  int
	}{{FlagSample, 1}, {FlagMaxBuffer, 1}, {FlagMaxBufferBytes, 0}, {FlagMaxModelsBytes, 0}, {FlagWorkers, 0}, {FlagMaxErrorsShown, 0}, {FlagMaxRecordBytes, 1}, {FlagMaxDepth, 0}} {
		if c.IsSet(chk.flag) && c.Int(chk.flag) < chk.min {
			return usageError{fmt.Errorf("--%s %d: must be at least %d", chk.flag, c.Int(chk.flag), chk.min)}
		}
	}
	if c.String("out-dir") != "" && c.String(FlagOutput) != "" {
		return usageError{errors.New("--out-dir writes one file per page: leave -o out")}
	}
	return nil
}

// hasFlag reports whether the command of c defines the flag name.
func hasFlag(c *ucli.Context, name string) bool {
	for _, f := range c.Command.Flags {
		if slices.Contains(f.Names(), name) {
			return true
		}
	}
	return false
}

// interrupted stops the run when a signal came, and reports whether it is stopped for any
// reason.
func (e *Env) interrupted() bool {
	if e.stopped == nil {
		if n := e.sig.received(); n != 0 {
			e.stopped, e.stopSig, e.failed = errInterrupted, n, true
			e.warnf("%s: stopped; pages not processed are counted as skipped.abandoned", signalName(n))
		}
	}
	return e.stopped != nil
}

// stop ends the run at the next record with exit status 1 (--on-error fail, input not
// grouped by key).
func (e *Env) stop() { e.failed, e.stopped = true, errStop }

// abandon counts pages that were read but are left unprocessed because the run stopped
// early (--on-error fail, a signal, a failed write).
func (e *Env) abandon(n int) { e.c.skip("abandoned", int64(n)) }

// SiteOf returns the site key of a page: its line's key under --keyed, else by --site-key.
func (e *Env) SiteOf(rec *record.Record) string { return e.in.siteOf(rec) }

// Next returns the next record, or io.EOF at the end of the input or when the run was
// stopped. Unreadable records and inputs are reported and counted here; the record returned
// may still lack its html, which HasHTML checks.
func (e *Env) Next() (*record.Record, error) {
	for {
		if e.interrupted() {
			return nil, io.EOF
		}
		rec, err := e.in.r.Next()
		e.c.live.read.Store(e.in.r.Read())
		e.c.live.inBytes.Store(e.in.r.Bytes())
		if err == nil {
			if e.detachHTML {
				rec.DetachHTML() // a page waiting for its site then holds its HTML once
			}
			e.c.live.htmlBytes.Add(int64(len(rec.HTML)))
			e.rep.log.input(rec.Source).read++
			return rec, nil
		}
		if err == io.EOF {
			return nil, io.EOF
		}
		var re *record.Error
		var ie *stream.InputError
		switch {
		case errors.As(err, &re):
			e.c.skip("unreadable", 1)
			e.rep.log.input(re.Source).read++
			e.rep.log.failed(re.Source, re.Err.Error())
			e.recordError(re.Source, re.Err.Error(), err.Error())
		case errors.As(err, &ie):
			e.failed = true
			e.warnf("%v", err)
		default:
			e.failed = true
			e.warnf("%v", err)
			return nil, io.EOF
		}
	}
}

// NextPage returns the next record that has its html member (see HasHTML) as a page, or
// io.EOF as Next does.
func (e *Env) NextPage() (*page.Page, error) {
	for {
		rec, err := e.Next()
		if err != nil {
			return nil, err
		}
		if e.HasHTML(rec) {
			return e.page(rec), nil
		}
	}
}

// page returns the page of rec (input.page), its HTML decoded again first when it is
// mojibake (lib/mojibake: UTF-8 read as Windows-1252 or Latin-1 by whoever made the record),
// so that every tool reads, and writes out, the page as it was written. The summary counts
// such pages (mojibake=N).
func (e *Env) page(rec *record.Record) *page.Page {
	if html, ok := mojibake.Repair(rec.HTML); ok {
		rec.Set(rec.HTMLMember(), html)
		e.c.mojibake++
	}
	return e.in.page(rec)
}

// HasHTML checks that a record has its html member as a string; if not the record is failed
// (per --on-error) and false is returned.
func (e *Env) HasHTML(rec *record.Record) bool {
	field := rec.HTMLMember()
	switch {
	case !rec.Has(field):
		e.Fail(rec, fmt.Errorf("no %q member", field))
		return false
	case !rec.IsString(field):
		e.Fail(rec, fmt.Errorf("member %q is not a string", field))
		return false
	}
	return true
}

// keyInOrder checks, under --keyed, that rec's key does not come back after another key;
// when it does the run stops (exit 1) with a message saying how to sort.
func (e *Env) keyInOrder(rec *record.Record) bool {
	if !e.in.keyed || e.in.keys.see(rec.Key) {
		return true
	}
	e.warnf("%s: key %q comes back after other keys: --keyed input must be grouped by key; sort it first, e.g. LC_ALL=C sort -s -t$'\\t' -k1,1 (-k1,1 -k2,2 for apply's models and pages)", rec.Where(), rec.Key)
	e.stop()
	e.abandon(1)
	return false
}

// Emit writes one page record (without html when --drop-html), with "site" when it had none.
// After the run stopped, the page is counted as skipped.abandoned instead.
func (e *Env) Emit(rec *record.Record) {
	if e.stopped != nil {
		e.abandon(1)
		return
	}
	if e.dropHTML {
		rec.Delete(rec.HTMLField)
	}
	key := e.SiteOf(rec)
	if !rec.Has("site") {
		rec.Set("site", key) // the grouping key the page was learned under
	}
	e.c.site(key)
	e.out.writeLine(e.recordLine(key, rec), true, rec.Has("error"))
}

// recordLine is rec as an output line: its JSON, after its key under --keyed.
func (e *Env) recordLine(key string, rec *record.Record) []byte {
	var line []byte
	if e.in.keyed {
		line = append(line, KeyOf(key)...)
		line = append(line, '\t')
	}
	return rec.AppendJSON(line)
}

// EmitLine writes one line that is not a page record (a model line).
func (e *Env) EmitLine(line []byte) {
	if e.stopped != nil {
		return
	}
	e.out.writeLine(line, false, false)
}

// Consume counts a page that was used but not emitted (learn's pages), as consumed.<why>.
func (e *Env) Consume(rec *record.Record, why string) {
	e.c.consumed[why]++
	e.c.site(e.SiteOf(rec))
}

// Fail handles a per-record failure by --on-error: the record is emitted with "error"
// (warn), counted only (skip), or the run stops (fail). Behind pages in flight on workers it
// waits its turn, so that the output keeps the input order.
func (e *Env) Fail(rec *record.Record, err error) {
	if e.pool.busy() {
		e.pool.queue(&job{p: &page.Page{Rec: rec}, err: err})
		return
	}
	e.failNow(rec, err)
}

func (e *Env) failNow(rec *record.Record, err error) {
	if e.stopped != nil {
		// Work that ended after the stop is not reported, only counted.
		e.abandon(1)
		return
	}
	msg := err.Error()
	e.rep.log.failed(rec.Source, msg)
	switch e.onError {
	case OnErrorSkip:
		e.c.skip("error", 1)
		e.c.site(e.SiteOf(rec))
	case OnErrorFail:
		e.recordError(rec.Source, msg, rec.Where()+": "+msg)
		e.c.skip("error", 1)
	default:
		e.recordError(rec.Source, msg, rec.Where()+": "+msg)
		if !e.recordsOut {
			e.c.skip("error", 1)
			e.c.site(e.SiteOf(rec))
			return
		}
		// A record with an error has an empty text, never the input's or none, so that
		// `jq -r .text` prints no "null" into a corpus.
		rec.Set("text", "")
		rec.Set("error", msg)
		e.Emit(rec)
	}
}

// recordError prints one per-record problem (what, at where), capped per kind; --on-error
// fail stops the run.
func (e *Env) recordError(source, what, line string) {
	e.rep.capped(source, what, line, "errors")
	if e.onError == OnErrorFail {
		e.stop()
	}
}

// Note reports what a limit changed in handling a page that is still used (flattened
// nesting, a sample cut short): one stderr line naming the page, capped per kind as error
// lines are, and notes=N in the summary.
func (e *Env) Note(rec *record.Record, note string) {
	e.c.notes++
	e.rep.capped(rec.Source, note, rec.Where()+": "+note, "notes")
}

// warnf prints a diagnostic line on stderr, prefixed with the tool's name.
func (e *Env) warnf(format string, args ...any) { e.rep.warnf(format, args...) }

// Warnf prints a diagnostic line on stderr, prefixed with the tool's name.
func (e *Env) Warnf(format string, args ...any) { e.rep.warnf(format, args...) }

// Phase says on the progress line what the command is doing when it is not reading pages
// (analysing a site, say); "" is reading. Off a terminal it changes nothing.
func (e *Env) Phase(format string, args ...any) {
	if format == "" {
		e.c.live.setPhase("")
		return
	}
	e.c.live.setPhase(printable(fmt.Sprintf(format, args...)))
}

// Stdout is the command's output stream for views and tables (not records).
func (e *Env) Stdout() io.Writer { return e.Ctx.App.Writer }

// writeFailed is told of the first failed write: the run stops; a closed pipe (| head) ends
// it quietly, anything else fails it.
func (e *Env) writeFailed(err error) {
	if e.stopped == nil {
		e.stopped = err
	}
	if errors.Is(err, syscall.EPIPE) {
		e.stopped = errStop // the reader went away: end quietly
		return
	}
	e.failed = true
	var pe *fs.PathError
	if errors.As(err, &pe) {
		e.warnf("%v", err)
	} else {
		e.warnf("write: %v", err)
	}
}

// Close finishes the pages in flight, flushes the output, gives an -o file its name (or
// removes it when the run stopped early), prints the summary line and returns the exit
// status: ExitOK, ExitFailure, or 128 plus the signal's number when a SIGINT (130) or SIGTERM
// (143) stopped the run.
func (e *Env) Close() int {
	e.interrupted()
	e.c.live.setPhase("finishing the pages in flight")
	e.pool.drain()
	msgs, failed := e.out.close(e.stopped == nil)
	for _, m := range msgs {
		e.warnf("%s", m)
	}
	e.failed = e.failed || failed
	e.sig.stop()
	e.in.r.Close()
	if e.prog != nil {
		e.prog.stop()
	}
	if e.stopped == nil {
		e.single.say(e)
		e.rep.inputsFailed(e.in.r.ReadOf)
	}
	fmt.Fprintln(e.Stderr, e.Summary())
	switch {
	case e.stopSig != 0:
		return ExitSignalBase + e.stopSig
	case e.failed:
		return ExitFailure
	}
	return ExitOK
}

// Summary is the end-of-run line (see Summary): read = emitted + consumed + skipped, the
// input's own skips (not-html, http-status, ...) included. It changes nothing.
func (e *Env) Summary() string {
	skipped := maps.Clone(e.c.skipped)
	for reason, n := range e.in.r.Skipped() {
		skipped[reason] = n
	}
	return Summary{
		Tool: e.Tool.Name, Read: e.in.r.Read(), Emitted: e.c.emitted, Errors: e.c.errs,
		Consumed: e.c.consumed, Skipped: skipped, Models: e.c.models, Notes: e.c.notes, Extra: e.c.extra(),
		Sites: e.c.sites.count(), InBytes: e.in.r.Bytes(), HTMLBytes: e.c.live.htmlBytes.Load(),
		Seconds: time.Since(e.start).Seconds(), Usage: usage.Process(),
	}.String()
}
