package main

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/plot"
	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
)

// peaksCommand is `ampl peaks`: per site, the curve f, V(f), F(f), G(f) as TSV on stdout,
// and with --svg a log-log plot of F(f) with the peaks marked.
func peaksCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "peaks",
		Usage:     "per site: f, V(f), F(f), G(f) as TSV (peak column: max = the maximal peak, peak = another selected peak), and a log-log plot of F(f) (--svg)",
		ArgsUsage: "[input ...]",
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
			order, bySite, known := sampleSites(e, c.String("site"))
			if len(order) == 0 && c.String("site") != "" {
				e.Warnf("%s", noSuchSite(c.String("site"), known))
				e.Close()
				return ucli.Exit("", cli.ExitFailure)
			}
			out := bufio.NewWriter(e.Stdout())
			fmt.Fprintln(out, "site\tf\tV\tF\tG\tpeak")
			maxF := c.Int("max-f")
			var curves []siteCurve
			for _, s := range order {
				a, err := ampl.Analyze(record.HTMLs(bySite[s]), o)
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

// sampleSites is e.SamplePerSite(only), which with only set also counts the pages of the
// other sites (known), so that a --site naming no site of the input can say which there are.
func sampleSites(e *cli.Env, only string) (sites []string, pages map[string][]*record.Record, known map[string]int) {
	if only == "" {
		sites, pages = e.SamplePerSite("")
		return sites, pages, nil
	}
	sample := e.Ctx.Int(cli.FlagSample)
	pages = map[string][]*record.Record{}
	known = map[string]int{}
	for {
		rec, err := e.Next()
		if err != nil {
			break
		}
		if !e.HasHTML(rec) {
			continue
		}
		s := e.SiteOf(rec)
		known[s]++
		if s != only || (sample > 0 && len(pages[s]) >= sample) {
			e.Consume(rec, "not-sampled")
			continue
		}
		if pages[s] == nil {
			sites = append(sites, s)
		}
		pages[s] = append(pages[s], rec)
		e.Consume(rec, "counted")
	}
	return sites, pages, known
}

// noSuchSite says that the input has no page of site, and names a few of the sites it has
// (the largest first).
func noSuchSite(site string, known map[string]int) string {
	if len(known) == 0 {
		return fmt.Sprintf("no page of site %q: the input has no page with html", site)
	}
	names := make([]string, 0, len(known))
	for s := range known {
		names = append(names, s)
	}
	slices.SortFunc(names, func(a, b string) int {
		if known[a] != known[b] {
			return known[b] - known[a]
		}
		return strings.Compare(a, b)
	})
	const few = 5
	var list []string
	for _, s := range names[:min(few, len(names))] {
		list = append(list, fmt.Sprintf("%s (%d pages)", s, known[s]))
	}
	more := ""
	if len(names) > few {
		more = fmt.Sprintf(" and %d more", len(names)-few)
	}
	return fmt.Sprintf("no page of site %q; the input's sites (keys as --site-key makes them): %s%s",
		site, strings.Join(list, ", "), more)
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
