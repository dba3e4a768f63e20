package sst

import (
	"bufio"
	"fmt"
	"html"
	"io"

	"github.com/chaffkit/chaff/lib/dom"
	"golang.org/x/net/html/atom"
)

const viewHead = `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>sstclean: %s</title>
<style>
body{margin:0;font:14px/1.45 system-ui,sans-serif;display:flex}
#page{flex:3;padding:1em 2em;border-right:1px solid #ccc;overflow:auto;height:100vh;box-sizing:border-box}
#sst{flex:2;padding:1em;overflow:auto;height:100vh;box-sizing:border-box;font:12px/1.4 monospace}
.b{margin:2px 0 2px 6px;padding-left:4px;border-left:2px solid #eee}
.drop,.drop *{color:#bbb;border-color:#f3d0d0}
.keep{border-left-color:#9c9}
.new{border-left-color:#9bd}
.hide,.hide *{color:#bbb;font-style:italic;border-left-style:dotted}
.legend span{padding:0 .4em}
#sst ul{list-style:none;padding-left:1.1em;margin:0}
#sst .noisy{color:#b55}
#sst .kept{color:#383}
</style></head><body>
<div id="page"><p class="legend"><b>%s</b><br>
<span class="keep">kept (meaningful)</span><span class="new">kept (style not in the model)</span><span class="drop">removed (noisy)</span><span class="hide">not text: hidden</span>
&middot; %d removed, %d kept`

// View writes an HTML page for people: the page's text with the removed parts greyed, and
// beside it the model's simplified style tree with each node's pages m, NodeImp and CompImp.
// Each removed block says why it went (its tooltip; the legend counts the reasons), since a
// leaf the tree calls meaningful can still lose a block to its words, its links or its
// repeated text. What the text output leaves out whatever the model decides (lib/htmltext
// drops the content of hidden elements: textarea, iframe, select, svg and the like, and
// elements with the hidden attribute or an inline display:none or visibility:hidden, such as
// the Wayback Machine's toolbar) is greyed in italics as "not text: hidden", so the black
// text of the view is the page's text output. Everything from the page is escaped and the
// view forbids scripts, so nothing of the page runs. title names the page (its URL or id).
func (m *Model) View(w io.Writer, src, title string) error {
	doc, _ := parse(src, m.MaxDepth)
	return m.ViewDoc(w, doc, src, title)
}

// ViewDoc is View of the page src whose tree is doc (dom.Parse of src, as Apply takes it).
func (m *Model) ViewDoc(w io.Writer, doc *dom.Node, src, title string) error {
	decided := map[*dom.Node]viewMark{}
	var why [numDropReasons]int
	res := m.Map(doc, func(pn *dom.Node, mn *Node, d Decision) {
		vm := viewMark{d: d, mn: mn}
		if d == Dropped {
			vm.why = m.dropReason(pn, mn)
			why[vm.why]++
		}
		decided[pn] = vm
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, viewHead, html.EscapeString(title), html.EscapeString(title), res.Noisy, res.Kept)
	if res.Noisy > 0 {
		bw.WriteString("<br>removed:")
		sep := " "
		for r, n := range why {
			if n > 0 {
				fmt.Fprintf(bw, "%s%d %s", sep, n, dropReasonText[r])
				sep = "; "
			}
		}
	}
	if n := countHidden(doc.Body(), false, 0); n > 0 {
		fmt.Fprintf(bw, "<br>not text: %d hidden element", n)
		if n > 1 {
			bw.WriteString("s")
		}
		bw.WriteString(" (the text output leaves them out whatever the model decides)")
	}
	bw.WriteString("</p>\n")
	writePage(bw, doc.Body(), decided, 0, false, false)
	fmt.Fprintf(bw, "</div>\n<div id=\"sst\"><b>site style tree</b> (mode %s, t = %.2f, %d pages; m pages, NodeImp, CompImp)\n",
		html.EscapeString(m.Mode), m.Threshold, m.Pages)
	bw.WriteString("<ul>")
	writeTree(bw, m.Root)
	bw.WriteString("</ul></div>\n</body></html>\n")
	return bw.Flush()
}

// Why a page node was dropped, as the view tells it.
const (
	dropNoisyNode = iota // mapped to a node of the tree marked noisy
	dropWords            // a leaf block whose words are noise in its model leaf
	dropLinks            // a link-only leaf block
	dropRepeated         // a leaf block whose whole text was on several sample pages
	dropGlobal           // not in the tree (or on one sample page): noisy words site-wide
	dropRare             // not in the tree, and Options.Rare
	dropRecord           // in a repeated record (comments, teasers)
	numDropReasons
)

var dropReasonText = [numDropReasons]string{
	dropNoisyNode: "noisy in the style tree",
	dropWords:     "with words noisy in their leaf",
	dropLinks:     "link-only",
	dropRepeated:  "repeated (text found whole on 2+ sample pages)",
	dropGlobal:    "not in the tree, with words noisy site-wide",
	dropRare:      "not in the tree (rare)",
	dropRecord:    "in a repeated record",
}

// dropReason tells why Map dropped pn, mapped to mn (nil: not in the tree), by asking the
// mapper's own tests again in the order it applies them.
func (m *Model) dropReason(pn *dom.Node, mn *Node) int {
	mp := &mapper{m: m}
	o := m.opts
	switch {
	case mn != nil && mn.Mark == markDrop:
		return dropNoisyNode
	case mn != nil && mn.leaf:
		switch v, _ := mp.leafVerdict(mn, pn); v {
		case verdictLinks:
			return dropLinks
		case verdictNoise:
			return dropWords
		case verdictRepeat:
			return dropRepeated
		}
	case mn == nil:
		// free() decides leaf by leaf with the site-wide entropies; unmatched parts are
		// dropped by Rare; what is left is a part of a repeated record.
		if o.Global && m.global != nil {
			if o.LinkDensity > 0 && linkOnly(pn, o.LinkDensity) {
				return dropLinks
			}
			if noisy, _ := mp.noise(m.global, pn); noisy {
				return dropGlobal
			}
		}
		if o.Rare && m.Pages >= 3 {
			return dropRare
		}
	}
	return dropRecord
}

// maxViewDepth bounds the nesting the view shows (the mapping itself has no bound).
const maxViewDepth = 4000

type viewMark struct {
	d   Decision
	mn  *Node
	why int // with d == Dropped: a drop* reason
}

var viewClass = [...]string{Dropped: "drop", Kept: "keep", Unmatched: "new"}

// writePage writes the children of n. hidden says n is inside an element whose content
// the text output leaves out (marked already); math says n's children are MathML (foreign
// content, whose attributes lib/htmltext does not read).
// White-space text, which takes no part in the style tree, is not written (so the tree of
// lib/page, which leaves it out, gives the same view).
func writePage(w *bufio.Writer, n *dom.Node, decided map[*dom.Node]viewMark, depth int, hidden, math bool) {
	for _, c := range n.Children {
		if skipped(c) {
			continue
		}
		if c.Type == dom.Text {
			if vm, ok := decided[c]; ok {
				fmt.Fprintf(w, `<span class="%s">`, viewClass[vm.d])
				w.WriteString(html.EscapeString(c.Text))
				w.WriteString("</span>")
			} else {
				w.WriteString(html.EscapeString(c.Text))
			}
			continue
		}
		vm, ok := decided[c]
		hides := ""
		if !hidden {
			hides = hiddenBy(c, math)
		}
		block := !isInline(c) || ok
		if block {
			class := "b"
			tip := c.Tag
			if ok {
				class += " " + viewClass[vm.d]
				if vm.mn != nil {
					tip = fmt.Sprintf("%s  m=%d CompImp=%.3f", vm.mn.Label, vm.mn.Pages, vm.mn.CompImp)
				} else {
					tip = label(c, false) + "  (not in the model)"
				}
				if vm.d == Dropped {
					tip += "  removed: " + dropReasonText[vm.why]
				}
			}
			if hides != "" {
				class += " hide"
				tip += "  not text: hidden (" + hides + ")"
			}
			fmt.Fprintf(w, `<div class="%s" title="%s">`, class, html.EscapeString(tip))
		} else if hides != "" {
			fmt.Fprintf(w, `<span class="hide" title="%s">`, html.EscapeString(c.Tag+"  not text: hidden ("+hides+")"))
		}
		switch c.Tag {
		case "img":
			fmt.Fprintf(w, `<span class="img">[image %s]</span>`, html.EscapeString(c.Attr("alt")))
		case "br":
			w.WriteString("<br>")
		}
		if depth < maxViewDepth {
			writePage(w, c, decided, depth+1, hidden || hides != "", mathContent(c, math))
		} else if len(c.Children) > 0 {
			w.WriteString("[… deeper content not shown]")
		}
		if block {
			w.WriteString("</div>")
		} else if hides != "" {
			w.WriteString("</span>")
		}
	}
}

// hiddenBy says why lib/htmltext leaves the content of the element c out of the text ("" if
// it does not): the element itself (dom.IsHidden: textarea, iframe, select, svg, ...), or,
// on an element other than html and body outside MathML, the hidden attribute or an
// inline style with display:none or visibility:hidden. The rules are htmltext's (see its
// package doc), which the view's test checks against its output.
func hiddenBy(c *dom.Node, math bool) string {
	if c.Type != dom.Element || math {
		return ""
	}
	if dom.IsHidden(c.Atom) {
		return "<" + c.Tag + ">"
	}
	if c.Atom == atom.Html || c.Atom == atom.Body {
		return ""
	}
	if c.HasAttr("hidden") {
		return "hidden attribute"
	}
	if d := dom.HiddenStyle(c.Attr("style")); d != "" {
		return d
	}
	return ""
}

// mathContent says whether the children of c are MathML, given whether c is: a math
// element starts it, and its text integration points (mi, mo, mn, ms, mtext) hold HTML again.
func mathContent(c *dom.Node, math bool) bool {
	if !math {
		return c.Atom == atom.Math
	}
	switch c.Atom {
	case atom.Mi, atom.Mo, atom.Mn, atom.Ms, atom.Mtext:
		return false
	}
	return true
}

// countHidden counts the outermost elements under n whose content the text output leaves
// out, as deep as the view shows.
func countHidden(n *dom.Node, math bool, depth int) int {
	if depth >= maxViewDepth {
		return 0
	}
	k := 0
	for _, c := range n.Children {
		if c.Type != dom.Element || skipped(c) {
			continue
		}
		if hiddenBy(c, math) != "" {
			k++
			continue
		}
		k += countHidden(c, mathContent(c, math), depth+1)
	}
	return k
}

func writeTree(w *bufio.Writer, n *Node) {
	class := ""
	switch n.Mark {
	case markDrop:
		class = "noisy"
	case markKeep:
		class = "kept"
	}
	fmt.Fprintf(w, `<li class="%s">%s <i>m=%d ni=%.3f ci=%.3f</i>`, class, html.EscapeString(n.Label), n.Pages, n.NodeImp, n.CompImp)
	switch n.Mark {
	case markDrop:
		w.WriteString(" noisy")
	case markKeep:
		w.WriteString(" meaningful")
	}
	kids := n.Kids
	if len(n.Styles) > 0 {
		w.WriteString("<ul>")
		for i, s := range n.Styles {
			fmt.Fprintf(w, "<li>style %d &times;%d<ul>", i+1, s.Count)
			for _, e := range s.Elems {
				writeTree(w, e)
			}
			w.WriteString("</ul></li>")
		}
		w.WriteString("</ul>")
	}
	if len(kids) > 0 {
		w.WriteString("<ul>")
		for _, k := range kids {
			writeTree(w, k)
		}
		w.WriteString("</ul>")
	}
	w.WriteString("</li>\n")
}
