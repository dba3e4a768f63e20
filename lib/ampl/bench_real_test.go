package ampl

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/suffix"
	"github.com/chaffkit/chaff/lib/usage/usagetest"
)

// big9Sites returns the HTML of big9's pages grouped by site (devdata.SiteHTML) (nil when ../shared/data is
// absent): the pages `ampl run` spends most of its time on.
var big9Sites = sync.OnceValue(func() [][]string {
	dir := devdata.Dir()
	if dir == "" {
		return nil
	}
	pages, err := devdata.ReadFile(filepath.Join(dir, "big9-2005-2013.jsonl.zst"))
	if err != nil {
		panic(err)
	}
	return devdata.SiteHTML(pages)
})

// BenchmarkBig9 times the steps of learning and applying big9's nine sites (skipped without
// ../shared/data): the index, the walk, Learn, and Find on every page.
func BenchmarkBig9(b *testing.B) {
	sites := big9Sites()
	if sites == nil {
		b.Skip("../shared/data is absent")
	}
	var size int64
	for _, s := range sites {
		size += sizeOf(s)
	}
	b.Run("index", func(b *testing.B) {
		usagetest.LoopCPU(b, size, func() {
			for _, s := range sites {
				if _, err := suffix.New(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	idx := make([]*suffix.Index, len(sites))
	for i, s := range sites {
		idx[i], _ = suffix.New(s)
	}
	b.Run("walk", func(b *testing.B) {
		usagetest.LoopCPU(b, size, func() {
			for _, x := range idx {
				x.Walk(suffix.WalkOptions{Docs: true, Leaves: true}, func(suffix.Node) {})
			}
		})
	})
	b.Run("learn", func(b *testing.B) {
		usagetest.LoopCPU(b, size, func() {
			for _, s := range sites {
				if _, err := Learn(s, Default()); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	b.Run("learn-marks", func(b *testing.B) { // as run learns: with what the model marks on each page
		usagetest.LoopCPU(b, size, func() {
			for _, s := range sites {
				if _, _, err := LearnMarks(s, Default()); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
	models := make([]*Model, len(sites))
	for i, s := range sites {
		models[i], _ = Learn(s, Default())
	}
	b.Run("matcher", func(b *testing.B) {
		usagetest.LoopCPU(b, size, func() {
			for _, m := range models {
				newMatcher(m.Strings)
			}
		})
	})
	b.Run("find", func(b *testing.B) {
		usagetest.LoopCPU(b, size, func() {
			for i, m := range models {
				for _, p := range sites[i] {
					m.Find(p)
				}
			}
		})
	})
}
