package main

import (
	"bytes"
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/synth"
)

// pages returns two small synthetic sites (one template each, 8 pages of about 6 KB) as
// JSON lines.
func pages(t *testing.T) string {
	return clitest.SynthJSONL(t, synth.Config{Seed: 3, Sites: 2, PagesPerSite: 8, Templates: 1, PageBytes: 6000})
}

// modern spells out the default options (see lib/ngramcut README): a document-frequency
// cut at n = 20 and kept runs of at least 150 characters.
var modern = []string{"--min-doc-frac", "0.2", "--n", "20", "--min-run", "150"}

func TestCLI(t *testing.T) {
	in := pages(t)
	tiny := clitest.SynthJSONL(t, synth.Config{Seed: 5, Sites: 1, PagesPerSite: 3, Templates: 1, PageBytes: 1500})
	var model bytes.Buffer
	if code := run(append([]string{"ngramcut", "learn"}, modern...), strings.NewReader(in), &model, &bytes.Buffer{}); code != 0 {
		t.Fatalf("learn: exit %d", code)
	}
	// Every page comes out once with text and its detail; with the modern options the
	// articles keep >= 80% of their gold words and lose the template's footer label.
	checkPages := func(strict bool) func(t *testing.T, dir, stdout, stderr string) {
		return func(t *testing.T, dir, stdout, stderr string) {
			recs := clitest.Records(t, stdout)
			if len(recs) != 16 {
				t.Fatalf("%d records, want 16", len(recs))
			}
			for _, r := range recs {
				text, _ := r["text"].(string)
				d, _ := r["ngramcut"].(map[string]any)
				if r["error"] != nil || d == nil || d["n"] == nil || d["a"] == nil || d["spans"] == nil {
					t.Fatalf("page %v: error %v, detail %v", r["id"], r["error"], d)
				}
				if !strict {
					continue
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
					if found < len(gold)*8/10 {
						t.Errorf("page %v: %d of %d gold words in the text", r["id"], found, len(gold))
					}
				}
				if strings.Contains(text, "All rights reserved.") {
					t.Errorf("page %v: template footer kept", r["id"])
				}
			}
		}
	}
	clitest.Run(t, run, "ngramcut", []clitest.Case{
		{Name: "learn", Args: []string{"learn", "--faithful"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)
				if len(r) != 2 || r[0]["tool"] != "ngramcut" {
					t.Fatalf("model lines: %.300s", stdout)
				}
				m := r[0]["model"].(map[string]any)
				if m["pages"] != float64(8) || m["n"].(float64) < 2 || len(m["path"].([]any)) == 0 || m["w"] == "" {
					t.Fatalf("model: %.300v", m)
				}
			}},
		{Name: "learn-modern", Args: append([]string{"learn"}, modern...), Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				// One model per site at the fixed cut (20, the document-frequency cut), with
				// a page share for each n-gram of W.
				r := clitest.Records(t, stdout)
				if len(r) != 2 {
					t.Fatalf("%d model lines, want 2", len(r))
				}
				for _, l := range r {
					m := l["model"].(map[string]any)
					df, _ := base64.StdEncoding.DecodeString(m["w_df"].(string))
					if m["n"] != float64(20) || m["a"] != float64(0) || m["min_doc_frac"] != 0.2 || len(df) == 0 {
						t.Errorf("site %v: n %v a %v min_doc_frac %v, %d shares", l["site"], m["n"], m["a"], m["min_doc_frac"], len(df))
					}
				}
			}},
		{Name: "apply", Args: []string{"apply", "--drop-html", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": model.String()}, Check: checkPages(true)},
		{Name: "run", Args: []string{"run", "--drop-html", "--content", "off"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				checkPages(true)(t, dir, stdout, stderr)
				if strings.Contains(stderr, "warning") {
					t.Fatalf("the default run warns: %s", stderr)
				}
			}},
		{Name: "run-faithful", Args: []string{"run", "--drop-html", "--faithful"}, Stdin: in, Check: checkPages(false)},
		{Name: "run-modern", Args: append([]string{"run", "--drop-html", "--content", "off"}, modern...), Stdin: in, Check: checkPages(true)},
		{Name: "run-search-bridge", Args: []string{"run", "--drop-html", "--n", "0", "--bridge", "--max-n", "40", "--content", "off"}, Stdin: in, Check: checkPages(false)},
		{Name: "run-forced-byte", Args: []string{"run", "--drop-html", "--unit", "byte", "--n", "24", "--a", "10", "--delims", "--content", "off"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, r := range clitest.Records(t, stdout) {
					d := r["ngramcut"].(map[string]any)
					if d["n"] != float64(24) || d["a"] != float64(10) {
						t.Fatalf("forced cut point not used: %v", d)
					}
				}
			}},
		{Name: "show", Args: append([]string{"show", "--content", "off"}, modern...), Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if !strings.Contains(stdout, `<span style="color:#aaa">`) || !strings.Contains(stdout, `<b style="color:#000">`) {
					t.Fatalf("show: no grey or no black parts: %.500s", stdout)
				}
				if strings.Contains(stdout, "<script") || strings.Contains(stdout, "<style>") {
					t.Fatalf("show: a live tag of the page: %.500s", stdout)
				}
				if !strings.Contains(stdout, "▢▢▢") {
					t.Fatalf("show: no elided grey run")
				}
			}},
		{Name: "path", Args: []string{"path", "--faithful", "--svg", "$DIR/path.svg"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				lines := strings.Split(strings.TrimSpace(stdout), "\n")
				if lines[0] != "site\tstep\tn\ta\tA" || len(lines) < 3 || !strings.Contains(lines[1], "\t0\t2\t1\t") {
					t.Fatalf("path: want a header and paths starting at (2, 1):\n%s", stdout)
				}
				svg, err := os.ReadFile(filepath.Join(dir, "path.svg"))
				if err != nil || !bytes.Contains(svg, []byte("<svg")) || !bytes.Contains(svg, []byte("path")) {
					t.Fatalf("path.svg: %v, %d bytes", err, len(svg))
				}
			}},
		// Snapping is on by default and off under --faithful unless asked for (on a
		// tiny site, to keep the expected models small).
		{Name: "learn-snap-default", Args: []string{"learn", "--n", "12", "--a", "5"}, Stdin: tiny, Check: snapIs(true)},
		{Name: "learn-snap-faithful", Args: []string{"learn", "--faithful", "--n", "12", "--a", "5"}, Stdin: tiny, Check: snapIs(false)},
		{Name: "learn-snap-faithful-asked", Args: []string{"learn", "--faithful", "--snap", "--n", "12", "--a", "5"}, Stdin: tiny, Check: snapIs(true)},
		{Name: "learn-snap-off", Args: []string{"learn", "--snap=false", "--n", "12", "--a", "5"}, Stdin: tiny, Check: snapIs(false)},
		// A cut point that covers every character empties every page: the run goes on
		// and says so once for the site on stderr.
		{Name: "run-empty-cut", Args: []string{"run", "--drop-html", "--faithful", "--n", "2", "--a", "100"}, Stdin: tiny,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if n := strings.Count(stderr, "warning: the cut point (2, 100) covers every character of the 3 sample pages"); n != 1 {
					t.Fatalf("want one warning for the site, got %d:\n%s", n, stderr)
				}
				recs := clitest.Records(t, stdout)
				if len(recs) != 3 {
					t.Fatalf("%d pages out, want 3", len(recs))
				}
				for _, r := range recs {
					if r["text"] != "" {
						t.Fatalf("page %v: text %.100q under a cut that covers everything", r["id"], r["text"])
					}
				}
			}},
		{Name: "bad-unit", Args: []string{"run", "--unit", "word"}, Stdin: in, Exit: 2},
		{Name: "bad-cut", Args: []string{"run", "--faithful", "--n", "12"}, Stdin: in, Exit: 2},
		{Name: "path-modern", Args: []string{"path", "--n", "0", "--max-n", "30"}, Stdin: in},
		{Name: "apply-bad-model", Args: []string{"apply", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": strings.ReplaceAll(model.String(), `"version":2,`, `"version":99,`)}, Exit: 1},
	})
}

// snapIs checks the "snap" member of every model line.
func snapIs(want bool) func(t *testing.T, dir, stdout, stderr string) {
	return func(t *testing.T, dir, stdout, stderr string) {
		for _, r := range clitest.Records(t, stdout) {
			m := r["model"].(map[string]any)
			if got, _ := m["snap"].(bool); got != want {
				t.Fatalf("site %v: snap %v, want %v", r["site"], m["snap"], want)
			}
		}
	}
}

// TestMaxSamplePage: a page longer than --max-sample-page is learned from by its first
// bytes, reported once on stderr, and still applied whole.
func TestMaxSamplePage(t *testing.T) {
	in := pages(t)
	var stdout, stderr bytes.Buffer
	args := []string{"ngramcut", "run", "--max-sample-page", "3000"}
	if code := run(args, strings.NewReader(in), &stdout, &stderr); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr.String())
	}
	recs := clitest.Records(t, stdout.String())
	if len(recs) != 16 {
		t.Fatalf("%d records, want 16", len(recs))
	}
	reached := 0 // pages with a kept span past the sampled bytes
	for _, r := range recs {
		id, _ := r["id"].(string)
		html, _ := r["html"].(string)
		if n := strings.Count(stderr.String(), "(id \""+id+"\"): learning from the first"); len(html) > 3000 && n != 1 {
			t.Errorf("page %s (%d bytes): reported %d times, want once:\n%s", id, len(html), n, stderr.String())
		}
		d, _ := r["ngramcut"].(map[string]any)
		spans, _ := d["spans"].([]any)
		if len(spans) > 0 {
			last, _ := spans[len(spans)-1].([]any)
			if end, _ := last[1].(float64); end > 3000 {
				reached++
			}
		}
	}
	if reached == 0 {
		t.Errorf("no page kept anything past its first 3000 bytes: pages not applied whole")
	}
	// Without the limit (0) nothing is reported.
	stderr.Reset()
	if code := run([]string{"ngramcut", "run", "--max-sample-page", "0"}, strings.NewReader(in), &bytes.Buffer{}, &stderr); code != 0 || strings.Contains(stderr.String(), "learning from the first") {
		t.Fatalf("--max-sample-page 0: exit %d, stderr %s", code, stderr.String())
	}
}

// TestJoined: by default the text is the content model's choice, joined with the site
// model's evidence (see clitest.CheckJoined).
func TestJoined(t *testing.T) { clitest.CheckJoined(t, run, "ngramcut") }

// TestRunIsLearnApply: run emits what learn then apply emit (see clitest.CheckRunIsLearnApply).
func TestRunIsLearnApply(t *testing.T) { clitest.CheckRunIsLearnApply(t, run, "ngramcut") }

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "ngramcut", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "ngramcut")
}
