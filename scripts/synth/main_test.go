package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/warc"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

var small = []string{"synth", "-sites", "2", "-pages", "6", "-seed", "5", "-page-bytes", "12000"}

func runOK(t *testing.T, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(append(append([]string{}, small...), args...), &stdout, &stderr); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, stderr.String())
	}
	if !strings.HasPrefix(stderr.String(), "synth: 2 sites x 6 pages") {
		t.Errorf("%v: stderr %q", args, stderr.String())
	}
	return stdout.Bytes()
}

func TestJSONLOutputs(t *testing.T) {
	dir := t.TempDir()
	plain := runOK(t)
	var want bytes.Buffer
	if err := synth.WriteJSONL(&want, synth.Config{Seed: 5, Sites: 2, PagesPerSite: 6, IndexPages: 0, Templates: 2, CJK: true, PageBytes: 12000}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(plain, want.Bytes()) {
		t.Fatal("stdout differs from synth.WriteJSONL with the same settings")
	}
	for _, name := range []string{"a.jsonl", "a.jsonl.gz", "a.jsonl.zst"} {
		path := filepath.Join(dir, name)
		runOK(t, "-o", path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var r io.Reader = f
		switch {
		case strings.HasSuffix(name, ".gz"):
			if r, err = gzip.NewReader(f); err != nil {
				t.Fatal(err)
			}
		case strings.HasSuffix(name, ".zst"):
			d, err := zstd.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			r = d
		}
		got, err := io.ReadAll(r)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, plain) {
			t.Errorf("%s does not decode to the plain JSON lines", name)
		}
	}
}

func TestWARCOutputs(t *testing.T) {
	dir := t.TempDir()
	pages := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(runOK(t))), "\n") {
		var p synth.Page
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		pages[p.URL] = p.HTML
	}
	for _, name := range []string{"w.warc", "w.warc.gz", "w.warc.zst"} {
		path := filepath.Join(dir, name)
		runOK(t, "-o", path)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r, err := warc.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]string{} // url -> record id
		types := map[string]int{}
		for {
			rec, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			types[rec.Type]++
			if rec.Type != "response" {
				continue
			}
			resp, err := warc.ParseHTTPResponse(rec.Block)
			if err != nil {
				t.Fatal(err)
			}
			html, _, _ := warc.DecodeHTML(resp.Body, resp.Get("Content-Type"))
			if html != pages[rec.TargetURI] {
				t.Errorf("%s: %s: payload differs from the JSON lines' html", name, rec.TargetURI)
			}
			ids[rec.TargetURI] = rec.ID
		}
		r.Close()
		f.Close()
		if types["warcinfo"] != 1 || types["response"] != len(pages) {
			t.Errorf("%s: records %v, want 1 warcinfo and %d responses", name, types, len(pages))
		}
		gf, err := os.Open(filepath.Join(dir, "w.gold.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		sc := bufio.NewScanner(gf)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var g synth.GoldRecord
			if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
				t.Fatal(err)
			}
			if ids[g.URL] != g.WARCRecordID {
				t.Errorf("%s: gold of %s names record %s, the WARC has %s", name, g.URL, g.WARCRecordID, ids[g.URL])
			}
			n++
		}
		gf.Close()
		if n != len(pages) {
			t.Errorf("%s: %d gold lines, want %d", name, n, len(pages))
		}
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"synth", "-templates", "3"}, {"synth", "-nope"}, {"synth", "extra"}} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q", args, code, stdout.Len(), stderr.String())
		}
	}
}
