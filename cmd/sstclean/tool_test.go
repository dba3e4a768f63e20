package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/synth"
)

// pages returns a small synthetic site as JSON lines: 10 pages of two templates, 2 of them
// index pages, about 10 KB each.
func pages(t *testing.T) string {
	return clitest.SynthJSONL(t, synth.Config{Seed: 5, Sites: 1, PagesPerSite: 10, IndexPages: 2, Templates: 2, PageBytes: 10000})
}

// checkText checks that every article keeps its title and that every page (some pages, when
// not strict: the faithful algorithm keeps whole a page whose body style is new) has noisy
// parts removed.
func checkText(t *testing.T, dir, stdout, stderr string) { checkPages(t, stdout, true) }

func checkLoose(t *testing.T, dir, stdout, stderr string) { checkPages(t, stdout, false) }

func checkPages(t *testing.T, stdout string, strict bool) {
	recs := clitest.Records(t, stdout)
	noisyPages := 0
	if len(recs) != 10 {
		t.Fatalf("%d records, want 10", len(recs))
	}
	for _, r := range recs {
		if r["error"] != nil {
			t.Errorf("%v: error %v", r["id"], r["error"])
			continue
		}
		if _, ok := r["html"]; ok {
			t.Errorf("%v: --drop-html left html", r["id"])
		}
		d, ok := r["sstclean"].(map[string]any)
		if !ok || d["kept"].(float64) <= 0 || (strict && d["noisy"].(float64) <= 0) {
			t.Errorf("%v: detail %v", r["id"], r["sstclean"])
		}
		if ok && d["noisy"].(float64) > 0 {
			noisyPages++
		}
		text, _ := r["text"].(string)
		if r["kind"] == "article" && !strings.Contains(text, r["gold_title"].(string)) {
			t.Errorf("%v: title %q not in text %q", r["id"], r["gold_title"], text)
		}
	}
	if noisyPages < len(recs)/2 {
		t.Errorf("noise removed on %d pages of %d", noisyPages, len(recs))
	}
}

func TestCLI(t *testing.T) {
	in := pages(t)
	var model, stderr bytes.Buffer
	if code := run([]string{"sstclean", "learn"}, strings.NewReader(in), &model, &stderr); code != 0 {
		t.Fatalf("learn: exit %d: %s", code, stderr.String())
	}
	clitest.Run(t, run, "sstclean", []clitest.Case{
		{Name: "learn", Args: []string{"learn"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)
				if len(r) != 1 || r[0]["tool"] != "sstclean" || r[0]["version"] != float64(1) {
					t.Fatalf("model lines: %.300s", stdout)
				}
				m := r[0]["model"].(map[string]any)
				if m["mode"] != "merge" || m["root"] == nil || m["pages"] != float64(10) {
					t.Errorf("model %.300v", m)
				}
			}},
		{Name: "learn-faithful", Args: []string{"learn", "--faithful", "-t", "0.4"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				m := clitest.Records(t, stdout)[0]["model"].(map[string]any)
				if m["mode"] != "faithful" || m["t"] != 0.4 || m["local_noise"] != nil || m["records"] != nil {
					t.Errorf("faithful model options: mode %v t %v local %v records %v", m["mode"], m["t"], m["local_noise"], m["records"])
				}
			}},
		{Name: "apply", Args: []string{"apply", "--drop-html", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": model.String()}, Check: checkText},
		{Name: "run", Args: []string{"run", "--drop-html", "--content", "off"}, Stdin: in, Check: checkText},
		{Name: "run-faithful", Args: []string{"run", "--drop-html", "--faithful"}, Stdin: in, Check: checkLoose},
		{Name: "run-collapse", Args: []string{"run", "--drop-html", "--mode", "collapse", "--local-noise", "0", "--content", "off"}, Stdin: in, Check: checkLoose},
		{Name: "show", Args: []string{"show", "--content", "off"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, want := range []string{"site style tree", "ci=", `class="b drop"`, `class="b keep"`} {
					if !strings.Contains(stdout, want) {
						t.Errorf("view lacks %q", want)
					}
				}
				if strings.Contains(stdout, "<script") {
					t.Error("view contains a script element")
				}
			}},
		{Name: "bad-mode", Args: []string{"run", "--mode", "zigzag"}, Stdin: in, Exit: 2},
		{Name: "bad-threshold", Args: []string{"run", "-t", "1.5"}, Stdin: in, Exit: 2},
		// A bad option value is a usage error before any input is read (not a per-page error).
		{Name: "bad-records", Args: []string{"run", "--records", "-1", "nonexistent.jsonl"}, Exit: 2},
		{Name: "apply-old-model", Args: []string{"apply", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in, Exit: 1,
			Files: map[string]string{"m.jsonl": strings.ReplaceAll(model.String(), `"version":1`, `"version":0`)}},
	})
}

// TestMaxDepth: a page nested 600 deep is flattened at 512, said once, and keeps its text.
func TestMaxDepth(t *testing.T) { clitest.CheckMaxDepth(t, run, "sstclean", 600) }

// TestJoined: by default the text is the content model's choice, joined with the site
// model's evidence (see clitest.CheckJoined).
func TestJoined(t *testing.T) { clitest.CheckJoined(t, run, "sstclean") }

// TestRunIsLearnApply: run emits what learn then apply emit (see clitest.CheckRunIsLearnApply).
func TestRunIsLearnApply(t *testing.T) { clitest.CheckRunIsLearnApply(t, run, "sstclean") }

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "sstclean", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "sstclean")
}
