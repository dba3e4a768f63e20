// Package synth generates synthetic web sites whose template is known: the fixture for every
// tool's tests and the built-in sample of the README's demo.
//
// A corpus is N sites x M pages. Each site has a page skeleton as real news sites have: head
// with meta tags, a large inline <style> and <script>, JSON-LD, a cookie banner, header, a
// navigation menu (identical on every page but for the "active" section), ads with random ids,
// breadcrumbs, a byline with a per-page date, share buttons, topic tags, related-links and
// "most popular" lists whose entries vary per page, a sidebar, a footer, HTML comments with
// per-page timestamps, and optional blocks present on some pages only (breaking-news banner,
// "updated" note, newsletter box, correction note, in-body ad, "read more" link). Each site
// has two article templates with different skeletons and class names: A (a modern
// header/article/aside layout) and B (an older table layout), and a few index pages (teaser
// lists: many list items with the same markup) as noise. Article text comes from a
// Zipf-distributed vocabulary (pseudo-English, or Japanese-like kana and kanji without spaces
// for the CJK site) in which the title's key words recur, with links and emphasis inside some
// paragraphs and sometimes an image with a caption. Titles also appear outside the content,
// as on real sites: in <title>, meta tags, JSON-LD, breadcrumbs and other pages' link lists.
//
// # Plain shapes
//
// Shapes (Shape, Shapes, EachShape, Config.Shapes) are small plain sites beside the news
// corpus, the kinds a crawl holds besides large news sites: an HTML5 page, nested class-named
// divs, an old table layout with <br><br> paragraphs and <font>, one short paragraph per
// article, articles with lists, a table, code and a quote, a blog with a comment thread, a wiki
// page with a table of contents, Japanese (no spaces), Arabic (dir=rtl) and Russian text (real
// function words and generated words of those scripts), pages of identical structure, a site
// redesigned halfway, and a two-page site; 2 to 40 pages each. All but the article is the same
// on every page of a shape (or its half, for the redesign), except what a shape says varies and
// is not content either (a blog's date line and comments, a wiki's table of contents and
// last-edited line). Their records carry "shape"; gold and gold_spans are as below, except
// that the table layout's paragraphs are runs of text between <br>s, so their spans are that
// text. They have their own random streams: the news corpus is the same with or without them.
//
// Config.StaticTemplate gives the easy case instead: every byte outside the content is the
// same on all articles of a template (no per-page head, byline, lists, ids, optional blocks or
// images), so template bytes and content bytes are exactly known.
//
// # Records
//
// A Page marshals to the corpus record
//
//	{"id","dataset":"synth","site","url","date","html","gold","gold_title","gold_spans","kind","template"}
//
// kind is "article" or "index"; template is "A", "B" or "index". site is the URL's host.
//
// gold_spans are byte ranges [start, end) into html, in document order, one per content
// element, each from the '<' of the element's start tag to just after the '>' of its end tag:
// the <h1> title, the image caption (<figcaption> in A, a caption <div> in B) when there is
// an image, and every <p> of the article body. Bytes between these elements (newlines, the
// <figure> and <img> around a caption, an in-body ad) are outside. Content elements never
// contain script, style or comments.
//
// gold is the text of those elements, one per line, as a renderer shows them: tags dropped,
// character references decoded, whitespace runs (source line breaks inside long paragraphs
// included) folded to one space, no leading or trailing space. Its first line is gold_title.
// Index pages have kind "index", empty gold and gold_title and empty gold_spans ([]): a tool
// can be checked to treat them as noise rather than to extract something.
//
// # Determinism
//
// Every part of a corpus is drawn from its own math/rand/v2 PCG stream derived from
// Config.Seed, the site and the page position, so the same Config gives byte-identical output
// and pages can be made in any order (Interleave changes the order, not the pages). The
// streams depend on the generator's code too: a change to it may change every corpus, so
// tests should check properties of the corpus rather than pin its bytes.
//
// Generate returns a corpus in memory; Each streams it page by page with flat memory, for
// corpora of any size; WriteJSONL writes JSON lines and WriteWARC a WARC file with a gold
// JSON-lines file beside it.
package synth
