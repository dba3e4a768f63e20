package content

import (
	"testing"

	"github.com/chaffkit/chaff/lib/dom"
)

func metadataOf(url, html string) (Metadata, *Page) {
	p := Segment(html, dom.Parse(html, dom.DropSpaceText()))
	p.URL = url
	return p.Metadata(), p
}

// The main JSON-LD item's language, dates, authors and publisher come first; a template's
// placeholders and addresses are not authors; relative addresses are resolved.
func TestMetadataFromStructuredData(t *testing.T) {
	html := `<!doctype html><html lang="en_us"><head><title>River rises | Daily</title>
<meta property="article:published_time" content="2022-01-25T10:00:00Z">
<meta property="og:site_name" content="The Daily">
<meta property="og:image" content="/img/river.jpg">
<meta name="description" content="The river rose.">
<meta name="author" content="Meta Author">
<link rel="canonical" href="/news/river">
<script type="application/ld+json">{"@graph":[
 {"@type":"WebPage","datePublished":"2020-02-02","author":"Page Author"},
 {"@type":"NewsArticle","headline":"River rises","datePublished":"2022-1-26T14:32:06+02:00",
  "dateModified":"2022-01-27T08:00:00+02:00",
  "author":[{"@type":"Person","name":"Ann Lee"},{"name":"ann lee"},"undefined","https://x.example/bob","3d23d65-ddc6-4ce5",{"name":"Bo Chen"}],
  "publisher":{"@type":"Organization","name":"Daily Inc."}}]}</script>
</head><body><p>The river rose by two metres overnight.</p></body></html>`
	md, p := metadataOf("https://daily.example/a/b?x=1", html)
	want := Metadata{
		Lang:        "en-US",
		Published:   "2022-01-26", // the item's form is not RFC 3339 (a one-digit month): its day
		Modified:    "2022-01-27T08:00:00+02:00",
		Author:      "Ann Lee; Bo Chen",
		SiteName:    "The Daily",
		Description: "The river rose.",
		Image:       "https://daily.example/img/river.jpg",
		Canonical:   "https://daily.example/news/river",
	}
	if md != want {
		t.Errorf("got  %+v\nwant %+v", md, want)
	}
	if p.Meta.LDType != "newsarticle" || p.Meta.LDTitle != "River rises" {
		t.Errorf("the model's JSON-LD members: %q %q", p.Meta.LDType, p.Meta.LDTitle)
	}
}

// Without structured data the meta elements speak, then a <time> marked as the
// publication's; a declared language that is not a tag gives way to the next source.
func TestMetadataFallbacks(t *testing.T) {
	html := `<html lang="{{lang}}"><head><meta property="og:locale" content="de_DE">
<meta name="DC.date" content="1970-01-01">
<meta name="author" content="Karl Kraus"><meta name="author" content="karl kraus">
<meta property="og:image" content="data:image/png;base64,AAAA">
</head><body><article><time pubdate datetime="Di., 25.01.2022 - 14:45">25. Januar</time>
<p>Text des Artikels mit genug Worten.</p></article></body></html>`
	md, _ := metadataOf("", html)
	want := Metadata{Lang: "de-DE", Published: "2022-01-25", Author: "Karl Kraus"}
	if md != want {
		t.Errorf("got  %+v\nwant %+v", md, want)
	}
	// Without the page's address, the canonical one resolves the image's.
	md, _ = metadataOf("", `<html><head><link rel="canonical" href="https://a.example/x/y">`+
		`<meta property="og:image" content="../i.png"><link rel="canonical" href="/other"></head><body><p>Text.</p></body></html>`)
	if want := (Metadata{Canonical: "https://a.example/x/y", Image: "https://a.example/i.png"}); md != want {
		t.Errorf("got  %+v\nwant %+v", md, want)
	}
	if md, _ := metadataOf("", `<html><body><p>Nothing said.</p></body></html>`); md != (Metadata{}) {
		t.Errorf("a page that says nothing: %+v", md)
	}
}

// A JSON-LD member of an unexpected type (a number for a date, an object for a language)
// neither makes the item unreadable for the model nor gives a value.
func TestMetadataOddJSONLD(t *testing.T) {
	html := `<html><head><script type="application/ld+json">{"@type":"Product","name":"Lamp",
"datePublished":20220126,"inLanguage":{"@type":"Language","name":"en"},"image":[{"url":"https://cdn.example/l.jpg"}],
"author":{"name":["x"]}}</script></head><body><p>A lamp.</p></body></html>`
	md, p := metadataOf("https://shop.example/lamp", html)
	if p.Meta.LDType != "product" || p.Meta.LDTitle != "Lamp" {
		t.Errorf("the item was not read: %+v", p.Meta)
	}
	want := Metadata{Lang: "en", Image: "https://cdn.example/l.jpg"}
	if md != want {
		t.Errorf("got  %+v\nwant %+v", md, want)
	}
}

func TestPageDate(t *testing.T) {
	for in, want := range map[string]string{
		"2025-12-15T03:04:22.905Z":     "2025-12-15T03:04:22Z",
		"2012-11-07T02:45:09+05:30":    "2012-11-07T02:45:09+05:30",
		"2012-11-06T13:53:00-0800":     "2012-11-06T13:53:00-08:00",
		"2021-01-18T19:55+01:00":       "2021-01-18T19:55:00+01:00",
		"2013-08-22 21:43:53":          "2013-08-22T21:43:53",
		"2007-05-22":                   "2007-05-22",
		"2012/07/24T14:41:54+00:00":    "2012-07-24",
		"8:43 AM, April 19, 2013":      "2013-04-19",
		"Tue Jan 28 15:28:56 CET 2020": "2020-01-28",
		"Dec 19th 2025":                "2025-12-19",
		"2 January 2006":               "2006-01-02",
		"2023 Jan 7":                   "2023-01-07",
		"13/11/2025 09:21:40":          "2025-11-13",
		"Thu, 09/25/2025 - 11:38":      "2025-09-25",
		"10/05/2022 05:22 pm":          "", // day or month first: the writer's convention
		"1970-01-01T01:00:00+01:00":    "", // the epoch's zero
		"2022-02-30":                   "", // no such day
		"2020":                         "",
		"soon":                         "",
		"May the best one win, 2024":   "",
	} {
		if got := pageDate(in); got != want {
			t.Errorf("pageDate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLangTag(t *testing.T) {
	for in, want := range map[string]string{
		"en_us": "en-US", "EN-gb": "en-GB", "de, en": "de", "de": "de", "zh-hant-tw": "zh-Hant-TW", "pt_BR": "pt-BR",
		"": "", "{{lang}}": "", "und": "", "x-default": "", "english": "",
	} {
		if got := langTag(in); got != want {
			t.Errorf("langTag(%q) = %q, want %q", in, got, want)
		}
	}
}
