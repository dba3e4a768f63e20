package main

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/plot"
	ucli "github.com/urfave/cli/v2"
)

// peaksCommand is `ampl peaks`: per site, the curve f, V(f), F(f), G(f) as TSV on stdout,
// and with --svg a log-log plot of F(f) with the peaks marked.
func peaksCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "peaks",
		Usage:     "per site: f, V(f), F(f), G(f) as TSV (peak column: max = the maximal peak, peak = another selected peak), and a log-log plot of F(f) (--svg)",
		ArgsUsage: "[input ...]",
		UsageText: cli.Examples("ampl peaks [options] [FILE...]",
			"ampl peaks pages.jsonl.zst | awk -F'\\t' '$6 == \"max\"'    # the maximal peak of each site",
			"ampl peaks --site www.example.com --svg peaks.svg crawl.warc.gz"),
		Flags: slices.Concat(cli.InputFlags(), cli.LearnFlags(), t.Flags, []ucli.Flag{
			&ucli.StringFlag{Name: "svg", Usage: "write the log-log plot of F(f) to this `FILE` (one line per site); SVG, or PNG/PDF when the name ends in .png/.pdf"},
			&ucli.StringFlag{Name: "site", Usage: "only this site"},
			&ucli.IntFlag{Name: "max-f", Usage: "print and plot only f <= this (0: all)"},
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
			out := bufio.NewWriter(e.Stdout())
			fmt.Fprintln(out, "site\tf\tV\tF\tG\tpeak")
			maxF := c.Int("max-f")
			var curves []siteCurve
			for _, s := range order {
				e.Phase("site %s: the curve of %d pages", s, len(bySite[s]))
				a, err := ampl.Analyze(page.HTMLs(bySite[s]), o)
				if err != nil {
					e.Warnf("%s: %v", s, err)
					continue
				}
				sc := siteCurve{site: s, curve: a.Curve, peaks: a.Peaks}
				curves = append(curves, sc)
				mark := map[int]string{}
				for i, p := range a.Peaks {
					if i == 0 {
						mark[p.F] = "max"
					} else {
						mark[p.F] = "peak"
					}
				}
				for _, f := range a.Curve.Points() {
					if maxF > 0 && f > maxF {
						break
					}
					g := ""
					if v, ok := a.Curve.G(f, o.Gap); ok {
						g = strconv.FormatFloat(v, 'g', 6, 64)
					}
					fmt.Fprintf(out, "%s\t%d\t%d\t%d\t%s\t%s\n", cli.KeyOf(s), f, a.Curve.V[f], a.Curve.F[f], g, mark[f])
				}
			}
			if err := out.Flush(); err != nil {
				e.Warnf("%v", err)
			}
			if path := c.String("svg"); path != "" && len(curves) > 0 {
				if err := writePlot(path, curves, maxF); err != nil {
					e.Warnf("plot: %v", err)
					e.Close()
					return ucli.Exit("", cli.ExitFailure)
				}
			}
			if st := e.Close(); st != cli.ExitOK {
				return ucli.Exit("", st)
			}
			return nil
		},
	}
}

type siteCurve struct {
	site  string
	curve *ampl.Curve
	peaks []ampl.Peak
}

// writePlot draws F(f) on log-log axes, one line per site, the peaks as red circles
// labelled with their f, like Figs. 2 and 5-7 of the paper.
func writePlot(path string, curves []siteCurve, maxF int) error {
	title := "substring amplification: F(f)"
	if len(curves) == 1 {
		title += " of " + curves[0].site
	}
	fig := plot.New(title, "f (frequency)", "F(f)", true)
	for i, sc := range curves {
		var xys []plot.XY
		for _, f := range sc.curve.Points() {
			if maxF > 0 && f > maxF {
				break
			}
			xys = append(xys, plot.XY{X: float64(f), Y: float64(sc.curve.F[f])})
		}
		if len(xys) == 0 {
			continue
		}
		legend := ""
		if len(curves) > 1 {
			legend = sc.site
		}
		if err := fig.Line(xys, i, legend); err != nil {
			return err
		}
		var pk []plot.XY
		var labels []string
		for _, q := range sc.peaks {
			if maxF > 0 && q.F > maxF {
				continue
			}
			pk = append(pk, plot.XY{X: float64(q.F), Y: float64(sc.curve.F[q.F])})
			labels = append(labels, fmt.Sprintf("f=%d G=%.3g", q.F, q.G))
		}
		if len(pk) == 0 {
			continue
		}
		if err := fig.Rings(pk, 4); err != nil {
			return err
		}
		if err := fig.Labels(pk, labels); err != nil {
			return err
		}
	}
	fig.LegendAt(false, true) // bottom left: below the content tail at low f
	return fig.Save(path)
}
