package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/htmltext"
	"golang.org/x/term"
)

// ProgressInterval is how often the progress line is redrawn on a terminal: at least twice
// a second, whatever the run is doing (reading, learning a large site, applying), since it
// is drawn by its own goroutine from counters the run updates (meter).
const ProgressInterval = 250 * time.Millisecond

// clock is where the progress line takes the time and its ticks from: the real clock, or a
// test's (export_test.go).
type clock struct {
	now   func() time.Time
	ticks func(d time.Duration) (ticks <-chan time.Time, stop func())
}

var progressClock = clock{
	now: time.Now,
	ticks: func(d time.Duration) (<-chan time.Time, func()) {
		t := time.NewTicker(d)
		return t.C, t.Stop
	},
}

// meter is what a run has done so far, for the progress line and the summary: written by
// the run's goroutine, read by the progress goroutine, so every figure is atomic.
type meter struct {
	read      atomic.Int64 // records read (as the summary's read=)
	inBytes   atomic.Int64 // input bytes read (compressed, as stored)
	htmlBytes atomic.Int64 // the decoded HTML of the records read
	learned   atomic.Int64 // pages of the sites learned so far (their samples, copies included)
	sites     atomic.Int64 // sites learned so far
	emitted   atomic.Int64 // page records written (into the output's buffer)
	learns    atomic.Bool  // the command learns (run, learn, show): the line says how many pages
	phase     atomic.Pointer[string]
}

// setPhase says what the run is doing now ("" for reading).
func (m *meter) setPhase(s string) { m.phase.Store(&s) }

// Terminal is a stderr that is a terminal, on which a progress line is drawn: an *os.File
// on a terminal is one (its width read from the terminal), and a test passes its own
// writer to see what a terminal shows. TerminalWidth is the terminal's width in columns (0:
// unknown), the longest progress line drawn.
type Terminal interface {
	io.Writer
	TerminalWidth() int
}

// terminalOf reports whether w is a terminal, and its width (0: unknown).
func terminalOf(w io.Writer) (bool, int) {
	switch t := w.(type) {
	case Terminal:
		return true, t.TerminalWidth()
	case *os.File:
		fd := int(t.Fd())
		if !term.IsTerminal(fd) {
			return false, 0
		}
		width, _, err := term.GetSize(fd)
		if err != nil {
			width = 0
		}
		return true, width
	}
	return false, 0
}

// lineWriter is a run's stderr: every line written through it (warnings, per-record errors,
// notes, the summary) first clears the progress line if one is drawn, so that no message
// lands on it; the progress line is drawn again at the next tick. It is safe for concurrent
// use (workers may report a panic, the signal goroutine announces a stop).
type lineWriter struct {
	mu    sync.Mutex
	w     io.Writer
	drawn bool // a progress line is on the screen
}

func (lw *lineWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.drawn {
		lw.drawn = false
		if _, err := io.WriteString(lw.w, "\r\033[K"); err != nil {
			return 0, err
		}
	}
	return lw.w.Write(p)
}

// draw replaces the progress line with line (not ended by a newline).
func (lw *lineWriter) draw(line string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	io.WriteString(lw.w, "\r\033[K"+line)
	lw.drawn = true
}

// clear takes the progress line off the screen.
func (lw *lineWriter) clear() {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.drawn {
		io.WriteString(lw.w, "\r\033[K")
		lw.drawn = false
	}
}

// progress draws a run's progress line on a terminal from its own goroutine, one draw per
// tick: pages read, learned (when the command learns) and emitted, the input and HTML
// megabytes with their rates, the time elapsed, and what the run is doing when it is not
// reading (learning a site, finishing the pages in flight). Start it with start, end it
// with stop, which takes the line off the screen.
type progress struct {
	tool  string
	m     *meter
	w     *lineWriter
	width int // the longest line drawn, in columns (0: no limit)
	start time.Time
	now   func() time.Time
	ticks <-chan time.Time
	// stopTicks, when set, stops the source of ticks (a time.Ticker) at stop.
	stopTicks func()
	quit      chan struct{}
	done      chan struct{}
}

// newProgress returns the progress line of tool's run, drawn on w at each of ticks, with
// the time read from now.
func newProgress(tool string, m *meter, w *lineWriter, width int, now func() time.Time, ticks <-chan time.Time) *progress {
	return &progress{tool: tool, m: m, w: w, width: width, start: now(), now: now, ticks: ticks,
		quit: make(chan struct{}), done: make(chan struct{})}
}

// run draws the line at every tick until stop.
func (p *progress) run() {
	defer close(p.done)
	for {
		select {
		case <-p.quit:
			return
		case <-p.ticks:
			p.w.draw(p.line())
		}
	}
}

// stop ends the drawing and clears the line; it returns once nothing more is drawn.
func (p *progress) stop() {
	close(p.quit)
	<-p.done
	if p.stopTicks != nil {
		p.stopTicks()
	}
	p.w.clear()
}

// line is the progress line now, clipped to the terminal's width.
func (p *progress) line() string {
	m := p.m
	secs := p.now().Sub(p.start).Seconds()
	rate := func(b int64) float64 { return float64(b) / 1e6 / max(secs, 1e-9) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d read", p.tool, m.read.Load())
	if m.learns.Load() {
		fmt.Fprintf(&b, ", %d learned (%d sites)", m.learned.Load(), m.sites.Load())
	}
	in, html := m.inBytes.Load(), m.htmlBytes.Load()
	fmt.Fprintf(&b, ", %d emitted | in %.1f MB %.1f MB/s | html %.1f MB %.1f MB/s | %s",
		m.emitted.Load(), float64(in)/1e6, rate(in), float64(html)/1e6, rate(html), elapsed(secs))
	if ph := m.phase.Load(); ph != nil && *ph != "" {
		b.WriteString(" | " + *ph)
	}
	return clipColumns(b.String(), p.width)
}

// printable is s for the progress line: control characters (a site key is any string)
// become '?', and a long s is cut.
func printable(s string) string {
	const most = 60
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == most {
			b.WriteString("…")
			break
		}
		if htmltext.IsControlChar(r) {
			r = '?'
		}
		b.WriteRune(r)
		n++
	}
	if s == "" {
		return `""`
	}
	return b.String()
}

// elapsed formats seconds as m:ss, or h:mm:ss from an hour.
func elapsed(secs float64) string {
	s := int(secs)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// clipColumns cuts s to fewer than width runes (a line as wide as the terminal would wrap,
// and \r would then not return to its start); width 0 is no limit.
func clipColumns(s string, width int) string {
	if width <= 1 || utf8.RuneCountInString(s) < width {
		return s
	}
	n := 0
	for i := range s {
		if n == width-2 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
