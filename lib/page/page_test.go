package page

import (
	"strings"
	"sync"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/record"
)

// TestParsedOnce: the tree is built on the first Doc, shared by every caller (concurrent ones
// too), counted once by Parses, flattened at the page's depth with the count kept, and built
// again only after Drop.
func TestParsedOnce(t *testing.T) {
	html := "<html><body>" + strings.Repeat("<div>", 10) + "<p>deep</p>" + strings.Repeat("</div>", 10) + "</body></html>"
	rec := &record.Record{HTML: html, ID: "a", URL: "https://x.example/a"}
	p := New(rec, "x.example", 5)
	if _, parsed := p.FlattenedIfParsed(); parsed {
		t.Fatal("parsed before anything asked for the tree")
	}
	before := Parses()
	var wg sync.WaitGroup
	docs := make([]any, 8)
	for i := range docs {
		wg.Go(func() { docs[i] = p.Doc() })
	}
	wg.Wait()
	for _, d := range docs {
		if d != docs[0] {
			t.Fatal("two trees for one page")
		}
	}
	if n := Parses() - before; n != 1 {
		t.Fatalf("%d parses, want 1", n)
	}
	if n, parsed := p.FlattenedIfParsed(); !parsed || n == 0 || n != p.Flattened() {
		t.Fatalf("flattened %d (parsed %v), want the elements below depth 5", n, parsed)
	}
	built := 0
	for range 3 {
		p.Memo(struct{}{}, func() any { built++; return built })
	}
	if built != 1 {
		t.Fatalf("memo built %d times", built)
	}
	p.Drop()
	if _, parsed := p.FlattenedIfParsed(); parsed {
		t.Fatal("the tree outlived Drop")
	}
	p.Doc()
	p.Memo(struct{}{}, func() any { built++; return built })
	if Parses()-before != 2 || built != 2 {
		t.Fatalf("after Drop: %d parses, memo built %d times; want 2 and 2", Parses()-before, built)
	}
	if p.Name() != rec.URL || p.Where() != rec.Where() || p.Site != "x.example" {
		t.Fatalf("name %q, where %q, site %q", p.Name(), p.Where(), p.Site)
	}
}

// TestFingerprint: copies of a page that differ in markup and numbers only have one
// fingerprint; another text has another.
func TestFingerprint(t *testing.T) {
	a := FromHTML(`<p class="x">Seen 12 times</p>`)
	b := FromHTML(`<p>Seen 345 times</p><!-- crawled again -->`)
	c := FromHTML(`<p>Seen twice</p>`)
	if a.Fingerprint() != b.Fingerprint() || a.Fingerprint() == c.Fingerprint() {
		t.Fatal("fingerprints do not tell copies from other pages")
	}
	if got := HTMLs([]*Page{a, c}); got[0] != a.HTML || got[1] != c.HTML {
		t.Fatal("HTMLs")
	}
}

// TestRenderSpans: the page's RenderSpans is htmltext.RenderSpans, before and after Drop;
// the fingerprint is htmltext.Fingerprint.
func TestRenderSpans(t *testing.T) {
	html := `<html><head><title>T</title></head><body><div hidden>x</div><p>One &amp; two</p><ul><li>three<li>4 five</ul></body></html>`
	p := FromHTML(html)
	spans := [][2]int{{strings.Index(html, "<p>"), strings.Index(html, "<li>4")}, {strings.Index(html, "five"), len(html)}}
	want := htmltext.RenderSpans(html, spans)
	if got := p.RenderSpans(spans); got != want {
		t.Fatalf("RenderSpans: %q, want %q", got, want)
	}
	if got, want := p.Fingerprint(), htmltext.Fingerprint(html); got != want {
		t.Fatalf("Fingerprint %x, want %x", got, want)
	}
	p.Drop()
	if got := p.RenderSpans(spans); got != want {
		t.Fatalf("after Drop: %q, want %q", got, want)
	}
}
