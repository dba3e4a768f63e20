package synth_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/rtdm"
	"github.com/chaffkit/chaff/lib/sst"
	"github.com/chaffkit/chaff/lib/synth"
)

// siteTool is one algorithm as its tool runs it by default (`<tool> run`): learned from all
// the pages of a site, applied to each, the text made as cmd/<tool>'s Apply makes it (the
// algorithm's own output, no content model joined). It returns one text per page.
type siteTool struct {
	name string
	run  func(html []string) ([]string, error)
}

var siteTools = []siteTool{
	{"ngramcut", func(html []string) ([]string, error) {
		m, err := ngramcut.Learn(html, ngramcut.Default())
		if err != nil {
			return nil, err
		}
		return texts(html, func(h string) string { return htmltext.RenderSpans(h, m.Spans(h)) }), nil
	}},
	{"ampl", func(html []string) ([]string, error) {
		m, err := ampl.Learn(html, ampl.Default())
		if err != nil {
			return nil, err
		}
		return texts(html, func(h string) string { return htmltext.RenderSpans(h, m.Content(h)) }), nil
	}},
	{"sstclean", func(html []string) ([]string, error) {
		m, err := sst.Learn(html, sst.DefaultOptions())
		if err != nil {
			return nil, err
		}
		return texts(html, func(h string) string { return htmltext.RenderSpans(h, m.ApplyHTML(h).Spans) }), nil
	}},
	{"rtdm", func(html []string) ([]string, error) {
		pages := make([]*rtdm.Page, len(html))
		for i, h := range html {
			pages[i] = rtdm.NewPage(h)
		}
		m, _ := rtdm.Learn(pages, rtdm.DefaultOptions)
		out := make([]string, len(pages))
		for i, pg := range pages {
			ex, err := m.Extract(pg, rtdm.DefaultOptions)
			if err != nil {
				continue // the tool emits the page with "text": "" and the error
			}
			out[i] = htmltext.RenderSpans(pg.HTML, pg.Spans(ex.BodyRoots))
			if ex.TitleText != "" && ex.Title != ex.Body {
				out[i] = ex.TitleText + "\n" + out[i]
			}
		}
		return out, nil
	}},
}

func texts(html []string, f func(string) string) []string {
	out := make([]string, len(html))
	for i, h := range html {
		out[i] = f(h)
	}
	return out
}

// Every tool keeps the content of every plain shape and removes its template: on each
// shape's site, the article-extraction-benchmark shingle metric of the tool's texts against
// the gold gives recall >= .98 and F1 >= .95, and precision >= .9 where the template (the
// visible text outside the gold) has at least 20 words a page. One case per tool and shape.
func TestShapesEveryTool(t *testing.T) {
	pages, err := synth.GenerateShapes(1, synth.Shapes())
	if err != nil {
		t.Fatal(err)
	}
	bySite := map[string][]synth.Page{}
	shapes := synth.Shapes()
	for _, p := range pages {
		bySite[p.Shape] = append(bySite[p.Shape], p)
	}
	for _, tool := range siteTools {
		for _, sh := range shapes {
			ps := bySite[sh.Name]
			t.Run(tool.name+"/"+sh.Name, func(t *testing.T) {
				t.Parallel()
				html := make([]string, len(ps))
				for i, p := range ps {
					html[i] = p.HTML
				}
				got, err := tool.run(html)
				if err != nil {
					t.Fatal(err)
				}
				var s metric.Shingles
				template := 0
				for i, p := range ps {
					s.Add(got[i], p.Gold)
					template += len(metric.Tokens(htmltext.Render(p.HTML))) - len(metric.Tokens(p.Gold))
				}
				r := s.Result()
				template /= len(ps)
				var bad []string
				if r.Recall < 0.98 {
					bad = append(bad, fmt.Sprintf("recall %.3f < .98", r.Recall))
				}
				if r.F1 < 0.95 {
					bad = append(bad, fmt.Sprintf("F1 %.3f < .95", r.F1))
				}
				if template >= 20 && r.Precision < 0.9 {
					bad = append(bad, fmt.Sprintf("precision %.3f < .9 (template of %d words)", r.Precision, template))
				}
				if len(bad) > 0 {
					t.Errorf("%d pages: %s", len(ps), strings.Join(bad, ", "))
				}
				t.Logf("%d pages, template %d words a page: R %.3f P %.3f F1 %.3f", len(ps), template, r.Recall, r.Precision, r.F1)
			})
		}
	}
}
