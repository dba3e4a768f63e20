package dom

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

func TestRealPages(t *testing.T) {
	pages := devdata.Sample(devdata.Pages(t))
	bodies := 0
	for _, p := range pages {
		root := Parse(p.HTML)
		size, _ := checkTree(t, p.HTML, root)
		if size < 10 {
			t.Errorf("%s: only %d nodes", p.ID, size)
		}
		if root.Body().Tag == "body" {
			bodies++
		}
		// Explicitly closed elements end with their end tag; implied ones
		// end where their last child ends or where the closing token starts.
		root.Walk(func(n *Node) bool {
			if n.Type == Element && len(n.Children) > 0 {
				last := n.Children[len(n.Children)-1]
				if last.End > n.End {
					t.Errorf("%s: %s ends before its last child", p.ID, n.Tag)
				}
			}
			return true
		})
	}
	if bodies < len(pages)*9/10 {
		t.Errorf("only %d of %d pages have a body element", bodies, len(pages))
	}
	t.Logf("%d real pages parsed", len(pages))
}

// benchPages times fn over every dev page, in MB of HTML per second.
func benchPages(b *testing.B, fn func(src string)) {
	pages := devdata.Pages(b)
	total := 0
	for _, p := range pages {
		total += len(p.HTML)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, p := range pages {
			fn(p.HTML)
		}
	}
}

func BenchmarkParseRealPages(b *testing.B) { benchPages(b, func(src string) { Parse(src) }) }

func BenchmarkScanRealPages(b *testing.B) {
	benchPages(b, func(src string) {
		sc := NewScanner(src)
		for _, ok := sc.Next(); ok; _, ok = sc.Next() {
		}
	})
}

func BenchmarkTokenizerRealPages(b *testing.B) {
	benchPages(b, func(src string) {
		z := newTokenizer(src)
		for tt, _ := z.Next(); tt != html.ErrorToken; tt, _ = z.Next() {
		}
	})
}

// BenchmarkXNetTokenizerRealPages is the x/net/html tokenizer on the same pages: what the
// Scanner was built on before lib/dom had its own tokenizer.
func BenchmarkXNetTokenizerRealPages(b *testing.B) {
	benchPages(b, func(src string) {
		z := html.NewTokenizer(strings.NewReader(src))
		for z.Next() != html.ErrorToken {
		}
	})
}

// textPaths lists "ancestor<...|text" for the visible text nodes of a tree.
func textPaths(root *Node) []string {
	var out []string
	root.Walk(func(n *Node) bool {
		if n.Type == Text && !isSpace(n.Text) && n.Parent != nil && !IsRawText(n.Parent.Atom) && n.Parent.Atom != atom.Template {
			var p []string
			for a := n.Parent; a != nil && a.Type == Element; a = a.Parent {
				switch a.Tag {
				case "html", "head", "body", "tbody":
					continue
				}
				p = append(p, a.Tag)
			}
			out = append(out, strings.Join(p, "<")+"|"+strings.TrimSpace(n.Text))
		}
		return true
	})
	return out
}

// textPathsHTML is textPaths on a tree from html.Parse.
func textPathsHTML(root *html.Node) []string {
	var out []string
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode && !isSpace(n.Data) && n.Parent != nil {
			switch n.Parent.Data {
			case "script", "style", "textarea", "title", "noscript", "xmp", "iframe", "noembed", "noframes", "plaintext":
				return
			}
			var p []string
			for a := n.Parent; a != nil && a.Type == html.ElementNode; a = a.Parent {
				switch a.Data {
				case "html", "head", "body", "tbody":
					continue
				}
				p = append(p, a.Data)
			}
			out = append(out, strings.Join(p, "<")+"|"+strings.TrimSpace(n.Data))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(root)
	return out
}

// TestAgreesWithHTMLParse compares, for every visible text node, the path
// of its ancestors (html, head, body and tbody left out, as html.Parse
// synthesizes them) with the tree html.Parse builds. The known differences:
// no foster parenting out of tables, no adoption-agency clones, no quirks
// mode (a table closes an open p).
func TestAgreesWithHTMLParse(t *testing.T) {
	pages := devdata.Sample(devdata.Pages(t))
	same, total := 0, 0
	for _, p := range pages {
		a := textPaths(Parse(p.HTML))
		doc, err := html.Parse(strings.NewReader(p.HTML))
		if err != nil {
			t.Fatal(err)
		}
		b := textPathsHTML(doc)
		m := map[string]int{}
		for _, x := range b {
			m[x]++
		}
		s := 0
		for _, x := range a {
			if m[x] > 0 {
				m[x]--
				s++
			}
		}
		same += s
		total += max(len(a), len(b))
	}
	agree := float64(same) / float64(total)
	t.Logf("%d of %d text paths agree (%.3f)", same, total, agree)
	if agree < 0.98 {
		t.Errorf("only %.3f of the text paths agree with html.Parse", agree)
	}
}
