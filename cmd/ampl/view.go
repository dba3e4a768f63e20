package main

import (
	"fmt"
	"html"
	"io"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/record"
)

// A grey run longer than elideOver characters is shown as its first and last elideKeep
// characters with ▢▢▢k▢▢▢ between them, k the number of characters left out: the style of
// ngramcut's view (the paper of ngramcut, Figs. 4-5).
const (
	elideOver = 400
	elideKeep = 80
)

// View writes the page's source, escaped, with what apply keeps (the content) in black and
// the rest (template strings, and blocks too short to keep) greyed, long grey runs elided.
// Everything from the page is HTML-escaped and a Content-Security-Policy forbids scripts, so
// nothing of the page can run.
func (m model) View(w io.Writer, page *record.Record) error {
	src := page.HTML
	kept := m.Content(src)
	bw := &errWriter{w: w}
	peak := 0
	if m.Peak != nil {
		peak = m.Peak.F
	}
	title := page.URL
	if title == "" {
		title = page.ID
	}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"+
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"+
		"<title>ampl: %s</title></head><body>\n", html.EscapeString(title))
	fmt.Fprintf(bw, "<div class=\"ampl\"><p style=\"font:13px sans-serif\">ampl: |S| = %d, maximal peak f = %d, %d template strings; content (kept) black, the rest greyed; ▢▢▢k▢▢▢ elides k grey characters.</p>\n", m.Pages, peak, len(m.Strings))
	fmt.Fprint(bw, "<pre style=\"white-space:pre-wrap;word-break:break-all;font:12px monospace\">")
	writeSource(bw, src, kept)
	fmt.Fprint(bw, "</pre></div>\n</body></html>\n")
	return bw.err
}

// writeSource writes src escaped: the kept spans (sorted, disjoint byte spans) whole in
// black, the runs between them grey, elided past elideOver characters.
func writeSource(w io.Writer, src string, kept [][2]int) {
	at := 0
	for _, s := range kept {
		if s[0] > at {
			writeGrey(w, src[at:s[0]])
		}
		fmt.Fprintf(w, "<b style=\"color:#000\">%s</b>", html.EscapeString(src[s[0]:s[1]]))
		at = s[1]
	}
	if at < len(src) {
		writeGrey(w, src[at:])
	}
}

func writeGrey(w io.Writer, s string) {
	n := utf8.RuneCountInString(s)
	if n <= elideOver {
		fmt.Fprintf(w, "<span style=\"color:#bbb\">%s</span>", html.EscapeString(s))
		return
	}
	head, tail := 0, len(s)
	for range elideKeep {
		_, size := utf8.DecodeRuneInString(s[head:])
		head += size
		_, size = utf8.DecodeLastRuneInString(s[:tail])
		tail -= size
	}
	fmt.Fprintf(w, "<span style=\"color:#bbb\">%s<b>▢▢▢%d▢▢▢</b>%s</span>",
		html.EscapeString(s[:head]), n-2*elideKeep, html.EscapeString(s[tail:]))
}

// errWriter keeps the first write error and drops what comes after it.
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
