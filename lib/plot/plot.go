package plot

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// XY is a point of a series (gonum's plotter.XY, so callers need not import gonum).
type XY = plotter.XY

// Figure is one chart being built.
type Figure struct {
	p      *gonum.Plot
	logLog bool
	drawn  bool // something was added
}

// palette colours the series in order: matplotlib's tab10 with red left out (red is for the
// marks) and orange last.
var palette = []color.Color{
	color.RGBA{31, 119, 180, 255}, color.RGBA{44, 160, 44, 255}, color.RGBA{148, 103, 189, 255},
	color.RGBA{140, 86, 75, 255}, color.RGBA{227, 119, 194, 255}, color.RGBA{127, 127, 127, 255},
	color.RGBA{188, 189, 34, 255}, color.RGBA{23, 190, 207, 255}, color.RGBA{255, 127, 14, 255},
}

// red is the colour of the marks: the points a chart is about.
var red = color.RGBA{214, 39, 40, 255}

// New starts a chart with a grid; logLog puts both axes on log scales with log ticks.
func New(title, xLabel, yLabel string, logLog bool) *Figure {
	p := gonum.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	if logLog {
		p.X.Scale, p.Y.Scale = gonum.LogScale{}, gonum.LogScale{}
		p.X.Tick.Marker, p.Y.Tick.Marker = gonum.LogTicks{Prec: -1}, gonum.LogTicks{Prec: -1}
	}
	p.Add(plotter.NewGrid())
	return &Figure{p: p, logLog: logLog}
}

// check refuses what gonum would draw as nothing or panic on: no points, and points off a
// log scale.
func (f *Figure) check(pts []XY) (plotter.XYs, error) {
	if len(pts) == 0 {
		return nil, errors.New("plot: a series without points")
	}
	if f.logLog {
		for _, p := range pts {
			if !(p.X > 0 && p.Y > 0) {
				return nil, fmt.Errorf("plot: point (%g, %g) is not positive, on log-log axes", p.X, p.Y)
			}
		}
	}
	f.drawn = true
	return plotter.XYs(pts), nil
}

// Line adds a series drawn as a thin line in the palette's colour number series (cycling);
// legend names it in the legend ("": not listed).
func (f *Figure) Line(pts []XY, series int, legend string) error {
	return f.line(pts, palette[series%len(palette)], 0.8, legend)
}

// MarkLine adds a red line through pts (a path of points of interest), named legend in the
// legend ("": not listed).
func (f *Figure) MarkLine(pts []XY, legend string) error {
	return f.line(pts, red, 1, legend)
}

func (f *Figure) line(pts []XY, c color.Color, width float64, legend string) error {
	xys, err := f.check(pts)
	if err != nil {
		return err
	}
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.Color, l.Width = c, vg.Points(width)
	f.p.Add(l)
	if legend != "" {
		f.p.Legend.Add(legend, l)
	}
	return nil
}

// Rings marks pts with red rings of the given radius in points (1/72 inch).
func (f *Figure) Rings(pts []XY, radius float64) error {
	xys, err := f.check(pts)
	if err != nil {
		return err
	}
	s, err := plotter.NewScatter(xys)
	if err != nil {
		return err
	}
	s.GlyphStyle = draw.GlyphStyle{Color: red, Radius: vg.Points(radius), Shape: draw.RingGlyph{}}
	f.p.Add(s)
	return nil
}

// Labels writes labels[i] in red just right of and above pts[i] (one label a point).
func (f *Figure) Labels(pts []XY, labels []string) error {
	xys, err := f.check(pts)
	if err != nil {
		return err
	}
	if len(labels) != len(pts) {
		return fmt.Errorf("plot: %d labels for %d points", len(labels), len(pts))
	}
	l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
	if err != nil {
		return err
	}
	for k := range l.TextStyle {
		l.TextStyle[k].Color = red
		l.TextStyle[k].XAlign = draw.XLeft
	}
	l.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(2)}
	f.p.Add(l)
	return nil
}

// LegendAt puts the legend in a corner: top or bottom, left or right.
func (f *Figure) LegendAt(top, left bool) {
	f.p.Legend.Top, f.p.Legend.Left = top, left
}

// Save writes the chart to path, 9 × 5.5 inches: PNG or PDF when the name ends in .png or
// .pdf, else SVG. The file is closed before Save returns. A chart with nothing on it is
// drawn as empty axes.
func (f *Figure) Save(path string) error {
	if f.logLog && !f.drawn {
		// gonum's default range of an empty axis, -1 to 1, is off a log scale.
		f.p.X.Min, f.p.X.Max, f.p.Y.Min, f.p.Y.Max = 1, 10, 1, 10
	}
	format := "svg"
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		format = "png"
	case ".pdf":
		format = "pdf"
	}
	w, err := f.p.WriterTo(9*vg.Inch, 5.5*vg.Inch, format)
	if err != nil {
		return err
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := w.WriteTo(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
