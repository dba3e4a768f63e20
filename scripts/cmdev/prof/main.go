package main

import (
	"os"
	"runtime/pprof"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
)

func main() {
	ps, _ := devdata.Read(os.Args[1])
	m, _ := content.Default()
	trees := make([]*dom.Node, len(ps))
	for i, p := range ps {
		trees[i] = dom.Parse(p.HTML, dom.DropSpaceText())
	}
	f, _ := os.Create(os.Args[2])
	pprof.StartCPUProfile(f)
	for k := 0; k < 3; k++ {
		for i, p := range ps {
			m.Extract(p.HTML, trees[i])
		}
	}
	pprof.StopCPUProfile()
}
