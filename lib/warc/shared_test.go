package warc

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// sharedData returns ../shared/data relative to the repository root (the
// directory holding go.mod), or skips the test when it is absent.
func sharedData(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test directory; skipping tests on ../shared/data")
		}
		dir = parent
	}
	data := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(data); err != nil {
		t.Skipf("%s is absent; skipping tests on the shared real pages", data)
	}
	return data
}

// sharedFile returns a file under ../shared/data, skipping when it is absent.
func sharedFile(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(sharedData(t), name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("%s is absent; skipping", p)
	}
	return p
}

// jsonlPage is the part of a shared JSONL record the tests compare.
type jsonlPage struct {
	ID   string `json:"id"`
	URL  string `json:"url"`
	HTML string `json:"html"`
}

// readJSONL reads a zstd JSON-lines file of pages (lib/record is not used
// so that this package stands alone).
func readJSONL(t testing.TB, path string) []jsonlPage {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	br := bufio.NewReaderSize(zr, 1<<20)
	var pages []jsonlPage
	for {
		line, err := br.ReadBytes('\n')
		if len(line) > 0 {
			var p jsonlPage
			if err := json.Unmarshal(line, &p); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			pages = append(pages, p)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return pages
}

// readPages reads every record of a WARC stream and returns its pages, the
// skip reasons counted, and the record errors.
func readPages(t testing.TB, r io.Reader) (pages []*Page, skips map[SkipReason]int, recErrs []*RecordError) {
	t.Helper()
	rd, err := NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	skips = map[SkipReason]int{}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var re *RecordError
		if errors.As(err, &re) {
			recErrs = append(recErrs, re)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := ToPage(rec)
		var se *SkipError
		if errors.As(err, &se) {
			skips[se.Reason]++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	return pages, skips, recErrs
}
