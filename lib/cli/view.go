package cli

import (
	"fmt"
	"html"
	"io"
	"unicode/utf8"
)

// A grey run longer than viewElideOver characters is shown as its first and last
// viewElideKeep characters with ▢▢▢k▢▢▢ between them, k the number of characters left out,
// as in the figures of ngramcut's paper (Figs. 4 and 5: ▢▢▢5250▢▢▢).
const (
	viewElideOver = 400
	viewElideKeep = 80
)

// WriteSourceView writes the source view of the tools that cut a page as a string (ngramcut,
// ampl): a whole HTML document titled "tool: title" with caption as its first paragraph,
// then the page's source as text, the kept spans (sorted, disjoint byte spans of src) black
// and the rest grey, long grey runs elided. Everything from the page is HTML-escaped and a
// Content-Security-Policy forbids scripts, so nothing of the page can run. It returns the
// first write error.
func WriteSourceView(w io.Writer, tool, title, caption, src string, kept [][2]int) error {
	bw := &errWriter{w: w}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"+
		"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"+
		"<title>%s: %s</title></head><body>\n", html.EscapeString(tool), html.EscapeString(title))
	fmt.Fprintf(bw, "<p style=\"font:13px sans-serif\">%s</p>\n", html.EscapeString(caption))
	fmt.Fprint(bw, "<pre style=\"white-space:pre-wrap;word-break:break-all;font:12px monospace\">")
	at := 0
	for _, s := range kept {
		if s[0] > at {
			writeGrey(bw, src[at:s[0]])
		}
		fmt.Fprintf(bw, "<b style=\"color:#000\">%s</b>", html.EscapeString(src[s[0]:s[1]]))
		at = s[1]
	}
	if at < len(src) {
		writeGrey(bw, src[at:])
	}
	fmt.Fprint(bw, "</pre>\n</body></html>\n")
	return bw.err
}

// writeGrey writes s escaped in grey, elided past viewElideOver characters.
func writeGrey(w io.Writer, s string) {
	n := utf8.RuneCountInString(s)
	if n <= viewElideOver {
		fmt.Fprintf(w, "<span style=\"color:#aaa\">%s</span>", html.EscapeString(s))
		return
	}
	head, tail := 0, len(s)
	for range viewElideKeep {
		_, size := utf8.DecodeRuneInString(s[head:])
		head += size
		_, size = utf8.DecodeLastRuneInString(s[:tail])
		tail -= size
	}
	fmt.Fprintf(w, "<span style=\"color:#aaa\">%s<b>▢▢▢%d▢▢▢</b>%s</span>",
		html.EscapeString(s[:head]), n-2*viewElideKeep, html.EscapeString(s[tail:]))
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
