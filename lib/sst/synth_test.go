package sst

import (
	"testing"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/synth"
)

// byteShares counts, over the visible text of a page (text nodes outside script, style and
// the like, white space excluded), the bytes inside gold spans and outside them, and how
// many of each lie in kept spans.
type byteShares struct {
	content, contentKept, template, templateKept int
}

func (s *byteShares) add(src string, gold, kept [][2]int) {
	in := func(spans [][2]int, i int) bool {
		for _, sp := range spans {
			if i >= sp[0] && i < sp[1] {
				return true
			}
		}
		return false
	}
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		for _, c := range n.Children {
			if c.Type == dom.Text {
				for i := int(c.Start); i < int(c.End); i++ {
					if asciiSpace(src[i]) {
						continue
					}
					g, k := in(gold, i), in(kept, i)
					switch {
					case g && k:
						s.content++
						s.contentKept++
					case g:
						s.content++
					case k:
						s.template++
						s.templateKept++
					default:
						s.template++
					}
				}
				continue
			}
			if c.Type == dom.Element && !skipped(c) {
				walk(c)
			}
		}
	}
	walk(dom.Parse(src).Body())
}

// TestSynthetic learns each synthetic site from its pages and checks that at least 95% of
// the template's visible bytes are removed and 95% of the content's kept, on every site.
func TestSynthetic(t *testing.T) {
	pages, err := synth.Generate(synth.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	sites := map[string][]synth.Page{}
	var order []string
	for _, p := range pages {
		if sites[p.Site] == nil {
			order = append(order, p.Site)
		}
		sites[p.Site] = append(sites[p.Site], p)
	}
	for _, site := range order {
		ps := sites[site]
		html := make([]string, len(ps))
		for i, p := range ps {
			html[i] = p.HTML
		}
		for _, o := range []struct {
			name string
			opts Options
			must bool
		}{{"default", envOptions(t), true}, {"faithful", FaithfulOptions(), false}} {
			m, err := Learn(html, o.opts)
			if err != nil {
				t.Fatal(err)
			}
			var s byteShares
			for _, p := range ps {
				s.add(p.HTML, p.GoldSpans, m.ApplyHTML(p.HTML).Spans)
			}
			removed := 1 - float64(s.templateKept)/float64(s.template)
			kept := float64(s.contentKept) / float64(s.content)
			t.Logf("%s %s: template removed %.3f (%d bytes), content kept %.3f (%d bytes)", site, o.name, removed, s.template, kept, s.content)
			if o.must && (removed < 0.95 || kept < 0.95) {
				t.Errorf("%s %s: template removed %.3f, content kept %.3f, want both >= 0.95", site, o.name, removed, kept)
			}
		}
	}
}
