package sst

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	xhtml "golang.org/x/net/html"
)

// TestViewHiddenIsNotText checks that the text a view shows black is exactly the page's text
// output (htmltext.RenderSpans of Apply's spans, as sstclean run writes it), also when the
// model keeps elements whose content the renderer leaves out: a display:none toolbar like the
// Wayback Machine's, a hidden span, a select, a textarea, an iframe. The hidden content of a
// MathML element is rendered (htmltext does not read foreign attributes), so it stays black.
func TestViewHiddenIsNotText(t *testing.T) {
	pages, _ := viewSite(t)
	html := make([]string, len(pages))
	injected := make([]bool, len(pages))
	for i, p := range pages {
		if len(p.GoldSpans) == 0 { // an index page
			html[i] = p.HTML
			continue
		}
		injected[i] = true
		at := p.GoldSpans[0][0]
		// page-specific words, so that the model keeps them as content
		hidden := fmt.Sprintf(`<div id="wm-ipp" style="Display: none !important;direction:ltr">`+
			`<table><tr><td>toolbar%dMAY</td><td>toolbar%dJUN</td></tr></table><p>toolbar%d capture %d</p></div>`+
			`<p>visible%d words <span hidden>hiddenattr%d</span> and <select><option>option%d</option></select>`+
			`<textarea>typed%d</textarea><iframe>framed%d</iframe> <b style="visibility:hidden">invisible%d</b>`+
			`<math><mi style="display:none">mathvisible%d</mi></math> more words</p>`, i, i, i, i, i, i, i, i, i, i, i)
		html[i] = p.HTML[:at] + hidden + p.HTML[at:]
	}
	m, err := Learn(html, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	keptHidden := 0
	for i, src := range html {
		spans := m.ApplyHTML(src).Spans
		text := noSpace(htmltext.RenderSpans(src, spans))
		var b bytes.Buffer
		if err := m.View(&b, src, "page"); err != nil {
			t.Fatal(err)
		}
		black, hid := viewShown(t, b.String())
		if black != text {
			d := firstDiff(black, text)
			t.Errorf("page %d: the view shows black %d characters, the text output has %d; first difference at %d: view %q, text %q",
				i, len(black), len(text), d, black[d:min(len(black), d+40)], text[d:min(len(text), d+40)])
		}
		if !injected[i] {
			continue
		}
		for _, w := range []string{"toolbar%dJUN", "hiddenattr%d", "option%d", "typed%d", "framed%d", "invisible%d"} {
			w = fmt.Sprintf(w, i)
			if !strings.Contains(hid, w) {
				t.Errorf("page %d: %q is not marked hidden in the view", i, w)
			}
		}
		if w := fmt.Sprintf("mathvisible%d", i); strings.Contains(hid, w) {
			t.Errorf("page %d: %q (MathML, rendered) is marked hidden", i, w)
		}
		if strings.Contains(spanText(src, spans), fmt.Sprintf("toolbar%dJUN", i)) {
			keptHidden++
		}
	}
	if keptHidden == 0 {
		t.Fatal("Apply keeps the hidden toolbar on no page: the check compares nothing")
	}
}

// TestViewHiddenRealPage is the page where the view and the text disagreed:
// big9/big5-13/ecuador, whose Wayback toolbar (display:none) the model keeps.
func TestViewHiddenRealPage(t *testing.T) {
	dir := devdata.Dir()
	if dir == "" {
		t.Skip("no ../shared/data beside the repository: the real-page check needs big9-2005-2013.jsonl.zst")
	}
	all, err := devdata.ReadFile(filepath.Join(dir, "big9-2005-2013.jsonl.zst"))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(all, func(p devdata.Page) bool { return p.ID == "big9/big5-13/ecuador" })
	if i < 0 {
		t.Skip("big9/big5-13/ecuador is not in the data set")
	}
	page := all[i]
	var sample []string
	for _, p := range all {
		if p.Site == page.Site && len(sample) < 200 {
			sample = append(sample, p.HTML)
		}
	}
	m, err := Learn(sample, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	spans := m.ApplyHTML(page.HTML).Spans
	text := noSpace(htmltext.RenderSpans(page.HTML, spans))
	var b bytes.Buffer
	if err := m.View(&b, page.HTML, page.URL); err != nil {
		t.Fatal(err)
	}
	black, hid := viewShown(t, b.String())
	if black != text {
		d := firstDiff(black, text)
		t.Errorf("the view shows black %d characters, the text output has %d; first difference at %d: view %q, text %q",
			len(black), len(text), d, black[d:min(len(black), d+60)], text[d:min(len(text), d+60)])
	}
	toolbar := noSpace("30 Jun 2013 - 30 Dec 2016")
	if strings.Contains(black, toolbar) || !strings.Contains(hid, toolbar) {
		t.Errorf("the Wayback toolbar's %q is not marked hidden", toolbar)
	}
}

// viewShown parses a view as a browser does and returns the page text it shows black and the
// text it marks hidden (inside an element of class hide), white space and image marks (class
// img) left out. Text greyed as removed (class drop) and not hidden is in neither.
func viewShown(t *testing.T, view string) (black, hidden string) {
	doc, err := xhtml.Parse(strings.NewReader(view))
	if err != nil {
		t.Fatal(err)
	}
	var k, h strings.Builder
	var walk func(n *xhtml.Node, inPage, dropped, hid bool)
	walk = func(n *xhtml.Node, inPage, dropped, hid bool) {
		if n.Type == xhtml.ElementNode {
			class := strings.Fields(attrOf(n, "class"))
			if attrOf(n, "id") == "page" {
				inPage = true
			}
			if slices.Contains(class, "legend") || slices.Contains(class, "img") {
				return // not page text: the legend, an image's mark
			}
			dropped = dropped || slices.Contains(class, "drop")
			hid = hid || slices.Contains(class, "hide")
		}
		if n.Type == xhtml.TextNode && inPage {
			s := noSpace(n.Data)
			switch {
			case hid:
				h.WriteString(s)
			case !dropped:
				k.WriteString(s)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inPage, dropped, hid)
		}
	}
	walk(doc, false, false, false)
	return k.String(), h.String()
}

// spanText is the text of the body's text nodes lying in spans (scripts and the like left
// out, hidden elements not), white space left out: what Apply keeps before rendering.
func spanText(src string, spans [][2]int) string {
	var b strings.Builder
	dom.Parse(src).Body().Walk(func(n *dom.Node) bool {
		if skipped(n) && n.Type != dom.Document {
			return false
		}
		if n.Type == dom.Text && slices.ContainsFunc(spans, func(s [2]int) bool { return s[0] <= int(n.Start) && int(n.End) <= s[1] }) {
			b.WriteString(noSpace(n.Text))
		}
		return true
	})
	return b.String()
}

// TestViewIsTextAllPages checks the view against the text output on every page of the
// evaluation sets (CHAFF_LONG=1; a model per site from its first 200 pages, as sstclean
// run learns).
func TestViewIsTextAllPages(t *testing.T) {
	if os.Getenv("CHAFF_LONG") == "" {
		t.Skip("CHAFF_LONG=1 runs the view on every page of the evaluation sets")
	}
	dir := devdata.Dir()
	if dir == "" {
		t.Skip("no ../shared/data beside the repository")
	}
	for _, set := range evalSets {
		all, err := devdata.ReadFile(filepath.Join(dir, set+".jsonl.zst"))
		if err != nil {
			t.Fatal(err)
		}
		bySite := map[string][]devdata.Page{}
		var order []string
		for _, p := range all {
			if bySite[p.Site] == nil {
				order = append(order, p.Site)
			}
			bySite[p.Site] = append(bySite[p.Site], p)
		}
		differ, hidden := 0, 0
		for _, s := range order {
			var sample []string
			for _, p := range bySite[s][:min(200, len(bySite[s]))] {
				sample = append(sample, p.HTML)
			}
			m, err := Learn(sample, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range bySite[s] {
				text := noSpace(htmltext.RenderSpans(p.HTML, m.ApplyHTML(p.HTML).Spans))
				var b bytes.Buffer
				if err := m.View(&b, p.HTML, p.URL); err != nil {
					t.Fatal(err)
				}
				black, hid := viewShown(t, b.String())
				if hid != "" {
					hidden++
				}
				if black != text {
					differ++
					d := firstDiff(black, text)
					t.Errorf("%s: the view shows black %d characters, the text output has %d; first difference at %d: view %q, text %q",
						p.ID, len(black), len(text), d, black[d:min(len(black), d+60)], text[d:min(len(text), d+60)])
				}
			}
		}
		t.Logf("%s: %d pages, %d with hidden content in the view, %d whose view differs from the text", set, len(all), hidden, differ)
	}
}
