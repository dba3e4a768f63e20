package main

import (
	"fmt"
	"os"
	"time"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
)

func main() {
	ps, _ := devdata.Read(os.Args[1])
	m, err := content.Default()
	if err != nil {
		panic(err)
	}
	var tParse, tSeg, tFeat, tS1, tS2 time.Duration
	blocks, bytes := 0, 0
	for _, p := range ps {
		t0 := time.Now()
		root := dom.Parse(p.HTML, dom.MaxDepth(512))
		t1 := time.Now()
		pg := content.Segment(p.HTML, root)
		t2 := time.Now()
		x := pg.Features(m.Tokens, nil)
		t3 := time.Now()
		s := m.BlockScores(pg, x)
		t4 := time.Now()
		m.ContextScores(pg, x, s)
		t5 := time.Now()
		tParse += t1.Sub(t0)
		tSeg += t2.Sub(t1)
		tFeat += t3.Sub(t2)
		tS1 += t4.Sub(t3)
		tS2 += t5.Sub(t4)
		blocks += len(pg.Blocks)
		bytes += len(p.HTML)
	}
	n := time.Duration(len(ps))
	fmt.Printf("%d pages, %.1f MB, %d blocks/page: per page parse %v segment %v features %v stage1 %v stage2 %v\n",
		len(ps), float64(bytes)/1e6, blocks/len(ps), tParse/n, tSeg/n, tFeat/n, tS1/n, tS2/n)
}
