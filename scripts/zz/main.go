package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
)

func main() {
	label := regexp.MustCompile(`^[^:.!?]{2,40}:\s`)
	m, _ := content.Default()
	for _, set := range strings.Split(os.Args[1], ",") {
		ps, err := devdata.Read(set)
		if err != nil {
			panic(err)
		}
		for _, p := range ps {
			pg := content.Segment(p.HTML, dom.Parse(p.HTML, dom.DropSpaceText(), dom.MaxDepth(dom.DefaultMaxDepth)))
			pg.URL = p.URL
			var y []float32
			if p.Gold != "" {
				y = content.Label(pg, p.Gold)
			} else {
				y = content.LabelSnippets(pg, p.With, p.Without)
			}
			s := m.Scores(pg)
			for i, b := range pg.Blocks {
				loc := label.FindStringIndex(b.Text)
				if loc == nil || b.Words > 40 {
					continue
				}
				ld := float32(b.LinkRunes) / float32(max(b.Runes, 1))
				fmt.Printf("%s\t%s\t%.2f\t%.2f\t%.2f\t%d\t%q\n", set, p.ID, y[i], s[i], ld, b.Words, b.Text[:min(len(b.Text), 80)])
			}
		}
	}
}
