package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

func tool() *cli.Tool {
	t := &cli.Tool{
		Name:      "ampl",
		Usage:     "template discovery by substring amplification: peaks of F(f), template strings, content = the rest",
		Flags:     algoFlags(),
		Configure: configure,
	}
	t.Commands = []*ucli.Command{peaksCommand(t)}
	return t
}

func algoFlags() []ucli.Flag {
	d := ampl.Default()
	return []ucli.Flag{
		&ucli.BoolFlag{Name: "faithful", Usage: "the paper's algorithm: F(f) += f·|w|, maximal peak over all f >= 2, template = maximal strings of V(f_p); other flags then change single parts"},
		&ucli.StringFlag{Name: "rule", Value: string(d.Rule), Usage: "F(f) accumulation: paper (f·|w|) or edge (each suffix-tree edge by its own length: exact)"},
		&ucli.StringFlag{Name: "gap", Value: string(d.Gap), Usage: "G(f) where F(f-1) = 0: skip (undefined, f is no peak) or prev (divide by the nearest lower point)"},
		&ucli.IntFlag{Name: "max-len", Value: d.MaxLen, Usage: "ignore branching strings longer than this many bytes in V and F (0: no bound; the paper used < 50 for V)"},
		&ucli.Float64Flag{Name: "peak-max", Value: d.PeakMax, Usage: "search the maximal peak in 2 <= f <= peak-max x |S| (0: every f)"},
		&ucli.Float64Flag{Name: "peak-g", Value: d.PeakG, Usage: "also take every local maximum of F with G(f) >= this (0: the maximal peak only)"},
		&ucli.BoolFlag{Name: "multiples", Value: d.Multiples, Usage: "also take f = c·f_p, c = 2, 3, ... (Definition 2)"},
		&ucli.StringFlag{Name: "select", Value: string(d.Select), Usage: "template strings: peak (maximal strings of V at the peaks) or docs (every run of min-len characters that holds text, not wholly inside tags, in >= min-docs of the pages, found by hashing: no curve, no peak)"},
		&ucli.Float64Flag{Name: "min-docs", Value: d.MinDocs, Usage: "with --select docs: the fraction of the sample's pages a template string occurs in"},
		&ucli.IntFlag{Name: "min-len", Value: d.MinLen, Usage: "drop template strings shorter than this many characters (--select docs: the template windows' length, at least 1)"},
		&ucli.BoolFlag{Name: "whole-words", Value: d.WholeWords, Usage: "never let a template string cut a word: a partly covered word stays content"},
		&ucli.IntFlag{Name: "edge-words", Value: d.EdgeWords, Usage: "unmark text of at most this many words at the edges of a template string that also holds markup, e.g. the \"In\" of \"</p><p>In \" (0: off)"},
		&ucli.IntFlag{Name: "min-words", Value: d.MinWords, Usage: "drop content blocks (kept text between template strings holding text or block tags) of fewer words (0: keep all)"},
	}
}

// options reads the algorithm flags: the defaults (or the paper's with --faithful), then
// every flag given explicitly.
func options(c *ucli.Context) (ampl.Options, error) {
	o := ampl.Default()
	if c.Bool("faithful") {
		o = ampl.Faithful()
	}
	set := func(name string) bool { return c.IsSet(name) || !c.Bool("faithful") }
	if set("rule") {
		o.Rule = ampl.Rule(c.String("rule"))
	}
	if set("gap") {
		o.Gap = ampl.Gap(c.String("gap"))
	}
	if set("max-len") {
		o.MaxLen = c.Int("max-len")
	}
	if set("peak-max") {
		o.PeakMax = c.Float64("peak-max")
	}
	if set("peak-g") {
		o.PeakG = c.Float64("peak-g")
	}
	if set("multiples") {
		o.Multiples = c.Bool("multiples")
	}
	if set("select") {
		o.Select = ampl.Select(c.String("select"))
	}
	if set("min-docs") {
		o.MinDocs = c.Float64("min-docs")
	}
	if set("min-len") {
		o.MinLen = c.Int("min-len")
	}
	if set("whole-words") {
		o.WholeWords = c.Bool("whole-words")
	}
	if set("edge-words") {
		o.EdgeWords = c.Int("edge-words")
	}
	if set("min-words") {
		o.MinWords = c.Int("min-words")
	}
	switch {
	case o.Rule != ampl.RulePaper && o.Rule != ampl.RuleEdge:
		return o, cli.UsageError(fmt.Errorf("--rule must be paper or edge, not %q", o.Rule))
	case o.Gap != ampl.GapSkip && o.Gap != ampl.GapPrev:
		return o, cli.UsageError(fmt.Errorf("--gap must be skip or prev, not %q", o.Gap))
	case o.Select != ampl.SelectPeak && o.Select != ampl.SelectDocs:
		return o, cli.UsageError(fmt.Errorf("--select must be peak or docs, not %q", o.Select))
	case o.MinDocs < 0 || o.MinDocs > 1:
		return o, cli.UsageError(fmt.Errorf("--min-docs must be in [0, 1]"))
	case o.PeakMax < 0 || o.PeakG < 0 || o.MaxLen < 0 || o.MinLen < 0 || o.MinWords < 0 || o.EdgeWords < 0:
		return o, cli.UsageError(fmt.Errorf("--peak-max, --peak-g, --max-len, --min-len, --edge-words and --min-words must not be negative"))
	}
	return o, nil
}

// algo is ampl configured by its flags (options), once per command.
type algo struct {
	o     ampl.Options
	marks bool // keep what the model marks on each sample page for the apply that follows (cli.AppliesToSample)
}

func configure(c *ucli.Context) (cli.Algorithm, error) {
	o, err := options(c)
	return algo{o, cli.AppliesToSample(c)}, err
}

func (algo) Version() int { return ampl.ModelVersion }

// marksKey is the page memo that holds what a model marked on the page when it learned from
// it (ampl.LearnMarks): run applies the model to its sample, which is then not matched twice.
type marksKey struct{ m *ampl.Model }

// Learn learns the site from its sample. The docs selection counts pages in 16 bits, so a
// larger sample (--sample above ampl.MaxWindowPages, meant as "all of it") is learned from
// its first MaxWindowPages pages, with a warning; every page is still applied.
func (a algo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	var warnings []string
	if a.o.Select == ampl.SelectDocs && len(pages) > ampl.MaxWindowPages {
		warnings = append(warnings, fmt.Sprintf("site %s: learned from the first %d of its %d sample pages (the most --select docs counts)",
			site, ampl.MaxWindowPages, len(pages)))
		pages = pages[:ampl.MaxWindowPages]
	}
	var m *ampl.Model
	var marks []*ampl.Marks
	var err error
	if a.marks {
		m, marks, err = ampl.LearnMarks(page.HTMLs(pages), a.o)
	} else {
		m, err = ampl.Learn(page.HTMLs(pages), a.o)
	}
	if err != nil {
		return nil, err
	}
	page.MemoEach(pages, marksKey{m}, marks)
	return model{m, warnings}, nil
}

func (algo) Decode(raw []byte) (cli.Model, error) {
	m := new(ampl.Model)
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, err
	}
	switch {
	case m.Windows != nil && m.Strings != nil:
		return nil, fmt.Errorf("ampl: model has both template windows and template strings")
	case m.Windows != nil && m.Options.Select != ampl.SelectDocs:
		return nil, fmt.Errorf("ampl: model has template windows but selects by %q", m.Options.Select)
	case m.Windows == nil && m.Options.Select == ampl.SelectDocs:
		return nil, fmt.Errorf("ampl: model selects by docs but has no template windows")
	case len(m.Docs) != len(m.Strings):
		return nil, fmt.Errorf("ampl: model has %d page counts for %d template strings", len(m.Docs), len(m.Strings))
	}
	return model{Model: m}, nil
}

// model adapts ampl.Model to cli.Model; it encodes as the ampl.Model itself.
type model struct {
	*ampl.Model
	warnings []string // what learning left out (cli.Warner)
}

func (m model) MarshalJSON() ([]byte, error) { return json.Marshal(m.Model) }

func (m model) Warnings() []string { return m.warnings }

// detail is the "ampl" member of an applied page.
type detail struct {
	Peak  int      `json:"peak,omitempty"` // the maximal peak f_p (absent: none, e.g. learned from one page, or not searched: --select docs)
	Spans [][2]int `json:"spans"`          // kept (content) byte spans of html
	Fit   *float64 `json:"fit,omitempty"`  // ampl.Found.Fit, 3 decimals; absent when unknown
}

func (m model) Apply(p *page.Page) (cli.Found, error) {
	mk, _ := p.Memo(marksKey{m.Model}, func() any { return (*ampl.Marks)(nil) }).(*ampl.Marks)
	f := m.FindMarked(p.HTML, mk)
	d := detail{Spans: f.Kept, Fit: cli.Round3(f.Fit)}
	if m.Peak != nil {
		d.Peak = m.Peak.F
	}
	return cli.Found{Kept: f.Kept, Template: f.Template, Fit: f.Fit, Detail: d}, nil
}
