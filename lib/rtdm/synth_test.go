package rtdm_test

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/rtdm"
	"github.com/chaffkit/chaff/lib/synth"
)

// On the synthetic corpus: the two templates of a site cluster apart, index pages fall out as
// noise, and the title is exact and the body F1 >= 0.95 on >= 95% of article pages.
func TestSynthetic(t *testing.T) {
	cfg := synth.DefaultConfig()
	pages, err := synth.Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	bySite := map[string][]synth.Page{}
	var sites []string
	for _, p := range pages {
		if _, ok := bySite[p.Site]; !ok {
			sites = append(sites, p.Site)
		}
		bySite[p.Site] = append(bySite[p.Site], p)
	}
	// The last site of DefaultConfig is Japanese-like (no spaces): its \w+ tokens are whole
	// runs of kana and kanji, so one extra line (a byline) costs 5-15 points of shingle F1;
	// it is also reported apart.
	articles, good := 0, 0
	cjkArticles, cjkGood, cjkTitles := 0, 0, 0
	for _, site := range sites {
		sp := bySite[site]
		pgs := make([]*rtdm.Page, len(sp))
		for i := range sp {
			pgs[i] = rtdm.NewPage(sp[i].HTML)
		}
		model, clusters := rtdm.Learn(pgs, rtdm.DefaultOptions)
		// Clusters: one per template, index pages not in them.
		tmplCluster := map[string]int{}
		for i, p := range sp {
			c := clusters[i]
			if p.Kind == "index" {
				for j, q := range sp {
					if q.Kind == "article" && clusters[j] == c && c >= 0 {
						t.Errorf("%s: index page %d clustered with article %d", site, i, j)
						break
					}
				}
				continue
			}
			if prev, ok := tmplCluster[p.Template]; ok && prev != c {
				t.Errorf("%s: template %s split over clusters %d and %d", site, p.Template, prev, c)
			}
			tmplCluster[p.Template] = c
		}
		if len(tmplCluster) == 2 && tmplCluster["A"] == tmplCluster["B"] {
			t.Errorf("%s: templates A and B in one cluster", site)
		}
		t.Logf("%s: %d patterns, clusters %v", site, len(model.Patterns), clusters)
		for i, p := range sp {
			if p.Kind != "article" {
				continue
			}
			cjk := site == sites[len(sites)-1]
			if cjk {
				cjkArticles++
			} else {
				articles++
			}
			ex, err := model.Extract(pgs[i], rtdm.DefaultOptions)
			if err != nil {
				t.Logf("%s page %d: %v", site, i, err)
				continue
			}
			title := ""
			if ex.Title >= 0 {
				title = ex.TitleText
			}
			// The body as the tool emits it: the body roots' spans rendered by lib/htmltext
			// (passage texts join text nodes with spaces, which splits CJK words at inline tags).
			body := htmltext.RenderSpans(pgs[i].HTML, pgs[i].Spans(ex.BodyRoots))
			goldBody := p.Gold[strings.IndexByte(p.Gold, '\n')+1:]
			f1, _ := metric.ShingleCounts(body, goldBody).F1()
			if cjk && title == p.GoldTitle {
				cjkTitles++
			}
			if title == p.GoldTitle && f1 >= 0.95 {
				if cjk {
					cjkGood++
				} else {
					good++
				}
			} else {
				t.Logf("%s page %d: title %q (gold %q), body F1 %.3f", site, i, title, p.GoldTitle, f1)
			}
		}
	}
	t.Logf("%d of %d article pages with the exact title and body F1 >= 0.95 (Japanese-like site: %d of %d)", good, articles, cjkGood, cjkArticles)
	if all := articles + cjkArticles; float64(good+cjkGood) < 0.95*float64(all) {
		t.Errorf("only %d of %d article pages right", good+cjkGood, all)
	}
	if float64(good) < 0.95*float64(articles) {
		t.Errorf("spaced-script sites: only %d of %d article pages right", good, articles)
	}
	if float64(cjkTitles) < 0.95*float64(cjkArticles) {
		t.Errorf("Japanese-like site: only %d of %d titles right", cjkTitles, cjkArticles)
	}
}

// A page crawled twice is one page for learning: two copies make no pattern (a pattern without
// wildcards would extract nothing), and a site with a duplicated page extracts it as before.
func TestDuplicatePages(t *testing.T) {
	pages, err := synth.Generate(synth.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	var pgs []*rtdm.Page
	for _, p := range pages {
		if p.Site == pages[0].Site {
			pgs = append(pgs, rtdm.NewPage(p.HTML))
		}
	}
	if m, cl := rtdm.Learn([]*rtdm.Page{pgs[0], rtdm.NewPage(pages[0].HTML)}, rtdm.DefaultOptions); len(m.Patterns) != 0 || cl[0] != -1 {
		t.Errorf("two copies of one page made %d patterns, clusters %v", len(m.Patterns), cl)
	}
	m, _ := rtdm.Learn(pgs, rtdm.DefaultOptions)
	md, _ := rtdm.Learn(append(pgs[:len(pgs):len(pgs)], rtdm.NewPage(pages[0].HTML)), rtdm.DefaultOptions)
	want, err := m.Extract(pgs[0], rtdm.DefaultOptions)
	if err != nil {
		t.Fatal(err)
	}
	got, err := md.Extract(pgs[0], rtdm.DefaultOptions)
	if err != nil || got.Passages[got.Body].Text != want.Passages[want.Body].Text {
		t.Errorf("with a duplicate: %v, body %q..., want %q...", err, got.Passages[got.Body].Text[:40], want.Passages[want.Body].Text[:40])
	}
}
