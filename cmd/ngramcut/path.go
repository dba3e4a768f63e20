package main

import (
	"bufio"
	"fmt"
	"slices"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/plot"
	ucli "github.com/urfave/cli/v2"
)

// pathCommand is `ngramcut path`: per site, the search path (n, a, A) as TSV on stdout,
// and with --svg a plot of the alternation counts around it for one site. The default
// options search nothing (n = 20 and the document-frequency cut are fixed), so their path is
// the one cut point; the help, a note on stderr and the plot's title say so, and which
// options show a walk.
func pathCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:  "path",
		Usage: "per site: the cut points the search visits, as TSV site, step, n, a, A (the last step is the cut point); --svg plots A(n) around it. The default options search nothing (see ngramcut path --help); --faithful shows the paper's FindOptimal walk",
		Description: "The table has a row per cut point the search visits, the last one the cut point; a is 0 when W is the document-frequency cut (--min-doc-frac).\n\n" +
			"The default options search nothing: n = 20 is fixed and W = the 20-grams in at least 20% of a site's sample pages, so each site's path is that one point " +
			"(a note on stderr says so) and the plot shows A(n) under that cut with the fixed point on it. " +
			"--faithful shows the paper's FindOptimal walk over (n, a) from (2, 1); --n 0 (with the default --min-doc-frac) shows the FindNPeak walk over n.",
		ArgsUsage: "[input ...]",
		UsageText: cli.Examples("ngramcut path [options] [FILE...]",
			"ngramcut path pages.jsonl.zst | column -t",
			"ngramcut path --faithful --site www.example.com --svg path.svg crawl.warc.gz"),
		Flags: slices.Concat(cli.InputFlags(), cli.LearnFlags(), t.Flags, []ucli.Flag{
			&ucli.StringFlag{Name: "svg", Usage: "write a plot of A(n) for a around the cut point, with the path, to this `FILE` (the first site, or --site); SVG, or PNG/PDF when the name ends in .png/.pdf"},
			&ucli.StringFlag{Name: "site", Usage: "only this site"},
		}),
		Action: func(c *ucli.Context) error {
			o, err := options(c)
			if err != nil {
				return err
			}
			e, err := cli.Open(c, t)
			if err != nil {
				return err
			}
			sample, err := e.Sample(c.String("site"))
			if err != nil {
				return err
			}
			order, bySite := sample.Sites, sample.Pages
			if note := searchOf(o).note; note != "" && len(order) > 0 {
				e.Warnf("%s", note)
			}
			out := bufio.NewWriter(e.Stdout())
			fmt.Fprintln(out, "site\tstep\tn\ta\tA")
			plotted := false
			failed := false
			for _, s := range order {
				e.Phase("site %s: the path of %d pages", s, len(bySite[s]))
				for _, msg := range sampleCuts(s, bySite[s], o.MaxSamplePage) {
					e.Warnf("%s", msg)
				}
				pages := page.HTMLs(bySite[s])
				m, err := ngramcut.Learn(pages, o)
				if err != nil {
					e.Warnf("%s: %v", s, err)
					continue
				}
				for i, st := range m.Path {
					fmt.Fprintf(out, "%s\t%d\t%d\t%d\t%d\n", cli.KeyOf(s), i, st.N, st.A, st.Alt)
				}
				if path := c.String("svg"); path != "" && !plotted {
					plotted = true
					if err := writePathPlot(path, s, pages, o, m); err != nil {
						e.Warnf("plot: %v", err)
						failed = true
					}
				}
			}
			if err := out.Flush(); err != nil {
				e.Warnf("%v", err)
			}
			st := e.Close()
			if failed && st == cli.ExitOK {
				st = cli.ExitFailure
			}
			if st != cli.ExitOK {
				return ucli.Exit("", st)
			}
			return nil
		},
	}
}

// search says how Learn finds the cut point for the options o (the cases of
// ngramcut.Learn): fixed by them, FindNPeak's walk over n, or FindOptimal's over (n, a).
type search struct {
	title string // for the plot's title, after the site
	line  string // the legend of the path in the plot
	note  string // a note for stderr when there is no walk to show, else ""
}

func searchOf(o ngramcut.Options) search {
	switch {
	case o.N > 0 && o.MinDocFrac > 0:
		return search{
			title: fmt.Sprintf("W = the %d-grams in >= %g%% of the pages, n = %d fixed (no search)", o.N, 100*o.MinDocFrac, o.N),
			line:  "cut point (fixed)",
			note: fmt.Sprintf("no search: the options fix the cut point (n = %d, W = the %d-grams in at least %g%% of a site's sample pages), so each path is that one point; "+
				"--faithful shows the paper's FindOptimal walk over (n, a), --n 0 the FindNPeak walk over n", o.N, o.N, 100*o.MinDocFrac),
		}
	case o.N > 0 && o.A > 0:
		return search{
			title: fmt.Sprintf("cut point (%d, %d) fixed (no search)", o.N, o.A),
			line:  "cut point (fixed)",
			note: fmt.Sprintf("no search: --n and --a fix the cut point (%d, %d), so each path is that one point; "+
				"without them --faithful shows the paper's FindOptimal walk over (n, a)", o.N, o.A),
		}
	case o.MinDocFrac > 0:
		return search{title: fmt.Sprintf("W = the n-grams in >= %g%% of the pages, FindNPeak's path over n", 100*o.MinDocFrac), line: "FindNPeak path"}
	}
	return search{title: "FindOptimal's path over (n, a)", line: "FindOptimal path"}
}

// writePathPlot draws A(n) for the a values around the cut point (one line each) over
// n = 2 .. n_f + 8, and the path as red rings joined by a red line, the cut point
// labelled; the title says how the cut point was found (searchOf).
func writePathPlot(path, site string, pages []string, o ngramcut.Options, m *ngramcut.Model) error {
	maxN := m.N + 8
	maxA := m.A + 2
	if o.MinDocFrac > 0 {
		maxA = 1
	}
	grid, err := ngramcut.Grid(pages, o, maxN, maxA)
	if err != nil {
		return err
	}
	how := searchOf(o)
	fig := plot.New(fmt.Sprintf("n-gram alternation counts of %s: %s", site, how.title),
		"n (n-gram length)", "alternation count A(n, a)", false)
	lo := max(1, m.A-3)
	for a := lo; a <= maxA; a++ {
		var xys []plot.XY
		for i, row := range grid {
			xys = append(xys, plot.XY{X: float64(i + 2), Y: float64(row[a-1])})
		}
		label := fmt.Sprintf("a = %d%%", a)
		if o.MinDocFrac > 0 {
			label = fmt.Sprintf("df >= %.2f", o.MinDocFrac)
		}
		if err := fig.Line(xys, a-lo, label); err != nil {
			return err
		}
	}
	var steps []plot.XY
	for _, st := range m.Path {
		steps = append(steps, plot.XY{X: float64(st.N), Y: float64(st.Alt)})
	}
	if err := fig.MarkLine(steps, how.line); err != nil {
		return err
	}
	if err := fig.Rings(steps, 3); err != nil {
		return err
	}
	last := steps[len(steps)-1:]
	label := fmt.Sprintf("(%d, %d) A=%d", m.N, m.A, m.Path[len(m.Path)-1].Alt)
	if o.MinDocFrac > 0 {
		label = fmt.Sprintf("n = %d, A=%d", m.N, m.Path[len(m.Path)-1].Alt)
	}
	if err := fig.Labels(last, []string{label}); err != nil {
		return err
	}
	fig.LegendAt(true, false)
	return fig.Save(path)
}
