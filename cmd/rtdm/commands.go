package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/rtdm"
	ucli "github.com/urfave/cli/v2"
)

// distCommand is `rtdm dist A B`: the distance between the first two pages read.
func distCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "dist",
		Usage:     "the tree edit distance between two pages (the first two read): distance, similarity and sizes on stdout, time on stderr",
		ArgsUsage: "A B (two HTML files, or one file of records)",
		UsageText: cli.Examples("rtdm dist [options] A B (two HTML files, or one file of records)",
			"rtdm dist a.html b.html",
			"rtdm dist --algo both a.html b.html    # RTDM against the unrestricted top-down distance, times on stderr"),
		Flags: slices.Concat(cli.InputFlags(), cli.OutputFlags(), []ucli.Flag{
			&ucli.StringFlag{Name: "algo", Value: "rtdm", Usage: "rtdm (restricted top-down, Fig. 5), topdown (unrestricted, the paper's baseline) or both"},
			&ucli.BoolFlag{Name: "content", Usage: "label text nodes by their text (the composition model) instead of all as #text (the clustering model)"},
		}),
		Action: func(c *ucli.Context) error {
			algo := c.String("algo")
			if algo != "rtdm" && algo != "topdown" && algo != "both" {
				return cli.UsageError(fmt.Errorf("--algo must be rtdm, topdown or both"))
			}
			e, err := cli.Open(c, t)
			if err != nil {
				return err
			}
			var pages []*page.Page
			for len(pages) < 2 {
				p, err := e.NextPage()
				if err != nil {
					break
				}
				e.Consume(p.Rec, "compared")
				pages = append(pages, p)
			}
			if len(pages) < 2 {
				e.Warnf("dist needs two pages, read %d", len(pages))
				e.Close()
				return ucli.Exit("", cli.ExitUsage)
			}
			recs := []*record.Record{pages[0].Rec, pages[1].Rec}
			a, b := pageOf(pages[0]), pageOf(pages[1])
			var costs rtdm.Costs = rtdm.Unit{}
			if c.Bool("content") {
				costs = rtdm.Compose{}
			}
			out := map[string]any{
				"a": firstNonEmpty(recs[0].ID, recs[0].URL, recs[0].Where()), "b": firstNonEmpty(recs[1].ID, recs[1].URL, recs[1].Where()),
				"size_a": a.Tree.Len(), "size_b": b.Tree.Len(),
			}
			n := float64(a.Tree.Len() + b.Tree.Len())
			if algo != "topdown" {
				start := time.Now()
				d := rtdm.Distance(a.Tree, b.Tree, costs, rtdm.Inf)
				out["rtdm"] = d
				out["rtdm_similarity"] = 1 - d/n
				e.Warnf("rtdm ms=%.3f", float64(time.Since(start).Microseconds())/1000)
			}
			if algo != "rtdm" {
				start := time.Now()
				d := rtdm.TopDown(a.Tree, b.Tree, costs)
				out["topdown"] = d
				out["topdown_similarity"] = 1 - d/n
				e.Warnf("topdown ms=%.3f", float64(time.Since(start).Microseconds())/1000)
			}
			line, _ := json.Marshal(out)
			e.EmitLine(line)
			return exitWith(e.Close())
		},
	}
}

// clusterCommand is `rtdm cluster`: every page with a "cluster" member (per site; -1 for
// pages in clusters smaller than --min-cluster), and the cluster sizes per site on stderr.
func clusterCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "cluster",
		Usage:     "cluster each site's pages by RTDM similarity; emits each page with \"cluster\", sizes on stderr",
		ArgsUsage: "[FILE...]",
		UsageText: cli.Examples("rtdm cluster [options] [FILE...]",
			"rtdm cluster --drop-html crawl.warc.gz | jq -r '[.site, .cluster, .url] | @tsv'",
			"rtdm cluster --similarity 0.7 pages.jsonl.zst > clustered.jsonl"),
		Flags: slices.Concat(cli.InputFlags(), cli.OutputFlags(), cli.RecordFlags(), algoFlags()),
		Action: func(c *ucli.Context) error {
			opt, err := options(c)
			if err != nil {
				return err
			}
			e, err := cli.Open(c, t)
			if err != nil {
				return err
			}
			bySite := map[string][]*page.Page{}
			var order []string
			for {
				p, err := e.NextPage()
				if err != nil {
					break
				}
				if _, ok := bySite[p.Site]; !ok {
					order = append(order, p.Site)
				}
				bySite[p.Site] = append(bySite[p.Site], p)
			}
			for _, s := range order {
				recs := bySite[s]
				e.Phase("clustering %s (%d pages)", s, len(recs))
				trees := make([]*rtdm.Tree, len(recs))
				for i, p := range recs {
					trees[i] = pageOf(p).Tree
					p.Drop()
				}
				labels := rtdm.Cluster(trees, opt.Similarity, opt.Linkage, opt.Workers)
				sizes := map[int]int{}
				for _, l := range labels {
					sizes[l]++
				}
				var counts []int
				for l := 0; l < len(sizes); l++ {
					counts = append(counts, sizes[l])
				}
				e.Warnf("site %s: %d pages, %d clusters of sizes %v", s, len(recs), len(counts), counts)
				for i, p := range recs {
					l := labels[i]
					if sizes[l] < opt.MinCluster {
						l = -1
					}
					p.Rec.Set("cluster", l)
					e.Emit(p.Rec)
				}
				bySite[s] = nil
			}
			return exitWith(e.Close())
		},
	}
}

func exitWith(status int) error {
	if status == cli.ExitOK {
		return nil
	}
	return ucli.Exit("", status)
}
