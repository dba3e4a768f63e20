package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/chaffkit/chaff/lib/clitest"
)

// fixture returns the named testdata files as clitest case files.
func fixture(names ...string) map[string]string {
	files := map[string]string{}
	for _, n := range names {
		files[n] = readFile(filepath.Join("testdata", n))
	}
	return files
}

func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// The cases run in a fresh directory holding their Files; expected outputs are in
// testdata/cli/<name>.stdout and .stderr (go test -update rewrites them for review).
var cliCases = []clitest.Case{
	{Name: "inline-gold", Args: []string{"-q", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "inline-gold-stdin", Args: []string{"-q"}, Stdin: readFile("testdata/preds.jsonl")},
	{Name: "stdin-dash", Args: []string{"-q", "-"}, Stdin: readFile("testdata/preds.jsonl")},
	{Name: "by-site", Args: []string{"-q", "--by", "site", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "by-site-key-none", Args: []string{"-q", "--by", "site", "--site-key", "none", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "pages", Args: []string{"-q", "--pages", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "table", Args: []string{"-q", "--table", "--by", "site", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "table-pages", Args: []string{"-q", "--table", "--pages", "--gold", "gold.jsonl", "preds-only.jsonl"}, Files: fixture("gold.jsonl", "preds-only.jsonl")},
	{Name: "gold-file", Args: []string{"-q", "--gold", "gold.jsonl", "preds-only.jsonl"}, Files: fixture("gold.jsonl", "preds-only.jsonl")},
	{Name: "gold-file-pages-by-site", Args: []string{"-q", "--gold", "gold.jsonl", "--by", "site", "--pages", "preds-only.jsonl"}, Files: fixture("gold.jsonl", "preds-only.jsonl")},
	{Name: "flags-after-files", Args: []string{"preds-only.jsonl", "--gold", "gold.jsonl", "-q"}, Files: fixture("gold.jsonl", "preds-only.jsonl")},
	{Name: "gold-as-prediction", Args: []string{"-q", "--pred-field", "gold", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "empty-predictions", Args: []string{"-q", "--pred-field", "nothing", "preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "bad-records", Args: []string{"-q", "bad.jsonl"}, Files: fixture("bad.jsonl"), Exit: exitData},
	{Name: "chars", Args: []string{"-q", "--pages", "chars.jsonl"}, Files: fixture("chars.jsonl")},
	{Name: "two-tools-ambiguous", Args: []string{"-q", "twotools.jsonl"}, Files: fixture("twotools.jsonl")},
	{Name: "two-tools-chosen", Args: []string{"-q", "--spans-field", "one.spans", "twotools.jsonl"}, Files: fixture("twotools.jsonl")},
	{Name: "two-tools-chosen-object", Args: []string{"-q", "--spans-field", "two", "twotools.jsonl"}, Files: fixture("twotools.jsonl")},
	{Name: "bad-spans", Args: []string{"-q", "badspans.jsonl"}, Files: fixture("badspans.jsonl"), Exit: exitData},
	{Name: "empty-input", Args: []string{"-q"}},
	{Name: "summary-line", Args: []string{"preds.jsonl"}, Files: fixture("preds.jsonl")},
	{Name: "summary-line-gold-pages", Args: []string{"--gold", "gold.jsonl", "--pages", "preds-only.jsonl"}, Files: fixture("gold.jsonl", "preds-only.jsonl")},
	{Name: "summary-line-bad-records", Args: []string{"bad.jsonl"}, Files: fixture("bad.jsonl"), Exit: exitData},
	{Name: "missing-file", Args: []string{"-q", "nonexistent.jsonl"}, Exit: exitData},
	{Name: "missing-gold-file", Args: []string{"-q", "--gold", "nonexistent.jsonl"}, Exit: exitData},
	{Name: "unknown-flag", Args: []string{"--bogus"}, Exit: exitUsage},
	{Name: "bad-metric", Args: []string{"--metric", "rouge"}, Exit: exitUsage},
	// --by any member: from the prediction record, else the gold record; pages without it
	// in a row of their own (null).
	{Name: "aeb-by-member", Args: []string{"-q", "--by", "page_type", "wcxb.jsonl"}, Files: fixture("wcxb.jsonl")},
	{Name: "wcxb", Args: []string{"-q", "--metric", "wcxb", "--pages", "--by", "page_type", "wcxb.jsonl"}, Files: fixture("wcxb.jsonl")},
	{Name: "wcxb-table", Args: []string{"-q", "--metric", "wcxb", "--table", "--pages", "--by", "page_type", "wcxb.jsonl"}, Files: fixture("wcxb.jsonl")},
	{Name: "snippets", Args: []string{"-q", "--metric", "snippets", "--pages", "--by", "lang", "snippets.jsonl"}, Files: fixture("snippets.jsonl")},
	{Name: "snippets-table", Args: []string{"-q", "--metric", "snippets", "--table", "--by", "lang", "snippets.jsonl"}, Files: fixture("snippets.jsonl")},
	{Name: "snippets-gold-file", Args: []string{"--metric", "snippets", "--by", "lang", "--pages", "--gold", "snippets.jsonl", "snippet-preds.jsonl"},
		Files: fixture("snippets.jsonl", "snippet-preds.jsonl")},
	{Name: "snippets-none", Args: []string{"-q", "--metric", "snippets", "preds.jsonl"}, Files: fixture("preds.jsonl"), Exit: exitData},
	{Name: "bad-snippets", Args: []string{"-q", "--metric", "wcxb"}, Stdin: `{"id":"x","text":"a","gold":"a","with":"not a list"}` + "\n" +
		`{"id":"y","text":"a","gold":"a","without":["ok",null]}` + "\n" + `{"id":"z","text":"a","gold":"a","with":[],"without":["a"]}` + "\n", Exit: exitData},
	// Nothing joins: the key, the members of both sides and the member that would join.
	{Name: "no-join", Args: []string{"--gold", "urlgold.jsonl", "warcout.jsonl"}, Files: fixture("urlgold.jsonl", "warcout.jsonl"), Exit: exitData},
	{Name: "no-join-fixed", Args: []string{"-q", "--gold", "urlgold.jsonl", "--key", "url", "warcout.jsonl"}, Files: fixture("urlgold.jsonl", "warcout.jsonl")},
	{Name: "no-join-no-member", Args: []string{"-q", "--gold", "gold.jsonl", "warcout.jsonl"}, Files: fixture("gold.jsonl", "warcout.jsonl"), Exit: exitData},
	{Name: "no-predictions", Args: []string{"-q", "--gold", "gold.jsonl", "-"}, Files: fixture("gold.jsonl"), Exit: exitData},
	{Name: "no-gold-inline", Args: []string{"-q", "warcout.jsonl"}, Files: fixture("warcout.jsonl"), Exit: exitData},
	{Name: "bad-site-key", Args: []string{"--site-key", "path"}, Exit: exitUsage},
	{Name: "empty-key", Args: []string{"--key", ""}, Exit: exitUsage},
	{Name: "gold-and-predictions-on-stdin", Args: []string{"--gold", "-"}, Exit: exitUsage},
	{Name: "gold-on-stdin", Args: []string{"-q", "--gold", "-", "preds-only.jsonl"}, Stdin: readFile("testdata/gold.jsonl"), Files: fixture("preds-only.jsonl")},
	{Name: "help", Args: []string{"--help"}},
}

func TestCLI(t *testing.T) {
	for i := range cliCases {
		if cliCases[i].Exit == exitUsage {
			cliCases[i].Check = func(t *testing.T, _, stdout, _ string) {
				if stdout != "" {
					t.Errorf("usage error wrote to stdout: %q", stdout)
				}
			}
		}
	}
	clitest.Run(t, run, "score", cliCases)
}

func runCase(t *testing.T, args []string, stdin string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"score"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), clitest.Normalise(errb.String(), ""), code
}

// lastRow decodes the last JSON line of stdout (the overall row).
func lastRow(t *testing.T, stdout string) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	var row map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &row); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	return row
}

func checkNumbers(t *testing.T, row map[string]any, want map[string]float64) {
	t.Helper()
	for k, v := range want {
		got, ok := row[k].(float64)
		if !ok {
			t.Errorf("%s missing in %v", k, row)
			continue
		}
		if math.Abs(got-v) > 5e-7 { // the rows carry 6 decimals
			t.Errorf("%s = %v, want %v", k, got, v)
		}
	}
}

// The hand-built set of testdata/preds.jsonl, computed by hand:
//
//	a: gold a b c d e f -> shingles abcd bcde cdef; pred a b c d e -> abcd bcde
//	   TP 2 FP 0 FN 1 (/3): P 1, R 2/3; tokens 5 pred 6 gold 5 common: F1 = 10/11
//	b: gold one..four (1 shingle); pred one..six (3 shingles): TP 1 FP 2 FN 0:
//	   P 1/3, R 1; tokens 6/4/4: p 2/3 r 1, F1 = 4/5
//	c: pred empty, gold x y (1 short shingle): TP 0 FP 0 FN 1: P undefined, R 0; token F1 0
//	d: disjoint: TP 0 FP 1 FN 1: P 0, R 0; token F1 0
//
// P = (1 + 1/3 + 0)/3 = 4/9; R = (2/3 + 1 + 0 + 0)/4 = 5/12;
// F1 = 2(4/9)(5/12)/(4/9 + 5/12) = (10/27)/(31/36) = 40/93; token F1 = (10/11 + 4/5)/4 = 47/110.
func TestHandComputedInlineGold(t *testing.T) {
	stdout, _, code := runCase(t, []string{"-q", "testdata/preds.jsonl"}, "")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"pages": 4, "missing": 0, "precision_pages": 3, "recall_pages": 4,
		"precision": 4.0 / 9, "recall": 5.0 / 12, "f1": 40.0 / 93, "token_f1": 47.0 / 110,
	})
}

// Per site: s1 = {a, b}: P (1 + 1/3)/2 = 2/3, R (2/3 + 1)/2 = 5/6,
// F1 = 2(2/3)(5/6)/(2/3 + 5/6) = (10/9)/(3/2) = 20/27; token F1 (10/11 + 4/5)/2 = 47/55.
// s2 = {c, d}: P over d only = 0, R 0, F1 0, token F1 0.
func TestHandComputedBySite(t *testing.T) {
	stdout, _, _ := runCase(t, []string{"-q", "--by", "site", "testdata/preds.jsonl"}, "")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 2 site rows and the total, got %q", lines)
	}
	var s1, s2 map[string]any
	json.Unmarshal([]byte(lines[0]), &s1)
	json.Unmarshal([]byte(lines[1]), &s2)
	if s1["site"] != "s1" || s2["site"] != "s2" {
		t.Fatalf("sites %v %v", s1["site"], s2["site"])
	}
	checkNumbers(t, s1, map[string]float64{"pages": 2, "precision": 2.0 / 3, "recall": 5.0 / 6, "f1": 20.0 / 27, "token_f1": 47.0 / 55})
	checkNumbers(t, s2, map[string]float64{"pages": 2, "precision": 0, "recall": 0, "f1": 0, "token_f1": 0, "precision_pages": 1})
}

// With --gold testdata/gold.jsonl (a b c d e) and predictions for a, b, d and z:
// c and e are missing (empty predictions: no precision, recall 0), z is unmatched.
// P over a, b, d = 4/9; R over a..e = (2/3 + 1)/5 = 1/3; F1 = 2(4/9)(1/3)/(4/9 + 1/3)
// = (8/27)/(7/9) = 8/21; token F1 = (10/11 + 4/5)/5 = 94/275.
func TestHandComputedGoldFile(t *testing.T) {
	stdout, _, code := runCase(t, []string{"-q", "--gold", "testdata/gold.jsonl", "testdata/preds-only.jsonl"}, "")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"pages": 5, "missing": 2, "unmatched": 1, "precision_pages": 3, "recall_pages": 5,
		"precision": 4.0 / 9, "recall": 1.0 / 3, "f1": 8.0 / 21, "token_f1": 94.0 / 275,
	})
}

// testdata/chars.jsonl: p1 html of 10 bytes, gold [2,6), kept [4,8): gold 4, kept 4, both 2.
// p2 html of 9 bytes, gold [0,5), kept [0,2)+[5,6)+[8,9): gold 5, kept 4, both 2.
// p3 has no spans. Pooled over p1, p2: length 19, gold 9, kept 8, both 4:
// accuracy = (19 - 9 - 8 + 2*4)/19 = 10/19, recall 4/9, precision 4/8.
func TestHandComputedChars(t *testing.T) {
	stdout, _, _ := runCase(t, []string{"-q", "testdata/chars.jsonl"}, "")
	checkNumbers(t, lastRow(t, stdout), map[string]float64{
		"char_pages": 2, "char_accuracy": 10.0 / 19, "char_recall": 4.0 / 9, "char_precision": 0.5,
	})
}

func TestCompressedInputs(t *testing.T) {
	plain := readFile("testdata/preds.jsonl")
	want, _, _ := runCase(t, []string{"-q", "testdata/preds.jsonl"}, "")
	dir := t.TempDir()

	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(plain))
	zw.Close()
	var zs bytes.Buffer
	enc, _ := zstd.NewWriter(&zs)
	enc.Write([]byte(plain))
	enc.Close()

	// Names that lie about the content: the magic bytes decide.
	os.WriteFile(filepath.Join(dir, "p.jsonl"), gz.Bytes(), 0o644)
	os.WriteFile(filepath.Join(dir, "p.gz"), zs.Bytes(), 0o644)
	for _, c := range []struct {
		name  string
		args  []string
		stdin string
	}{
		{"gzip file", []string{"-q", filepath.Join(dir, "p.jsonl")}, ""},
		{"zstd file", []string{"-q", filepath.Join(dir, "p.gz")}, ""},
		{"gzip stdin", []string{"-q"}, gz.String()},
		{"zstd stdin", []string{"-q"}, zs.String()},
	} {
		got, stderr, code := runCase(t, c.args, c.stdin)
		if got != want || code != 0 || stderr != "" {
			t.Errorf("%s: exit %d stdout %q stderr %q, want %q", c.name, code, got, stderr, want)
		}
	}
	// A compressed gold file too.
	os.WriteFile(filepath.Join(dir, "gold.zst"), func() []byte {
		var b bytes.Buffer
		e, _ := zstd.NewWriter(&b)
		e.Write([]byte(readFile("testdata/gold.jsonl")))
		e.Close()
		return b.Bytes()
	}(), 0o644)
	a, _, _ := runCase(t, []string{"-q", "--gold", "testdata/gold.jsonl", "testdata/preds-only.jsonl"}, "")
	b, _, _ := runCase(t, []string{"-q", "--gold", filepath.Join(dir, "gold.zst"), "testdata/preds-only.jsonl"}, "")
	if a != b {
		t.Errorf("zstd gold %q != plain gold %q", b, a)
	}
}

// summaryFields parses the key=value members of the summary line on stderr.
func summaryFields(t *testing.T, stderr string) map[string]int {
	t.Helper()
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(line, "score: summary ") {
			continue
		}
		f := map[string]int{}
		for _, kv := range strings.Fields(strings.TrimPrefix(line, "score: summary ")) {
			k, v, _ := strings.Cut(kv, "=")
			if n, err := strconv.Atoi(v); err == nil {
				f[k] = n
			}
		}
		return f
	}
	t.Fatalf("no summary line in %q", stderr)
	return nil
}

// TestAccounting checks the summary line against records counted by hand: every
// prediction read is scored (emitted with --pages, else consumed) or skipped by reason,
// stdout holds one line per emitted record and rows= more, and the gold records add up.
func TestAccounting(t *testing.T) {
	dir := t.TempDir()
	dups := filepath.Join(dir, "dups.jsonl")
	if err := os.WriteFile(dups, []byte(`{"id":"a","text":"a b"}`+"\n"+`{"text":"no key"}`+"\n"+`{"id":"a","text":"again"}`+"\n"+
		`{"id":"b","text":"one"}`+"\n"+`not json`+"\n"+`{"id":7}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	badGold := filepath.Join(dir, "badgold.jsonl")
	if err := os.WriteFile(badGold, []byte(`{"id":"a","gold":"a b c"}`+"\n"+`{"gold":"no key"}`+"\n"+`{"id":"a","gold":"dup"}`+"\n"+
		`{"id":"c","gold":5}`+"\n"+`{broken`+"\n"+`{"id":"b","gold":"one"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want map[string]int
	}{
		// a scored; b unreadable; c scored as empty (text 42); d without gold; e scored.
		{"inline", []string{"testdata/bad.jsonl"}, map[string]int{"read": 5, "emitted": 0, "consumed": 3, "consumed.scored": 3,
			"skipped": 2, "skipped.unreadable": 1, "skipped.unmatched": 1, "rows": 1, "pages": 3, "errors": 2}},
		{"inline-pages-by-site", []string{"--pages", "--by", "site", "testdata/preds.jsonl"}, map[string]int{"read": 4, "emitted": 4,
			"consumed": 0, "skipped": 0, "rows": 3, "pages": 4}},
		// a, b, d scored, z unmatched; c and e missing: 2 missing rows, sites s1 s2 s3.example, overall.
		{"gold-pages-by-site", []string{"--gold", "testdata/gold.jsonl", "--pages", "--by", "site", "testdata/preds-only.jsonl"},
			map[string]int{"read": 4, "emitted": 3, "consumed": 0, "skipped": 1, "skipped.unmatched": 1, "rows": 6, "pages": 5,
				"missing": 2, "unmatched": 1, "gold_read": 5, "gold_loaded": 5, "gold_skipped": 0}},
		// t1, t2, t4 scored, zz unmatched; t3 missing: 1 missing row, 4 lang rows, overall.
		{"snippets-gold-pages-by-lang", []string{"--metric", "snippets", "--gold", "testdata/snippets.jsonl", "--pages", "--by", "lang", "testdata/snippet-preds.jsonl"},
			map[string]int{"read": 4, "emitted": 3, "consumed": 0, "skipped": 1, "skipped.unmatched": 1, "rows": 6, "pages": 4,
				"missing": 1, "unmatched": 1, "pred_errors": 1, "gold_read": 4, "gold_loaded": 4, "gold_skipped": 0}},
		// predictions: a scored, no key, a again, b scored, not json, id 7 (no string key).
		// gold: a, no key, a again, c not a string, broken, b.
		{"gold-broken", []string{"--gold", badGold, dups}, map[string]int{"read": 6, "emitted": 0, "consumed": 2,
			"skipped": 4, "skipped.no-key": 2, "skipped.duplicate": 1, "skipped.unreadable": 1, "rows": 1, "pages": 2,
			"gold_read": 6, "gold_loaded": 2, "gold_skipped": 4}},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, _ := runCase(t, c.args, "")
			f := summaryFields(t, stderr)
			for k, v := range c.want {
				if f[k] != v {
					t.Errorf("%s=%d, want %d (%s)", k, f[k], v, stderr)
				}
			}
			if f["read"] != f["emitted"]+f["consumed"]+f["skipped"] {
				t.Errorf("read != emitted + consumed + skipped: %v", f)
			}
			if lines := strings.Count(stdout, "\n"); lines != f["emitted"]+f["rows"] {
				t.Errorf("%d lines on stdout for emitted=%d rows=%d", lines, f["emitted"], f["rows"])
			}
			if _, ok := f["gold_read"]; ok && f["gold_read"] != f["gold_loaded"]+f["gold_skipped"] {
				t.Errorf("gold_read != gold_loaded + gold_skipped: %v", f)
			}
		})
	}
}

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "score", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "score")
}
