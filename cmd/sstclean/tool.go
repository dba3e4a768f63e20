package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/sst"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

func tool() *cli.Tool {
	return &cli.Tool{
		Name:    "sstclean",
		Usage:   "template removal with a Site Style Tree: style nodes, entropy importance, noisy and meaningful parts",
		Version: sst.Version,
		Flags:   algoFlags(),
		Learn:   learn,
		Load:    load,
	}
}

func algoFlags() []ucli.Flag {
	d := sst.DefaultOptions()
	unit := func(name string) func(*ucli.Context, float64) error {
		return func(_ *ucli.Context, v float64) error {
			if v < 0 || v > 1 {
				return cli.UsageError(fmt.Errorf("--%s must be in [0, 1]", name))
			}
			return nil
		}
	}
	return append([]ucli.Flag{
		&ucli.Float64Flag{Name: "threshold", Aliases: []string{"t"}, Value: d.Threshold, Action: unit("threshold"),
			Usage: "t: a node whose composite importance and whose descendants' are below t is noisy; a block with less than this share of features that are not locally noisy is dropped"},
		&ucli.StringFlag{Name: "mode", Value: d.Mode.String(),
			Usage: "style nodes: merge (same-key children of a parent merged), faithful (exact child sequences, the paper) or collapse (runs of equal siblings as one)",
			Action: func(_ *ucli.Context, v string) error {
				if _, err := sst.ParseMode(v); err != nil {
					return cli.UsageError(err)
				}
				return nil
			}},
		&ucli.BoolFlag{Name: "faithful", Usage: "the paper's basic algorithm: --mode faithful --local-noise 0 --similarity 1 --records 0 --link-density 0 --no-global --no-graded --no-smooth --no-repeats -t 0.3 (flags given explicitly still apply)"},
		&ucli.Float64Flag{Name: "gamma", Value: d.Gamma, Usage: "γ, the attenuation of the composite importance",
			Action: func(_ *ucli.Context, v float64) error {
				if v <= 0 || v >= 1 {
					return cli.UsageError(fmt.Errorf("--gamma must be in (0, 1)"))
				}
				return nil
			}},
		&ucli.Float64Flag{Name: "local-noise", Value: d.LocalNoise, Action: unit("local-noise"),
			Usage: "a leaf's feature whose presence entropy over the pages is at least this is locally noisy (0: off)"},
		&ucli.Float64Flag{Name: "similarity", Value: d.Similarity, Action: unit("similarity"),
			Usage: "merge a child into a sibling element of the same tag when the Dice coefficient of their class/id/attribute tokens is at least this (1: equal keys only)"},
		&ucli.IntFlag{Name: "records", Value: d.Records,
			Usage: "drop repeated records: non-leaf elements with at least this many same-key siblings and two leaves (comments, teasers; 0: off)"},
		&ucli.Float64Flag{Name: "link-density", Value: d.LinkDensity, Action: unit("link-density"),
			Usage: "drop a leaf (not a heading) with at least this share of link text (0: off)"},
		&ucli.BoolFlag{Name: "no-virtual-leaves", Usage: "leaves are text and childless elements only (not elements holding only inline content)"},
		&ucli.BoolFlag{Name: "no-global", Usage: "keep whole the parts seen on one sample page or never (the paper) instead of judging their blocks by site-wide word entropy"},
		&ucli.BoolFlag{Name: "no-graded", Usage: "judge a block by the share of its words that are not locally noisy, not by their mean entropy"},
		&ucli.BoolFlag{Name: "no-smooth", Usage: "do not keep a dropped block whose neighbours of the same leaf are kept"},
		&ucli.BoolFlag{Name: "no-repeats", Usage: "keep blocks whose whole text was on several sample pages (author biographies, promotions)"},
		&ucli.BoolFlag{Name: "rare", Usage: "drop element nodes seen on one sample page only, and page parts not in the model"},
	}, cli.TreeFlags()...)
}

// options reads the algorithm flags.
func options(c *ucli.Context) (sst.Options, error) {
	o := sst.DefaultOptions()
	if c.Bool("faithful") {
		o = sst.FaithfulOptions()
	}
	set := func(name string) bool { return c.IsSet(name) || !c.Bool("faithful") }
	if set("mode") {
		m, err := sst.ParseMode(c.String("mode"))
		if err != nil {
			return o, cli.UsageError(err)
		}
		o.Mode = m
	}
	if set("local-noise") {
		o.LocalNoise = c.Float64("local-noise")
	}
	if set("similarity") {
		o.Similarity = c.Float64("similarity")
	}
	if set("records") {
		o.Records = c.Int("records")
	}
	if set("link-density") {
		o.LinkDensity = c.Float64("link-density")
	}
	if c.IsSet("threshold") || !c.Bool("faithful") {
		o.Threshold = c.Float64("threshold")
	}
	if set("no-global") {
		o.Global = !c.Bool("no-global")
	}
	if set("no-graded") {
		o.Graded = !c.Bool("no-graded")
	}
	if set("no-repeats") {
		o.Repeats = !c.Bool("no-repeats")
	}
	if set("no-smooth") {
		o.Smooth = !c.Bool("no-smooth")
	}
	o.Gamma = c.Float64("gamma")
	o.VirtualLeaves = !c.Bool("no-virtual-leaves")
	o.Rare = c.Bool("rare")
	o.MaxDepth = c.Int(cli.FlagMaxDepth)
	if o.Records < 0 {
		return o, cli.UsageError(fmt.Errorf("--records must be at least 0"))
	}
	return o, nil
}

func learn(c *ucli.Context, site string, pages []*record.Record) (cli.Model, error) {
	o, err := options(c)
	if err != nil {
		return nil, err
	}
	l, err := sst.NewLearner(o)
	if err != nil {
		return nil, cli.UsageError(err)
	}
	for _, p := range pages {
		l.AddHTML(p.HTML) // flattened pages are reported when applied
	}
	return &model{l.Model()}, nil
}

func load(c *ucli.Context, raw json.RawMessage) (cli.Model, error) {
	m, err := sst.Load(raw)
	if err != nil {
		return nil, err
	}
	m.MaxDepth = c.Int(cli.FlagMaxDepth)
	return &model{m}, nil
}

// model adapts an sst.Model to the app; its JSON form is the sst.Model's.
type model struct{ m *sst.Model }

func (m *model) MarshalJSON() ([]byte, error) { return json.Marshal(m.m) }

// detail is the "sstclean" member of an output record.
type detail struct {
	Noisy int `json:"noisy"` // page parts dropped as noisy
	Kept  int `json:"kept"`  // page parts kept
}

func (m *model) Apply(page *record.Record) (cli.Result, error) {
	res := m.m.ApplyHTML(page.HTML)
	out := cli.Result{
		Text:   htmltext.RenderSpans(page.HTML, res.Spans),
		Detail: detail{Noisy: res.Noisy, Kept: res.Kept},
	}
	if res.Flattened > 0 {
		out.Notes = []string{cli.FlattenedNote(res.Flattened, m.m.MaxDepth)}
	}
	return out, nil
}

func (m *model) View(w io.Writer, page *record.Record) error {
	title := page.URL
	if title == "" {
		title = page.ID
	}
	return m.m.View(w, page.HTML, title)
}
