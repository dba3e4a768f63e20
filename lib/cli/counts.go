package cli

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/usage"
)

// counts is the accounting of one run: every record read is emitted, consumed or skipped
// (by reason), and the sites, models and notes seen. The zero value is not ready; use
// newCounts.
type counts struct {
	emitted, errs int64 // pages written out (flushed), and those of them with "error"
	notes, models int64
	// The content join: pages whose text the content model chose with the site model's
	// evidence (joined) or from the page alone (inPage), and pages the site model fits
	// poorly (stale); and pages emitted without an error whose text is empty (empty), with
	// the content join or without it: the HTML holds no text (a page a script fills in) or
	// nothing of it was kept.
	joined, inPage, stale, empty int64
	mojibake                     int64            // pages whose HTML was mojibake, decoded again (Env.page)
	modelsLetGo                  int64            // learned models let go past --max-models-bytes (grouper.keep)
	consumed                     map[string]int64 // pages used but not emitted, by why
	skipped                      map[string]int64 // records not emitted, by reason
	sites                        distinctCount    // the sites of the pages accounted for
	// live is what the run has done so far, as the progress line shows it; its htmlBytes
	// are the summary's html_mb.
	live meter
}

func newCounts() *counts {
	return &counts{consumed: map[string]int64{}, skipped: map[string]int64{}}
}

func (c *counts) site(key string) { c.sites.add(key) }

// extra is the content join's figures for the summary line, when it chose any text, and
// the pages whose text came out empty, the pages repaired from mojibake and the models let
// go past --max-models-bytes, when there were any.
func (c *counts) extra() []Field {
	var f []Field
	if c.joined+c.inPage > 0 {
		f = append(f, Field{"joined", c.joined}, Field{"in_page", c.inPage}, Field{"stale", c.stale})
	}
	if c.empty > 0 {
		f = append(f, Field{"empty", c.empty})
	}
	if c.mojibake > 0 {
		f = append(f, Field{"mojibake", c.mojibake})
	}
	if c.modelsLetGo > 0 {
		f = append(f, Field{"models_let_go", c.modelsLetGo})
	}
	return f
}

// skip counts n records skipped for reason.
func (c *counts) skip(reason string, n int64) {
	if n > 0 {
		c.skipped[reason] += n
	}
}

// Summary is the end-of-run line every chaff tool prints on stderr (score too), in which read =
// emitted + consumed + skipped:
//
//	tool: summary read=N emitted=N errors=N consumed=N [consumed.<why>=N...] skipped=N [skipped.<reason>=N...] [models=N] [notes=N] [extra...] [sites=N] in_mb=X [html_mb=X] seconds=X in_mb_per_s=X [html_mb_per_s=X] [cpu_s=X pages_per_cpu_s=X peak_rss_mb=X]
//
// (extra: a tool's joined=, in_page=, stale=, empty=, mojibake= and models_let_go=; score's rows=, pages=, ...)
//
// in_mb is the input's bytes as read (compressed, for a .gz or .zst input), html_mb the
// pages' HTML after decoding (UTF-8, the unit the algorithms work in); MB are 10^6 bytes.
// cpu_s is the process's CPU time so far (all threads, user and system), pages_per_cpu_s the
// records read per CPU second, peak_rss_mb its peak resident memory (lib/usage; left out where
// the system does not say). Building it changes nothing: a run may print it more than once.
type Summary struct {
	Tool              string
	Read              int64
	Emitted, Errors   int64
	Consumed, Skipped map[string]int64
	Models, Notes     int64 // left out when 0
	// Extra are the tool's own figures, after the accounting (score: rows=, pages=, ...).
	Extra []Field
	Sites int // left out when negative; past 131,072 an estimate within about 1% (distinctCount)
	// InBytes are the bytes read from the inputs (compressed, as stored).
	InBytes int64
	// HTMLBytes are the decoded HTML bytes of the pages read; left out when negative (score).
	HTMLBytes int64
	// Seconds is the run's wall time.
	Seconds float64
	// Usage is the process's CPU time and peak memory so far; nil leaves them out.
	Usage *usage.Usage
}

// Field is one key=value pair of a summary line.
type Field struct {
	Key   string
	Value int64
}

// String formats the line (without a newline).
func (s Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: summary read=%d emitted=%d errors=%d", s.Tool, s.Read, s.Emitted, s.Errors)
	writeCounts(&b, "consumed", s.Consumed)
	writeCounts(&b, "skipped", s.Skipped)
	if s.Models > 0 {
		fmt.Fprintf(&b, " models=%d", s.Models)
	}
	if s.Notes > 0 {
		fmt.Fprintf(&b, " notes=%d", s.Notes)
	}
	for _, f := range s.Extra {
		fmt.Fprintf(&b, " %s=%d", f.Key, f.Value)
	}
	if s.Sites >= 0 {
		fmt.Fprintf(&b, " sites=%d", s.Sites)
	}
	secs := max(s.Seconds, 1e-9)
	in, html := float64(s.InBytes)/1e6, float64(s.HTMLBytes)/1e6
	fmt.Fprintf(&b, " in_mb=%.2f", in)
	if s.HTMLBytes >= 0 {
		fmt.Fprintf(&b, " html_mb=%.2f", html)
	}
	fmt.Fprintf(&b, " seconds=%.2f in_mb_per_s=%.1f", s.Seconds, in/secs)
	if s.HTMLBytes >= 0 {
		fmt.Fprintf(&b, " html_mb_per_s=%.1f", html/secs)
	}
	if u := s.Usage; u != nil {
		fmt.Fprintf(&b, " cpu_s=%.2f pages_per_cpu_s=%.0f peak_rss_mb=%.0f", u.CPUSeconds,
			float64(s.Read)/max(u.CPUSeconds, 1e-9), float64(u.PeakRSS)/1e6)
	}
	return b.String()
}

// writeCounts writes name=total and name.key=n for each key, sorted.
func writeCounts(b *strings.Builder, name string, counts map[string]int64) {
	var total int64
	for _, n := range counts {
		total += n
	}
	fmt.Fprintf(b, " %s=%d", name, total)
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		fmt.Fprintf(b, " %s.%s=%d", name, k, counts[k])
	}
}
