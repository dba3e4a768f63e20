package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(tool(), args, stdin, stdout, stderr)
}

func tool() *cli.Tool {
	t := &cli.Tool{
		Name:      "ngramcut",
		Usage:     "useless-part elimination by n-gram alternation counts: frequent n-grams are template, the rest is content",
		Flags:     algoFlags(),
		Configure: configure,
	}
	t.Commands = []*ucli.Command{pathCommand(t)}
	return t
}

func algoFlags() []ucli.Flag {
	d := ngramcut.Default()
	return []ucli.Flag{
		&ucli.BoolFlag{Name: "faithful", Usage: "the paper's algorithm: top a% by count, FindOptimal from (2, 1), every kept run; other flags then change single parts"},
		&ucli.StringFlag{Name: "unit", Value: "rune", Usage: "what an n-gram counts: rune (characters) or byte"},
		&ucli.BoolFlag{Name: "skip-invisible", Value: d.SkipInvisible, Usage: "take the units from outside comments and scripts, which no reader sees (--skip-invisible=false: from every character, as the paper; off with --faithful unless given)"},
		&ucli.IntFlag{Name: "n", Value: d.N, Usage: "the n-gram length (0: search it); with --faithful, force it together with --a"},
		&ucli.IntFlag{Name: "a", Usage: "force the percentage: W = the top a% of the distinct n-grams by rank (with --n; turns off the default --min-doc-frac)"},
		&ucli.StringFlag{Name: "rank", Value: "count", Usage: "rank n-grams by count (the paper) or df (number of sample pages holding them, then count)"},
		&ucli.BoolFlag{Name: "delims", Usage: "the paper's future-work rule: an n-gram may hold < > . ? only at its ends"},
		&ucli.Float64Flag{Name: "min-doc-frac", Value: d.MinDocFrac, Usage: "W = the n-grams in at least this fraction of the sample pages (at least 2 pages) instead of the top a%; implies --rank df; 0: the paper's top a%"},
		&ucli.IntFlag{Name: "min-run", Value: d.MinRun, Usage: "drop kept runs shorter than this many units (0: keep all)"},
		&ucli.BoolFlag{Name: "bridge", Value: d.Bridge, Usage: "with --min-run: keep the short runs between the page's first and last long run"},
		&ucli.BoolFlag{Name: "snap", Value: d.Snap, Usage: "move the ends of kept spans out of tags and out to whole words (--snap=false: where the n-grams cut; off with --faithful unless given)"},
		&ucli.IntFlag{Name: "max-n", Usage: "bound the search's n (0: the paper's bound, the longest page)"},
		&ucli.IntFlag{Name: "max-sample-page", Value: ngramcut.DefaultMaxSamplePage, Usage: "learn from at most this many `BYTES` of each page (a longer page is reported once and still applied whole; learning holds 16-20 bytes per character of the sample plus 70-100 per distinct n-gram); 0: no limit"},
		&ucli.StringFlag{Name: "hash", Value: "rolling", Usage: "n-gram fingerprints: rolling (polynomial + 64-bit mix, O(1) per extension) or xxhash"},
	}
}

// options reads the algorithm flags: the defaults (or the paper's with --faithful),
// then every flag given explicitly.
func options(c *ucli.Context) (ngramcut.Options, error) {
	o := ngramcut.Default()
	if c.Bool("faithful") {
		o = ngramcut.Faithful()
	}
	for _, ch := range []struct {
		flag, want string
		parse      func(string) error
	}{
		{"unit", "rune or byte", func(v string) (err error) { o.Unit, err = ngramcut.ParseUnit(v); return }},
		{"rank", "count or df", func(v string) (err error) { o.Rank, err = ngramcut.ParseRank(v); return }},
		{"hash", "rolling or xxhash", func(v string) (err error) { o.Hash, err = ngramcut.ParseHash(v); return }},
	} {
		if v := c.String(ch.flag); c.IsSet(ch.flag) && ch.parse(v) != nil {
			return o, cli.UsageError(fmt.Errorf("--%s must be %s, not %q", ch.flag, ch.want, v))
		}
	}
	if c.IsSet("a") {
		o.A = c.Int("a")
		if !c.IsSet("min-doc-frac") {
			o.MinDocFrac = 0
		}
	}
	if c.IsSet("n") {
		o.N = c.Int("n")
	}
	if c.IsSet("min-doc-frac") {
		o.MinDocFrac = c.Float64("min-doc-frac")
	}
	if c.IsSet("skip-invisible") {
		o.SkipInvisible = c.Bool("skip-invisible")
	}
	if c.IsSet("delims") {
		o.Delims = c.Bool("delims")
	}
	if c.IsSet("min-run") {
		o.MinRun = c.Int("min-run")
	}
	if c.IsSet("bridge") {
		o.Bridge = c.Bool("bridge")
	}
	if c.IsSet("snap") {
		o.Snap = c.Bool("snap")
	}
	if c.IsSet("max-n") {
		o.MaxN = c.Int("max-n")
	}
	// An operational limit, not part of the algorithm: the same with --faithful.
	o.MaxSamplePage = c.Int("max-sample-page")
	switch {
	case o.N < 0 || o.A < 0 || o.MinRun < 0 || o.MaxN < 0 || o.MaxSamplePage < 0:
		return o, cli.UsageError(fmt.Errorf("--n, --a, --min-run, --max-n and --max-sample-page must not be negative"))
	case o.A > 100:
		return o, cli.UsageError(fmt.Errorf("--a is a percentage: at most 100"))
	case o.N == 1:
		return o, cli.UsageError(fmt.Errorf("--n must be at least 2"))
	case o.MinDocFrac < 0 || o.MinDocFrac > 1:
		return o, cli.UsageError(fmt.Errorf("--min-doc-frac must be in [0, 1]"))
	case o.N > 0 && o.A == 0 && o.MinDocFrac == 0:
		return o, cli.UsageError(fmt.Errorf("--n needs --a (top a%%) or --min-doc-frac to force a cut point"))
	case o.N == 0 && o.A > 0:
		return o, cli.UsageError(fmt.Errorf("--a forces a cut point together with --n"))
	}
	return o, nil
}

// algo is ngramcut configured by its flags (options), once per command.
type algo struct {
	o        ngramcut.Options
	faithful bool
	cover    bool // keep what W covers on each sample page for the apply that follows (cli.AppliesToSample)
	learners *learners
}

func configure(c *ucli.Context) (cli.Algorithm, error) {
	o, err := options(c)
	return algo{o, c.Bool("faithful"), cli.AppliesToSample(c), new(learners)}, err
}

// learners keeps the ngramcut.Learners of the sites learned (one per site learned at the
// same time) for the next sites, so that each site counts in the arrays of one before it
// instead of fresh memory.
type learners struct {
	mu   sync.Mutex
	free []*ngramcut.Learner
}

// get returns a Learner no other site is using.
func (l *learners) get() *ngramcut.Learner {
	l.mu.Lock()
	defer l.mu.Unlock()
	if k := len(l.free); k > 0 {
		lr := l.free[k-1]
		l.free = l.free[:k-1]
		return lr
	}
	return new(ngramcut.Learner)
}

// put gives back a Learner from get.
func (l *learners) put(lr *ngramcut.Learner) {
	l.mu.Lock()
	l.free = append(l.free, lr)
	l.mu.Unlock()
}

func (algo) Version() int { return ngramcut.ModelVersion }

func (a algo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	lr := a.learners.get()
	var m *ngramcut.Model
	var covered []*ngramcut.Covered
	var err error
	if a.cover {
		m, covered, err = lr.LearnCovered(page.HTMLs(pages), a.o)
	} else {
		m, err = lr.Learn(page.HTMLs(pages), a.o)
	}
	a.learners.put(lr)
	if err != nil {
		return nil, err
	}
	// Each page learned from keeps what W covers on it, for the apply that follows in run.
	page.MemoEach(pages, coveredKey{m}, covered)
	mod := model{Model: m, warnings: sampleCuts(site, pages, a.o.MaxSamplePage)}
	if w := m.Warning(); w != "" {
		// Not an error: the model is what the algorithm found, and is used; but a run
		// whose every text is empty should say why.
		hint := "see lib/ngramcut/README.md"
		if a.faithful {
			hint = "learning per site or without --faithful may avoid it (lib/ngramcut/README.md)"
		}
		mod.warnings = append(mod.warnings, fmt.Sprintf("site %s: warning: %s; %s", site, w, hint))
	}
	return mod, nil
}

func (algo) Decode(raw []byte) (cli.Model, error) {
	m, err := ngramcut.DecodeModel(raw)
	if err != nil {
		return nil, err
	}
	if err := m.Check(); err != nil {
		return nil, err
	}
	return model{Model: m}, nil
}

// model adapts ngramcut.Model to cli.Model; it encodes as the ngramcut.Model itself.
type model struct {
	*ngramcut.Model
	warnings []string // about how it was learned (cli.Warner)
}

func (m model) MarshalJSON() ([]byte, error) { return json.Marshal(m.Model) }

func (m model) Warnings() []string { return m.warnings }

// detail is the "ngramcut" member of an applied page.
type detail struct {
	N     int      `json:"n"`
	A     int      `json:"a"`
	Spans [][2]int `json:"spans"`         // kept (non-useless) byte spans of html
	Fit   *float64 `json:"fit,omitempty"` // ngramcut.Found.Fit, 3 decimals; absent when unknown
}

// coveredKey is the page memo of what a model learned from the page covers on it
// (ngramcut.Learner.LearnCovered), as ampl's marksKey.
type coveredKey struct{ m *ngramcut.Model }

func (m model) Apply(p *page.Page) (cli.Found, error) {
	// A page of the sample, in run, has what W covers on it: it is not looked up again.
	cv, _ := p.Memo(coveredKey{m.Model}, func() any { return (*ngramcut.Covered)(nil) }).(*ngramcut.Covered)
	f := m.FindCovered(p.HTML, cv)
	spans := f.Kept
	if spans == nil {
		spans = [][2]int{}
	}
	return cli.Found{
		Kept:     spans,
		Template: f.Template,
		Fit:      f.Fit,
		Detail:   detail{N: m.N, A: m.A, Spans: spans, Fit: cli.Round3(f.Fit)},
	}, nil
}

// sampleCuts says, once per page longer than max (Options.MaxSamplePage), how much of
// it learning counts.
func sampleCuts(site string, pages []*page.Page, max int) []string {
	var out []string
	for _, p := range pages {
		if q := ngramcut.SamplePage(p.HTML, max); len(q) < len(p.HTML) {
			out = append(out, fmt.Sprintf("site %s: %s: learning from the first %d of the page's %d bytes (--max-sample-page); the page is still applied whole",
				site, pageName(p), len(q), len(p.HTML)))
		}
	}
	return out
}

// pageName names a page in a diagnostic: its position in the input, and its id or URL.
func pageName(p *page.Page) string {
	switch {
	case p.Rec == nil:
		return "a page"
	case p.Rec.ID != "":
		return fmt.Sprintf("%s (id %q)", p.Where(), p.Rec.ID)
	case p.Rec.URL != "":
		return fmt.Sprintf("%s (url %q)", p.Where(), p.Rec.URL)
	}
	return p.Where()
}
