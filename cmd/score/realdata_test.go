package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/chaffkit/chaff/lib/devdata"
)

// sharedData returns ../shared/data (lib/devdata), or skips the test when the evaluation
// pages are absent.
func sharedData(tb testing.TB) string {
	tb.Helper()
	data := devdata.Dir()
	if data == "" {
		tb.Skip("skipped: ../shared/data is absent")
	}
	if _, err := os.Stat(filepath.Join(data, "big9-2005-2013.jsonl.zst")); err != nil {
		tb.Skipf("skipped: the evaluation pages are not at %s", data)
	}
	return data
}

var realSets = []struct {
	name  string
	pages float64
}{
	{"big9-2005-2013", 180},
	{"dragnet-even", 160},
	{"cleanportaleval", 71},
}

// The gold text scored against itself gives 1 on every set, by both joins (gold inside the
// records, and a --gold file joined on id or on url), and empty predictions give 0.
func TestRealDataGoldAgainstItself(t *testing.T) {
	data := sharedData(t)
	for _, set := range realSets {
		jsonl := filepath.Join(data, set.name+".jsonl.zst")
		goldFile := filepath.Join(data, set.name+".gold.jsonl.zst")
		for _, c := range []struct {
			name string
			args []string
		}{
			{"inline", []string{"-q", "--pred-field", "gold", jsonl}},
			{"gold file on id", []string{"-q", "--gold", jsonl, "--pred-field", "gold", goldFile}},
			{"warc gold file on url", []string{"-q", "--gold", goldFile, "--key", "url", "--pred-field", "gold", jsonl}},
		} {
			stdout, stderr, code := runCase(t, c.args, "")
			if code != 0 || stderr != "" {
				t.Fatalf("%s %s: exit %d, stderr %s", set.name, c.name, code, stderr)
			}
			checkNumbers(t, lastRow(t, stdout), map[string]float64{
				"pages": set.pages, "missing": 0, "unmatched": 0,
				"precision": 1, "recall": 1, "f1": 1, "token_f1": 1,
			})
		}
		stdout, _, _ := runCase(t, []string{"-q", "--pred-field", "no-such-field", jsonl}, "")
		checkNumbers(t, lastRow(t, stdout), map[string]float64{
			"pages": set.pages, "precision": 0, "recall": 0, "f1": 0, "token_f1": 0, "precision_pages": 0,
		})
	}
}

// BenchmarkRealBig9 scores the big9 pages (html included in the records) against their gold.
func BenchmarkRealBig9(b *testing.B) {
	raw, err := os.ReadFile(filepath.Join(sharedData(b), "big9-2005-2013.jsonl.zst"))
	if err != nil {
		b.Fatal(err)
	}
	zr, _ := zstd.NewReader(nil)
	in, err := zr.DecodeAll(raw, nil)
	zr.Close()
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if code := run([]string{"score", "-q", "--pred-field", "gold"}, bytes.NewReader(in), io.Discard, io.Discard); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(180*b.N)/b.Elapsed().Seconds(), "pages/s")
}
