package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/stream"
	ucli "github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// Env is one command's run: its input, output, error policy and counts. A
// command gets one from Open, reads pages with Next, writes with Emit, and
// ends with Close, which prints the summary line.
type Env struct {
	Tool   *Tool
	Ctx    *ucli.Context
	Stderr io.Writer

	algo     Algorithm // learn, apply, run, show: the tool configured once
	maxDepth int       // --max-depth of the pages' trees

	in       *stream.Reader
	siteMode site.Mode
	onError  string
	dropHTML bool
	keyed    bool
	// recordsOut is set when the output is page records (run, apply): a
	// failed page is then emitted with "error"; otherwise it is counted.
	recordsOut bool

	stdout  io.Writer
	outCl   io.WriteCloser // the -o file or stdout, compressed or not
	outFile *outputFile    // the -o file, renamed into place by Close
	bw      *bufio.Writer  // flushed only by flush, so that counts follow writes
	line    []byte
	// Pages written into bw but not yet flushed: they count as emitted only
	// once a flush succeeds, and as skipped.unwritten if it fails.
	pendingPages, pendingErrs int64
	writeErr                  error // the first failed write: nothing is written after it

	start    time.Time
	emitted  int64
	errs     int64
	notes    int64 // Note lines: a limit changed how a page was handled
	models   int64
	consumed map[string]int64
	skipped  map[string]int64
	sites    map[string]struct{}
	failed   bool // an input or output failed: exit status 1
	stopped  error

	errors errorLog // per-record error lines, their limit and per-input counts
	keys   keyOrder // --keyed: the keys seen, to check the input is grouped

	signals chan os.Signal
	signal  atomic.Int32 // the number of the SIGINT or SIGTERM received, 0 before
	stopSig int          // the signal that stopped the run

	workers int // --workers: pages applied at once
	work    chan *job
	pending []*job // pages in flight, in input order

	progress     bool
	lastProgress time.Time
}

// errStop ends a run early (a broken pipe, or --on-error fail).
var errStop = errors.New("stop")

// errInterrupted ends a run on SIGINT or SIGTERM.
var errInterrupted = errors.New("interrupted")

// Open starts a command's run from the shared flags of c. When the command
// writes a file (-o), the file is created here, before any input is read.
func Open(c *ucli.Context, tool *Tool) (*Env, error) {
	for _, chk := range []struct {
		flag    string
		choices []string
	}{
		{FlagFormat, []string{"auto", "jsonl", "warc", "html"}},
		{FlagOnError, []string{OnErrorWarn, OnErrorSkip, OnErrorFail}},
	} {
		if err := checkChoice(c, chk.flag, chk.choices...); err != nil {
			return nil, err
		}
	}
	for _, chk := range []struct {
		flag string
		min  int
	}{{FlagSample, 1}, {FlagMaxBuffer, 1}, {FlagWorkers, 0}, {FlagMaxErrorsShown, 0}, {FlagMaxRecordBytes, 1}} {
		if c.IsSet(chk.flag) && c.Int(chk.flag) < chk.min {
			return nil, usageError{fmt.Errorf("--%s %d: must be at least %d", chk.flag, c.Int(chk.flag), chk.min)}
		}
	}
	if c.String("out-dir") != "" && c.String(FlagOutput) != "" {
		return nil, usageError{errors.New("--out-dir writes one file per page: leave -o out")}
	}
	mode, err := site.ParseMode(c.String(FlagSiteKey))
	if err != nil {
		return nil, usageError{err}
	}
	app := c.App
	e := &Env{
		Tool:     tool,
		Ctx:      c,
		Stderr:   app.ErrWriter,
		stdout:   app.Writer,
		siteMode: mode,
		onError:  c.String(FlagOnError),
		workers:  c.Int(FlagWorkers),
		dropHTML: c.Bool(FlagDropHTML),
		keyed:    c.Bool(FlagKeyed),
		start:    time.Now(),
		consumed: map[string]int64{},
		skipped:  map[string]int64{},
		sites:    map[string]struct{}{},
	}
	if e.workers == 0 {
		e.workers = runtime.GOMAXPROCS(0)
	}
	e.maxDepth = dom.DefaultMaxDepth
	if hasFlag(c, FlagMaxDepth) {
		e.maxDepth = c.Int(FlagMaxDepth)
	}
	e.errors.max = maxErrorsShown
	if c.IsSet(FlagMaxErrorsShown) {
		e.errors.max = c.Int(FlagMaxErrorsShown)
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
	w, of, err := createOutput(c.String(FlagOutput), e.stdout, c.Bool(FlagZstd))
	if err != nil {
		return nil, err
	}
	e.outCl, e.outFile, e.bw = w, of, bufio.NewWriterSize(w, 1<<20)
	e.in = stream.NewReader(inputs, stdin, stream.Options{
		Format:         stream.Format(c.String(FlagFormat)),
		HTMLField:      c.String(FlagHTMLField),
		MaxRecordBytes: c.Int(FlagMaxRecordBytes),
		Keyed:          e.keyed,
	})
	if f, ok := e.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		e.progress = true
	}
	e.watchSignals()
	return e, nil
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

// watchSignals turns the first SIGINT or SIGTERM into a stop at the next
// record (see interrupted); a second one ends the process as usual, for
// when the run is busy (learning a large site, say) and the user will not
// wait. On a terminal the stop is announced at once.
func (e *Env) watchSignals() {
	e.signals = make(chan os.Signal, 1)
	signal.Notify(e.signals, os.Interrupt, syscall.SIGTERM)
	stderr, _ := e.Stderr.(*os.File) // safe to write from another goroutine
	go func(ch <-chan os.Signal) {
		for s := range ch {
			n, ok := s.(syscall.Signal)
			if !ok || !e.signal.CompareAndSwap(0, int32(n)) {
				continue
			}
			signal.Reset(os.Interrupt, syscall.SIGTERM)
			if stderr != nil {
				fmt.Fprintf(stderr, "%s: %s: stopping after the current step (again to stop at once)\n", e.Tool.Name, signalName(int(n)))
			}
		}
	}(e.signals)
}

// interrupted stops the run when a signal came, and reports whether it is
// stopped for any reason.
func (e *Env) interrupted() bool {
	if e.stopped == nil {
		if n := e.signal.Load(); n != 0 {
			e.stopped, e.stopSig, e.failed = errInterrupted, int(n), true
			e.warnf("%s: stopped; pages not processed are counted as skipped.abandoned", signalName(int(n)))
		}
	}
	return e.stopped != nil
}

// abandon counts pages that were read but are left unprocessed because the
// run stopped early (--on-error fail, a signal, a failed write).
func (e *Env) abandon(n int) {
	if n > 0 {
		e.skipped["abandoned"] += int64(n)
	}
}

// SiteOf returns the site key of a page: its line's key under --keyed,
// else by --site-key.
func (e *Env) SiteOf(rec *record.Record) string {
	if e.keyed {
		return rec.Key
	}
	return site.Key(e.siteMode, rec.Site, rec.URL)
}

// KeyOf makes a site the key of a keyed line (stream.EscapeKey).
func KeyOf(site string) string { return stream.EscapeKey(site) }

func signalName(n int) string {
	switch syscall.Signal(n) {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return fmt.Sprintf("signal %d", n)
}

// Next returns the next page, or io.EOF at the end of the input or when the
// run was stopped. Unreadable records and inputs are reported and counted
// here; the page returned may still lack its html, which HasHTML checks.
func (e *Env) Next() (*record.Record, error) {
	for {
		if e.interrupted() {
			return nil, io.EOF
		}
		e.tick()
		rec, err := e.in.Next()
		if err == nil {
			e.errors.input(rec.Source).read++
			return rec, nil
		}
		if err == io.EOF {
			return nil, io.EOF
		}
		var re *record.Error
		var ie *stream.InputError
		switch {
		case errors.As(err, &re):
			e.skipped["unreadable"]++
			e.errors.input(re.Source).read++
			e.errors.failed(re.Source, re.Err.Error())
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

// Page returns the page of rec, grouped under its site, its tree parsed (when an algorithm
// or a view asks) with --max-depth.
func (e *Env) Page(rec *record.Record) *page.Page {
	return page.New(rec, e.SiteOf(rec), e.maxDepth)
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
			return e.Page(rec), nil
		}
	}
}

// HasHTML checks that a page has its html member as a string; if not the
// page is emitted with an error (per --on-error) and false is returned.
func (e *Env) HasHTML(rec *record.Record) bool {
	field := rec.HTMLField
	if field == "" {
		field = "html"
	}
	raw := rec.Get(field)
	switch {
	case raw == nil:
		e.Fail(rec, fmt.Errorf("no %q member", field))
		return false
	case raw[0] != '"':
		e.Fail(rec, fmt.Errorf("member %q is not a string", field))
		return false
	}
	return true
}

// Emit writes one page record (without html when --drop-html). After the
// run stopped, the page is counted as skipped.abandoned instead.
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
	e.line = e.line[:0]
	if e.keyed {
		e.line = append(e.line, KeyOf(key)...)
		e.line = append(e.line, '\t')
	}
	e.line = rec.AppendJSON(e.line)
	e.sites[key] = struct{}{}
	e.writeLine(e.line, true, rec.Has("error"))
	if cap(e.line) > 64<<20 {
		e.line = nil
	}
}

// EmitLine writes one line that is not a page record (a model line).
func (e *Env) EmitLine(line []byte) {
	if e.stopped != nil {
		return
	}
	e.writeLine(line, false, false)
}

// writeLine writes one line. A page is counted as emitted once the buffer
// holding it is flushed, as skipped.unwritten when that fails.
func (e *Env) writeLine(line []byte, page, isErr bool) {
	if e.writeErr != nil {
		if page {
			e.skipped["unwritten"]++
		}
		return
	}
	if e.bw.Buffered() > 0 && len(line)+1 > e.bw.Available() && !e.flush() {
		if page {
			e.skipped["unwritten"]++
		}
		return
	}
	_, err := e.bw.Write(line)
	if err == nil {
		err = e.bw.WriteByte('\n')
	}
	if page {
		e.pendingPages++
		if isErr {
			e.pendingErrs++
		}
	}
	if err != nil {
		e.writeFailed(err)
	}
}

// writeRaw writes bytes that are neither records nor lines (a view).
func (e *Env) writeRaw(b []byte) {
	if e.writeErr != nil || e.stopped != nil {
		return
	}
	if _, err := e.bw.Write(b); err != nil {
		e.writeFailed(err)
	}
}

// flush writes out the buffer and counts its pages as emitted.
func (e *Env) flush() bool {
	if e.writeErr != nil {
		return false
	}
	if err := e.bw.Flush(); err != nil {
		e.writeFailed(err)
		return false
	}
	e.emitted += e.pendingPages
	e.errs += e.pendingErrs
	e.pendingPages, e.pendingErrs = 0, 0
	return true
}

// Consume counts a page that was used but not emitted (learn's pages).
func (e *Env) Consume(rec *record.Record, why string) {
	e.consumed[why]++
	e.sites[e.SiteOf(rec)] = struct{}{}
}

// Fail handles a per-record failure by --on-error: the record is emitted
// with "error" (warn), counted only (skip), or the run stops (fail).
func (e *Env) Fail(rec *record.Record, err error) {
	if len(e.pending) > 0 {
		// Pages are in flight on workers: keep the output in input order.
		j := &job{p: &page.Page{Rec: rec}, err: err, done: make(chan struct{})}
		close(j.done)
		e.pending = append(e.pending, j)
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
	e.errors.failed(rec.Source, msg)
	switch e.onError {
	case OnErrorSkip:
		e.skipped["error"]++
		e.sites[e.SiteOf(rec)] = struct{}{}
	case OnErrorFail:
		e.recordError(rec.Source, msg, rec.Where()+": "+msg)
		e.skipped["error"]++
		e.failed = true
		e.stopped = errStop
	default:
		e.recordError(rec.Source, msg, rec.Where()+": "+msg)
		if !e.recordsOut {
			e.skipped["error"]++
			e.sites[e.SiteOf(rec)] = struct{}{}
			return
		}
		// A record with an error has an empty text, never the input's or
		// none, so that `jq -r .text` prints no "null" into a corpus.
		rec.Set("text", "")
		rec.Set("error", msg)
		e.Emit(rec)
	}
}

// Note reports what a limit changed in handling a page that is still used
// (flattened nesting, a sample cut short): one stderr line naming the page,
// capped per kind as error lines are, and notes=N in the summary.
func (e *Env) Note(rec *record.Record, note string) {
	e.notes++
	if e.onError == OnErrorSkip {
		return
	}
	e.printCapped(rec.Source, note, rec.Where()+": "+note, "notes")
}

// printCapped prints line unless the limit of lines of its kind (what, its
// numbers aside) for its input was reached; the last line shown says that
// more such lines (errors, notes) are only counted.
func (e *Env) printCapped(source, what, line, plural string) {
	switch e.errors.show(source, what) {
	case showLine:
		fmt.Fprintf(e.Stderr, "%s: %s\n", e.Tool.Name, line)
	case showLast:
		fmt.Fprintf(e.Stderr, "%s: %s\n", e.Tool.Name, line)
		e.warnf("%s: more %s like %q are counted in the summary but not shown (--%s %d)", source, plural, clipMessage(what), FlagMaxErrorsShown, e.errors.max)
	}
}

// recordError prints one per-record problem (what, at where) unless
// --on-error skip or the limit of lines of its kind for its input was
// reached; --on-error fail stops the run.
func (e *Env) recordError(source, what, line string) {
	if e.onError == OnErrorSkip {
		return
	}
	e.printCapped(source, what, line, "errors")
	if e.onError == OnErrorFail {
		e.failed = true
		e.stopped = errStop
	}
}

// Warnf prints a diagnostic line on stderr.
func (e *Env) warnf(format string, args ...any) {
	fmt.Fprintf(e.Stderr, "%s: %s\n", e.Tool.Name, fmt.Sprintf(format, args...))
}

// Warnf prints a diagnostic line on stderr, prefixed with the tool's name.
func (e *Env) Warnf(format string, args ...any) { e.warnf(format, args...) }

// Stdout is the command's output stream for views and tables (not records).
func (e *Env) Stdout() io.Writer { return e.stdout }

func (e *Env) writeFailed(err error) {
	e.writeErr = err
	e.skipped["unwritten"] += e.pendingPages
	e.pendingPages, e.pendingErrs = 0, 0
	if e.stopped == nil {
		e.stopped = err
	}
	if errors.Is(err, syscall.EPIPE) {
		e.stopped = errStop // the reader went away (| head): end quietly
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

func (e *Env) tick() {
	if !e.progress {
		return
	}
	if now := time.Now(); now.Sub(e.lastProgress) >= time.Second {
		e.lastProgress = now
		mb := float64(e.in.Bytes()) / 1e6
		fmt.Fprintf(e.Stderr, "\r%s: %d read, %.1f MB, %.1f MB/s ", e.Tool.Name, e.in.Read(), mb, mb/now.Sub(e.start).Seconds())
	}
}

// Close flushes the output, gives an -o file its name (or removes it when
// the run stopped early), prints the summary line and returns the exit
// status: ExitOK, ExitFailure, or 128 plus the signal's number when a
// SIGINT (130) or SIGTERM (143) stopped the run.
func (e *Env) Close() int {
	e.interrupted()
	e.drain()
	e.flush()
	if err := e.outCl.Close(); err != nil && e.writeErr == nil && !errors.Is(err, syscall.EPIPE) {
		e.failed = true
		e.writeErr = err
		e.warnf("close output: %v", err)
	}
	signal.Stop(e.signals)
	close(e.signals)
	e.in.Close()
	if e.outFile != nil {
		if e.stopped != nil || e.writeErr != nil {
			if e.outFile.tmp != "" {
				e.outFile.discard()
				e.warnf("-o %s not written: the run did not finish", e.outFile.path)
			}
		} else if err := e.outFile.commit(); err != nil {
			e.failed = true
			e.warnf("-o %s: %v", e.outFile.path, err)
		}
	}
	if e.progress {
		fmt.Fprint(e.Stderr, "\r\033[K")
	}
	if e.stopped == nil {
		for _, src := range e.errors.order {
			if in := e.errors.inputs[src]; in.read > 0 && in.errs == in.read {
				e.warnf("%s: every one of its %d records failed (the first: %s)", src, in.read, clipMessage(in.first))
			}
		}
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

// Summary is the end-of-run line: read = emitted + consumed + skipped.
func (e *Env) Summary() string {
	for reason, n := range e.in.Skipped() {
		e.skipped[reason] = n
	}
	secs := time.Since(e.start).Seconds()
	mb := float64(e.in.Bytes()) / 1e6
	var b strings.Builder
	fmt.Fprintf(&b, "%s: summary read=%d emitted=%d errors=%d", e.Tool.Name, e.in.Read(), e.emitted, e.errs)
	writeCounts(&b, "consumed", e.consumed)
	writeCounts(&b, "skipped", e.skipped)
	if e.models > 0 {
		fmt.Fprintf(&b, " models=%d", e.models)
	}
	if e.notes > 0 {
		fmt.Fprintf(&b, " notes=%d", e.notes)
	}
	fmt.Fprintf(&b, " sites=%d mb=%.2f seconds=%.2f mb_per_s=%.1f", len(e.sites), mb, secs, mb/max(secs, 1e-9))
	return b.String()
}

func writeCounts(b *strings.Builder, name string, counts map[string]int64) {
	var total int64
	keys := make([]string, 0, len(counts))
	for k, n := range counts {
		total += n
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(b, " %s=%d", name, total)
	for _, k := range keys {
		fmt.Fprintf(b, " %s.%s=%d", name, k, counts[k])
	}
}
