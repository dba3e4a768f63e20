package clitest

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

// CheckJoined runs a tool with its defaults, the content join on, over two synthetic sites
// of 8 pages and one site of a single page: every page comes out once, without an error and
// with a "content" member; the articles keep their gold text (shingle recall >= .9 each, mean F1
// >= .9); the pages of the sites learned from several pages are joined with their site
// model's evidence, the lone page is decided from the page alone (a template learned from
// one page says nothing), and the summary counts both. With --content off the text is the
// algorithm's own, and differs on some page.
func CheckJoined(t *testing.T, run RunFunc, prog string) {
	t.Helper()
	pages, err := synth.Generate(synth.Config{Seed: 21, Sites: 3, PagesPerSite: 8, Templates: 1, PageBytes: 8000})
	if err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	lone := ""
	for _, p := range pages {
		if p.Site == pages[len(pages)-1].Site {
			if lone != "" || p.Kind != "article" {
				continue // the third site keeps one article
			}
			lone = p.ID
		}
		b, _ := json.Marshal(p)
		in.Write(b)
		in.WriteByte('\n')
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{prog, "run", "--drop-html"}, bytes.NewReader(in.Bytes()), &stdout, &stderr); code != 0 {
		t.Fatalf("run: exit %d: %s", code, stderr.String())
	}
	recs := Records(t, stdout.String())
	if len(recs) != 17 {
		t.Fatalf("%d records for 17 pages", len(recs))
	}
	var sum metric.Summary
	joined, inPage := 0, 0
	for _, r := range recs {
		c, _ := r["content"].(map[string]any)
		if r["error"] != nil || c == nil {
			t.Fatalf("page %v: error %v, content %v", r["id"], r["error"], c)
		}
		switch c["by"] {
		case "joined":
			joined++
		case "page":
			inPage++
		}
		if r["id"] == lone && c["by"] != "page" {
			t.Errorf("the lone page of its site: content %v, want by page", c)
		}
		if r["kind"] != "article" {
			continue
		}
		text, gold := r["text"].(string), r["gold"].(string)
		p := sum.Add(text, gold)
		if rec, _ := p.Shingles.Recall(); rec < .9 {
			t.Errorf("page %v: recall %.2f: %.200q", r["id"], rec, text)
		}
	}
	if f1 := sum.Result().F1; f1 < .9 {
		t.Errorf("articles: F1 %.3f, want >= .9", f1)
	}
	if joined < 12 || inPage < 1 || !strings.Contains(stderr.String(), " joined=") || !strings.Contains(stderr.String(), " in_page=") {
		t.Errorf("%d pages joined, %d from the page alone; summary %s", joined, inPage, stderr.String())
	}
	var off bytes.Buffer
	stderr.Reset()
	if code := run([]string{prog, "run", "--drop-html", "--content", "off"}, bytes.NewReader(in.Bytes()), &off, &stderr); code != 0 {
		t.Fatalf("run --content off: exit %d: %s", code, stderr.String())
	}
	differ := 0
	for i, r := range Records(t, off.String()) {
		if r["content"] != nil {
			t.Fatalf("--content off: page %v has a content member", r["id"])
		}
		if r["text"] != recs[i]["text"] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("--content off gives the same text on every page as the join")
	}
}
