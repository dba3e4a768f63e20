package cli

import (
	"fmt"
	"io"
)

// maxErrorsShown is the default of --max-errors-shown.
const maxErrorsShown = 20

// Reporter writes a command's diagnostics on stderr, each line prefixed with the tool's
// name: warnings, and per-record error and note lines capped per kind and input (errorLog).
// It writes nothing on stdout. Every chaff command reports through one (score too); in an
// Env's run its writer clears the progress line before each line (progress.go).
type Reporter struct {
	tool string
	w    io.Writer
	log  errorLog
	// quiet drops per-record error and note lines (--on-error skip): they are counted only.
	quiet bool
}

// NewReporter returns the reporter of the command tool, writing to stderr, printing at most
// maxShown per-record lines of one kind per input (0: all).
func NewReporter(tool string, stderr io.Writer, maxShown int) *Reporter {
	r := &Reporter{tool: tool, w: stderr}
	r.log.max = maxShown
	return r
}

// Warnf prints one line about the run.
func (r *Reporter) Warnf(format string, args ...any) { r.warnf(format, args...) }

// RecordError prints one line about a bad record, "tool: where: what", unless lines of its
// kind (what, its numbers aside) from its input (source) are past the limit.
func (r *Reporter) RecordError(source, where, what string) {
	r.capped(source, what, where+": "+what, "errors")
}

// warnf prints one line.
func (r *Reporter) warnf(format string, args ...any) {
	fmt.Fprintf(r.w, "%s: %s\n", r.tool, fmt.Sprintf(format, args...))
}

// capped prints line unless the limit of lines of its kind (what, its numbers aside) for its
// input was reached; the last line shown says that more such lines (plural: "errors",
// "notes") are only counted.
func (r *Reporter) capped(source, what, line, plural string) {
	if r.quiet {
		return
	}
	switch r.log.show(source, what) {
	case showLine:
		r.warnf("%s", line)
	case showLast:
		r.warnf("%s", line)
		r.warnf("%s: more %s like %q are counted in the summary but not shown (--%s %d)", source, plural, clipMessage(what), FlagMaxErrorsShown, r.log.max)
	}
}

// once prints a line about the run (not a record) capped like the record lines of kind what:
// sites learned early by --max-buffer, say. last is the line to print instead when it is the
// last one shown.
func (r *Reporter) once(what, line, last string) {
	switch r.log.show("", what) {
	case showLine:
		r.warnf("%s", line)
	case showLast:
		r.warnf("%s", last)
	}
}

// inputsFailed says, for each input whose every page record failed, that nothing came out
// of it (the wrong --format, say); all is the number of records read from an input, the
// ones that were no pages (skipped.not-response, ...) included.
func (r *Reporter) inputsFailed(all func(source string) int64) {
	for _, src := range r.log.order {
		in := r.log.inputs[src]
		if in.read == 0 || in.errs != in.read {
			continue
		}
		if n := all(src); n > in.read {
			r.warnf("%s: nothing came out of its %d records: %d failed (the first: %s) and %s (skipped.* in the summary)",
				src, n, in.errs, clipMessage(in.first), plural(int(n-in.read), "1 was not a page", "%d were not pages"))
			continue
		}
		if in.read == 1 {
			r.warnf("%s: its one record failed (%s)", src, clipMessage(in.first))
			continue
		}
		r.warnf("%s: every one of its %d records failed (the first: %s)", src, in.read, clipMessage(in.first))
	}
}

// plural is one when n is 1, else many with n written in (its one %d): a line a user
// reads says "1 page", not "1 pages".
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf(many, n)
}

// errorLog limits the per-record error lines on stderr: after max lines of
// one kind (the message with its numbers blanked) from one input, further
// ones are only counted. It also counts each input's records and errors,
// so that a run can say when an input gave nothing but errors.
type errorLog struct {
	max    int // 0: no limit
	shown  map[errorKind]int
	inputs map[string]*inputCount
	order  []string // inputs in the order first seen

	lastName string
	last     *inputCount
}

type errorKind struct{ source, kind string }

type inputCount struct {
	read, errs int64
	first      string // the first error's message
}

type showing int

const (
	showNone showing = iota // over the limit: count only
	showLine                // print the line
	showLast                // print the line and say that no more are shown
)

// input returns the counts of one input.
func (l *errorLog) input(source string) *inputCount {
	if l.last != nil && l.lastName == source {
		return l.last
	}
	in := l.inputs[source]
	if in == nil {
		if l.inputs == nil {
			l.inputs = map[string]*inputCount{}
		}
		in = &inputCount{}
		l.inputs[source] = in
		l.order = append(l.order, source)
	}
	l.lastName, l.last = source, in
	return in
}

// failed counts an error of a record of source.
func (l *errorLog) failed(source, msg string) {
	in := l.input(source)
	in.errs++
	if in.first == "" {
		in.first = msg
	}
}

// show decides whether an error line with message what is printed.
func (l *errorLog) show(source, what string) showing {
	if l.max <= 0 {
		return showLine
	}
	if l.shown == nil {
		l.shown = map[errorKind]int{}
	}
	k := errorKind{source, kindOf(what)}
	n := l.shown[k] + 1
	l.shown[k] = n
	switch {
	case n < l.max:
		return showLine
	case n == l.max:
		return showLast
	}
	return showNone
}

// kindOf is a message with its runs of digits replaced by "#", so that
// "line 12: 300001 bytes" and "line 40: 512000 bytes" are one kind.
func kindOf(msg string) string {
	b := make([]byte, 0, len(msg))
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c >= '0' && c <= '9' {
			if len(b) == 0 || b[len(b)-1] != '#' {
				b = append(b, '#')
			}
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// clipMessage shortens a message quoted in another one.
func clipMessage(msg string) string {
	const most = 160
	if len(msg) <= most {
		return msg
	}
	cut := most
	for cut > 0 && msg[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return msg[:cut] + "…"
}
