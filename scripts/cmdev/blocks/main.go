package main

import (
	"fmt"
	"os"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
)

func main() {
	ps, _ := devdata.Read(os.Args[1])
	for _, p := range ps {
		if p.ID != os.Args[2] {
			continue
		}
		pg := content.Segment(p.HTML, dom.Parse(p.HTML, dom.MaxDepth(512)))
		fmt.Printf("title %q meta %+v\n", pg.Title, pg.Meta)
		for i, b := range pg.Blocks {
			e := pg.Elements[b.Owner]
			t := b.Text
			if len(t) > 100 {
				t = t[:100]
			}
			fmt.Printf("%4d %-8s d%-3d w%-4d s%-2d l%-4d h%d f%08x %q\n", i, e.Node.Tag, e.Depth, b.Words, b.Sentences, b.LinkRunes, b.Heading, b.Flags, t)
		}
	}
}
