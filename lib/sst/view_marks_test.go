package sst

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/synth"
	xhtml "golang.org/x/net/html"
)

// TestViewMarksAgreeWithApply renders the view of every page of a synthetic site and checks
// that the text it shows black is exactly the text Apply keeps and the text it greys exactly
// the text Apply drops: the view shows the algorithm's decisions, nothing else. The other
// samples hold a copy of an article, plain or with scripts, as scripts/views does.
func TestViewMarksAgreeWithApply(t *testing.T) {
	pages, html := viewSite(t)
	// the page with scripts of scripts/views: the first article with a script, an image
	// with onerror, a javascript: iframe and link before its first content, and an onload.
	first := pages[0]
	at := first.GoldSpans[0][0]
	hostile := first.HTML[:at] + `<script>document.title='x'</script><img src="x" onerror="alert(1)">` +
		`<iframe src="javascript:alert(2)"></iframe><a href="javascript:alert(3)">a javascript: link</a> ` + first.HTML[at:]
	hostile = strings.Replace(hostile, "<body", `<body onload="alert(4)"`, 1)
	for _, c := range []struct {
		name  string
		pages []string
	}{
		{"site", html},
		{"site and a copy of its first page", append(slices.Clone(html), html[0])},
		{"site and a copy of its first page with scripts", append(slices.Clone(html), hostile)},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := Learn(c.pages, DefaultOptions())
			if err != nil {
				t.Fatal(err)
			}
			var keptAll, droppedAll int
			for i, src := range c.pages {
				wantKept, wantDropped := applyText(m, src)
				var b bytes.Buffer
				if err := m.View(&b, src, "page"); err != nil {
					t.Fatal(err)
				}
				gotKept, gotDropped := viewText(t, b.String())
				if gotKept != wantKept {
					t.Errorf("page %d: the view shows black %d characters, Apply keeps %d; first difference at %d",
						i, len(gotKept), len(wantKept), firstDiff(gotKept, wantKept))
				}
				if gotDropped != wantDropped {
					t.Errorf("page %d: the view greys %d characters, Apply drops %d; first difference at %d",
						i, len(gotDropped), len(wantDropped), firstDiff(gotDropped, wantDropped))
				}
				keptAll += len(wantKept)
				droppedAll += len(wantDropped)
			}
			if keptAll == 0 || droppedAll == 0 {
				t.Fatalf("kept %d, dropped %d characters in all: the check compares nothing", keptAll, droppedAll)
			}
		})
	}
}

// viewSite returns the synthetic site of scripts/views (synth -sites 1 -cjk=false -pages 16) and
// its pages' HTML.
func viewSite(t *testing.T) ([]synth.Page, []string) {
	pages, err := synth.Generate(synth.Config{Seed: 1, Sites: 1, PagesPerSite: 16, IndexPages: 2, CJK: false})
	if err != nil {
		t.Fatal(err)
	}
	html := make([]string, len(pages))
	for i, p := range pages {
		html[i] = p.HTML
	}
	return pages, html
}

// applyText returns the text of the page's body (as the view walks it: no script, style
// and the like) that Apply keeps and the text it drops, white space left out.
func applyText(m *Model, src string) (kept, dropped string) {
	doc := dom.Parse(src)
	spans := m.Apply(doc).Spans
	var k, d strings.Builder
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		for _, c := range n.Children {
			if skipped(c) {
				continue
			}
			if c.Type == dom.Text {
				in := slices.ContainsFunc(spans, func(s [2]int) bool { return s[0] <= int(c.Start) && int(c.End) <= s[1] })
				if in {
					k.WriteString(noSpace(c.Text))
				} else {
					d.WriteString(noSpace(c.Text))
				}
				continue
			}
			walk(c)
		}
	}
	walk(doc.Body())
	return k.String(), d.String()
}

// imageMark is the text the view writes for an image.
var imageMark = regexp.MustCompile(`\[image [^\]]*\]`)

// viewText parses a view as a browser does and returns the page text it shows black and
// the text it greys (inside an element of class drop), white space and image marks left out.
func viewText(t *testing.T, view string) (kept, grey string) {
	doc, err := xhtml.Parse(strings.NewReader(view))
	if err != nil {
		t.Fatal(err)
	}
	var k, g strings.Builder
	var walk func(n *xhtml.Node, inPage, dropped bool)
	walk = func(n *xhtml.Node, inPage, dropped bool) {
		if n.Type == xhtml.ElementNode {
			class := attrOf(n, "class")
			if attrOf(n, "id") == "page" {
				inPage = true
			}
			if class == "legend" {
				return
			}
			if slices.Contains(strings.Fields(class), "drop") {
				dropped = true
			}
		}
		if n.Type == xhtml.TextNode && inPage {
			s := noSpace(imageMark.ReplaceAllString(n.Data, ""))
			if dropped {
				g.WriteString(s)
			} else {
				k.WriteString(s)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, inPage, dropped)
		}
	}
	walk(doc, false, false)
	return k.String(), g.String()
}

func attrOf(n *xhtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

// TestViewDropReasons checks the reasons the view gives for removed blocks: every one has a
// reason, a block said to be repeated has its text on two sample pages or more, and with
// Options.Repeats off no block is said to be repeated. A copy of a page in the
// sample makes its paragraphs repeated blocks.
func TestViewDropReasons(t *testing.T) {
	pages, sample := viewSite(t)
	sample = append(sample, pages[0].HTML)
	for _, repeats := range []bool{true, false} {
		o := DefaultOptions()
		o.Repeats = repeats
		m, err := Learn(sample, o)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := m.View(&b, pages[0].HTML, "page"); err != nil {
			t.Fatal(err)
		}
		reasons := map[string]int{}
		for _, d := range droppedBlocks(t, b.String()) {
			reasons[d.why]++
			switch d.why {
			case dropReasonText[dropRepeated]:
				on := 0
				for _, p := range sample {
					if strings.Contains(noSpace(htmlTextOf(t, p)), noSpace(d.text)) {
						on++
					}
				}
				if on < 2 || !repeats {
					t.Errorf("repeats %v: %q said repeated, found on %d sample pages", repeats, d.text, on)
				}
			case "":
				t.Errorf("%q removed without a reason", d.text)
			}
		}
		if repeats && reasons[dropReasonText[dropRepeated]] == 0 {
			t.Errorf("a copied page in the sample, but no block said repeated: %v", reasons)
		}
		if !strings.Contains(b.String(), "removed: ") {
			t.Error("the legend does not count the reasons")
		}
	}
}

type droppedBlock struct{ why, text string }

// droppedBlocks lists the outermost removed blocks of a view: the reason in their tooltip
// and their text.
func droppedBlocks(t *testing.T, view string) []droppedBlock {
	doc, err := xhtml.Parse(strings.NewReader(view))
	if err != nil {
		t.Fatal(err)
	}
	var out []droppedBlock
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		if n.Type == xhtml.ElementNode && slices.Contains(strings.Fields(attrOf(n, "class")), "drop") && attrOf(n, "title") != "" {
			tip := attrOf(n, "title")
			why := ""
			if i := strings.Index(tip, "removed: "); i >= 0 {
				why = tip[i+len("removed: "):]
			}
			out = append(out, droppedBlock{why: why, text: imageMark.ReplaceAllString(textOf(n), "")})
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func textOf(n *xhtml.Node) string {
	if n.Type == xhtml.TextNode {
		return n.Data
	}
	var b strings.Builder
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.WriteString(textOf(c))
	}
	return b.String()
}

// htmlTextOf is the text of a page's body.
func htmlTextOf(t *testing.T, src string) string {
	doc, err := xhtml.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	return textOf(doc)
}
