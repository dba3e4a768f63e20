package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/gbdt"
	"github.com/chaffkit/chaff/lib/metric"
)

type item struct {
	ex   *content.Example
	page devdata.Page
	set  string
}

func load(sets []string) []*item {
	var items []*item
	for _, s := range sets {
		ps, err := devdata.Read(s)
		if err != nil {
			panic(err)
		}
		base := len(items)
		items = append(items, make([]*item, len(ps))...)
		var wg sync.WaitGroup
		ch := make(chan int)
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range ch {
					p := ps[i]
					pg := content.Segment(p.HTML, dom.Parse(p.HTML, dom.MaxDepth(512)))
					var lab []float32
					if p.Gold != "" || s == "wcxb-dev" {
						lab = content.Label(pg, p.Gold)
					} else {
						lab = content.LabelSnippets(pg, p.With, p.Without)
					}
					ex := content.NewExample(pg, lab, s+"/"+p.Site)
					p.HTML = ""
					items[base+i] = &item{ex: ex, page: p, set: s}
				}
			}()
		}
		for i := range ps {
			ch <- i
		}
		close(ch)
		wg.Wait()
		runtime.GC()
	}
	return items
}

func fold(site string, k int) int {
	h := fnv.New32a()
	h.Write([]byte(site))
	return int(h.Sum32() % uint32(k))
}

func main() {
	setsF := flag.String("sets", "wcxb-dev,trafeval-dev,big9-2005-2013,dragnet-even,cleanportaleval", "")
	k := flag.Int("k", 5, "folds")
	trees := flag.Int("trees", 200, "")
	ctx := flag.Int("ctx", 150, "context trees (0: none)")
	inner := flag.Int("inner", 4, "inner folds")
	thr := flag.Float64("t", 0.5, "")
	explain := flag.String("explain", "", "page ids to print blocks of")
	save := flag.String("save", "", "train on all and save the model here (no CV)")
	flag.Parse()
	t0 := time.Now()
	items := load(strings.Split(*setsF, ","))
	nb := 0
	for _, it := range items {
		nb += len(it.ex.Page.Blocks)
	}
	fmt.Fprintf(os.Stderr, "loaded %d pages %d blocks in %v\n", len(items), nb, time.Since(t0))
	opt := content.DefaultTrainOptions
	opt.Trees.Trees = *trees
	opt.ContextTrees = *ctx
	opt.Folds = *inner
	if *ctx == 0 {
		opt.Folds = 0
	}
	if *save != "" {
		var all []*content.Example
		for _, it := range items {
			all = append(all, it.ex)
		}
		m := content.Train(all, opt)
		b, err := m.MarshalBinary()
		if err != nil {
			panic(err)
		}
		os.WriteFile(*save, b, 0o644)
		fmt.Fprintf(os.Stderr, "saved %d bytes\n", len(b))
		return
	}
	scores := make([][]float32, len(items))
	for f := 0; f < *k; f++ {
		var train []*content.Example
		for _, it := range items {
			if fold(it.ex.Group, *k) != f {
				train = append(train, it.ex)
			}
		}
		t1 := time.Now()
		m := content.Train(train, opt)
		fmt.Fprintf(os.Stderr, "fold %d: %d pages, %d tokens, %v\n", f, len(train), len(m.Tokens), time.Since(t1))
		for i, it := range items {
			if fold(it.ex.Group, *k) == f {
				it.ex.Page.TokenFeatures(m.Tokens, it.ex.X)
				s := m.BlockScores(it.ex.Page, it.ex.X)
				if m.Context != nil {
					s = m.ContextScores(it.ex.Page, it.ex.X, s)
				}
				scores[i] = s
			}
		}
		if f == 0 {
			u := m.Trees.Uses()
			type fu struct {
				n string
				u int
			}
			var l []fu
			for i, x := range u {
				l = append(l, fu{content.FeatureNames[i], x})
			}
			sort.Slice(l, func(i, j int) bool { return l[i].u > l[j].u })
			fmt.Fprintln(os.Stderr, l)
		}
	}
	report(items, scores, float32(*thr))
	for _, id := range strings.Split(*explain, ",") {
		for i, it := range items {
			if it.page.ID != id {
				continue
			}
			fmt.Printf("== %s %s %s\n", id, it.page.URL, it.page.PageType)
			for j, b := range it.ex.Page.Blocks {
				t := b.Text
				if len(t) > 90 {
					t = t[:90]
				}
				mark := " "
				if scores[i][j] > float32(*thr) {
					mark = "+"
				}
				fmt.Printf("%s %4d lab %.2f p %.2f w%-4d %q\n", mark, j, it.ex.Labels[j], scores[i][j], b.Words, t)
			}
		}
	}
}

func report(items []*item, scores [][]float32, thr float32) {
	type acc struct {
		wb  metric.WordBags
		sn  metric.Snippets
		aeb metric.Summary
		n   int
	}
	by := map[string]*acc{}
	get := func(k string) *acc {
		if by[k] == nil {
			by[k] = &acc{}
		}
		return by[k]
	}
	var sc metric.WordBagScorer
	type pr struct {
		id, typ string
		b       metric.WordBag
	}
	var worst []pr
	for i, it := range items {
		var b strings.Builder
		for j, blk := range it.ex.Page.Blocks {
			if scores[i][j] > thr {
				b.WriteString(blk.Text)
				b.WriteByte('\n')
			}
		}
		pred := b.String()
		p := it.page
		keys := []string{it.set}
		switch it.set {
		case "wcxb-dev":
			keys = append(keys, it.set+"/"+p.PageType)
		case "trafeval-dev":
			g := "other"
			if p.Lang == "de" || p.Lang == "en" {
				g = p.Lang
			}
			keys = append(keys, it.set+"/"+g)
		}
		wb := sc.Score(pred, p.Gold)
		if it.set == "wcxb-dev" {
			worst = append(worst, pr{p.ID, p.PageType, wb})
		}
		w, wo := metric.FoldedSnippets(pred, p.With), metric.FoldedSnippets(pred, p.Without)
		sn := metric.CountSnippets(pred, p.With, p.Without)
		for _, k := range keys {
			a := get(k)
			a.n++
			a.wb.Add(wb, w, wo)
			a.sn.Add(sn)
			if p.Gold != "" {
				a.aeb.Add(pred, p.Gold)
			}
		}
	}
	var keys []string
	for k := range by {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		a := by[k]
		r := a.wb.Result()
		ar := a.aeb.Result()
		fmt.Printf("%-28s %5d  wordF1 %.3f (P %.3f R %.3f) with %.3f without %.3f | snipF %.3f | AEB F1 %.3f\n",
			k, a.n, r.F1, r.P, r.R, r.With, r.Without, a.sn.F(), ar.F1)
	}
	_ = gbdt.Sigmoid
	sort.Slice(worst, func(i, j int) bool { return worst[i].b.F1 < worst[j].b.F1 })
	n := map[string]int{}
	for _, w := range worst {
		if n[w.typ] < 6 && w.b.F1 > 0 {
			n[w.typ]++
			fmt.Printf("worst %s %s F1 %.2f P %.2f R %.2f\n", w.typ, w.id, w.b.F1, w.b.P, w.b.R)
		}
	}
}
