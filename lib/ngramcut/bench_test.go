package ngramcut

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/usage"
)

func reportCPU(b *testing.B, start time.Duration, bytes int) {
	if d := usage.CPUTime() - start; d > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/1e6/d.Seconds(), "cpu-MB/s")
		b.ReportMetric(d.Seconds()/float64(b.N), "cpu-s/op")
	}
}

// benchSample returns about size bytes of real pages (../shared/data, all sets, in file
// order), or skips.
func benchSample(b *testing.B, size int) []string {
	dir := dataDir(b)
	var out []string
	total := 0
	for _, set := range realSets {
		for _, p := range readSet(b, filepath.Join(dir, set+".jsonl.zst")) {
			if total >= size {
				return out
			}
			out = append(out, p.HTML)
			total += len(p.HTML)
		}
	}
	return out
}

func benchLearn(b *testing.B, size int, opt Options) {
	pages := benchSample(b, size)
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	var m *Model
	start := usage.CPUTime()
	for i := 0; i < b.N; i++ {
		var err error
		m, err = Learn(pages, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start, total)
	b.ReportMetric(float64(len(m.Path)), "path-steps")
	b.ReportMetric(float64(m.N), "n")
}

// BenchmarkLearn10MB learns one model from 10 MB of real pages (mixed sites, as with
// --site-key none), the faithful search.
func BenchmarkLearn10MB(b *testing.B)       { benchLearn(b, 10<<20, Options{}) }
func BenchmarkLearn10MBXXHash(b *testing.B) { benchLearn(b, 10<<20, Options{Hash: XXHash}) }
func BenchmarkLearn2MB(b *testing.B)        { benchLearn(b, 2<<20, Options{}) }
func BenchmarkLearn2MBXXHash(b *testing.B)  { benchLearn(b, 2<<20, Options{Hash: XXHash}) }

func benchApply(b *testing.B, opt Options) {
	pages := benchSample(b, 2<<20)
	m, err := Learn(pages, opt)
	if err != nil {
		b.Fatal(err)
	}
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	start := usage.CPUTime()
	for i := 0; i < b.N; i++ {
		for _, p := range pages {
			m.Spans(p)
		}
	}
	reportCPU(b, start, total)
}

// BenchmarkApply is Spans over 2 MB of real pages (one core).
func BenchmarkApply(b *testing.B)       { benchApply(b, Options{N: 24, A: 10}) }
func BenchmarkApplyXXHash(b *testing.B) { benchApply(b, Options{N: 24, A: 10, Hash: XXHash}) }

// BenchmarkLearnModern10MB is the document-frequency cut at n = 20 (no search).
func BenchmarkLearnModern10MB(b *testing.B) {
	benchLearn(b, 10<<20, Options{MinDocFrac: 0.2, N: 20, MinRun: 150})
}

// BenchmarkApplyModern is Spans with the modern options.
func BenchmarkApplyModern(b *testing.B) { benchApply(b, Options{MinDocFrac: 0.2, N: 20, MinRun: 150}) }

// synthSite10MB is one synthetic site of about 10 MB (one template, 300 pages).
func synthSite10MB(b *testing.B) []string {
	pages, err := synth.Generate(synth.Config{Seed: 9, Sites: 1, PagesPerSite: 300, Templates: 1, PageBytes: 33000})
	if err != nil {
		b.Fatal(err)
	}
	out := make([]string, len(pages))
	for i, p := range pages {
		out[i] = p.HTML
	}
	return out
}

func benchLearnPages(b *testing.B, pages []string, opt Options) {
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	b.ResetTimer()
	start := usage.CPUTime()
	var m *Model
	for i := 0; i < b.N; i++ {
		var err error
		if m, err = Learn(pages, opt); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start, total)
	b.ReportMetric(float64(len(m.Path)), "path-steps")
	b.ReportMetric(float64(m.N), "n")
}

// BenchmarkLearnSynthSite10MB learns one 10 MB synthetic site, faithful and default.
func BenchmarkLearnSynthSite10MB(b *testing.B) {
	pages := synthSite10MB(b)
	b.Run("faithful", func(b *testing.B) { benchLearnPages(b, pages, Faithful()) })
	b.Run("default", func(b *testing.B) { benchLearnPages(b, pages, Default()) })
}

// BenchmarkApplySites is the tool's apply path on every page of ../shared/data with the
// default options, each site's model learned from its own pages (as `ngramcut run`
// does): Spans alone, Spans followed by the text rendering (htmltext.RenderSpans), and
// Find (the spans with the template evidence and the fit), and FindCovered from what
// learning found on the page (what the tool calls in run). It reports pages per CPU second.
func BenchmarkApplySites(b *testing.B) {
	type sitePages struct {
		m       *Model
		pages   []string
		covered []*Covered
	}
	pagesBySite, total, count := realSites(b, dataDir(b))
	var sites []sitePages
	for _, pages := range pagesBySite {
		m, cv, err := new(Learner).LearnCovered(pages, Default())
		if err != nil {
			b.Fatal(err)
		}
		sites = append(sites, sitePages{m, pages, cv})
	}
	for _, name := range []string{"spans", "spans+text", "find", "find-covered"} {
		render, find, covered := name == "spans+text", name == "find", name == "find-covered"
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(total))
			b.ReportAllocs()
			b.ResetTimer()
			start := usage.CPUTime()
			for i := 0; i < b.N; i++ {
				for _, s := range sites {
					for k, p := range s.pages {
						if covered {
							s.m.FindCovered(p, s.covered[k])
							continue
						}
						if find {
							s.m.Find(p)
							continue
						}
						spans := s.m.Spans(p)
						if render {
							htmltext.RenderSpans(p, spans)
						}
					}
				}
			}
			reportCPU(b, start, total)
			if d := usage.CPUTime() - start; d > 0 {
				b.ReportMetric(float64(count*b.N)/d.Seconds(), "pages/cpu-s")
			}
		})
	}
}

// BenchmarkLearnSites is the tool's learning on the three evaluation sets: each site's
// model learned from its own pages, default and faithful options. It reports pages per
// CPU second.
func BenchmarkLearnSites(b *testing.B) {
	sites, total, count := realSites(b, dataDir(b))
	for _, o := range []struct {
		name string
		opt  Options
	}{{"default", Default()}, {"faithful", Faithful()}} {
		b.Run(o.name, func(b *testing.B) {
			b.SetBytes(int64(total))
			b.ReportAllocs()
			b.ResetTimer()
			start := usage.CPUTime()
			for i := 0; i < b.N; i++ {
				for _, pages := range sites {
					if _, err := Learn(pages, o.opt); err != nil {
						b.Fatal(err)
					}
				}
			}
			reportCPU(b, start, total)
			if d := usage.CPUTime() - start; d > 0 {
				b.ReportMetric(float64(count*b.N)/d.Seconds(), "pages/cpu-s")
			}
		})
	}
}

// BenchmarkPreprocess is the preprocessing of 16 MB of real pages, as learning does
// (units) and as applying does (units and offsets).
func BenchmarkPreprocess(b *testing.B) {
	pages := benchSample(b, 16<<20)
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	var u []uint32
	var o []int32
	for _, offs := range []bool{false, true} {
		name := "units"
		if offs {
			name = "units+offsets"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(total))
			for i := 0; i < b.N; i++ {
				for _, p := range pages {
					u, o = preprocess(p, Rune, u[:0], o[:0], offs)
				}
			}
		})
	}
}

// realSites returns the pages of the three evaluation sets, one slice per site in the order
// of their first page, with their total bytes and number.
func realSites(b *testing.B, dir string) (sites [][]string, total, count int) {
	for _, set := range realSets {
		pages := readSet(b, filepath.Join(dir, set+".jsonl.zst"))
		for _, p := range pages {
			total += len(p.HTML)
		}
		count += len(pages)
		sites = append(sites, devdata.SiteHTML(pages)...)
	}
	return sites, total, count
}
