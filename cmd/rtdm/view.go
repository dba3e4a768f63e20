package main

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/rtdm"
	"golang.org/x/net/html/atom"
)

// View writes the show mode's page: the matched ne-pattern as indented text, then the page's
// text with what each wildcard consumed highlighted (title and body in their own colours) and
// the rest greyed. Everything from the page is escaped; nothing from it can run.
func (sm *siteModel) View(w io.Writer, p *page.Page, f cli.Found) error {
	d, ok := f.Detail.(*detail)
	if !ok {
		return fmt.Errorf("rtdm view: no extraction")
	}
	pg, ex, err := d.pg, d.ex, d.err
	rec := p.Rec
	bw := bufio.NewWriter(w)
	esc := html.EscapeString
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>rtdm: %s</title>\n", esc(rec.ID))
	bw.WriteString(`<style>
body{font-family:sans-serif;max-width:60em;margin:1em auto}
pre{background:#f4f4f4;padding:.5em;overflow:auto;max-height:30em}
.t{color:#aaa}.w{background:#fff3b0}.title{background:#b0e0ff;font-weight:bold}.body{background:#c8f7c5}
.b{display:block;margin:.2em 0}sup{color:#888;font-size:70%}
</style></head><body>
`)
	fmt.Fprintf(bw, "<h1>%s</h1>\n<p>", esc(firstNonEmpty(rec.URL, rec.ID, rec.Where())))
	switch {
	case ex.Cluster < 0:
		bw.WriteString("No ne-pattern accepts this page (not extracted).")
	default:
		fmt.Fprintf(bw, "Cluster %d, matching cost %g, %d passages.", ex.Cluster, ex.Cost, len(ex.Passages))
		if err != nil {
			fmt.Fprintf(bw, " %s.", esc(err.Error()))
		}
	}
	if ex.TitleText != "" {
		fmt.Fprintf(bw, " Title: <span class=title>%s</span>.", esc(ex.TitleText))
	}
	bw.WriteString(" Legend: <span class=title>title</span> <span class=body>body</span> <span class=w>other wildcard passages</span> <span class=t>template</span>.</p>\n")
	// The page's text, marked by passage: the body (with any lead passages joined to it),
	// the title when it is a passage of its own, the other wildcards' passages.
	owner := make([]int, pg.Tree.Len())
	class := make([]string, pg.Tree.Len())
	mark := func(roots []int32, x int, c string) {
		for _, r := range roots {
			for i := int(r); i < int(r)+int(pg.Tree.Nodes[r].Size); i++ {
				owner[i], class[i] = x, c
			}
		}
	}
	for i := range owner {
		owner[i], class[i] = -1, "t"
	}
	for x, p := range ex.Passages {
		mark(p.Roots, x, "w")
	}
	if ex.Body >= 0 {
		mark(ex.BodyRoots, ex.Body, "body")
	}
	if ex.Title >= 0 && ex.Title != ex.Body {
		mark(ex.Passages[ex.Title].Roots, ex.Title, "title")
	}
	bw.WriteString("<h2>Page</h2>\n<div>\n")
	for i := range pg.Tree.Nodes {
		n := &pg.Tree.Nodes[i]
		if n.Tag != rtdm.TextTag {
			continue
		}
		tag := "span"
		if p := n.Parent; p >= 0 && blockTag(pg.Tree.Nodes[p].Tag) {
			tag = "span class=b"
		}
		fmt.Fprintf(bw, "<%s><span class=%s>%s</span>", tag, class[i], esc(n.Text))
		if x := owner[i]; x >= 0 && (i == 0 || owner[i-1] != x) {
			fmt.Fprintf(bw, "<sup>%d%s</sup>", ex.Passages[x].Pos, ex.Passages[x].Kind)
		}
		fmt.Fprintf(bw, "</span>\n")
	}
	bw.WriteString("</div>\n")
	if ex.Cluster >= 0 {
		for _, p := range sm.m.Patterns {
			if p.Cluster != ex.Cluster {
				continue
			}
			fmt.Fprintf(bw, "<h2>ne-pattern of cluster %d (%d pages, %d nodes)</h2>\n<pre>", p.Cluster, p.Pages, p.Tree.Len())
			var sb strings.Builder
			p.Tree.Indent(&sb, 60)
			bw.WriteString(esc(sb.String()))
			bw.WriteString("</pre>\n")
		}
	}
	bw.WriteString("</body></html>\n")
	return bw.Flush()
}

// blockTag reports whether a text node under the tag starts a line of the view: the
// elements lib/htmltext renders as a line break (dom.IsBlock), and the page's title.
func blockTag(tag string) bool {
	return tag == "title" || dom.IsBlock(atom.Lookup([]byte(tag)))
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
