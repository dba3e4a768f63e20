package main

import (
	"bufio"
	"fmt"
	"slices"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/plot"
	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
)

// pathCommand is `ngramcut path`: per site, the search path (n, a, A) as TSV on stdout,
// and with --svg a plot of the alternation counts around it for one site.
func pathCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "path",
		Usage:     "per site: the cut points FindOptimal visits, as TSV site, step, n, a, A (the last step is the cut point); --svg plots A(n) around it",
		ArgsUsage: "[input ...]",
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
			order, bySite := e.SamplePerSite(c.String("site"))
			out := bufio.NewWriter(e.Stdout())
			fmt.Fprintln(out, "site\tstep\tn\ta\tA")
			plotted := false
			failed := false
			for _, s := range order {
				pages := record.HTMLs(bySite[s])
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

// writePathPlot draws A(n) for the a values around the cut point (one line each) over
// n = 2 .. n_f + 8, and the path as red rings joined by a red line, the cut point
// labelled.
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
	fig := plot.New(fmt.Sprintf("n-gram alternation counts of %s: cut point (%d, %d)", site, m.N, m.A),
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
	if err := fig.MarkLine(steps, "path"); err != nil {
		return err
	}
	if err := fig.Rings(steps, 3); err != nil {
		return err
	}
	last := steps[len(steps)-1:]
	if err := fig.Labels(last, []string{fmt.Sprintf("(%d, %d) A=%d", m.N, m.A, m.Path[len(m.Path)-1].Alt)}); err != nil {
		return err
	}
	fig.LegendAt(true, false)
	return fig.Save(path)
}
