// Scratch: development measurements for the content model (not committed).
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
)

func main() {
	pages, err := devdata.Read(os.Args[1])
	if err != nil {
		panic(err)
	}
	preds := map[string]string{}
	if len(os.Args) > 2 {
		f, _ := os.ReadFile(os.Args[2])
		for _, l := range strings.Split(string(f), "\n") {
			var r struct{ ID, Text string }
			if json.Unmarshal([]byte(l), &r) == nil {
				preds[r.ID] = r.Text
			}
		}
	}
	var sc metric.WordBagScorer
	type row struct {
		id, typ string
		b       metric.WordBag
	}
	var rows []row
	by := map[string]*metric.WordBags{}
	var all metric.WordBags
	var snip metric.Snippets
	for _, p := range pages {
		pred := htmltext.Render(p.HTML)
		if len(os.Args) > 2 {
			pred = preds[p.ID]
		}
		b := sc.Score(pred, p.Gold)
		w, wo := metric.FoldedSnippets(pred, p.With), metric.FoldedSnippets(pred, p.Without)
		snip.Add(metric.CountSnippets(pred, p.With, p.Without))
		all.Add(b, w, wo)
		k := p.PageType + p.Lang
		if by[k] == nil {
			by[k] = &metric.WordBags{}
		}
		by[k].Add(b, w, wo)
		rows = append(rows, row{p.ID, p.PageType, b})
	}
	pr := func(name string, w *metric.WordBags) {
		r := w.Result()
		fmt.Printf("%-14s %4d P %.3f R %.3f F1 %.3f with %.3f without %.3f\n", name, r.Pages, r.P, r.R, r.F1, r.With, r.Without)
	}
	pr("all", &all)
	keys := []string{}
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		pr(k, by[k])
	}
	fmt.Printf("snippets P %.3f R %.3f F %.3f\n", snip.Precision(), snip.Recall(), snip.F())
	sort.Slice(rows, func(i, j int) bool { return rows[i].b.R < rows[j].b.R })
	for _, r := range rows[:15] {
		fmt.Printf("%s %s R %.3f P %.3f\n", r.id, r.typ, r.b.R, r.b.P)
	}
}
