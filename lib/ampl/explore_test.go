package ampl

import (
	"os"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

func TestExploreSynth(t *testing.T) {
	if os.Getenv("AMPL_EXPLORE") == "" {
		t.Skip()
	}
	for _, tmpl := range []int{1, 2} {
		pages, err := synth.Generate(synth.Config{Seed: 1, Sites: 4, PagesPerSite: 24, Templates: tmpl, CJK: true, IndexPages: 0})
		if err != nil {
			t.Fatal(err)
		}
		bySite := map[string][]synth.Page{}
		var order []string
		for _, p := range pages {
			if bySite[p.Site] == nil {
				order = append(order, p.Site)
			}
			bySite[p.Site] = append(bySite[p.Site], p)
		}
		for _, s := range order {
			ps := bySite[s]
			var html []string
			for _, p := range ps {
				html = append(html, p.HTML)
			}
			for _, opt := range []Options{{Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectPeak, MinLen: 24, WholeWords: true}, {Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectDocs, MinDocs: 0.2, MinLen: 24, WholeWords: true}, {Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectDocs, MinDocs: 0.2, MinLen: 32, WholeWords: true}} {
				a, err := Analyze(html, opt)
				if err != nil {
					t.Fatal(err)
				}
				m := a.Model(opt)
				var tb, tc, cb, cc, xb, xc int
				for _, p := range ps {
					marked := m.Template(p.HTML)
					in := make([]bool, len(p.HTML))
					for _, sp := range p.GoldSpans {
						for i := sp[0]; i < sp[1]; i++ {
							in[i] = true
						}
					}
					mk := make([]bool, len(p.HTML))
					for _, sp := range marked {
						for i := sp[0]; i < sp[1]; i++ {
							mk[i] = true
						}
					}
					intag := make([]bool, len(p.HTML))
					inside := false
					for i := 0; i < len(p.HTML); i++ {
						if p.HTML[i] == '<' {
							inside = true
						}
						intag[i] = inside
						if p.HTML[i] == '>' {
							inside = false
						}
					}
					for i := range in {
						if in[i] && !intag[i] {
							xb++
							if mk[i] {
								xc++
							}
						}
						if in[i] {
							cb++
							if mk[i] {
								cc++
							}
						} else {
							tb++
							if mk[i] {
								tc++
							}
						}
					}
				}
				t.Logf("tmpl=%d %s |S|=%d %s/%s peak=%+v peaks=%d strings=%d tmplcov=%.3f contcov=%.3f textcov=%.3f ws=%v", tmpl, s, len(ps), opt.Rule, opt.Select, a.Peak, len(a.Peaks), len(m.Strings), float64(tc)/float64(tb), float64(cc)/float64(cb), float64(xc)/float64(xb), opt.MinLen)
				if false {
					var top []Peak
					top = a.Curve.Peaks(2, 0, opt.Gap, 3)
					if len(top) > 8 {
						top = top[:8]
					}
					t.Logf("   peaks G>=3: %v", top)
				}
			}
		}
	}
}
