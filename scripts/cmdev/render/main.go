package main

import (
	"fmt"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/htmltext"
	"os"
)

func main() {
	ps, _ := devdata.Read(os.Args[1])
	for _, p := range ps {
		if p.ID == os.Args[2] {
			t := htmltext.Render(p.HTML)
			fmt.Println(len(t))
			fmt.Println(t[:min(len(t), 3000)])
		}
	}
}
