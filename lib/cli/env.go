package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"syscall"
	"time"

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

	in       *stream.Reader
	siteMode site.Mode
	onError  string
	dropHTML bool
	keyed    bool
	// recordsOut is set when the output is page records (run, apply): a
	// failed page is then emitted with "error"; otherwise it is counted.
	recordsOut bool

	stdout io.Writer
	outCl  io.WriteCloser
	out    *record.Writer
	line   []byte

	start    time.Time
	emitted  int64
	errs     int64
	models   int64
	consumed map[string]int64
	skipped  map[string]int64
	sites    map[string]struct{}
	failed   bool // an input or output failed: exit status 1
	stopped  error

	workers int // --workers: pages applied at once
	work    chan *job
	pending []*job // pages in flight, in input order

	progress     bool
	lastProgress time.Time
}

// errStop ends a run early (a broken pipe, or --on-error fail).
var errStop = errors.New("stop")

// Open starts a command's run from the shared flags of c.
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
	e.in = stream.NewReader(inputs, stdin, stream.Options{
		Format:         stream.Format(c.String(FlagFormat)),
		HTMLField:      c.String(FlagHTMLField),
		MaxRecordBytes: c.Int(FlagMaxRecordBytes),
		Keyed:          e.keyed,
	})
	if f, ok := e.Stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		e.progress = true
	}
	return e, nil
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

// Next returns the next page, or io.EOF at the end of the input or when the
// run was stopped. Unreadable records and inputs are reported and counted
// here; the page returned may still lack its html, which HasHTML checks.
func (e *Env) Next() (*record.Record, error) {
	for {
		if e.stopped != nil {
			return nil, io.EOF
		}
		e.tick()
		rec, err := e.in.Next()
		if err == nil {
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
			e.report(err)
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

// Emit writes one page record (without html when --drop-html).
func (e *Env) Emit(rec *record.Record) {
	if e.stopped != nil {
		return
	}
	if e.dropHTML {
		rec.Delete(rec.HTMLField)
	}
	key := e.SiteOf(rec)
	if !rec.Has("site") {
		rec.Set("site", key) // the grouping key the page was learned under
	}
	if e.out == nil && !e.openOutput() {
		return
	}
	e.line = e.line[:0]
	if e.keyed {
		e.line = append(e.line, KeyOf(key)...)
		e.line = append(e.line, '\t')
	}
	e.line = rec.AppendJSON(e.line)
	if rec.Has("error") {
		e.errs++
	}
	e.emitted++
	e.sites[key] = struct{}{}
	if err := e.out.WriteLine(e.line); err != nil {
		e.writeFailed(err)
	}
	if cap(e.line) > 64<<20 {
		e.line = nil
	}
}

// EmitLine writes one line that is not a page record (a model line).
func (e *Env) EmitLine(line []byte) {
	if e.stopped != nil {
		return
	}
	if e.out == nil && !e.openOutput() {
		return
	}
	if err := e.out.WriteLine(line); err != nil {
		e.writeFailed(err)
	}
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
		j := &job{rec: rec, err: err, done: make(chan struct{})}
		close(j.done)
		e.pending = append(e.pending, j)
		return
	}
	e.failNow(rec, err)
}

func (e *Env) failNow(rec *record.Record, err error) {
	msg := err.Error()
	switch e.onError {
	case OnErrorSkip:
		e.skipped["error"]++
		e.sites[e.SiteOf(rec)] = struct{}{}
	case OnErrorFail:
		fmt.Fprintf(e.Stderr, "%s: %s: %s\n", e.Tool.Name, rec.Where(), msg)
		e.skipped["error"]++
		e.failed = true
		e.stopped = errStop
	default:
		fmt.Fprintf(e.Stderr, "%s: %s: %s\n", e.Tool.Name, rec.Where(), msg)
		if !e.recordsOut {
			e.skipped["error"]++
			e.sites[e.SiteOf(rec)] = struct{}{}
			return
		}
		rec.Set("error", msg)
		e.Emit(rec)
	}
}

// report prints a per-record problem unless --on-error skip; fail stops.
func (e *Env) report(err error) {
	if e.onError == OnErrorSkip {
		return
	}
	fmt.Fprintf(e.Stderr, "%s: %v\n", e.Tool.Name, err)
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

func (e *Env) openOutput() bool {
	w, err := stream.Create(e.Ctx.String(FlagOutput), e.stdout, e.Ctx.Bool(FlagZstd))
	if err != nil {
		e.failed = true
		e.stopped = err
		e.warnf("%v", err)
		return false
	}
	e.outCl = w
	e.out = record.NewWriter(w)
	return true
}

func (e *Env) writeFailed(err error) {
	if errors.Is(err, syscall.EPIPE) {
		e.stopped = errStop // the reader went away (| head): end quietly
		return
	}
	e.failed = true
	e.stopped = err
	e.warnf("write: %v", err)
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

// Close flushes the output, prints the summary line and returns the exit
// status.
func (e *Env) Close() int {
	e.drain()
	if e.out != nil {
		if err := e.out.Flush(); err != nil {
			e.writeFailed(err)
		}
	}
	if e.outCl != nil {
		if err := e.outCl.Close(); err != nil && !errors.Is(err, syscall.EPIPE) {
			e.failed = true
			e.warnf("close output: %v", err)
		}
	}
	e.in.Close()
	if e.progress {
		fmt.Fprint(e.Stderr, "\r\033[K")
	}
	fmt.Fprintln(e.Stderr, e.Summary())
	if e.failed {
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
