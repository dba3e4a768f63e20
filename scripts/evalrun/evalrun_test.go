package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReadRecordedSkipsPerSiteRows(t *testing.T) {
	doc := `# Evaluation

| F1 | big9 (jsonl) |
|---|---|
| ampl | 0.500 |

| set | input | extractor | kind | P | R | F1 | token F1 | pages | errors | CPU s | wall s |
|---|---|---|---|---|---|---|---|---|---|---|---|
| big9 | jsonl | ampl | tool | 0.9 | 0.9 | 0.879 | 0.8 | 180 | 0 | 1 | 1 |
| big9 | warc | ampl | tool | 0.9 | 0.9 | 0.932 | 0.8 | 180 | 0 | 1 | 1 |
| big9 | jsonl | rtdm | tool | - | - | - | - | 0 | FAILED: x | 1 | 1 |

| set | input | extractor | site | pages | P | R | F1 | token F1 |
|---|---|---|---|---|---|---|---|---|
| big9 | jsonl | ampl | a.com | 20 | 1 | 1 | 0.990 | 1 |
`
	path := filepath.Join(t.TempDir(), "EVALUATION.md")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readRecorded(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[[3]string]float64{{"big9", "jsonl", "ampl"}: 0.879, {"big9", "warc", "ampl"}: 0.932}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%v: got %v, want %v", k, got[k], v)
		}
	}
}

func TestSummaryField(t *testing.T) {
	stderr := "rtdm: x.jsonl:3: no body\nrtdm: summary read=180 emitted=180 errors=7 consumed=0 seconds=1.2\n"
	if got := summaryField(stderr, "errors"); got != "7" {
		t.Errorf("errors = %q, want 7", got)
	}
	if got := summaryField(stderr, "missing"); got != "" {
		t.Errorf("missing = %q, want empty", got)
	}
}

func TestCheckView(t *testing.T) {
	safe := `<html><head><title>sstclean: x</title></head><body><div class="b keep">kept</div>` +
		`<div class="b drop">&lt;script&gt;document.title='PWNED'&lt;/script&gt;</div></body></html>`
	if p := checkView("sstclean", safe); len(p) != 0 {
		t.Errorf("safe view: %v", p)
	}
	ran := `<html><head><title>PWNED-onload</title></head><body onload="x()"><div class="b keep">kept</div>` +
		`<a href="javascript:x()">a</a><script>x()</script><div id="pwned-ran"></div></body></html>`
	if p := checkView("sstclean", ran); len(p) != 6 {
		t.Errorf("hostile view: want 6 problems (title, element, script, handler, javascript: URL, no removed mark), got %v", p)
	}
}
