package main

import (
	"fmt"
	"os"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/metric"
)

func main() {
	ps, _ := devdata.Read(os.Args[1])
	m, _ := content.Default()
	var sc metric.WordBagScorer
	for _, p := range ps {
		if p.ID != os.Args[2] {
			continue
		}
		r := m.Extract(p.HTML, dom.Parse(p.HTML))
		fmt.Printf("title %q\n%+v\n", r.Title, sc.Score(r.Text, p.Gold))
		for i, b := range r.Page.Blocks {
			mark := " "
			if r.Kept[i] {
				mark = "+"
			}
			t := b.Text
			if len(t) > 100 {
				t = t[:100]
			}
			fmt.Printf("%s %.2f %08x %q\n", mark, r.Scores[i], b.Flags, t)
		}
	}
}
