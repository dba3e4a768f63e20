package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/synth"
)

// pages returns two small synthetic sites (one template each, 10 pages of about 10 KB) as
// JSON lines.
func pages(t *testing.T) string {
	return clitest.SynthJSONL(t, synth.Config{Seed: 3, Sites: 2, PagesPerSite: 10, Templates: 1, PageBytes: 10000})
}

func TestCLI(t *testing.T) {
	in := pages(t)
	var model bytes.Buffer
	if code := run([]string{"ampl", "learn"}, strings.NewReader(in), &model, &bytes.Buffer{}); code != 0 {
		t.Fatalf("learn: exit %d", code)
	}
	// Every page comes out once, with text and a site model that fits it (the default
	// searches no peak); articles keep >= 90% of their gold words and lose the template's
	// footer label.
	checkPages := func(t *testing.T, dir, stdout, stderr string) {
		recs := clitest.Records(t, stdout)
		if len(recs) != 20 {
			t.Fatalf("%d records, want 20", len(recs))
		}
		for _, r := range recs {
			text, _ := r["text"].(string)
			d, _ := r["ampl"].(map[string]any)
			if fit, _ := d["fit"].(float64); r["error"] != nil || d == nil || len(d["spans"].([]any)) == 0 || d["peak"] != nil || fit < 0.9 {
				t.Fatalf("page %v: error %v, detail %v", r["id"], r["error"], d)
			}
			if r["kind"] == "article" {
				have := map[string]bool{}
				for _, w := range strings.Fields(text) {
					have[w] = true
				}
				gold := strings.Fields(r["gold"].(string))
				found := 0
				for _, w := range gold {
					if have[w] {
						found++
					}
				}
				if found < len(gold)*9/10 {
					t.Errorf("page %v: %d of %d gold words in the text", r["id"], found, len(gold))
				}
			}
			if strings.Contains(text, "All rights reserved.") {
				t.Errorf("page %v: template footer kept", r["id"])
			}
		}
	}
	clitest.Run(t, run, "ampl", []clitest.Case{
		{Name: "learn", Args: []string{"learn"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)
				if len(r) != 2 || r[0]["tool"] != "ampl" {
					t.Fatalf("model lines: %.300s", stdout)
				}
				// The default learns template windows (--select docs), not strings.
				m := r[0]["model"].(map[string]any)
				w, _ := m["windows"].(map[string]any)
				if m["pages"] != float64(10) || w == nil || w["width"] != float64(32) || w["count"].(float64) < 1000 || m["strings"] != nil {
					t.Fatalf("model: pages %v, windows %.200v, strings %.100v", m["pages"], w, m["strings"])
				}
			}},
		{Name: "apply", Args: []string{"apply", "--drop-html", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": model.String()}, Check: checkPages},
		{Name: "run", Args: []string{"run", "--drop-html", "--content", "off"}, Stdin: in, Check: checkPages},
		// A sample above what --select docs counts means "all of it": accepted, not a usage error.
		{Name: "run-sample-all", Args: []string{"run", "--drop-html", "--content", "off", "--sample", "1000000"}, Stdin: in, Check: checkPages},
		{Name: "run-faithful", Args: []string{"run", "--drop-html", "--faithful"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				// The paper's algorithm: every page once, with the peak it cut at and its
				// kept spans.
				recs := clitest.Records(t, stdout)
				if len(recs) != 20 {
					t.Fatalf("%d records, want 20", len(recs))
				}
				for _, r := range recs {
					d, _ := r["ampl"].(map[string]any)
					if r["error"] != nil || d == nil || d["peak"] == float64(0) || len(d["spans"].([]any)) == 0 {
						t.Errorf("page %v: error %v, detail %v", r["id"], r["error"], d)
					}
				}
			}},
		{Name: "show", Args: []string{"show", "--content", "off"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if !strings.Contains(stdout, `<span style="color:#aaa">`) || strings.Contains(stdout, "<script") {
					t.Fatalf("show: no greyed template, or a live script tag: %.500s", stdout)
				}
			}},
		{Name: "peaks", Args: []string{"peaks", "--max-f", "12", "--svg", "$DIR/peaks.svg"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if !strings.Contains(stdout, "\t10\t") || strings.Count(stdout, "\tmax\n") != 2 {
					t.Fatalf("peaks: want a max row per site at f = 10:\n%s", stdout)
				}
				svg, err := os.ReadFile(filepath.Join(dir, "peaks.svg"))
				if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("f=10")) {
					t.Fatalf("peaks.svg: %v, %d bytes, no peak label", err, len(svg))
				}
			}},
		{Name: "bad-rule", Args: []string{"run", "--rule", "sum"}, Stdin: in, Exit: 2},
		{Name: "apply-bad-model", Args: []string{"apply", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": strings.ReplaceAll(model.String(), fmt.Sprintf(`"version":%d,`, ampl.ModelVersion), `"version":99,`)}, Exit: 1},
	})
}

// TestLearnLargeSample: a sample of more pages than --select docs counts is learned from its
// first ampl.MaxWindowPages pages, with a warning naming the site, not refused.
func TestLearnLargeSample(t *testing.T) {
	a := algo{ampl.Default(), true}
	pages := make([]*page.Page, ampl.MaxWindowPages+1)
	for i := range pages {
		pages[i] = &page.Page{HTML: fmt.Sprintf("<p>the same header of every page</p><p>page %d</p>", i)}
	}
	m, err := a.Learn("big.example", pages)
	if err != nil {
		t.Fatal(err)
	}
	w := m.(cli.Warner).Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "big.example") || !strings.Contains(w[0], fmt.Sprint(ampl.MaxWindowPages+1)) {
		t.Fatalf("warnings %q", w)
	}
	if f, _ := m.Apply(pages[len(pages)-1]); len(f.Template) == 0 {
		t.Fatalf("the shared header is not template on the page left out of learning: %+v", f)
	}
}

// TestJoined: by default the text is the content model's choice, joined with the site
// model's evidence (see clitest.CheckJoined).
func TestJoined(t *testing.T) { clitest.CheckJoined(t, run, "ampl") }

// TestRunIsLearnApply: run emits what learn then apply emit (see clitest.CheckRunIsLearnApply).
func TestRunIsLearnApply(t *testing.T) { clitest.CheckRunIsLearnApply(t, run, "ampl") }

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "ampl", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "ampl")
}
