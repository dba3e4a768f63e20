package warc

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestWARCSamples reads every file of ../shared/data/warc-samples (real
// files with quirks from the warcio and resiliparse test suites) and checks
// the records, pages and errors each gives.
func TestWARCSamples(t *testing.T) {
	dir := sharedFile(t, "warc-samples")
	cases := []struct {
		file    string
		records string // record types read, counted
		errors  int    // RecordErrors
		pages   int
		why     string
	}{
		{"warcio/example.warc", "request:2 response:1 revisit:1 warcinfo:2", 0, 1, ""},
		{"warcio/example.warc.gz", "request:2 response:1 revisit:1 warcinfo:2", 0, 1, ""},
		{"warcio/example-iana.org-chunked.warc", "request:1 response:1 warcinfo:1", 0, 1, "chunked body"},
		{"warcio/example-wrong-chunks.warc.gz", "request:1 response:1", 0, 1, "a record split over three gzip members"},
		{"warcio/example-bad-non-chunked.warc.gz", "request:2 response:1 revisit:1 warcinfo:2", 0, 1, ""},
		{"warcio/example-trunc.warc", "request:1 warcinfo:2", 1, 0, "the response is cut short; the request after it is found"},
		{"warcio/example-bad.warc.gz.bad", "request:2 response:2 revisit:1 warcinfo:1", 0, 1, "the whole file is one gzip member; one response is a redirect"},
		{"warcio/example-resource.warc.gz", "resource:1 warcinfo:2", 0, 1, ""},
		{"warcio/example-space-in-target-uri.warc.gz", "resource:1 warcinfo:1", 0, 0, "the resource is text/plain"},
		{"warcio/example-wget-bad-target-uri.warc.gz", "metadata:1 request:1 resource:2 response:1 warcinfo:1", 0, 1, ""},
		{"warcio/example-digest.warc", "request:4", 0, 0, ""},
		{"warcio/post-test.warc.gz", "request:3 response:3", 0, 0, "the responses are JSON"},
		{"warcio/example.arc", "response:1 warcinfo:1", 0, 1, "ARC: filedesc and one response"},
		{"warcio/example-space-in-url.arc", "warcinfo:1", 1, 0, "the URL holds spaces; the record is 12 bytes shorter than declared (its CRLFs became LFs)"},
		{"warcio/bad.arc", "resource:1", 2, 0, "lengths -1 (filedesc: error; a record: skipped while resynchronising) and abc (error)"},
		{"warcio/example.arc.gz", "response:1 warcinfo:1", 0, 1, "ARC, one gzip member per record"},
		{"resiliparse/warcfile.warc.gz", "metadata:16 request:17 response:16 warcinfo:1", 0, 16, ""},
		{"resiliparse/clueweb-quirk.warc.gz", "response:29 warcinfo:1", 0, 29, "EUC-JP pages"},
		{"resiliparse/clipped.warc.gz", "", 1, 0, "a single response cut mid-member"},
		{"resiliparse/block-sized-records.warc.gz", "unknown:3", 0, 0, ""},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.file] = true
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, c.file))
			if err != nil {
				t.Skipf("%v (skipping)", err)
			}
			pages, types, errs := readAll(t, bytes.NewReader(data))
			count := map[string]int{}
			for _, ty := range types {
				count[ty]++
			}
			var parts []string
			for k, v := range count {
				parts = append(parts, fmt.Sprintf("%s:%d", k, v))
			}
			sort.Strings(parts)
			if got := strings.Join(parts, " "); got != c.records {
				t.Errorf("records %q, want %q (%s)", got, c.records, c.why)
			}
			if len(errs) != c.errors {
				t.Errorf("%d record errors, want %d: %v", len(errs), c.errors, errs)
			}
			if len(pages) != c.pages {
				t.Errorf("%d pages, want %d", len(pages), c.pages)
			}
			for _, p := range pages {
				if p.HTML == "" || p.URL == "" || p.ID == "" {
					t.Errorf("page without html, url or id: %+v", p)
				}
			}
		})
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, f := range files {
		rel, _ := filepath.Rel(dir, f)
		if !seen[filepath.ToSlash(rel)] && !strings.HasSuffix(f, ".md") {
			t.Errorf("sample %s has no expectation in this test", rel)
		}
	}
}

// TestWARCSampleDetails checks what some samples are there for.
func TestWARCSampleDetails(t *testing.T) {
	dir := sharedFile(t, "warc-samples")
	page := func(t *testing.T, file string) *Page {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Skipf("%v (skipping)", err)
		}
		pages, _, _ := readAll(t, bytes.NewReader(data))
		if len(pages) == 0 {
			t.Fatalf("%s: no page", file)
		}
		return pages[0]
	}
	t.Run("chunked", func(t *testing.T) {
		p := page(t, "warcio/example-iana.org-chunked.warc")
		if !strings.HasPrefix(p.HTML, "<!doctype html>") || !strings.HasSuffix(p.HTML, "</html>\n") {
			t.Errorf("de-chunked body starts %q ends %q", p.HTML[:20], p.HTML[len(p.HTML)-20:])
		}
		if strings.Contains(p.HTML, "\r\n1f") || strings.Contains(p.HTML, "\r\n0\r\n") {
			t.Error("chunk sizes left in the body")
		}
	})
	t.Run("gzip content and not really chunked", func(t *testing.T) {
		for _, f := range []string{"warcio/example-bad-non-chunked.warc.gz", "warcio/example.warc"} {
			p := page(t, f)
			if !strings.HasPrefix(p.HTML, "<!doctype html>") || !strings.Contains(p.HTML, "Example Domain") {
				t.Errorf("%s: body %q", f, p.HTML[:min(40, len(p.HTML))])
			}
		}
	})
	t.Run("euc-jp", func(t *testing.T) {
		p := page(t, "resiliparse/clueweb-quirk.warc.gz")
		if p.Charset != "euc-jp" || !strings.Contains(p.HTML, "ブラウニー") || strings.ContainsRune(p.HTML, '\uFFFD') {
			t.Errorf("charset %s, html %q", p.Charset, p.HTML[:min(80, len(p.HTML))])
		}
	})
	t.Run("arc", func(t *testing.T) {
		for _, f := range []string{"warcio/example.arc", "warcio/example.arc.gz"} {
			p := page(t, f)
			if p.URL != "http://example.com/" || p.Date != "2014-02-16T05:02:21Z" || !strings.Contains(p.HTML, "Example Domain") {
				t.Errorf("%s: page %s %s %q", f, p.URL, p.Date, p.HTML[:min(40, len(p.HTML))])
			}
		}
	})
	t.Run("clipped", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, "resiliparse/clipped.warc.gz"))
		if err != nil {
			t.Skip(err)
		}
		_, _, errs := readAll(t, bytes.NewReader(data))
		if len(errs) != 1 || !errors.Is(errs[0], ErrTruncated) || errs[0].ID == "" || errs[0].Offset != 0 {
			t.Errorf("errors %v", errs)
		}
	})
}
