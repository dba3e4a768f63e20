package ampl

import (
	"os"
	"sort"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

func TestExploreContentMarks(t *testing.T) {
	if os.Getenv("AMPL_EXPLORE") == "" {
		t.Skip()
	}
	pages, _ := synth.Generate(synth.Config{Seed: 1, Sites: 4, PagesPerSite: 24, Templates: 1, CJK: true})
	var ps []synth.Page
	for _, p := range pages {
		if p.Site == pages[0].Site {
			ps = append(ps, p)
		}
	}
	var html []string
	for _, p := range ps {
		html = append(html, p.HTML)
	}
	opt := Default()
	m, _ := Learn(html, opt)
	cnt := map[string]int{}
	for _, p := range ps {
		for _, sp := range m.Template(p.HTML) {
			for _, g := range p.GoldSpans {
				a, b := max(sp[0], g[0]), min(sp[1], g[1])
				if a < b {
					cnt[p.HTML[a:b]] += b - a
				}
			}
		}
	}
	type kv struct {
		k string
		v int
	}
	var kvs []kv
	for k, v := range cnt {
		kvs = append(kvs, kv{k, v})
	}
	sort.Slice(kvs, func(i, j int) bool { return kvs[i].v > kvs[j].v })
	for i := 0; i < 30 && i < len(kvs); i++ {
		t.Logf("%6d %q", kvs[i].v, kvs[i].k)
	}
}
