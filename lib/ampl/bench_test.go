package ampl

import (
	"fmt"
	"sync"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/usage/usagetest"
)

var benchSite = sync.OnceValue(func() []string {
	// One site, one template, about 10 MB of HTML.
	pages, err := synth.Generate(synth.Config{Seed: 5, Sites: 1, PagesPerSite: 330, Templates: 1, PageBytes: 30000})
	if err != nil {
		panic(err)
	}
	out := make([]string, len(pages))
	for i, p := range pages {
		out[i] = p.HTML
	}
	return out
})

func sizeOf(pages []string) int64 {
	var n int64
	for _, p := range pages {
		n += int64(len(p))
	}
	return n
}

// BenchmarkLearn learns one site from about 10 MB of pages; allocated-bytes/input-byte bounds
// the peak memory per input byte from above.
func BenchmarkLearn(b *testing.B) {
	all := benchSite()
	for _, n := range []int{33, 330} {
		pages := all[:n]
		size := sizeOf(pages)
		for _, opt := range []struct {
			name string
			o    Options
		}{{"default", Default()}, {"faithful", Faithful()}} {
			b.Run(fmt.Sprintf("%s/%.1fMB", opt.name, float64(size)/1e6), func(b *testing.B) {
				b.SetBytes(size)
				b.ReportAllocs()
				usagetest.LoopCPU(b, size, func() {
					if _, err := Learn(pages, opt.o); err != nil {
						b.Fatal(err)
					}
				})
			})
		}
	}
}

// BenchmarkApply marks the template strings (Aho-Corasick) and computes the kept spans;
// BenchmarkApplyText adds the rendering to text.
func BenchmarkApply(b *testing.B) {
	pages := benchSite()[:100]
	m, err := Learn(pages, Default())
	if err != nil {
		b.Fatal(err)
	}
	size := sizeOf(pages)
	b.Run("spans", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		usagetest.LoopCPU(b, size, func() {
			for _, p := range pages {
				m.Content(p)
			}
		})
	})
	b.Run("text", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		usagetest.LoopCPU(b, size, func() {
			for _, p := range pages {
				m.Text(p)
			}
		})
	})
}
