package ngramcut

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
)

// realPage is one line of ../shared/data/*.jsonl.zst.
type realPage = devdata.Page

// dataDir finds ../shared/data from the module root, or skips.
func dataDir(t testing.TB) string {
	d := devdata.Dir()
	if d == "" {
		t.Skip("evaluation pages not found at ../shared/data (they are not part of the repository)")
	}
	return d
}

func readSet(t testing.TB, path string) []realPage {
	pages, err := devdata.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

var realSets = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}

// realResult is the benchmark metric of one option on one set, overall and per site.
type realResult struct {
	all    metric.ShingleResult
	sites  map[string]metric.ShingleResult
	models map[string]*Model
}

// runReal learns each site of a set with opt, applies the model to the same pages,
// renders the kept spans and scores them against the gold.
func runReal(t testing.TB, pages []realPage, opt Options, render func(html string, spans [][2]int) string) realResult {
	bySite := map[string][]realPage{}
	var names []string
	for _, p := range pages {
		if _, ok := bySite[p.Site]; !ok {
			names = append(names, p.Site)
		}
		bySite[p.Site] = append(bySite[p.Site], p)
	}
	sort.Strings(names)
	var all metric.Shingles
	res := realResult{sites: map[string]metric.ShingleResult{}, models: map[string]*Model{}}
	for _, name := range names {
		ps := bySite[name]
		html := make([]string, len(ps))
		for i, p := range ps {
			html[i] = p.HTML
		}
		m, err := Learn(html, opt)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		res.models[name] = m
		var site metric.Shingles
		for _, p := range ps {
			text := render(p.HTML, m.Spans(p.HTML))
			c := site.Add(text, p.Gold)
			all.AddCounts(c)
		}
		res.sites[name] = site.Result()
	}
	res.all = all.Result()
	return res
}

// realOptions are the variants measured on the evaluation pages.
var realOptions = []struct {
	name string
	opt  Options
}{
	{"faithful", Options{}},
	{"delims", Options{Delims: true}},
	{"df", Options{Rank: ByDocFreq}},
	{"df20-n20", Options{MinDocFrac: 0.2, N: 20}},
	{"df20-n20-run150", Options{MinDocFrac: 0.2, N: 20, MinRun: 150}},
	{"default", Default()},
	{"faithful-snap", Options{Snap: true}},
	{"df20-peak-run150", Options{MinDocFrac: 0.2, MinRun: 150, MaxN: 80}},
	{"df20-peak30-run150", Options{MinDocFrac: 0.2, MinRun: 150, MaxN: 30}},
	{"df40-n20-run200", Options{MinDocFrac: 0.4, N: 20, MinRun: 200}},
	{"df20-n20-run150-bridge", Options{MinDocFrac: 0.2, N: 20, MinRun: 150, Bridge: true}},
	{"df40-n20-run200-bridge", Options{MinDocFrac: 0.4, N: 20, MinRun: 200, Bridge: true}},
	{"df30-n20-run200", Options{MinDocFrac: 0.3, N: 20, MinRun: 200}},
}

// TestRealPages measures F1 per set and per site (CHAFF_REAL=1; needs ../shared/data).
// CHAFF_REAL_OPTS selects variants by name (comma-separated).
func TestRealPages(t *testing.T) {
	if os.Getenv("CHAFF_REAL") == "" {
		t.Skip("set CHAFF_REAL=1 to measure on ../shared/data")
	}
	dir := dataDir(t)
	want := map[string]bool{}
	for _, s := range strings.Split(os.Getenv("CHAFF_REAL_OPTS"), ",") {
		if s != "" {
			want[s] = true
		}
	}
	sets := realSets
	if v := os.Getenv("CHAFF_REAL_SETS"); v != "" {
		sets = strings.Split(v, ",")
	}
	for _, set := range sets {
		pages := readSet(t, filepath.Join(dir, set+".jsonl.zst"))
		for _, o := range realOptions {
			if len(want) > 0 && !want[o.name] {
				continue
			}
			r := runReal(t, pages, o.opt, htmltext.RenderSpans)
			if o.name == "df20-n20-run150" && len(want) > 0 && want["trim"] {
				// the other way to snap: leave the cut words out (measured, not used)
				trim := runReal(t, pages, o.opt, func(html string, spans [][2]int) string {
					return htmltext.RenderSpans(html, snapSpans(html, spans, snapTrim))
				})
				t.Logf("%s default, words trimmed: F1 %.3f P %.3f R %.3f", set, trim.all.F1, trim.all.Precision, trim.all.Recall)
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s %s: F1 %.3f P %.3f R %.3f\n", set, o.name, r.all.F1, r.all.Precision, r.all.Recall)
			if os.Getenv("CHAFF_REAL_SITES") != "" {
				var names []string
				for s := range r.sites {
					names = append(names, s)
				}
				sort.Strings(names)
				for _, s := range names {
					m := r.models[s]
					sr := r.sites[s]
					fmt.Fprintf(&b, "    %-28s F1 %.3f P %.3f R %.3f  n=%d a=%d path=%d |W|=%d\n", s, sr.F1, sr.Precision, sr.Recall, m.N, m.A, len(m.Path), len(m.W))
				}
			}
			t.Log(b.String())
		}
	}
}

// TestRealWholeDumpFaithful is `ngramcut run --faithful --site-key none` on
// cleanportaleval (CHAFF_REAL=1, about 15 CPU seconds): FindOptimal on all 71 pages as
// one set descends to a = 100, where W covers every character and the alternation count
// is 0, so every page comes out empty (F1 0). It is the algorithm's result, not a bug:
// the test pins it down, and that Warning says so.
func TestRealWholeDumpFaithful(t *testing.T) {
	if os.Getenv("CHAFF_REAL") == "" {
		t.Skip("set CHAFF_REAL=1 to run on ../shared/data")
	}
	pages := readSet(t, filepath.Join(dataDir(t), "cleanportaleval.jsonl.zst"))
	html := make([]string, len(pages))
	for i, p := range pages {
		html[i] = p.HTML
	}
	m, err := Learn(html, Faithful())
	if err != nil {
		t.Fatal(err)
	}
	last := m.Path[len(m.Path)-1]
	t.Logf("cut point (%d, %d), %d steps, A = %d, kept %d of %d units; warning: %s", m.N, m.A, len(m.Path), last.Alt, m.Kept, m.Units, m.Warning())
	if m.A != 100 || last.Alt != 0 || m.Kept != 0 {
		t.Errorf("FindOptimal no longer ends at a = 100 with everything covered: update README.md")
	}
	if !strings.Contains(m.Warning(), "covers every character") {
		t.Errorf("no warning for a cut that empties every page: %q", m.Warning())
	}
	for _, h := range html {
		if len(m.Spans(h)) != 0 {
			t.Fatal("a page keeps a span under a cut that covers everything")
		}
	}
}

// TestRealFindCovered checks FindCovered against Find on every page of the three news sets
// and of trafeval-dev and wcxb-dev (CHAFF_REAL=1), each site learned from its own pages with the default
// options as `ngramcut run` learns it: FindCovered reads the page's offsets only where its
// covered runs start or end (offsetsAt), and real pages hold what synthetic ones do not
// (other scripts, invalid bytes, runs of white space across comments).
func TestRealFindCovered(t *testing.T) {
	if os.Getenv("CHAFF_REAL") == "" {
		t.Skip("set CHAFF_REAL=1 to run on ../shared/data")
	}
	dir := dataDir(t)
	pages := 0
	for _, set := range append(slices.Clone(realSets), "trafeval-dev", "wcxb-dev") {
		for _, site := range devdata.SiteHTML(readSet(t, filepath.Join(dir, set+".jsonl.zst"))) {
			var lr Learner
			m, covered, err := lr.LearnCovered(site, Default())
			if err != nil {
				t.Fatal(err)
			}
			for i, html := range site {
				if covered[i] == nil {
					continue
				}
				if got, want := m.FindCovered(html, covered[i]), m.Find(html); !sameFound(got, want) {
					t.Fatalf("%s, a page of %d bytes: FindCovered differs from Find", set, len(html))
				}
				pages++
			}
		}
	}
	t.Logf("%d pages: FindCovered = Find", pages)
}
