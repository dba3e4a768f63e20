package clitest

import (
	"io"
	"math"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/synth"
	ucli "github.com/urfave/cli/v2"
)

// Evidence is what CheckEvidence measured of an algorithm's Found on synthetic sites.
type Evidence struct {
	OwnFit, OwnMinFit     float64 // mean and least Fit of site A's pages under A's model
	ForeignFit, MaxFitFor float64 // mean and greatest Fit of site B's pages under A's model
	// TemplateCovered is the share of the visible template bytes of A's article pages (text
	// outside the gold spans) inside Template spans; GoldCovered, the share of the gold
	// text's visible bytes inside them (both weighted by the spans' strength).
	TemplateCovered, GoldCovered float64
}

// MeasureEvidence learns site A of two synthetic sites (one template each) with algo and
// applies the model to A's pages and to B's: how well each fits, and how much of A's
// template and of its gold text the Template spans cover.
func MeasureEvidence(t *testing.T, algo cli.Algorithm) Evidence {
	t.Helper()
	pages, err := synth.Generate(synth.Config{Seed: 11, Sites: 2, PagesPerSite: 12, Templates: 1, PageBytes: 8000})
	if err != nil {
		t.Fatal(err)
	}
	var a, b []synth.Page
	for _, p := range pages {
		if p.Site == pages[0].Site {
			a = append(a, p)
		} else {
			b = append(b, p)
		}
	}
	pagesOf := func(ps []synth.Page) []*page.Page {
		out := make([]*page.Page, len(ps))
		for i, p := range ps {
			out[i] = page.FromHTML(p.HTML)
		}
		return out
	}
	m, err := algo.Learn(a[0].Site, pagesOf(a))
	if err != nil {
		t.Fatal(err)
	}
	var ev Evidence
	var tmpl, tmplCov, gold, goldCov float64
	ev.OwnMinFit = math.Inf(1)
	for i, p := range pagesOf(a) {
		f, err := m.Apply(p)
		if err != nil {
			t.Fatalf("%s: %v", a[i].ID, err)
		}
		ev.OwnFit += f.Fit / float64(len(a))
		ev.OwnMinFit = min(ev.OwnMinFit, f.Fit)
		if a[i].Kind != "article" {
			continue
		}
		checkEvidence(t, a[i].ID, len(p.HTML), f.Template)
		visible(p.HTML, func(at int) {
			w := strength(f.Template, at)
			if inSpans(a[i].GoldSpans, at) {
				gold++
				goldCov += w
			} else {
				tmpl++
				tmplCov += w
			}
		})
	}
	for _, p := range pagesOf(b) {
		f, _ := m.Apply(p)
		fit := f.Fit
		if math.IsNaN(fit) {
			fit = 0
		}
		ev.ForeignFit += fit / float64(len(b))
		ev.MaxFitFor = max(ev.MaxFitFor, fit)
	}
	ev.TemplateCovered, ev.GoldCovered = tmplCov/tmpl, goldCov/gold
	return ev
}

// CheckEvidence checks MeasureEvidence: site A's pages fit A's model (mean Fit at least
// .85, each at least .6) and B's fit it less (each at most .6, and at least .3 below the
// least of A's: the synthetic sites share their generator's markup and style sheet
// vocabulary, so a foreign page is not a stranger), and Template covers at least
// minTemplate of A's visible template text (weighted by strength: what the algorithm calls
// template, it calls so surely) and at most 5% of its gold text.
func CheckEvidence(t *testing.T, algo cli.Algorithm, minTemplate float64) Evidence {
	t.Helper()
	ev := MeasureEvidence(t, algo)
	t.Logf("own pages: fit %.3f (least %.3f); the other site's: %.3f (most %.3f); template text covered %.3f, gold text %.3f",
		ev.OwnFit, ev.OwnMinFit, ev.ForeignFit, ev.MaxFitFor, ev.TemplateCovered, ev.GoldCovered)
	if ev.OwnFit < 0.85 || ev.OwnMinFit < 0.6 {
		t.Errorf("the site's own pages fit its model poorly: mean %.3f, least %.3f", ev.OwnFit, ev.OwnMinFit)
	}
	if ev.MaxFitFor > 0.6 || ev.OwnMinFit-ev.MaxFitFor < 0.3 {
		t.Errorf("a page of another site fits the model: %.3f (mean %.3f; the site's own least %.3f)", ev.MaxFitFor, ev.ForeignFit, ev.OwnMinFit)
	}
	if ev.TemplateCovered < minTemplate {
		t.Errorf("Template covers %.3f of the template text, want at least %.2f", ev.TemplateCovered, minTemplate)
	}
	if ev.GoldCovered > 0.05 {
		t.Errorf("Template covers %.3f of the gold text, want at most .05", ev.GoldCovered)
	}
	return ev
}

// checkEvidence checks that spans are sorted, disjoint, inside the page, with strengths in
// (0, 1].
func checkEvidence(t *testing.T, id string, n int, ev []page.Evidence) {
	t.Helper()
	at := 0
	for _, e := range ev {
		if e.Start < at || e.End <= e.Start || e.End > n || !(e.Strength > 0 && e.Strength <= 1) {
			t.Fatalf("%s: bad template evidence %+v (after %d, page of %d bytes)", id, e, at, n)
		}
		at = e.End
	}
}

// visible calls fn with the offset of every byte of visible text of html that is not white
// space: text outside elements whose content is not shown (script, style, head's and the
// like).
func visible(html string, fn func(at int)) {
	var walk func(n *dom.Node)
	walk = func(n *dom.Node) {
		for _, c := range n.Children {
			switch c.Type {
			case dom.Text:
				for i := int(c.Start); i < int(c.End); i++ {
					if !strings.ContainsRune(" \t\r\n\f", rune(html[i])) {
						fn(i)
					}
				}
			case dom.Element:
				if !dom.IsHidden(c.Atom) && !dom.IsRawText(c.Atom) {
					walk(c)
				}
			}
		}
	}
	walk(dom.Parse(html).Body())
}

func inSpans(spans [][2]int, at int) bool {
	for _, s := range spans {
		if at >= s[0] && at < s[1] {
			return true
		}
	}
	return false
}

// strength is the strength of the evidence covering at, 0 for none.
func strength(ev []page.Evidence, at int) float64 {
	for _, e := range ev {
		if at >= e.Start && at < e.End {
			return float64(e.Strength)
		}
	}
	return 0
}

// Configure returns tool's algorithm configured by its flags as args give them (none: the
// defaults), as the tool's learn, apply, run and show would.
func Configure(t *testing.T, tool *cli.Tool, args ...string) cli.Algorithm {
	t.Helper()
	var algo cli.Algorithm
	var cerr error
	app := &ucli.App{Name: tool.Name, Flags: tool.Flags, Writer: io.Discard, ErrWriter: io.Discard,
		Action: func(c *ucli.Context) error {
			algo, cerr = tool.Configure(c)
			return nil
		}}
	if err := app.Run(append([]string{tool.Name}, args...)); err != nil {
		t.Fatal(err)
	}
	if cerr != nil {
		t.Fatal(cerr)
	}
	return algo
}
