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
		pg := content.Segment(p.HTML, dom.Parse(p.HTML))
		l := content.Label(pg, p.Gold)
		fmt.Println(p.URL)
		for i, b := range pg.Blocks {
			t := b.Text
			if len(t) > 100 {
				t = t[:100]
			}
			fmt.Printf("%.2f %08x %-6s %q\n", l[i], b.Flags, pg.Elements[b.Owner].Node.Tag, t)
		}
	}
}
