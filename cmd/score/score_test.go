package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from the current output (review the diff)")

// cliCase is one run of the command: args (without the program name), stdin, and the
// expected exit code; the expected stdout and stderr are testdata/golden/<name>.{out,err}.
type cliCase struct {
	name  string
	args  []string
	stdin string
	code  int
}

var cliCases = []cliCase{
	{"inline-gold", []string{"-q", "testdata/preds.jsonl"}, "", 0},
	{"inline-gold-stdin", []string{"-q"}, readFile("testdata/preds.jsonl"), 0},
	{"stdin-dash", []string{"-q", "-"}, readFile("testdata/preds.jsonl"), 0},
	{"by-site", []string{"-q", "--by", "site", "testdata/preds.jsonl"}, "", 0},
	{"pages", []string{"-q", "--pages", "testdata/preds.jsonl"}, "", 0},
	{"table", []string{"-q", "--table", "--by", "site", "testdata/preds.jsonl"}, "", 0},
	{"table-pages", []string{"-q", "--table", "--pages", "--gold", "testdata/gold.jsonl", "testdata/preds-only.jsonl"}, "", 0},
	{"gold-file", []string{"-q", "--gold", "testdata/gold.jsonl", "testdata/preds-only.jsonl"}, "", 0},
	{"gold-file-pages-by-site", []string{"-q", "--gold", "testdata/gold.jsonl", "--by", "site", "--pages", "testdata/preds-only.jsonl"}, "", 0},
	{"flags-after-files", []string{"testdata/preds-only.jsonl", "--gold", "testdata/gold.jsonl", "-q"}, "", 0},
	{"gold-as-prediction", []string{"-q", "--pred-field", "gold", "testdata/preds.jsonl"}, "", 0},
	{"empty-predictions", []string{"-q", "--pred-field", "nothing", "testdata/preds.jsonl"}, "", 0},
	{"bad-records", []string{"-q", "testdata/bad.jsonl"}, "", 1},
	{"chars", []string{"-q", "--pages", "testdata/chars.jsonl"}, "", 0},
	{"two-tools-ambiguous", []string{"-q", "testdata/twotools.jsonl"}, "", 0},
	{"two-tools-chosen", []string{"-q", "--spans-field", "one.spans", "testdata/twotools.jsonl"}, "", 0},
	{"two-tools-chosen-object", []string{"-q", "--spans-field", "two", "testdata/twotools.jsonl"}, "", 0},
	{"bad-spans", []string{"-q", "testdata/badspans.jsonl"}, "", 1},
	{"empty-input", []string{"-q"}, "", 0},
	{"summary-line", []string{"testdata/preds.jsonl"}, "", 0},
	{"missing-file", []string{"-q", "testdata/nonexistent.jsonl"}, "", 1},
	{"missing-gold-file", []string{"-q", "--gold", "testdata/nonexistent.jsonl"}, "", 1},
	{"unknown-flag", []string{"--bogus"}, "", 2},
	{"bad-by", []string{"--by", "host"}, "", 2},
	{"empty-key", []string{"--key", ""}, "", 2},
	{"help", []string{"--help"}, "", 0},
}

func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// timing hides the only varying part of the summary line.
var timing = regexp.MustCompile(`[0-9.]+ MB in [0-9.]+ s`)

func runCase(t *testing.T, args []string, stdin string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"score"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), timing.ReplaceAllString(errb.String(), "X MB in X s"), code
}

func TestCLI(t *testing.T) {
	for _, c := range cliCases {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, code := runCase(t, c.args, c.stdin)
			golden := filepath.Join("testdata", "golden", c.name)
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				os.WriteFile(golden+".out", []byte(stdout), 0o644)
				os.WriteFile(golden+".err", []byte(stderr), 0o644)
			}
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr)
			}
			if want := readFile(golden + ".out"); stdout != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
			}
			if want := readFile(golden + ".err"); stderr != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
			}
			if c.code == exitUsage && stdout != "" {
				t.Errorf("usage error wrote to stdout: %q", stdout)
			}
		})
	}
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

func TestFlagsFirst(t *testing.T) {
	app := []string{"score"}
	cases := []struct{ in, want []string }{
		{[]string{"a", "--pages", "b"}, []string{"--pages", "--", "a", "b"}},
		{[]string{"a", "--gold", "g", "b"}, []string{"--gold", "g", "--", "a", "b"}},
		{[]string{"a", "--gold=g", "-q"}, []string{"--gold=g", "-q", "--", "a"}},
		{[]string{"--by", "site", "-", "--", "--pages"}, []string{"--by", "site", "--", "-", "--pages"}},
		{[]string{"--table"}, []string{"--table"}},
	}
	for _, c := range cases {
		got := flagsFirst(append(app, c.in...), scoreFlags())
		if strings.Join(got[1:], " ") != strings.Join(c.want, " ") {
			t.Errorf("flagsFirst(%q) = %q, want %q", c.in, got[1:], c.want)
		}
	}
}
