package main

import (
	"bufio"
	"fmt"
	"image/color"
	"os"
	"slices"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// pathCommand is `ngramcut path`: per site, the search path (n, a, A) as TSV on stdout,
// and with --svg a plot of the alternation counts around it for one site.
func pathCommand(t *cli.Tool) *ucli.Command {
	return &ucli.Command{
		Name:      "path",
		Usage:     "per site: the cut points FindOptimal visits, as TSV site, step, n, a, A (the last step is the cut point); --svg plots A(n) around it",
		ArgsUsage: "[input ...]",
		Flags: slices.Concat(cli.InputFlags(), cli.LearnFlags(), t.Flags, []ucli.Flag{
			&ucli.StringFlag{Name: "svg", Usage: "write a plot of A(n) for a around the cut point, with the path, to this file (the first site, or --site)"},
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
	p := plot.New()
	p.Title.Text = fmt.Sprintf("n-gram alternation counts of %s: cut point (%d, %d)", site, m.N, m.A)
	p.X.Label.Text = "n (n-gram length)"
	p.Y.Label.Text = "alternation count A(n, a)"
	p.Add(plotter.NewGrid())
	palette := []color.Color{
		color.RGBA{31, 119, 180, 255}, color.RGBA{44, 160, 44, 255}, color.RGBA{148, 103, 189, 255},
		color.RGBA{140, 86, 75, 255}, color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255},
	}
	lo := max(1, m.A-3)
	for a := lo; a <= maxA; a++ {
		var xys plotter.XYs
		for i, row := range grid {
			xys = append(xys, plotter.XY{X: float64(i + 2), Y: float64(row[a-1])})
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		line.Color = palette[(a-lo)%len(palette)]
		line.Width = vg.Points(0.8)
		p.Add(line)
		label := fmt.Sprintf("a = %d%%", a)
		if o.MinDocFrac > 0 {
			label = fmt.Sprintf("df >= %.2f", o.MinDocFrac)
		}
		p.Legend.Add(label, line)
	}
	red := color.RGBA{214, 39, 40, 255}
	var steps plotter.XYs
	for _, st := range m.Path {
		steps = append(steps, plotter.XY{X: float64(st.N), Y: float64(st.Alt)})
	}
	pl, err := plotter.NewLine(steps)
	if err != nil {
		return err
	}
	pl.Color, pl.Width = red, vg.Points(1)
	p.Add(pl)
	p.Legend.Add("path", pl)
	dots, err := plotter.NewScatter(steps)
	if err != nil {
		return err
	}
	dots.GlyphStyle = draw.GlyphStyle{Color: red, Radius: vg.Points(3), Shape: draw.RingGlyph{}}
	p.Add(dots)
	last := steps[len(steps)-1:]
	lab, err := plotter.NewLabels(plotter.XYLabels{XYs: last, Labels: []string{fmt.Sprintf("(%d, %d) A=%d", m.N, m.A, m.Path[len(m.Path)-1].Alt)}})
	if err != nil {
		return err
	}
	for k := range lab.TextStyle {
		lab.TextStyle[k].Color = red
		lab.TextStyle[k].XAlign = draw.XLeft
	}
	lab.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(2)}
	p.Add(lab)
	p.Legend.Top = true
	w, err := p.WriterTo(9*vg.Inch, 5.5*vg.Inch, "svg")
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
