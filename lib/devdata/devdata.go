// Package devdata finds and reads the evaluation pages of ../shared/data
// (see its README) for tests and scripts: one place for what every
// real-page test needs, so that each skips the same way when they are absent.
package devdata

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Sets are the JSON-lines sets with gold text, in the order tables use.
var Sets = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}

// SnippetSets are the sets of single pages from many sites scored by snippets and, for
// wcxb-dev, its own word metric.
var SnippetSets = []string{"wcxb-dev", "trafeval-dev"}

// Page is one record of a set.
type Page struct {
	ID        string `json:"id"`
	Dataset   string `json:"dataset"`
	Site      string `json:"site"`
	Crawl     string `json:"crawl"`
	URL       string `json:"url"`
	HTML      string `json:"html"`
	Gold      string `json:"gold"`
	GoldTitle string `json:"gold_title"`
	// PageType (wcxb-dev), Lang (trafeval-dev) and the with/without snippets of the sets
	// that have them (see ../shared/data/README.md).
	PageType string   `json:"page_type"`
	Lang     string   `json:"lang"`
	With     []string `json:"with"`
	Without  []string `json:"without"`
}

// Dir returns ../shared/data beside the module root found above the working
// directory, or "" when there is none.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	d := filepath.Join(dir, "..", "shared", "data")
	if _, err := os.Stat(d); err != nil {
		return ""
	}
	return d
}

// ReadFile reads a .jsonl.zst set.
func ReadFile(path string) ([]Page, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	dec := json.NewDecoder(bufio.NewReaderSize(zr, 1<<20))
	var out []Page
	for dec.More() {
		var p Page
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, p)
	}
	return out, nil
}

// SiteHTML returns the pages' HTML grouped by site, the sites in the order of their first
// page: the samples a site tool learns from.
func SiteHTML(pages []Page) [][]string {
	at := map[string]int{}
	var sites [][]string
	for _, p := range pages {
		i, ok := at[p.Site]
		if !ok {
			i = len(sites)
			at[p.Site] = i
			sites = append(sites, nil)
		}
		sites[i] = append(sites[i], p.HTML)
	}
	return sites
}

// Read reads the set named name from Dir.
func Read(name string) ([]Page, error) {
	d := Dir()
	if d == "" {
		return nil, fmt.Errorf("devdata: ../shared/data is absent")
	}
	return ReadFile(filepath.Join(d, name+".jsonl.zst"))
}

// All reads every set in Sets, or returns nil when Dir is absent.
func All() ([]Page, error) {
	if Dir() == "" {
		return nil, nil
	}
	var all []Page
	for _, s := range Sets {
		pages, err := Read(s)
		if err != nil {
			return nil, err
		}
		all = append(all, pages...)
	}
	return all, nil
}

// Shared returns All's pages, read once per process: the real-page tests and benchmarks of
// a package share them.
func Shared() ([]Page, error) {
	sharedOnce.Do(func() { shared, sharedErr = All() })
	return shared, sharedErr
}

var (
	sharedOnce sync.Once
	shared     []Page
	sharedErr  error
)

// Sample keeps every third page unless CHAFF_LONG is set, to keep the default tests quick.
func Sample(pages []Page) []Page {
	if os.Getenv("CHAFF_LONG") != "" {
		return pages
	}
	var out []Page
	for i := 0; i < len(pages); i += 3 {
		out = append(out, pages[i])
	}
	return out
}

// TB is what Pages needs of a test or a benchmark (testing.TB has it).
type TB interface {
	Helper()
	Fatal(args ...any)
	Skip(args ...any)
}

// Pages returns Shared's pages for a test: it fails the test when they cannot be read and
// skips it when ../shared/data is absent or empty.
func Pages(tb TB) []Page {
	tb.Helper()
	pages, err := Shared()
	if err != nil {
		tb.Fatal(err)
	}
	if len(pages) == 0 {
		tb.Skip("../shared/data is absent or empty: real-page checks skipped")
	}
	return pages
}
