// Dev: compare the content model's blocks, features and scores on a page parsed with and
// without white-space text nodes.
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
	m, _ := content.Default()
	diffPages := 0
	for _, p := range ps {
		if len(os.Args) > 2 && p.ID != os.Args[2] {
			continue
		}
		a := content.Segment(p.HTML, dom.Parse(p.HTML, dom.MaxDepth(512)))
		b := content.Segment(p.HTML, dom.Parse(p.HTML, dom.MaxDepth(512), dom.DropSpaceText()))
		if len(a.Blocks) != len(b.Blocks) {
			fmt.Println(p.ID, "blocks", len(a.Blocks), len(b.Blocks))
			diffPages++
			continue
		}
		xa, xb := a.Features(m.Tokens, nil), b.Features(m.Tokens, nil)
		nd := 0
		for i := range a.Blocks {
			if a.Blocks[i].Text != b.Blocks[i].Text {
				if nd < 3 {
					fmt.Printf("%s block %d text %q vs %q\n", p.ID, i, a.Blocks[i].Text, b.Blocks[i].Text)
				}
				nd++
			}
			for k := 0; k < content.NumFeatures; k++ {
				if xa[i*content.NumFeatures+k] != xb[i*content.NumFeatures+k] {
					if nd < 3 {
						fmt.Printf("%s block %d feature %s %v vs %v\n", p.ID, i, content.FeatureNames[k], xa[i*content.NumFeatures+k], xb[i*content.NumFeatures+k])
					}
					nd++
					break
				}
			}
		}
		if nd > 0 {
			diffPages++
		}
	}
	fmt.Println("pages differing:", diffPages, "of", len(ps))
}
