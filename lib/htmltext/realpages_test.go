package htmltext

import (
	"math/rand"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/mojibake"
	"golang.org/x/net/html/atom"
)

// squeeze drops whitespace and invisible characters, so that renderings
// with different separators can be compared.
func squeeze(s string) string {
	s = strings.ToValidUTF8(s, "\ufffd")
	return strings.Map(func(r rune) rune {
		switch {
		case r <= ' ', 0x7f <= r && r < 0xa0, unicode.IsSpace(r), IsInvisibleChar(r), r == utf8.RuneError:
			return -1
		}
		return r
	}, s)
}

// visibleText is the reference: the tree's text outside hidden elements.
func visibleText(root *dom.Node) string {
	var b strings.Builder
	root.Walk(func(n *dom.Node) bool {
		switch n.Type {
		case dom.Text:
			// A node that shows it was decoded wrongly is decoded again, as Render does.
			text, _ := mojibake.RepairMarked(n.Text)
			// Each node's invalid bytes become U+FFFD on their own, as Render
			// does: joined first, "\xcb" and "\xa2" of two nodes would make "ˢ".
			for i := 0; i < len(text); {
				r, size := utf8.DecodeRuneInString(text[i:])
				if r == utf8.RuneError && size == 1 {
					b.WriteRune(utf8.RuneError)
				} else {
					b.WriteString(text[i : i+size])
				}
				i += size
			}
		case dom.Element:
			return !dom.IsHidden(n.Atom) && (n.Atom == atom.Html || n.Atom == atom.Body || !hiddenByAttrs(n.Attrs()))
		}
		return true
	})
	return b.String()
}

func TestRealPages(t *testing.T) {
	pages := devdata.Sample(devdata.Pages(t))
	rng := rand.New(rand.NewSource(1))
	leaks := 0
	for pi, p := range pages {
		got := Render(p.HTML)
		if !utf8.ValidString(got) {
			t.Errorf("%s: invalid UTF-8", p.ID)
		}
		for _, line := range strings.Split(got, "\n") {
			if line == "" || line != strings.TrimSpace(line) || strings.Contains(line, "  ") {
				t.Errorf("%s: line not normalised: %q", p.ID, line)
				break
			}
		}
		root := dom.Parse(p.HTML)
		ref := visibleText(root)
		if squeeze(got) != squeeze(ref) {
			t.Errorf("%s: Render differs from the tree's visible text", p.ID)
		}
		// No script text leaks: script-like strings in the output must be
		// in the page's visible text too.
		for _, js := range []string{"function(", "function (", "document.write", "var _gaq", "{return"} {
			if strings.Contains(got, js) && !strings.Contains(ref, js) {
				t.Errorf("%s: %q leaked", p.ID, js)
				leaks++
			}
		}
		// Rendering all text nodes' spans gives the whole text.
		var texts []*dom.Node
		root.Walk(func(n *dom.Node) bool {
			if n.Type == dom.Text {
				texts = append(texts, n)
			}
			return true
		})
		if spans := RenderNodes(p.HTML, texts); spans != got {
			t.Errorf("%s: RenderNodes(text nodes) differs from Render", p.ID)
		}
		// Random spans keep a subsequence of the visible text.
		if pi%4 == 0 {
			var spans [][2]int
			for pos := 0; pos < len(p.HTML); {
				a := pos + rng.Intn(2000)
				b := a + rng.Intn(2000)
				spans = append(spans, [2]int{a, min(b, len(p.HTML))})
				pos = b + 1
			}
			part := RenderSpans(p.HTML, spans)
			if !utf8.ValidString(part) || !isSubsequence(squeeze(part), squeeze(got)) {
				t.Errorf("%s: random spans rendered text that is not in the page's text", p.ID)
			}
		}
	}
	t.Logf("%d real pages rendered", len(pages))
}

func isSubsequence(sub, s string) bool {
	i := 0
	for j := 0; i < len(sub) && j < len(s); j++ {
		if sub[i] == s[j] {
			i++
		}
	}
	return i == len(sub)
}

func BenchmarkRenderRealPages(b *testing.B) {
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
			Render(p.HTML)
		}
	}
}
