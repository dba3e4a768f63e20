// Dev: split a dev set into k fold files by content.FoldOf(set/site).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
)

func main() {
	set, dir := os.Args[1], os.Args[2]
	k, _ := strconv.Atoi(os.Args[3])
	ps, err := devdata.Read(set)
	if err != nil {
		panic(err)
	}
	outs := make([]*os.File, k)
	for i := range outs {
		outs[i], _ = os.Create(fmt.Sprintf("%s/%s.fold%d.jsonl", dir, set, i))
	}
	for _, p := range ps {
		fo := content.FoldOf(set+"/"+p.Site, k)
		b, _ := json.Marshal(p)
		outs[fo].Write(append(b, '\n'))
	}
	for _, o := range outs {
		o.Close()
	}
}
