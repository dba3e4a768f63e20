package main

import (
	"bufio"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/record"
	ucli "github.com/urfave/cli/v2"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
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
			order, bySite := e.SamplePerSite(c.String("site"))
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

type siteCurve struct {
	site  string
	curve *ampl.Curve
	peaks []ampl.Peak
}

// writePlot draws F(f) on log-log axes, one line per site, the peaks as red circles
// labelled with their f, like Figs. 2 and 5-7 of the paper.
func writePlot(path string, curves []siteCurve, maxF int) error {
	p := plot.New()
	p.Title.Text = "substring amplification: F(f)"
	if len(curves) == 1 {
		p.Title.Text += " of " + curves[0].site
	}
	p.X.Label.Text = "f (frequency)"
	p.Y.Label.Text = "F(f)"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	palette := []color.Color{
		color.RGBA{31, 119, 180, 255}, color.RGBA{44, 160, 44, 255}, color.RGBA{148, 103, 189, 255},
		color.RGBA{140, 86, 75, 255}, color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255},
		color.RGBA{188, 189, 34, 255}, color.RGBA{23, 190, 207, 255}, color.RGBA{255, 127, 14, 255},
	}
	red := color.RGBA{214, 39, 40, 255}
	for i, sc := range curves {
		var xys plotter.XYs
		for _, f := range sc.curve.Points() {
			if maxF > 0 && f > maxF {
				break
			}
			xys = append(xys, plotter.XY{X: float64(f), Y: float64(sc.curve.F[f])})
		}
		if len(xys) == 0 {
			continue
		}
		line, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		line.Color = palette[i%len(palette)]
		line.Width = vg.Points(0.8)
		p.Add(line)
		if len(curves) > 1 {
			p.Legend.Add(sc.site, line)
		}
		var pk plotter.XYs
		var labels []string
		for _, q := range sc.peaks {
			if maxF > 0 && q.F > maxF {
				continue
			}
			pk = append(pk, plotter.XY{X: float64(q.F), Y: float64(sc.curve.F[q.F])})
			labels = append(labels, fmt.Sprintf("f=%d G=%.3g", q.F, q.G))
		}
		if len(pk) == 0 {
			continue
		}
		dots, err := plotter.NewScatter(pk)
		if err != nil {
			return err
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: red, Radius: vg.Points(4), Shape: draw.RingGlyph{}}
		p.Add(dots)
		lab, err := plotter.NewLabels(plotter.XYLabels{XYs: pk, Labels: labels})
		if err != nil {
			return err
		}
		for k := range lab.TextStyle {
			lab.TextStyle[k].Color = red
			lab.TextStyle[k].XAlign = draw.XLeft
		}
		lab.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(2)}
		p.Add(lab)
	}
	p.Legend.Left = true // bottom left: below the content tail at low f
	format := "svg"
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		format = "png"
	case ".pdf":
		format = "pdf"
	}
	w, err := p.WriterTo(9*vg.Inch, 5.5*vg.Inch, format)
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
