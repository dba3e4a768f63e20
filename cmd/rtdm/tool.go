package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/rtdm"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

func tool() *cli.Tool {
	t := &cli.Tool{
		Name:      "rtdm",
		Usage:     "news extraction by restricted top-down tree edit distance: page clusters, ne-patterns, title and body",
		Flags:     algoFlags(),
		Configure: configure,
	}
	t.Commands = []*ucli.Command{distCommand(t), clusterCommand(t)}
	return t
}

func algoFlags() []ucli.Flag {
	return append([]ucli.Flag{
		&ucli.Float64Flag{Name: "similarity", Value: rtdm.DefaultOptions.Similarity, Usage: "merge clusters while their similarity 1 - d/(|T1|+|T2|) is at least this"},
		&ucli.StringFlag{Name: "linkage", Value: "complete", Usage: "cluster similarity: complete, average or single"},
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
	for _, n := range []string{"min-cluster", "max-compose", "max-gap", "body-words", "title-words", "teaser-run"} {
		if c.Int(n) < 0 {
			return o, cli.UsageError(fmt.Errorf("--%s must not be negative", n))
		}
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

// algo is rtdm configured by its flags (options), once per command.
type algo struct {
	opt       rtdm.Options
	withTitle bool // the title line first in the text (not --no-title-in-text)
}

func configure(c *ucli.Context) (cli.Algorithm, error) {
	opt, err := options(c)
	return algo{opt: opt, withTitle: !c.Bool("no-title-in-text")}, err
}

func (algo) Version() int { return rtdm.ModelVersion }

// pageKey is the key of a page's rtdm.Page among its memos: built once from the page's tree,
// for learning and for applying.
type pageKey struct{}

// pageOf returns the rtdm form of p, built from p's tree once.
func pageOf(p *page.Page) *rtdm.Page {
	return p.Memo(pageKey{}, func() any { return rtdm.FromDoc(p.HTML, p.Doc(), p.Flattened()) }).(*rtdm.Page)
}

func (a algo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	pgs := make([]*rtdm.Page, len(pages))
	for i, p := range pages {
		pgs[i] = pageOf(p) // flattened pages are reported when applied
	}
	m, _ := rtdm.Learn(pgs, a.opt)
	return &siteModel{m: m, algo: a}, nil
}

func (a algo) Decode(raw []byte) (cli.Model, error) {
	m := new(rtdm.Model)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, err
	}
	return &siteModel{m: m, algo: a}, nil
}

// siteModel is one site's rtdm.Model with the options it is applied with; it encodes as the
// rtdm.Model (lib/rtdm's model format).
type siteModel struct {
	m *rtdm.Model
	algo
}

func (sm *siteModel) MarshalJSON() ([]byte, error) { return json.Marshal(sm.m) }

func (sm *siteModel) Bytes() int { return sm.m.Bytes() }

// detail is the "rtdm" member of an extracted page.
type detail struct {
	Cluster  int           `json:"cluster"`
	Cost     *float64      `json:"cost"`           // null when no pattern matched
	Soft     bool          `json:"soft,omitempty"` // no pattern accepted the page: nearest one under soft costs
	Fit      *float64      `json:"fit,omitempty"`  // rtdm.Found.Fit, 3 decimals; absent when unknown
	Title    int           `json:"title"`
	Body     int           `json:"body"`
	Passages []jsonPassage `json:"passages"`

	// For the view: the page, the extraction and its error.
	pg  *rtdm.Page
	ex  *rtdm.Extraction
	err error
}

type jsonPassage struct {
	Pos      int      `json:"pos"`
	Wildcard string   `json:"wildcard"`
	Words    int      `json:"words"`
	Spans    [][2]int `json:"spans"`
	Text     string   `json:"text"`
}

// Apply extracts the title and the body; a page that matches no pattern or has no body gets an
// error (its "rtdm" member is still set).
func (sm *siteModel) Apply(p *page.Page) (cli.Found, error) {
	pg := pageOf(p)
	f, ex, err := sm.m.Find(pg, sm.opt)
	d := &detail{Cluster: ex.Cluster, Title: ex.Title, Body: ex.Body, Soft: ex.Soft, Fit: cli.Round3(f.Fit), Passages: []jsonPassage{}, pg: pg, ex: ex, err: err}
	if !math.IsInf(ex.Cost, 1) {
		cost := ex.Cost
		d.Cost = &cost
	}
	for _, ps := range ex.Passages {
		d.Passages = append(d.Passages, jsonPassage{Pos: ps.Pos, Wildcard: ps.Kind.String(), Words: ps.Words, Spans: pg.Spans(ps.Roots), Text: ps.Text})
	}
	found := cli.Found{Template: f.Template, Fit: f.Fit, Detail: d}
	if err != nil {
		return found, err
	}
	found.Kept = f.Kept
	found.Title = ex.TitleText
	found.TitleFirst = sm.withTitle && ex.Title != ex.Body
	return found, nil
}
