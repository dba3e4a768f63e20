package sst

import (
	"testing"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/synth"
)

// benchPages returns n synthetic pages of one site, about size bytes each.
func benchPages(b *testing.B, n, size int) []string {
	b.Helper()
	ps, err := synth.Generate(synth.Config{Seed: 3, Sites: 1, PagesPerSite: n, Templates: 2, PageBytes: size})
	if err != nil {
		b.Fatal(err)
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.HTML
	}
	return out
}

func totalBytes(ps []string) int64 {
	n := 0
	for _, p := range ps {
		n += len(p)
	}
	return int64(n)
}

// BenchmarkLearn learns a site from 200 pages of about 100 KB (the goal: under 5 s).
func BenchmarkLearn(b *testing.B) {
	ps := benchPages(b, 200, 100000)
	b.SetBytes(totalBytes(ps))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Learn(ps, DefaultOptions()); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApply applies a learned model to 100 KB pages, parsing included (the goal: at least
// 200 pages/s per core).
func BenchmarkApply(b *testing.B) {
	ps := benchPages(b, 50, 100000)
	m, err := Learn(ps, DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(totalBytes(ps) / int64(len(ps)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.ApplyHTML(ps[i%len(ps)])
	}
}

// BenchmarkMap is BenchmarkApply without the parsing.
func BenchmarkMap(b *testing.B) {
	ps := benchPages(b, 50, 100000)
	m, err := Learn(ps, DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	docs := make([]*dom.Node, len(ps))
	for i, p := range ps {
		docs[i] = dom.Parse(p)
	}
	b.SetBytes(totalBytes(ps) / int64(len(ps)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		m.Apply(docs[i%len(docs)])
	}
}
