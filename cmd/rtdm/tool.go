package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/rtdm"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

// modelVersion is the version of the model format below.
const modelVersion = 1

func tool() *cli.Tool {
	t := &cli.Tool{
		Name:    "rtdm",
		Usage:   "news extraction by restricted top-down tree edit distance: page clusters, ne-patterns, title and body",
		Version: modelVersion,
		Flags:   algoFlags(),
	}
	t.Learn = learn
	t.Load = load
	t.Commands = []*ucli.Command{distCommand(t), clusterCommand(t)}
	return t
}

func algoFlags() []ucli.Flag {
	return append([]ucli.Flag{
		&ucli.Float64Flag{Name: "similarity", Value: rtdm.DefaultOptions.Similarity, Usage: "merge clusters while their similarity 1 - d/(|T1|+|T2|) is at least this",
			Action: func(c *ucli.Context, v float64) error {
				if v <= 0 || v > 1 {
					return cli.UsageError(fmt.Errorf("--similarity must be in (0, 1]"))
				}
				return nil
			}},
		&ucli.StringFlag{Name: "linkage", Value: "complete", Usage: "cluster similarity: complete, average or single",
			Action: func(c *ucli.Context, v string) error {
				if v != "complete" && v != "average" && v != "single" {
					return cli.UsageError(fmt.Errorf("--linkage must be complete, average or single"))
				}
				return nil
			}},
		&ucli.IntFlag{Name: "min-cluster", Value: rtdm.DefaultOptions.MinCluster, Usage: "smallest cluster that gets an ne-pattern (smaller ones are noise)"},
		&ucli.IntFlag{Name: "max-compose", Value: 0, Usage: "compose at most this many pages per cluster (0: all)"},
		&ucli.IntFlag{Name: "max-gap", Value: rtdm.DefaultComposeOptions.MaxGap, Usage: "wildcards at most this many siblings apart merge into one"},
		&ucli.BoolFlag{Name: "faithful", Usage: "the paper's method only: no variable-element runs, no <title>-guided title and body after it, no comment skipping, no lead passages, no accepted-tree shortcut, no soft matching of pages no pattern accepts"},
		&ucli.IntFlag{Name: "body-words", Value: rtdm.DefaultLabelOptions.BodyMinWords, Usage: "a body has more than this many words"},
		&ucli.IntFlag{Name: "title-words", Value: rtdm.DefaultLabelOptions.TitleMaxWords, Usage: "a title has at most this many words"},
		&ucli.IntFlag{Name: "teaser-run", Value: rtdm.DefaultOptions.TeaserRun, Usage: "leave out of the body runs of at least this many sibling teaser cards (same structure, an image, link text, at most 30 words each: related videos or stories); 0: off"},
		&ucli.BoolFlag{Name: "no-title-in-text", Usage: "text is the body only (by default the title line comes first)"},
	}, cli.TreeFlags()...)
}

// options reads the algorithm flags.
func options(c *ucli.Context) (rtdm.Options, error) {
	o := rtdm.DefaultOptions
	o.Similarity = c.Float64("similarity")
	if o.Similarity <= 0 || o.Similarity > 1 {
		return o, cli.UsageError(fmt.Errorf("--similarity must be in (0, 1]"))
	}
	switch c.String("linkage") {
	case "complete":
		o.Linkage = rtdm.Complete
	case "average":
		o.Linkage = rtdm.Average
	case "single":
		o.Linkage = rtdm.SingleLink
	default:
		return o, cli.UsageError(fmt.Errorf("--linkage must be complete, average or single"))
	}
	o.MinCluster = c.Int("min-cluster")
	o.MaxCluster = c.Int("max-compose")
	o.Compose.MaxGap = c.Int("max-gap")
	o.Label.BodyMinWords = c.Int("body-words")
	o.Label.TitleMaxWords = c.Int("title-words")
	o.TeaserRun = c.Int("teaser-run")
	if c.Bool("faithful") {
		o = o.Faithful()
	}
	return o, nil
}

// siteModel is the model of one site on disk (version 1):
//
//	{"similarity":0.8,"patterns":[{"cluster":0,"pages":12,"tree":[{"tag":"html","n":120},...]}]}
//
// A tree is its pre-order list of nodes: "tag" (an element, or "#text" with "text"), or
// "wild" (".", "+", "?", "*"), and "n", the size of the node's subtree.
type siteModel struct {
	Similarity float64       `json:"similarity"`
	Patterns   []jsonPattern `json:"patterns"`

	m         *rtdm.Model
	opt       rtdm.Options
	withTitle bool
	maxDepth  int // --max-depth
}

type jsonPattern struct {
	Cluster int        `json:"cluster"`
	Pages   int        `json:"pages"`
	Tree    *rtdm.Tree `json:"tree"`
}

func learn(c *ucli.Context, site string, pages []*record.Record) (cli.Model, error) {
	opt, err := options(c)
	if err != nil {
		return nil, err
	}
	maxDepth := c.Int(cli.FlagMaxDepth)
	pgs := make([]*rtdm.Page, len(pages))
	for i, p := range pages {
		pgs[i] = rtdm.ParsePage(p.HTML, maxDepth) // flattened pages are reported when applied
	}
	m, _ := rtdm.Learn(pgs, opt)
	sm := &siteModel{Similarity: opt.Similarity, m: m, opt: opt, withTitle: !c.Bool("no-title-in-text"), maxDepth: maxDepth}
	for _, p := range m.Patterns {
		sm.Patterns = append(sm.Patterns, jsonPattern{Cluster: p.Cluster, Pages: p.Pages, Tree: p.Tree})
	}
	return sm, nil
}

func load(c *ucli.Context, raw json.RawMessage) (cli.Model, error) {
	opt, err := options(c)
	if err != nil {
		return nil, err
	}
	sm := &siteModel{}
	if err := json.Unmarshal(raw, sm); err != nil {
		return nil, fmt.Errorf("rtdm model: %w", err)
	}
	sm.opt, sm.withTitle, sm.maxDepth = opt, !c.Bool("no-title-in-text"), c.Int(cli.FlagMaxDepth)
	sm.m = &rtdm.Model{}
	for _, p := range sm.Patterns {
		if p.Tree == nil || p.Tree.Len() == 0 {
			return nil, fmt.Errorf("rtdm model: pattern of cluster %d has no tree", p.Cluster)
		}
		sm.m.Patterns = append(sm.m.Patterns, rtdm.Pattern{Cluster: p.Cluster, Pages: p.Pages, Tree: p.Tree})
	}
	return sm, nil
}

// detail is the "rtdm" member of an extracted page.
type detail struct {
	Cluster  int           `json:"cluster"`
	Cost     *float64      `json:"cost"`           // null when no pattern matched
	Soft     bool          `json:"soft,omitempty"` // no pattern accepted the page: nearest one under soft costs
	Title    int           `json:"title"`
	Body     int           `json:"body"`
	Passages []jsonPassage `json:"passages"`
}

type jsonPassage struct {
	Pos      int      `json:"pos"`
	Wildcard string   `json:"wildcard"`
	Words    int      `json:"words"`
	Spans    [][2]int `json:"spans"`
	Text     string   `json:"text"`
}

// extract runs the model on one page.
func (sm *siteModel) extract(rec *record.Record) (*rtdm.Page, *rtdm.Extraction, *detail, error) {
	pg := rtdm.ParsePage(rec.HTML, sm.maxDepth)
	ex, err := sm.m.Extract(pg, sm.opt)
	d := &detail{Cluster: ex.Cluster, Title: ex.Title, Body: ex.Body, Soft: ex.Soft, Passages: []jsonPassage{}}
	if !math.IsInf(ex.Cost, 1) {
		cost := ex.Cost
		d.Cost = &cost
	}
	for _, p := range ex.Passages {
		d.Passages = append(d.Passages, jsonPassage{Pos: p.Pos, Wildcard: p.Kind.String(), Words: p.Words, Spans: pg.Spans(p.Roots), Text: p.Text})
	}
	return pg, ex, d, err
}

// Apply extracts the title and the body; a page that matches no pattern or has no body gets an
// error (its "rtdm" member is still set).
func (sm *siteModel) Apply(rec *record.Record) (cli.Result, error) {
	pg, ex, d, err := sm.extract(rec)
	var res cli.Result
	if pg.Flattened > 0 {
		res.Notes = []string{cli.FlattenedNote(pg.Flattened, sm.maxDepth)}
	}
	if err != nil {
		rec.Set("rtdm", d)
		return res, err
	}
	res.Detail = d
	body := htmltext.RenderSpans(pg.HTML, pg.Spans(ex.BodyRoots))
	res.Title = ex.TitleText
	res.Text = body
	if sm.withTitle && res.Title != "" && ex.Title != ex.Body {
		res.Text = res.Title + "\n" + body
	}
	return res, nil
}
