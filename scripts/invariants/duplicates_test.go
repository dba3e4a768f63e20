// Package invariants checks properties every tool must keep whatever the
// algorithm: here, that a page crawled twice changes nothing.
package invariants

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

var tools = []string{"ngramcut", "ampl", "sstclean", "rtdm"}

// build compiles the tools into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	clitest.BuildTools(t, bin, tools...)
	return bin
}

// withDuplicates returns the JSON lines with, after the first page of each site, two copies of
// it under other ids and URLs: one byte for byte (a re-crawl, one page reachable at two
// addresses), one with a comment added (a crawler's stamp; the visible text is the same).
func withDuplicates(t *testing.T, lines []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	seen := map[string]bool{}
	for _, line := range bytes.Split(bytes.TrimSpace(lines), []byte("\n")) {
		out.Write(line)
		out.WriteByte('\n')
		var r map[string]any
		if err := json.Unmarshal(line, &r); err != nil {
			t.Fatal(err)
		}
		site, _ := r["site"].(string)
		if seen[site] {
			continue
		}
		seen[site] = true
		id, url, html := r["id"].(string), r["url"].(string), r["html"].(string)
		for i, copyHTML := range []string{html, html + "<!-- crawled again 2026-11-23 -->"} {
			r["id"] = fmt.Sprintf("%s-copy%d", id, i)
			r["url"] = fmt.Sprintf("%s?copy=%d", url, i)
			r["html"] = copyHTML
			b, _ := json.Marshal(r)
			out.Write(b)
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// texts runs `tool run --drop-html` over the input and returns each page's text by id.
func texts(t *testing.T, exe string, input []byte) map[string]string {
	t.Helper()
	cmd := exec.Command(exe, "run", "--drop-html")
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s run: %v\n%s", filepath.Base(exe), err, stderr.String())
	}
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var r struct {
			ID   string `json:"id"`
			Text string `json:"text"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad output line %.100q: %v", line, err)
		}
		m[r.ID] = r.Text
	}
	return m
}

// checkDuplicates runs every tool with and without the copies and fails on a page whose text
// the copies change a lot (shingle F1 of the two texts under 0.8), and on a copy whose text is
// far from its original's in the same run. A learner may shift a little with one more sample
// page; it must not lose the content of the copied page.
func checkDuplicates(t *testing.T, bin string, input []byte) {
	dup := withDuplicates(t, input)
	for _, tool := range tools {
		exe := filepath.Join(bin, tool)
		before, after := texts(t, exe, input), texts(t, exe, dup)
		changed, bad := 0, 0
		worst, worstID := 1.0, ""
		compare := func(id, got, want, what string) {
			if got == want {
				return
			}
			changed++
			f1, _ := metric.ShingleCounts(got, want).F1()
			if want == "" && got != "" {
				f1 = 1 // content gained is not lost
			}
			if f1 < worst {
				worst, worstID = f1, id
			}
			if f1 < 0.8 {
				bad++
				if bad <= 3 {
					t.Errorf("%s: page %s: %d characters %s, %d with copies of its site's first page (F1 %.2f)", tool, id, len(want), what, len(got), f1)
				}
			}
		}
		for id, want := range before {
			got, ok := after[id]
			if !ok {
				t.Errorf("%s: page %s missing with the copies", tool, id)
				continue
			}
			compare(id, got, want, "alone")
			for i := range 2 {
				if c, ok := after[fmt.Sprintf("%s-copy%d", id, i)]; ok {
					compare(fmt.Sprintf("%s-copy%d", id, i), c, got, "in its original")
				}
			}
		}
		t.Logf("%s: %d of %d pages changed with the copies (copies compared with their original); lowest F1 %.3f (%s)", tool, changed, len(after), worst, worstID)
	}
}

// TestDuplicatePage: on synthetic sites, two copies of each site's first page change no
// page's extracted text, for every tool.
func TestDuplicatePage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every tool")
	}
	var b bytes.Buffer
	if err := synth.WriteJSONL(&b, synth.DefaultConfig()); err != nil {
		t.Fatal(err)
	}
	checkDuplicates(t, build(t), b.Bytes())
}

// TestDuplicatePageRealData is the same on big9-2005-2013 (CHAFF_LONG=1, ../shared/data).
func TestDuplicatePageRealData(t *testing.T) {
	if os.Getenv("CHAFF_LONG") == "" {
		t.Skip("set CHAFF_LONG=1 to check on ../shared/data")
	}
	if devdata.Dir() == "" {
		t.Skip("../shared/data is absent")
	}
	pages, err := devdata.Read("big9-2005-2013")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	for _, p := range pages {
		if err := enc.Encode(p); err != nil {
			t.Fatal(err)
		}
	}
	checkDuplicates(t, build(t), b.Bytes())
}
