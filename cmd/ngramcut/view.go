package main

import (
	"fmt"
	"html"
	"io"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/record"
)

// elideOver is the longest grey run shown whole; longer ones show their ends and, in
// between, the number of units left out, as in the paper's Figs. 4 and 5 (▢▢▢5250▢▢▢).
const (
	elideOver = 400
	elideKeep = 80 // characters shown at each end of an elided run
)

// View writes the page in the style of the paper's Figs. 4-5: the source as text,
// useless parts (covered by W) grey, kept parts black, long grey runs elided with their
// length. Everything from the page is HTML-escaped, and a Content-Security-Policy
// forbids scripts, so nothing of the page can run.
func (m model) View(w io.Writer, page *record.Record) error {
	src := page.HTML
	spans := m.Spans(src)
	bw := &errWriter{w: w}
	title := page.URL
	if title == "" {
		title = page.ID
	}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"+
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"+
		"<title>ngramcut: %s</title></head><body>\n", html.EscapeString(title))
	fmt.Fprintf(bw, "<p style=\"font:13px sans-serif\">ngramcut: frequent n-grams on (%d, %d) grey (%s units, %s ranking, |W| = %d, learned from %d pages); kept parts black; ▢▢▢k▢▢▢ elides k grey %ss.</p>\n",
		m.N, m.A, m.Unit, m.Rank, len(m.W), m.Pages, m.Unit)
	fmt.Fprint(bw, "<pre style=\"white-space:pre-wrap;word-break:break-all;font:12px monospace\">")
	grey := func(s string) {
		if c := utf8.RuneCountInString(s); c > elideOver {
			head, tail := cutRunes(s, elideKeep), lastRunes(s, elideKeep)
			fmt.Fprintf(bw, "<span style=\"color:#aaa\">%s<b>▢▢▢%d▢▢▢</b>%s</span>",
				html.EscapeString(head), c-2*elideKeep, html.EscapeString(tail))
			return
		}
		fmt.Fprintf(bw, "<span style=\"color:#aaa\">%s</span>", html.EscapeString(s))
	}
	at := 0
	for _, s := range spans {
		if s[0] > at {
			grey(src[at:s[0]])
		}
		fmt.Fprintf(bw, "<b style=\"color:#000\">%s</b>", html.EscapeString(src[s[0]:s[1]]))
		at = s[1]
	}
	if at < len(src) {
		grey(src[at:])
	}
	fmt.Fprint(bw, "</pre>\n</body></html>\n")
	return bw.err
}

// cutRunes returns the first k characters of s.
func cutRunes(s string, k int) string {
	i := 0
	for n := 0; n < k && i < len(s); n++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i]
}

// lastRunes returns the last k characters of s.
func lastRunes(s string, k int) string {
	i := len(s)
	for n := 0; n < k && i > 0; n++ {
		_, w := utf8.DecodeLastRuneInString(s[:i])
		i -= w
	}
	return s[i:]
}

type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}
