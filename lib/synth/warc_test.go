package synth

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// fakeWARC records what WriteWARC asks a WARC writer to write.
type fakeWARC struct {
	uris, dates, headers []string
	bodies               []string
}

func (f *fakeWARC) WriteResponse(targetURI, date, httpHeader string, body []byte) (string, error) {
	f.uris = append(f.uris, targetURI)
	f.dates = append(f.dates, date)
	f.headers = append(f.headers, httpHeader)
	f.bodies = append(f.bodies, string(body))
	return fmt.Sprintf("<urn:uuid:%d>", len(f.uris)), nil
}

func TestWriteWARC(t *testing.T) {
	cfg := Config{Seed: 3, Sites: 2, PagesPerSite: 8, IndexPages: 1, CJK: true}
	pages, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var fw fakeWARC
	var gold bytes.Buffer
	if err := WriteWARC(&fw, &gold, cfg); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(gold.String(), "\n"), "\n")
	if len(fw.uris) != len(pages) || len(lines) != len(pages) {
		t.Fatalf("%d records, %d gold lines, want %d", len(fw.uris), len(lines), len(pages))
	}
	for i, p := range pages {
		if fw.uris[i] != p.URL || fw.dates[i] != p.Date || fw.bodies[i] != p.HTML {
			t.Fatalf("record %d is not page %s", i, p.ID)
		}
		h := fw.headers[i]
		if !strings.HasPrefix(h, "HTTP/1.1 200 OK\r\n") || !strings.Contains(h, fmt.Sprintf("\r\nContent-Length: %d\r\n", len(p.HTML))) {
			t.Errorf("%s: header %q", p.ID, h)
		}
		if strings.Contains(h, "charset=utf-8") == (p.Template == "B") {
			t.Errorf("%s (template %s): header %q", p.ID, p.Template, h)
		}
		var g GoldRecord
		if err := json.Unmarshal([]byte(lines[i]), &g); err != nil {
			t.Fatal(err)
		}
		want := GoldRecord{ID: p.ID, WARCRecordID: fmt.Sprintf("<urn:uuid:%d>", i+1), URL: p.URL, Site: p.Site,
			Gold: p.Gold, GoldTitle: p.GoldTitle, GoldSpans: p.GoldSpans, Kind: p.Kind, Template: p.Template}
		if fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("gold line %d = %+v", i, g)
		}
	}
	for i, h := range fw.headers {
		d := strings.Index(h, "\r\nDate: ")
		if d < 0 {
			t.Fatalf("header %d has no Date: %q", i, h)
		}
		v, _, _ := strings.Cut(h[d+8:], "\r\n")
		if _, err := time.Parse("Mon, 02 Jan 2006 15:04:05 GMT", v); err != nil {
			t.Errorf("header %d: Date %q: %v", i, v, err)
		}
	}
}
