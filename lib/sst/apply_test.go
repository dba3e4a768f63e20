package sst

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
)

// sitePage is a page of a tiny site: a fixed navigation and footer around a varying story.
func sitePage(i int, extra string) string {
	words := []string{"harbour", "lantern", "orchard", "meadow", "granite", "willow", "ember", "thistle"}
	return fmt.Sprintf(`<html><head><title>t</title><script>var x = "%d";</script></head><body>
<div id="nav"><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About us</a></div>
<div class="main"><h1>Story %s %s</h1><p>The %s of %s was seen near the %s in %d, said %s.</p>%s</div>
<div id="foot">Copyright Example Media, all rights reserved.</div>
</body></html>`, i, words[i%8], words[(i+3)%8], words[(i+1)%8], words[(i+5)%8], words[(i+2)%8], 1990+i, uniq(i), extra)
}

// uniq returns words found on page i only.
func uniq(i int) string {
	c := string(rune('a' + i))
	return "quill" + c + " brook" + c + " fen" + c + " dray" + c + " cobble" + c
}

func learnSite(t *testing.T, o Options, n int) *Model {
	t.Helper()
	var ps []string
	for i := range n {
		ps = append(ps, sitePage(i, ""))
	}
	m, err := Learn(ps, o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func kept(m *Model, page string) string {
	return htmltext.RenderSpans(page, m.ApplyHTML(page).Spans)
}

func TestMapSST(t *testing.T) {
	for _, c := range []struct {
		name string
		opts Options
	}{{"default", DefaultOptions()}, {"faithful", FaithfulOptions()}, {"collapse", func() Options {
		o := FaithfulOptions()
		o.Mode = ModeCollapse
		return o
	}()}} {
		t.Run(c.name, func(t *testing.T) {
			m := learnSite(t, c.opts, 4)
			// A page from the same template: the navigation and footer go, the story stays.
			page := sitePage(6, "")
			text := kept(m, page)
			for _, want := range []string{"Story ember lantern", "The thistle of meadow"} {
				if !strings.Contains(text, want) {
					t.Errorf("kept text lacks %q:\n%s", want, text)
				}
			}
			for _, bad := range []string{"Home", "About us", "Copyright", "var x"} {
				if strings.Contains(text, bad) {
					t.Errorf("kept text has template %q:\n%s", bad, text)
				}
			}
			// A style absent from the SST is kept as possibly meaningful.
			page = sitePage(7, `<div class="promo"><p>Unheard-of promotion text</p><p>second</p></div>`)
			text = kept(m, page)
			if !strings.Contains(text, "Unheard-of promotion text") || !strings.Contains(text, "The harbour of granite") {
				t.Errorf("unseen style not kept:\n%s", text)
			}
			if c.opts.Mode == ModeMerge && strings.Contains(text, "Copyright") {
				t.Errorf("merge mode kept the footer of a page with a new part:\n%s", text)
			}
			// A page whose body has a new child sequence: in the faithful modes its body
			// style is unknown, so the whole body is kept (the paper's MapSST).
			page = strings.Replace(sitePage(5, ""), `<div id="foot">`, `<div id="extra">x</div><div id="foot">`, 1)
			res := m.ApplyHTML(page)
			text = htmltext.RenderSpans(page, res.Spans)
			if c.opts.Mode != ModeMerge && !strings.Contains(text, "Copyright") {
				t.Errorf("faithful: a body of unknown style should be kept whole:\n%s", text)
			}
			if c.opts.Mode == ModeMerge && (strings.Contains(text, "Copyright") || !strings.Contains(text, "x")) {
				t.Errorf("merge: footer kept or new part dropped:\n%s", text)
			}
		})
	}
}

func TestModelRoundTrip(t *testing.T) {
	m := learnSite(t, DefaultOptions(), 5)
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Load(raw)
	if err != nil {
		t.Fatal(err)
	}
	page := sitePage(9, "<p>more</p>")
	a, b := m.ApplyHTML(page), back.ApplyHTML(page)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("loaded model applies differently: %v vs %v", a, b)
	}
	if a.Noisy == 0 || a.Kept == 0 {
		t.Errorf("counts %+v, want some noisy and some kept", a)
	}
	bad := bytes.Replace(raw, []byte(`"version":1`), []byte(`"version":99`), 1)
	if _, err := Load(bad); err == nil || !strings.Contains(err.Error(), "version 99") {
		t.Errorf("a model of another version: %v", err)
	}
	if _, err := Load([]byte(`{"version":1,"mode":"merge","t":0.3,"gamma":0.9}`)); err == nil {
		t.Error("a model without a root loaded")
	}
}

// TestLeafFeatures checks the word features: case folded, numbers one feature, CJK bigrams.
func TestLeafFeatures(t *testing.T) {
	get := func(s string) []uint32 {
		var fs []uint32
		wordHashes(s, func(f uint32) { fs = append(fs, f) })
		return fs
	}
	a, b := get("Home NEWS home"), get("news")
	if len(a) != 3 || a[0] != a[2] || a[1] != b[0] {
		t.Errorf("case folding: %v %v", a, b)
	}
	n1, n2 := get("2013"), get("17")
	if len(n1) != 1 || n1[0] != n2[0] {
		t.Errorf("numbers should be one feature: %v %v", n1, n2)
	}
	if x := get("a1"); x[0] == n1[0] {
		t.Error("a word with a digit is not a number")
	}
	// 東京都 gives the bigrams 東京 and 京都; "x 東" gives x and the lone 東.
	cjk := get("東京都")
	if len(cjk) != 2 || cjk[0] == cjk[1] {
		t.Errorf("CJK bigrams: %v", cjk)
	}
	if lone := get("x 東"); len(lone) != 2 {
		t.Errorf("lone CJK character: %v", lone)
	}
	if again := get("京都"); again[0] != cjk[1] {
		t.Error("the same bigram should hash alike")
	}
}

func TestView(t *testing.T) {
	m := learnSite(t, DefaultOptions(), 4)
	page := sitePage(5, `<p onclick="evil()">a &lt;b&gt; c</p><script>alert(1)</script><img src=x onerror=alert(2)>`)
	var b bytes.Buffer
	if err := m.View(&b, page, `<page "5">`); err != nil {
		t.Fatal(err)
	}
	v := b.String()
	for _, bad := range []string{"<script", "onclick", "onerror", "a <b> c", `<page "5">`} {
		if strings.Contains(v, bad) {
			t.Errorf("view contains %q", bad)
		}
	}
	for _, want := range []string{"Content-Security-Policy", `class="b drop"`, "a &lt;b&gt; c", "site style tree", "ci=", "noisy"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q", want)
		}
	}
}

// TestDeepPage checks that a page nested far deeper than any parser limit is learned and
// applied, and its text kept.
func TestDeepPage(t *testing.T) {
	const depth = 20000
	deep := "<html><body>" + strings.Repeat("<div>", depth) + "<p>deep words here</p>" + strings.Repeat("</div>", depth) + "</body></html>"
	m := learnSite(t, DefaultOptions(), 4)
	if text := kept(m, deep); !strings.Contains(text, "deep words here") {
		t.Errorf("deep page text lost: %q", text)
	}
	m2, err := Learn([]string{deep, deep, sitePage(1, "")}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	m2.ApplyHTML(deep)
	// Inline elements nested deep with a block at the bottom: deciding which elements are
	// virtual leaves must not rescan the subtree at every level (this took minutes).
	spans := "<body>" + strings.Repeat("<span>", depth) + "<div>bottom block</div>" + strings.Repeat("</span>", depth)
	m3, err := Learn([]string{spans, spans, spans}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if text := kept(m, spans); !strings.Contains(text, "bottom block") {
		t.Errorf("deep span page text lost: %q", text)
	}
	m3.ApplyHTML(spans)
}

func TestOptionsValidate(t *testing.T) {
	for _, o := range []Options{
		{Mode: 9, Gamma: 0.9},
		{Threshold: 2, Gamma: 0.9},
		{Threshold: 0.3, Gamma: 1},
		{Threshold: 0.3, Gamma: 0.9, LocalNoise: -1},
		{Threshold: 0.3, Gamma: 0.9, Similarity: 3},
	} {
		if _, err := NewLearner(o); err == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if _, err := ParseMode("zigzag"); err == nil {
		t.Error("unknown mode accepted")
	}
}
