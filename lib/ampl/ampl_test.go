package ampl

import (
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/suffix"
	"github.com/chaffkit/chaff/lib/synth"
)

func curveOf(f ...int64) *Curve {
	return &Curve{Pages: 3, F: append([]int64{0}, f...), V: make([]int64, len(f)+1)}
}

func TestGapRule(t *testing.T) {
	// F(1..6) = 100, 50, 0, 40, 10, 30: F(3) = 0, so G(4) has no F(f-1).
	c := curveOf(100, 50, 0, 40, 10, 30)
	if _, ok := c.G(4, GapSkip); ok {
		t.Fatal("GapSkip: G(4) defined although F(3) = 0")
	}
	if g, ok := c.G(4, GapPrev); !ok || g != 40.0/50 {
		t.Fatalf("GapPrev: G(4) = %v %v, want 0.8 (divided by F(2))", g, ok)
	}
	if _, ok := c.G(3, GapPrev); ok {
		t.Fatal("G(3) defined although F(3) = 0")
	}
	// The maximal peak: G(6) = 3 beats G(2) = 0.5, G(5) = 0.25.
	if p, ok := c.MaxPeak(2, 0, GapSkip); !ok || p.F != 6 || p.G != 3 {
		t.Fatalf("MaxPeak = %+v %v, want f=6 G=3", p, ok)
	}
	// Bounded to f <= 5, and with the gap skipped, the best is f = 2.
	if p, ok := c.MaxPeak(2, 5, GapSkip); !ok || p.F != 2 {
		t.Fatalf("MaxPeak(2,5) = %+v %v, want f=2", p, ok)
	}
	// With GapPrev, f = 4 (G = 0.8) is a candidate and wins in [2, 5].
	if p, ok := c.MaxPeak(2, 5, GapPrev); !ok || p.F != 4 {
		t.Fatalf("MaxPeak(2,5,prev) = %+v %v, want f=4", p, ok)
	}
}

func TestPeakTies(t *testing.T) {
	// G(2) = 2 and G(4) = 2: the tie goes to the larger F(f), f = 4.
	c := curveOf(10, 20, 20, 40, 5)
	if p, _ := c.MaxPeak(2, 0, GapSkip); p.F != 4 {
		t.Fatalf("tie broken to f=%d, want 4 (larger F)", p.F)
	}
	// Equal G and equal F: the smaller f.
	c = curveOf(10, 20, 10, 20)
	if p, _ := c.MaxPeak(2, 0, GapSkip); p.F != 2 {
		t.Fatalf("tie broken to f=%d, want 2", p.F)
	}
}

func TestNoPeakRange(t *testing.T) {
	c := curveOf(10)
	if _, ok := c.MaxPeak(2, 0, GapSkip); ok {
		t.Fatal("a peak on a curve with only f = 1")
	}
	if _, err := Learn(nil, Default()); err != ErrNoPages {
		t.Fatalf("Learn(nil) error = %v", err)
	}
}

func TestSinglePage(t *testing.T) {
	page := `<html><body><ul><li><a href="/a">Alpha section link</a></li><li><a href="/b">Beta section link</a></li></ul><p>Some content words here.</p></body></html>`
	m, err := Learn([]string{page}, Default())
	if err != nil {
		t.Fatal(err)
	}
	// One page: no frequency in 2 <= f <= |S| = 1, so no peak and no template: all content.
	if m.Peak != nil || len(m.Strings) != 0 {
		t.Fatalf("one page: peak %v, %d strings; want none", m.Peak, len(m.Strings))
	}
	if got, want := m.Text(page), htmltext.Render(page); got != want {
		t.Fatalf("one page: text %q, want the whole page %q", got, want)
	}
	// The paper's unbounded search finds a peak from repeats inside the page.
	f, err := Learn([]string{page}, Faithful())
	if err != nil {
		t.Fatal(err)
	}
	if f.Peak == nil || f.Peak.F < 2 {
		t.Fatalf("faithful on one page: peak %v, want one at f >= 2 (repeats inside the page)", f.Peak)
	}
}

func TestTemplateAndJSONRoundTrip(t *testing.T) {
	pages := []string{"<p>head</p><b>alpha one</b><p>tail end</p>", "<p>head</p><b>beta two</b><p>tail end</p>", "<p>head</p><b>gamma three</b><p>tail end</p>"}
	o := Faithful()
	o.PeakMax = 1
	o.Rule = RuleEdge
	m, err := Learn(pages, o)
	if err != nil {
		t.Fatal(err)
	}
	if m.Peak == nil || m.Peak.F != 3 {
		t.Fatalf("peak %v, want f = 3", m.Peak)
	}
	// V(3) holds the two constant strings and "a ", content that happens to occur |S| times
	// (case (1-2) of Theorem 1's proof): the paper's template cuts "beta" to "bet".
	want := []string{"</b><p>tail end</p>", "<p>head</p><b>", "a "}
	if strings.Join(m.Strings, "|") != strings.Join(want, "|") {
		t.Fatalf("template %q, want %q", m.Strings, want)
	}
	if got := strings.TrimSpace(m.Text(pages[1])); got != "bet two" {
		t.Fatalf("text %q, want %q", got, "bet two")
	}
	// Whole words keep "beta"; the model survives JSON.
	o.WholeWords = true
	m, _ = Learn(pages, o)
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back Model
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(back.Text(pages[1])); got != "beta two" {
		t.Fatalf("decoded model, whole words: text %q, want %q", got, "beta two")
	}
	if back.Pages != 3 || back.Peak.F != 3 || len(back.Strings) != 3 {
		t.Fatalf("decoded model: pages %d peak %v strings %q", back.Pages, back.Peak, back.Strings)
	}
}

func htmlOf(ps []synth.Page) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.HTML
	}
	return out
}

var singleTemplate = synth.Config{Seed: 1, Sites: 4, PagesPerSite: 24, Templates: 1, CJK: true}

type synthSite struct {
	name  string
	pages []synth.Page
	a     *Analysis // under Default()
}

// synthAnalyses analyses each single-template site once for all the tests below.
var synthAnalyses = sync.OnceValues(func() ([]synthSite, error) {
	pages, err := synth.Generate(singleTemplate)
	if err != nil {
		return nil, err
	}
	var out []synthSite
	for _, p := range pages {
		if len(out) == 0 || out[len(out)-1].name != p.Site {
			out = append(out, synthSite{name: p.Site})
		}
		out[len(out)-1].pages = append(out[len(out)-1].pages, p)
	}
	for i := range out {
		if out[i].a, err = Analyze(htmlOf(out[i].pages), Default()); err != nil {
			return nil, err
		}
	}
	return out, nil
})

func analyses(t *testing.T) []synthSite {
	s, err := synthAnalyses()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSynthMaximalPeakAtPages(t *testing.T) {
	for _, s := range analyses(t) {
		if s.a.Peak == nil || s.a.Peak.F != len(s.pages) {
			t.Errorf("%s: maximal peak %v, want f = |S| = %d", s.name, s.a.Peak, len(s.pages))
		}
	}
}

func TestSynthMixedSites(t *testing.T) {
	sites := analyses(t)
	a, b := sites[0].pages, sites[1].pages[:16]
	an, err := Analyze(append(htmlOf(a), htmlOf(b)...), Default())
	if err != nil {
		t.Fatal(err)
	}
	peaks := an.Curve.Peaks(2, an.Curve.Pages, GapSkip, SitePeakG)
	found := map[int]bool{}
	for _, p := range peaks {
		found[p.F] = true
	}
	if !found[24] || !found[16] {
		t.Fatalf("mixed sites of 24 and 16 pages: peaks with G >= %v in [2, 40]: %v; want 24 and 16", SitePeakG, peaks)
	}
	t.Logf("peaks with G >= %v: %v", SitePeakG, peaks)
}

func TestSynthRepeatedItems(t *testing.T) {
	for _, site := range analyses(t) {
		s, ps, n, an := site.name, site.pages, len(site.pages), *site.a
		// The strongest peak above |S|: a template part repeated k times in every page.
		var best Peak
		for _, p := range an.Curve.Peaks(n+1, 0, GapSkip, SitePeakG) {
			if p.G > best.G {
				best = p
			}
		}
		if best.F == 0 || best.F%n != 0 {
			t.Errorf("%s: strongest peak above |S| = %d is %+v, want a multiple of |S|", s, n, best)
			continue
		}
		k := best.F / n
		an.Peaks = []Peak{best}
		m := an.Model(Options{Select: SelectPeak, MinLen: 8})
		ok := false
		for _, str := range m.Strings {
			every := true
			for _, p := range ps {
				every = every && strings.Count(p.HTML, str) == k
			}
			ok = ok || every
		}
		if !ok {
			t.Errorf("%s: peak f = %d: no template string occurs exactly %d times in every page", s, best.F, k)
		}
		t.Logf("%s: repeated-item peak f = %d = %d x |S| (G %.0f)", s, best.F, k, best.G)
	}
}

// coverage returns the share of template bytes (outside gold_spans) and of content text bytes
// (inside gold_spans, outside tags) covered by template strings.
func coverage(m *Model, ps []synth.Page) (tmpl, content float64) {
	var tb, tc, cb, cc int
	for _, p := range ps {
		in := make([]bool, len(p.HTML))
		for _, sp := range p.GoldSpans {
			for i := sp[0]; i < sp[1]; i++ {
				in[i] = true
			}
		}
		mk := make([]bool, len(p.HTML))
		for _, sp := range m.Template(p.HTML) {
			for i := sp[0]; i < sp[1]; i++ {
				mk[i] = true
			}
		}
		tag := false
		for i := range in {
			c := p.HTML[i]
			if c == '<' {
				tag = true
			}
			switch {
			case !in[i]:
				tb++
				if mk[i] {
					tc++
				}
			case !tag:
				cb++
				if mk[i] {
					cc++
				}
			}
			if c == '>' {
				tag = false
			}
		}
	}
	return float64(tc) / float64(tb), float64(cc) / float64(cb)
}

func TestSynthCoverage(t *testing.T) {
	for _, site := range analyses(t) {
		s := site.name
		m := site.a.Model(Default())
		tc, cc := coverage(m, site.pages)
		t.Logf("%s: %d strings cover %.3f of template bytes, %.4f of content text bytes", s, len(m.Strings), tc, cc)
		if tc < 0.95 || cc >= 0.02 {
			t.Errorf("%s: template coverage %.3f (want >= 0.95), content coverage %.4f (want < 0.02)", s, tc, cc)
		}
	}
}

// Count's curve, with the leaves added up by the walk (LeafTotals), is the curve of every
// node and leaf added one by one.
func TestCountLeafTotals(t *testing.T) {
	for _, s := range analyses(t)[:2] {
		x := s.a.Index
		for _, rule := range []Rule{RuleEdge, RulePaper} {
			got := Count(x, rule, 0)
			k := newCounter(x.Pages(), rule, 0)
			x.Walk(suffix.WalkOptions{Leaves: true}, k.add)
			want := k.curve()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %s: curves differ", s.name, rule)
			}
		}
	}
}

// Learning with the paper's peak search (SelectPeak, PeakMax 1) counts the curve only up to
// |S|, the highest frequency the search reads: the model is the one the whole curve gives,
// and the curve's arrays stop at |S| however often a byte occurs.
func TestLearnCountsOnlyWhatThePeakSearchReads(t *testing.T) {
	opt := Options{Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectPeak}
	for _, s := range analyses(t)[:3] {
		pages := htmlOf(s.pages)
		m, err := Learn(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := Analyze(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(whole.Curve.F) <= 4*len(pages) {
			t.Fatalf("%s: the whole curve stops at f = %d: the test needs frequencies above |S| = %d", s.name, len(whole.Curve.F)-1, len(pages))
		}
		want := whole.Model(opt)
		if !reflect.DeepEqual(m.Peak, want.Peak) || !reflect.DeepEqual(m.Strings, want.Strings) || len(m.Strings) == 0 {
			t.Errorf("%s: Learn's peak %v and %d strings, the whole curve's %v and %d", s.name, m.Peak, len(m.Strings), want.Peak, len(want.Strings))
		}
		bounded, err := analyze(pages, opt, peakLimit(len(pages), opt))
		if err != nil {
			t.Fatal(err)
		}
		if n := len(bounded.Curve.F); n > 2*len(pages)+64+1 {
			t.Errorf("%s: the bounded curve has %d points for %d pages", s.name, n, len(pages))
		}
	}
}
