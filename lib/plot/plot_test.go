package plot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSave(t *testing.T) {
	dir := t.TempDir()
	build := func(logLog bool) *Figure {
		fig := New("the title", "x axis", "y axis", logLog)
		pts := []XY{{X: 1, Y: 10}, {X: 10, Y: 1000}, {X: 100, Y: 100}}
		if err := fig.Line(pts, 0, "first"); err != nil {
			t.Fatal(err)
		}
		if err := fig.Line(pts[1:], 10, ""); err != nil { // 10 cycles to colour 1
			t.Fatal(err)
		}
		if err := fig.MarkLine(pts[:2], "path"); err != nil {
			t.Fatal(err)
		}
		if err := fig.Rings(pts[1:2], 4); err != nil {
			t.Fatal(err)
		}
		if err := fig.Labels(pts[1:2], []string{"the peak"}); err != nil {
			t.Fatal(err)
		}
		fig.LegendAt(true, true)
		return fig
	}
	svg := filepath.Join(dir, "a.svg")
	if err := build(true).Save(svg); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, want := range []string{"<svg", `width="648pt" height="396pt"`, ">the title<", ">x axis<", ">y axis<", ">first<", ">path<", ">the peak<",
		"stroke:#1F77B4", "stroke:#2CA02C", "stroke:#D62728", "fill:#D62728", ">100<"} {
		if !strings.Contains(s, want) {
			t.Errorf("the SVG has no %q", want)
		}
	}
	if strings.Count(s, ">first<")+strings.Count(s, ">path<") != 2 {
		t.Errorf("the legend should list exactly the two named series")
	}
	for name, magic := range map[string]string{"a.png": "\x89PNG", "a.pdf": "%PDF", "a.unknown": "<?xml"} {
		p := filepath.Join(dir, name)
		if err := build(false).Save(p); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(p)
		if err != nil || !bytes.HasPrefix(b, []byte(magic)) {
			t.Errorf("%s: %v, starts %q, want %q", name, err, b[:min(8, len(b))], magic)
		}
	}
	if err := build(false).Save(filepath.Join(dir, "no", "such", "dir.svg")); err == nil {
		t.Error("saving into a missing folder did not fail")
	}
}

// TestRefused: what gonum draws as nothing or panics on is an error.
func TestRefused(t *testing.T) {
	lin, log := New("", "", "", false), New("", "", "", true)
	zero := []XY{{X: 0, Y: 1}, {X: 1, Y: 2}}
	for name, err := range map[string]error{
		"empty line":             lin.Line(nil, 0, "x"),
		"empty rings":            lin.Rings(nil, 3),
		"labels not one a point": lin.Labels(zero, []string{"a"}),
		"zero on log-log line":   log.Line(zero, 0, ""),
		"zero on log-log path":   log.MarkLine(zero, ""),
		"zero on log-log ring":   log.Rings(zero[:1], 3),
	} {
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := lin.Line(zero, 0, ""); err != nil {
		t.Errorf("zero on linear axes: %v", err)
	}
	if err := log.Save(filepath.Join(t.TempDir(), "empty.svg")); err != nil {
		t.Errorf("an empty log-log chart: %v", err)
	}
}
