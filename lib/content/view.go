package content

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteView writes a view of the page for people: a whole HTML document titled title with
// caption as its first paragraph, then every block of the page as a reader sees it
// (headings as headings, list items with a bullet, preformatted text in its lines), the
// kept blocks black and the others grey and struck through, each with the content model's
// score and, when verdicts is not nil, the site model's verdict in its tooltip; a block left
// out as a copy of a kept one (copies) that its score would have kept links to it.
// Everything from the page is HTML-escaped and a Content-Security-Policy forbids scripts, so
// nothing of the page can run.
func (p *Page) WriteView(w io.Writer, title, caption string, scores, verdicts []float32, kept []bool) error {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>`)
	b.WriteString(html.EscapeString(title))
	b.WriteString(`</title><style>
body{font:15px/1.45 system-ui,sans-serif;max-width:52em;margin:1em auto;padding:0 1em}
.caption{background:#f3f3f3;padding:.5em;border-radius:4px}
.b{margin:.25em 0;padding-left:3.6em;text-indent:-3.6em}
.s{display:inline-block;width:3.2em;font:11px monospace;color:#777;text-indent:0}
.drop{color:#aaa;text-decoration:line-through #ccc}
.c{font:11px monospace;color:#777}
.h{font-weight:bold;font-size:1.1em}
.pre{white-space:pre-wrap;font:13px/1.35 monospace;text-indent:0}
.pre .s{display:block}
</style></head><body>
<p class="caption">`)
	b.WriteString(html.EscapeString(caption))
	b.WriteString("</p>\n")
	copies := p.copies(kept)
	for i := range p.Blocks {
		blk := &p.Blocks[i]
		cls := "b"
		if !kept[i] {
			cls += " drop"
		}
		if blk.Heading > 0 {
			cls += " h"
		}
		text := blk.Text
		if p.PreOf(i) != nil { // its lines as the page has them (code, a poem)
			cls += " pre"
			text = p.preLines(i, i+1, nil)
		}
		bullet := ""
		if blk.Flags&InListItem != 0 {
			bullet = "• "
		}
		tip := fmt.Sprintf("content model %.2f", scores[i])
		if verdicts != nil {
			tip += fmt.Sprintf(", site %+.2f", verdicts[i])
		}
		note := ""
		if j := copyOf(copies, i); j >= 0 && scores[i] > Threshold { // a line its score would keep
			tip += "; left out: a copy of a line kept elsewhere"
			note = fmt.Sprintf(` <a class="c" href="#b%d">(a copy of a line kept elsewhere)</a>`, j)
		}
		fmt.Fprintf(&b, "<div id=\"b%d\" class=\"%s\" title=\"%s\"><span class=\"s\">%.2f</span>%s%s%s</div>\n", i, cls, tip, scores[i], bullet, html.EscapeString(text), note)
	}
	b.WriteString("</body></html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
