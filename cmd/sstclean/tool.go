package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/sst"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

func tool() *cli.Tool {
	return &cli.Tool{
		Name:      "sstclean",
		Usage:     "template removal with a Site Style Tree: style nodes, entropy importance, noisy and meaningful parts",
		Flags:     algoFlags(),
		Configure: configure,
	}
}

func algoFlags() []ucli.Flag {
	d := sst.DefaultOptions()
	return append([]ucli.Flag{
		&ucli.Float64Flag{Name: "threshold", Aliases: []string{"t"}, Value: d.Threshold,
			Usage: "t: a node whose composite importance and whose descendants' are below t is noisy; a block with less than this share of features that are not locally noisy is dropped"},
		&ucli.StringFlag{Name: "mode", Value: d.Mode.String(),
			Usage: "style nodes: merge (same-key children of a parent merged), faithful (exact child sequences, the paper) or collapse (runs of equal siblings as one)"},
		&ucli.BoolFlag{Name: "faithful", Usage: "the paper's basic algorithm: --mode faithful --local-noise 0 --similarity 1 --records 0 --link-density 0 --no-global --no-graded --no-smooth --no-repeats -t 0.3 (flags given explicitly still apply)"},
		&ucli.Float64Flag{Name: "gamma", Value: d.Gamma, Usage: "γ, the attenuation of the composite importance"},
		&ucli.Float64Flag{Name: "local-noise", Value: d.LocalNoise,
			Usage: "a leaf's feature whose presence entropy over the pages is at least this is locally noisy (0: off)"},
		&ucli.Float64Flag{Name: "similarity", Value: d.Similarity,
			Usage: "merge a child into a sibling element of the same tag when the Dice coefficient of their class/id/attribute tokens is at least this (1: equal keys only)"},
		&ucli.IntFlag{Name: "records", Value: d.Records,
			Usage: "drop repeated records: non-leaf elements with at least this many same-key siblings and two leaves (comments, teasers; 0: off)"},
		&ucli.Float64Flag{Name: "link-density", Value: d.LinkDensity,
			Usage: "drop a leaf (not a heading) with at least this share of link text (0: off)"},
		&ucli.BoolFlag{Name: "no-virtual-leaves", Usage: "leaves are text and childless elements only (not elements holding only inline content)"},
		&ucli.BoolFlag{Name: "no-global", Usage: "keep whole the parts seen on one sample page or never (the paper) instead of judging their blocks by site-wide word entropy"},
		&ucli.BoolFlag{Name: "no-graded", Usage: "judge a block by the share of its words that are not locally noisy, not by their mean entropy"},
		&ucli.BoolFlag{Name: "no-smooth", Usage: "do not keep a dropped block whose neighbours of the same leaf are kept"},
		&ucli.BoolFlag{Name: "no-repeats", Usage: "keep blocks whose whole text was on several sample pages (author biographies, promotions)"},
		&ucli.BoolFlag{Name: "rare", Usage: "drop element nodes seen on one sample page only, and page parts not in the model"},
	}, cli.TreeFlags()...)
}

// options reads and checks the algorithm flags.
func options(c *ucli.Context) (sst.Options, error) {
	for _, name := range []string{"threshold", "local-noise", "similarity", "link-density"} {
		if v := c.Float64(name); v < 0 || v > 1 {
			return sst.Options{}, cli.UsageError(fmt.Errorf("--%s must be in [0, 1]", name))
		}
	}
	if v := c.Float64("gamma"); v <= 0 || v >= 1 {
		return sst.Options{}, cli.UsageError(fmt.Errorf("--gamma must be in (0, 1)"))
	}
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
	if _, err := sst.NewLearner(o); err != nil {
		return o, cli.UsageError(err)
	}
	return o, nil
}

// algo is sstclean configured by its flags (options), once per command.
type algo struct{ o sst.Options }

func configure(c *ucli.Context) (cli.Algorithm, error) {
	o, err := options(c)
	return algo{o}, err
}

func (algo) Version() int { return sst.Version }

func (a algo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	l, err := sst.NewLearner(a.o) // options checked by configure
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		l.Add(p.Doc()) // the tree apply uses too; flattened pages are reported when applied
	}
	return &model{l.Model()}, nil
}

func (a algo) Decode(raw []byte) (cli.Model, error) {
	m, err := sst.Load(raw)
	if err != nil {
		return nil, err
	}
	m.MaxDepth = a.o.MaxDepth
	return &model{m}, nil
}

// model adapts an sst.Model to the app; its JSON form is the sst.Model's.
type model struct{ m *sst.Model }

func (m *model) MarshalJSON() ([]byte, error) { return json.Marshal(m.m) }

func (m *model) Bytes() int { return m.m.Bytes() }

// detail is the "sstclean" member of an output record.
type detail struct {
	Noisy int      `json:"noisy"`         // page parts dropped as noisy
	Kept  int      `json:"kept"`          // page parts kept
	Fit   *float64 `json:"fit,omitempty"` // sst.Result.Fit, 3 decimals; absent when unknown
}

func (m *model) Apply(p *page.Page) (cli.Found, error) {
	res := m.m.Apply(p.Doc())
	return cli.Found{
		Kept:     res.Spans,
		Template: res.Template,
		Fit:      res.Fit,
		Detail:   detail{Noisy: res.Noisy, Kept: res.Kept, Fit: cli.Round3(res.Fit)},
	}, nil
}

// View writes lib/sst's view of the page, from the page's tree.
func (m *model) View(w io.Writer, p *page.Page, _ cli.Found) error {
	return m.m.ViewDoc(w, p.Doc(), p.HTML, p.Name())
}
