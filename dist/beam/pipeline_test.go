package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/chaffkit/chaff/lib/gobuild"
	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/scripts/scale"
	"github.com/klauspost/compress/zstd"
)

// The pipeline runs on prism, Beam's portable runner, in-process and offline, with its
// temporary files in a directory removed at the end (withScratchTemp).
func TestMain(m *testing.M) {
	os.Exit(withScratchTemp(func() int { return ptest.MainRetWithDefault(m, "prism") }))
}

// edges: a page without html (emitted with an error, never sampled), a one-page site, a site
// whose learning fails for some tools (empty pages), and two sites that differ by TAB
// against space.
const edges = `{"id":"edge-nohtml","url":"http://www.granite-herald0.example/nohtml"}
{"id":"edge-lone","url":"http://lone.example/only","html":"<html><body><div id=nav><a href=/>Home</a></div><p>A lone page of a site that has no other page, with enough words to be content.</p></body></html>"}
{"id":"edge-empty-1","url":"http://empty.example/1","html":""}
{"id":"edge-empty-2","url":"http://empty.example/2","html":""}
{"id":"edge-tab","site":"x\ty","url":"http://t.example/1","html":"<p>one tab page words here</p>"}
{"id":"edge-space","site":"x y","url":"http://t.example/2","html":"<div>completely other template</div><p>space page</p>"}
`

const (
	sites        = 5
	pagesPerSite = 10
	testSample   = 4 // fewer than a site's pages: the pipeline must sample the first ones
)

// TestBeamEqualsRun: the pipeline on prism writes exactly the records of `TOOL run` on the
// same files, from WARC files and from JSON lines.
func TestBeamEqualsRun(t *testing.T) {
	root, err := gobuild.ModuleRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cfg := synth.Config{Seed: 7, Sites: sites, PagesPerSite: pagesPerSite, IndexPages: 1, Templates: 2,
		CJK: true, PageBytes: 6000, Interleave: true}
	jsonl, warcs, err := scale.WriteCorpus(dir, cfg, 3)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(jsonl, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(edges)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	tools := []string{"ampl", "rtdm"}
	if os.Getenv("CHAFF_LONG") != "" {
		tools = scale.Tools
	}
	for _, tool := range tools {
		t.Run(tool, func(t *testing.T) {
			dir := t.TempDir()
			if err := gobuild.Build(root, dir, tool); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, tool)
			for _, c := range []struct {
				name   string
				inputs []string
				pages  int
			}{
				{"warc", warcs, sites * pagesPerSite},
				{"jsonl", []string{jsonl}, sites*pagesPerSite + 6},
			} {
				t.Run(c.name, func(t *testing.T) {
					want := runTool(t, bin, append([]string{"run", "--sample", fmt.Sprint(testSample)}, c.inputs...)...)
					out := filepath.Join(t.TempDir(), "out", tool)
					p, s := beam.NewPipelineWithRoot()
					Build(s, Options{Tool: bin, Inputs: c.inputs, Output: out, Shards: 3, Sample: testSample})
					if err := ptest.Run(p); err != nil {
						t.Fatalf("pipeline: %v", err)
					}
					got := readShards(t, out)
					if err := scale.Same(got, false, want); err != nil {
						t.Fatal(err)
					}
					if err := scale.Substantial(want, c.pages); err != nil {
						t.Fatal(err)
					}
				})
			}
		})
	}
}

func runTool(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	var out, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", bin, args, err, stderr.String())
	}
	return out.Bytes()
}

// readShards decompresses and concatenates the output files of prefix.
func readShards(t *testing.T, prefix string) []byte {
	t.Helper()
	names, err := filepath.Glob(prefix + "-*-of-*.jsonl.zst")
	if err != nil || len(names) == 0 {
		t.Fatalf("no output files %s-*: %v", prefix, err)
	}
	var all []byte
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := zstd.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		zr.Close()
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		all = append(all, b...)
	}
	return all
}

func TestOptionsCheck(t *testing.T) {
	ok := Options{Tool: "x", Inputs: []string{"a"}, Output: "o", Shards: 1, Sample: 1}
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	bad := ok
	bad.Inputs = nil
	if bad.Check() == nil {
		t.Fatal("no inputs accepted")
	}
}

func TestExpandInputs(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.warc.gz", "a.warc.gz", "c.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	list := filepath.Join(dir, "paths.txt")
	if err := os.WriteFile(list, []byte("\n/x/one.warc.gz\n  /x/two.warc.gz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ExpandInputs(t.Context(), filepath.Join(dir, "*.warc.gz")+","+filepath.Join(dir, "c.jsonl"), list)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, "a.warc.gz"), filepath.Join(dir, "b.warc.gz"), filepath.Join(dir, "c.jsonl"), "/x/one.warc.gz", "/x/two.warc.gz"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("ExpandInputs:\n got %v\nwant %v", got, want)
	}
	if _, err := ExpandInputs(t.Context(), filepath.Join(dir, "*.none"), ""); err == nil {
		t.Fatal("a glob matching nothing was accepted")
	}
}
