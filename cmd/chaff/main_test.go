package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

var run = cli.RunExtract

func TestCLI(t *testing.T) {
	// Two synthetic sites of 6 pages; chaff sees each page alone.
	in := clitest.SynthJSONL(t, synth.Config{Seed: 7, Sites: 2, PagesPerSite: 6, Templates: 1, PageBytes: 8000})
	page := `<html><head><title>Tide tables | Harbour</title></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>Tide tables</h1><p>The tide tables for the harbour are printed every week. They give the times of high and low water for each day.</p>
<p>Boats leaving before dawn should check the morning table, because the channel is shallow at low water.</p></article>
<footer>© Harbour office</footer></body></html>`
	clitest.Run(t, run, "chaff", []clitest.Case{
		{Name: "extract", Args: []string{"extract", "--drop-html"}, Stdin: in,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				recs := clitest.Records(t, stdout)
				if len(recs) != 12 {
					t.Fatalf("%d records, want 12", len(recs))
				}
				var sc metric.WordBagScorer
				var all metric.WordBags
				for _, r := range recs {
					c, _ := r["content"].(map[string]any)
					if r["error"] != nil || r["html"] != nil || c == nil || c["by"] != "page" {
						t.Fatalf("page %v: error %v, content %v", r["id"], r["error"], c)
					}
					if r["kind"] != "article" {
						continue
					}
					b := sc.Score(r["text"].(string), r["gold"].(string))
					all.Add(b)
					if b.R < .8 || b.P < .7 {
						t.Errorf("page %v: word P %.2f R %.2f from the page alone", r["id"], b.P, b.R)
					}
					if r["title"] != r["gold_title"] {
						t.Errorf("page %v: title %q, want %q", r["id"], r["title"], r["gold_title"])
					}
				}
				if m := all.Result(); m.F1 < .93 {
					t.Errorf("articles: word F1 %.3f (P %.3f R %.3f) from each page alone, want >= .93", m.F1, m.P, m.R)
				}
				if !strings.Contains(stderr, "chaff: summary read=12 emitted=12 errors=0") || !strings.Contains(stderr, "joined=0 in_page=12") ||
					strings.Contains(stderr, "empty=") {
					t.Errorf("summary: %s", stderr)
				}
			}},
		// A page whose HTML holds no text (a script fills it in) comes out empty, its record
		// says that it has no block, and the summary counts it.
		{Name: "extract-empty", Args: []string{"extract", "--drop-html", "shell.html", "tide.html"},
			Files: map[string]string{"tide.html": page, "shell.html": `<html><head><title>Forum</title><script src="/app.js"></script></head><body><div id="app"></div><noscript>Enable JavaScript.</noscript></body></html>`},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				recs := clitest.Records(t, stdout)
				if len(recs) != 2 {
					t.Fatalf("%d records, want 2", len(recs))
				}
				c, _ := recs[0]["content"].(map[string]any)
				if recs[0]["text"] != "" || c == nil || c["blocks"] != 0.0 || recs[1]["text"] == "" {
					t.Errorf("records %v / %v", recs[0], recs[1]["text"])
				}
				if !strings.Contains(stderr, "in_page=2 stale=0 empty=1 ") {
					t.Errorf("summary: %s", stderr)
				}
			}},
		{Name: "extract-html-file", Args: []string{"extract", "--drop-html", "tide.html"}, Files: map[string]string{"tide.html": page},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)[0]
				text := r["text"].(string)
				if !strings.Contains(text, "The tide tables for the harbour") || !strings.Contains(text, "channel is shallow") ||
					strings.Contains(text, "Harbour office") || strings.Contains(text, "About") || r["title"] != "Tide tables" {
					t.Errorf("text %q title %q", text, r["title"])
				}
			}},
		{Name: "show", Args: []string{"show", "tide.html"}, Files: map[string]string{"tide.html": page},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if !strings.Contains(stdout, "Content-Security-Policy") || !strings.Contains(stdout, `class="b drop"`) ||
					!strings.Contains(stdout, "channel is shallow") || strings.Contains(stdout, "<nav") {
					t.Errorf("view: %.500s", stdout)
				}
			}},
		{Name: "extract-markdown", Args: []string{"extract", "--drop-html", "--markdown", "tide.html"}, Files: map[string]string{"tide.html": page},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)[0]
				text := r["text"].(string)
				if !strings.HasPrefix(text, "# Tide tables\n\nThe tide tables for the harbour") || !strings.Contains(text, "day.\n\nBoats leaving") ||
					strings.Contains(text, "Harbour office") || r["title"] != "Tide tables" {
					t.Errorf("text %q title %q", text, r["title"])
				}
			}},
		{Name: "extract-markdown-links", Args: []string{"extract", "--drop-html", "--markdown", "--links", "-"},
			Stdin: `{"id":"a","url":"https://harbour.example/tides/week","html":` + jsonString(strings.Replace(page, "printed every week", `printed <a href="/tables">every week</a>`, 1)) + `}` + "\n",
			Check: func(t *testing.T, dir, stdout, stderr string) {
				text := clitest.Records(t, stdout)[0]["text"].(string)
				if !strings.Contains(text, "are printed [every week](https://harbour.example/tables). They give") {
					t.Errorf("text %q", text)
				}
			}},
		{Name: "extract-markdown-images", Args: []string{"extract", "--drop-html", "--markdown", "--images", "-"},
			Stdin: `{"id":"a","url":"https://harbour.example/tides/week","html":` + jsonString(strings.Replace(page, "</p>\n<p>Boats", "</p>\n<figure><img src=\"/img/harbour.jpg\" alt=\"The harbour [at dawn]\"></figure>\n<p>Boats", 1)) + `}` + "\n",
			Check: func(t *testing.T, dir, stdout, stderr string) {
				text := clitest.Records(t, stdout)[0]["text"].(string)
				if !strings.Contains(text, "for each day.\n\n![The harbour \\[at dawn\\]](https://harbour.example/img/harbour.jpg)\n\nBoats leaving") {
					t.Errorf("text %q", text)
				}
			}},
		{Name: "images-without-markdown", Args: []string{"extract", "--images", "tide.html"}, Files: map[string]string{"tide.html": page}, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if stdout != "" || !strings.Contains(stderr, "--images writes the images of the Markdown: only with --markdown") {
					t.Errorf("stdout %q stderr %q", stdout, stderr)
				}
			}},
		{Name: "links-without-markdown", Args: []string{"extract", "--links", "tide.html"}, Files: map[string]string{"tide.html": page}, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if stdout != "" || !strings.Contains(stderr, "--links writes the links of the Markdown: only with --markdown") {
					t.Errorf("stdout %q stderr %q", stdout, stderr)
				}
			}},
		{Name: "extract-mojibake", Args: []string{"extract", "-"}, Stdin: mojibakeRecord(page),
			Check: func(t *testing.T, dir, stdout, stderr string) {
				r := clitest.Records(t, stdout)[0]
				text, html := r["text"].(string), r["html"].(string)
				if !strings.Contains(text, "The harbour’s tide tables — printed every week") || !strings.Contains(html, "harbour’s tide tables") {
					t.Errorf("text %q, html %.300q", text, html)
				}
				if !strings.Contains(stderr, "mojibake=1 ") {
					t.Errorf("summary: %s", stderr)
				}
			}},
		// The record's meta member: what the page says of itself, read from its head and
		// structured data; a record's own "meta" is replaced, and left out when the page says
		// nothing.
		{Name: "extract-meta", Args: []string{"extract", "--drop-html", "-"},
			Stdin: `{"id":"a","url":"https://harbour.example/tides/week","html":` + jsonString(strings.Replace(page, "<head>", `<head lang="x"><meta property="og:image" content="/tides.png">`+
				`<script type="application/ld+json">{"@type":"Article","inLanguage":"en-GB","datePublished":"2024-03-01T06:00:00Z","author":{"@type":"Person","name":"Ada Rowe"}}</script>`, 1)) + `}` + "\n" +
				`{"id":"b","meta":{"stale":true},"html":"<p>Nothing said about it.</p>"}` + "\n",
			Check: func(t *testing.T, dir, stdout, stderr string) {
				recs := clitest.Records(t, stdout)
				if len(recs) != 2 {
					t.Fatalf("%d records, want 2", len(recs))
				}
				got, _ := json.Marshal(recs[0]["meta"])
				if want := `{"author":"Ada Rowe","image":"https://harbour.example/tides.png","lang":"en-GB","published":"2024-03-01T06:00:00Z"}`; string(got) != want {
					t.Errorf("meta %s, want %s", got, want)
				}
				if _, ok := recs[1]["meta"]; ok {
					t.Errorf("a page that says nothing of itself keeps a meta member: %v", recs[1]["meta"])
				}
			}},
		{Name: "no-command", Args: []string{}, Exit: 2},
		{Name: "bad-flag", Args: []string{"extract", "--nope"}, Exit: 2},
		{Name: "bad-favor", Args: []string{"extract", "--favor", "precise", "tide.html"}, Files: map[string]string{"tide.html": page}, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if stdout != "" || !strings.Contains(stderr, `--favor "precise": want balanced, precision or recall`) {
					t.Errorf("stdout %q stderr %q", stdout, stderr)
				}
			}},
	})
}

// TestVersionAndHelp: version and --version print the build's version (Go's build info:
// "(devel)" in a test), and every command's help shows example command lines.
func TestVersionAndHelp(t *testing.T) {
	clitest.Run(t, run, "chaff", []clitest.Case{
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "version-extra-arg", Args: []string{"version", "now"}, Exit: 2},
	})
	clitest.CheckHelp(t, run, "chaff")
}

// mojibakeRecord is a JSON line whose html is page, with typography, as a tool that read its
// UTF-8 as Windows-1252 wrote it ("harbourâ€™s").
func mojibakeRecord(page string) string {
	page = strings.Replace(page, "The tide tables for the harbour are printed every week", "The harbour’s tide tables — printed every week", 1)
	var b strings.Builder
	for _, c := range []byte(page) {
		switch c {
		case 0x80:
			b.WriteRune('€')
		case 0x94:
			b.WriteRune('”')
		case 0x99:
			b.WriteRune('™')
		default:
			b.WriteRune(rune(c)) // the bytes of ’ (e2 80 99) and — (e2 80 94) as Windows-1252 reads them
		}
	}
	line, _ := json.Marshal(map[string]string{"id": "tide", "url": "https://harbour.example/tides", "html": b.String()})
	return string(line) + "\n"
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
