package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/synth"
)

// pages returns a small synthetic site as JSON lines: 8 pages of one template and 2 index
// pages, 10 KB each.
func pages(t *testing.T) string {
	return clitest.SynthJSONL(t, synth.Config{Seed: 7, Sites: 1, PagesPerSite: 10, IndexPages: 2, Templates: 1, PageBytes: 10000})
}

func TestCLI(t *testing.T) {
	in := pages(t)
	var model bytes.Buffer
	if code := run([]string{"rtdm", "learn"}, strings.NewReader(in), &model, &bytes.Buffer{}); code != 0 {
		t.Fatalf("learn: exit %d", code)
	}
	lines := strings.Split(in, "\n")
	page1 := func() string {
		var m map[string]any
		json.Unmarshal([]byte(lines[0]), &m)
		return m["html"].(string)
	}()
	page2 := func() string {
		var m map[string]any
		json.Unmarshal([]byte(lines[1]), &m)
		return m["html"].(string)
	}()
	checkRun := func(t *testing.T, dir, stdout, stderr string) {
		recs := clitest.Records(t, stdout)
		if len(recs) != 10 {
			t.Fatalf("%d records, want 10", len(recs))
		}
		for _, r := range recs {
			_, hasErr := r["error"]
			if r["kind"] == "article" {
				if hasErr || r["title"] != r["gold_title"] {
					t.Errorf("article %v: title %q (gold %q), error %v", r["id"], r["title"], r["gold_title"], r["error"])
				}
				d := r["rtdm"].(map[string]any)
				if d["cost"] == nil || len(d["passages"].([]any)) == 0 {
					t.Errorf("article %v: detail %v", r["id"], d)
				}
			} else if c, ok := r["rtdm"].(map[string]any); ok && c["cluster"] == float64(0) {
				t.Errorf("index page %v matched the articles' pattern", r["id"])
			}
		}
	}
	clitest.Run(t, run, "rtdm", []clitest.Case{
		{Name: "learn", Args: []string{"learn"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)
				if len(r) != 1 || r[0]["tool"] != "rtdm" {
					t.Fatalf("model lines: %v", stdout)
				}
				m := r[0]["model"].(map[string]any)
				// One template, and the two index pages, which cluster apart.
				if n := len(m["patterns"].([]any)); n != 2 {
					t.Errorf("%d patterns, want 2", n)
				}
			}},
		{Name: "apply", Args: []string{"apply", "--drop-html", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": model.String()}, Check: checkRun},
		{Name: "run", Args: []string{"run", "--drop-html", "--content", "off"}, Stdin: in, Check: checkRun},
		{Name: "run-faithful", Args: []string{"run", "--drop-html", "--faithful"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				// The paper's method: every page once; an article extracted has a body of
				// its gold text, one not extracted says why.
				recs := clitest.Records(t, stdout)
				if len(recs) != 10 {
					t.Fatalf("%d records, want 10", len(recs))
				}
				for _, r := range recs {
					text, _ := r["text"].(string)
					if r["kind"] != "article" {
						continue
					}
					if e, ok := r["error"].(string); ok {
						if !strings.HasPrefix(e, "not extracted") || text != "" {
							t.Errorf("article %v: error %q, text %.80q", r["id"], e, text)
						}
						continue
					}
					gold := strings.Fields(r["gold"].(string))
					if len(gold) > 0 && !strings.Contains(text, gold[len(gold)-1]) {
						t.Errorf("article %v: the body lacks the gold's last word %q", r["id"], gold[len(gold)-1])
					}
				}
			}},
		{Name: "show", Args: []string{"show", "--content", "off"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, want := range []string{"<h2>Page</h2>", "ne-pattern of cluster 0", "class=title", "class=body"} {
					if !strings.Contains(stdout, want) {
						t.Errorf("view lacks %q", want)
					}
				}
				if strings.Contains(stdout, "<script") {
					t.Error("view contains a script element")
				}
			}},
		{Name: "dist", Args: []string{"dist", "--algo", "both", "a.html", "b.html"},
			Files: map[string]string{"a.html": page1, "b.html": page2},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)[0]
				if r["rtdm"].(float64) < r["topdown"].(float64) || r["rtdm"].(float64) <= 0 {
					t.Errorf("dist: %v", r)
				}
			}},
		{Name: "dist-same", Args: []string{"dist", "a.html", "a.html"},
			Files: map[string]string{"a.html": page1},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if r := clitest.Records(t, stdout)[0]; r["rtdm"].(float64) != 0 {
					t.Errorf("distance of a page to itself: %v", r)
				}
			}},
		{Name: "dist-one-page", Args: []string{"dist", "a.html"}, Files: map[string]string{"a.html": page1}, Exit: 2},
		{Name: "dist-bad-algo", Args: []string{"dist", "--algo", "zss", "a.html", "a.html"}, Files: map[string]string{"a.html": page1}, Exit: 2},
		{Name: "cluster", Args: []string{"cluster", "--drop-html"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, r := range clitest.Records(t, stdout) {
					c := r["cluster"].(float64)
					if (r["kind"] == "article") != (c == 0) || c < 0 {
						t.Errorf("%v (%v) in cluster %v", r["id"], r["kind"], c)
					}
				}
			}},
		{Name: "bad-linkage", Args: []string{"run", "--linkage", "ward"}, Stdin: in, Exit: 2},
		{Name: "apply-bad-model", Args: []string{"apply", "--model", "$DIR/m.jsonl", "--content", "off"}, Stdin: in,
			Files: map[string]string{"m.jsonl": `{"site":"www.prairie-ledger0.example","tool":"rtdm","version":1,"pages":3,"model":{"patterns":[{"cluster":0,"pages":3,"tree":[{"tag":"html","n":5}]}]}}` + "\n"},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				// A pattern tree whose root claims 5 nodes and has one cannot be decoded:
				// every page of the site is emitted with the error naming it and an empty
				// text, and the run goes on (exit 0).
				recs := clitest.Records(t, stdout)
				if len(recs) != 10 {
					t.Fatalf("%d records, want 10", len(recs))
				}
				for _, r := range recs {
					e, _ := r["error"].(string)
					if !strings.Contains(e, "pattern tree: bad root size") || r["text"] != "" || r["rtdm"] != nil {
						t.Errorf("page %v: error %q, text %.40q, rtdm %v", r["id"], e, r["text"], r["rtdm"])
					}
				}
			}},
	})
}

// TestMaxDepth: a page nested 600 deep is flattened at 512, said once, and keeps its text.
func TestMaxDepth(t *testing.T) { clitest.CheckMaxDepth(t, run, "rtdm", 600) }

// TestJoined: by default the text is the content model's choice, joined with the site
// model's evidence (see clitest.CheckJoined).
func TestJoined(t *testing.T) { clitest.CheckJoined(t, run, "rtdm") }

// TestRunIsLearnApply: run emits what learn then apply emit (see clitest.CheckRunIsLearnApply).
func TestRunIsLearnApply(t *testing.T) { clitest.CheckRunIsLearnApply(t, run, "rtdm") }

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "rtdm", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "rtdm")
}
