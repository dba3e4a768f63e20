package synth_test

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/synth"
)

// The built-in sample: 4 sites (the last one Japanese-like) of 24 pages, 3 of them index pages.
func ExampleGenerate() {
	pages, err := synth.Generate(synth.DefaultConfig())
	if err != nil {
		panic(err)
	}
	kinds := map[string]int{}
	for _, p := range pages {
		kinds[p.Template]++
	}
	p := pages[1]
	s := p.GoldSpans[0]
	fmt.Println(len(pages), "pages:", kinds)
	fmt.Println(p.Kind, p.Template, p.URL)
	fmt.Println(p.HTML[s[0]:s[1]])
	fmt.Println(p.GoldTitle)
	// Output:
	// 96 pages: map[A:52 B:32 index:12]
	// article A https://www.granite-herald0.example/opinion/2023/03/04/loustaida-wulemstou-the-zaiton-kouhait-tizu-pulkou-1.html
	// <h1 class="entry-title">Loustaida wulemstou the: zaiton kouhait tizu pulkou as</h1>
	// Loustaida wulemstou the: zaiton kouhait tizu pulkou as
}

// Each streams a corpus of any size with flat memory.
func ExampleEach() {
	cfg := synth.Config{Seed: 7, Sites: 2, PagesPerSite: 5, IndexPages: 1, Templates: 1}
	err := synth.Each(cfg, func(p *synth.Page) error {
		fmt.Println(p.ID, p.Kind, len(p.GoldSpans) > 1)
		return nil
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// synth-0-0000 article true
	// synth-0-0001 article true
	// synth-0-0002 index false
	// synth-0-0003 article true
	// synth-0-0004 article true
	// synth-1-0000 article true
	// synth-1-0001 article true
	// synth-1-0002 index false
	// synth-1-0003 article true
	// synth-1-0004 article true
}
