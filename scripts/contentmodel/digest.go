package main

import (
	"fmt"
	"hash/fnv"
	"io"
	"math"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/mojibake"
)

// digest prints, for each set, one hash of every feature, context feature, score, block text,
// byte range and title the shipped model computes on its pages, parsed both as the trainer
// parses them and as the tools do (lib/page drops white-space text): two builds whose
// digests agree compute the same model inputs and outputs bit for bit (the check behind a
// change meant to be only faster).
func digest(sets []string, stdout io.Writer) error {
	m, err := content.Default()
	if err != nil {
		return err
	}
	for _, set := range sets {
		ps, err := devdata.Read(set)
		if err != nil {
			return err
		}
		h := fnv.New64a()
		put := func(v []float32) {
			var b [4]byte
			for _, f := range v {
				u := math.Float32bits(f)
				b[0], b[1], b[2], b[3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
				h.Write(b[:])
			}
		}
		blocks := 0
		for _, pg := range ps {
			pg.HTML, _ = mojibake.Repair(pg.HTML)                                    // as the trainer and the tools read it
			for _, opts := range [][]dom.Option{{dom.MaxDepth(dom.DefaultMaxDepth)}, // as this trainer parses
				{dom.DropSpaceText(), dom.MaxDepth(dom.DefaultMaxDepth)}} { // as lib/page does for the tools
				p := content.Segment(pg.HTML, dom.Parse(pg.HTML, opts...))
				p.URL = pg.URL
				x := p.Features(m.Tokens, nil)
				put(x)
				s := m.BlockScores(p, x)
				put(s)
				put(p.ContextFeatures(x, s, nil))
				put(m.ScoresOf(p, x))
				h.Write([]byte(p.BestTitle()))
				for i := range p.Blocks {
					h.Write([]byte(p.Blocks[i].Text))
					for _, r := range p.Blocks[i].Ranges {
						put([]float32{float32(r[0]), float32(r[1])})
					}
				}
				blocks += len(p.Blocks)
			}
		}
		fmt.Fprintf(stdout, "%s\tpages %d\tblocks %d\tdigest %016x\n", set, len(ps), blocks, h.Sum64())
	}
	return nil
}
