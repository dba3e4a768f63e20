// Package page is one web page as the tools handle it: the record it came in, its HTML, and
// the page's tree, parsed at most once however many algorithms, learners and views read it.
//
// A run reads a page, may learn from it (a site's sample) and then applies a model to it; all
// of them get the same *Page, so that the page is parsed once and its copy fingerprint
// computed once. lib/cli drops the tree (Page.Drop) when the page is emitted, so that memory
// holds the trees of the pages in flight, not of every page read.
package page

import (
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/record"
)

// Page is one page: its record, its HTML and the site it is grouped under, with the tree and
// the fingerprint computed on first use. A Page is safe for concurrent use: Doc, Flattened,
// Fingerprint and Memo may be called from several goroutines (workers applying a model while
// another goroutine reads the same page is not a pattern lib/cli has, but nothing breaks).
type Page struct {
	// Rec is the record the page came in (nil for a page made from HTML alone). lib/cli sets
	// the output members (text, title, the tool's detail) on it; algorithms read only HTML
	// and, for views, ID, URL and Where.
	Rec *record.Record
	// HTML is the page (Rec.HTML when there is a record).
	HTML string
	// Site is the key the page is grouped and learned under ("" outside a grouped run).
	Site string

	maxDepth int

	docMu     sync.Mutex
	doc       *dom.Node
	flattened int

	fpOnce sync.Once
	fp     uint64

	mu   sync.Mutex
	memo map[any]any
}

// New returns the page of rec, grouped under site, whose tree is parsed with elements below
// maxDepth flattened (0: no limit; see Doc).
func New(rec *record.Record, site string, maxDepth int) *Page {
	return &Page{Rec: rec, HTML: rec.HTML, Site: site, maxDepth: maxDepth}
}

// FromHTML returns a page of html alone (tests, library use), its tree flattened below
// dom.DefaultMaxDepth.
func FromHTML(html string) *Page {
	return &Page{HTML: html, maxDepth: dom.DefaultMaxDepth}
}

// FromHTMLs returns a page of each html (FromHTML).
func FromHTMLs(htmls []string) []*Page {
	out := make([]*Page, len(htmls))
	for i, h := range htmls {
		out[i] = FromHTML(h)
	}
	return out
}

// HTMLs returns the pages' HTML, for the algorithms that learn from strings.
func HTMLs(pages []*Page) []string {
	out := make([]string, len(pages))
	for i, p := range pages {
		out[i] = p.HTML
	}
	return out
}

// MaxDepth is the depth below which Doc flattens elements (0: no limit).
func (p *Page) MaxDepth() int { return p.maxDepth }

// Doc returns the page's tree, parsed on the first call with dom.Parse: white-space-only
// text between tags left out (dom.DropSpaceText: no algorithm reads it, and the tree is a
// third smaller), elements nested deeper than MaxDepth flattened (dom.MaxDepth). Every later
// call, from learning, applying or a view, returns the same tree, which must not be
// modified. After Drop the page is parsed again if asked.
func (p *Page) Doc() *dom.Node {
	p.docMu.Lock()
	defer p.docMu.Unlock()
	if p.doc == nil {
		p.doc = dom.Parse(p.HTML, dom.DropSpaceText(), dom.MaxDepth(p.maxDepth), dom.CountFlattened(&p.flattened))
		parses.Add(1)
	}
	return p.doc
}

// parses counts the trees Doc built, in this process.
var parses atomic.Int64

// Parses returns how many page trees Doc has built in this process: tests check with it
// that a run parses each page once.
func Parses() int64 { return parses.Load() }

// Flattened is how many elements Doc flattened below MaxDepth (it parses the page if it
// was not yet parsed): a tool says so in a note on the page.
func (p *Page) Flattened() int {
	p.Doc()
	p.docMu.Lock()
	defer p.docMu.Unlock()
	return p.flattened
}

// FlattenedIfParsed is Flattened without parsing: parsed is false when nothing asked for
// the page's tree (an algorithm of strings), and the page then has nothing to say.
func (p *Page) FlattenedIfParsed() (n int, parsed bool) {
	p.docMu.Lock()
	defer p.docMu.Unlock()
	return p.flattened, p.doc != nil
}

// Fingerprint is htmltext.Fingerprint of the page (its text, digit runs as one symbol),
// computed once: copies of a page have the same one, and learning counts them once.
func (p *Page) Fingerprint() uint64 {
	p.fpOnce.Do(func() { p.fp = htmltext.Fingerprint(p.HTML) })
	return p.fp
}

// RenderSpans is htmltext.RenderSpans of the page.
func (p *Page) RenderSpans(spans [][2]int) string { return htmltext.RenderSpans(p.HTML, spans) }

// Memo returns what build returned the first time Memo was called with key on this page,
// calling it now if it was not: an algorithm's own form of the page (rtdm's labelled tree,
// say), built once whether the page is learned from, applied or shown. Keys should be
// values of an unexported type of the calling package, as with context.Context. build
// runs with the page's memo lock held: it must not call Memo on the same page.
func (p *Page) Memo(key any, build func() any) any {
	p.mu.Lock()
	defer p.mu.Unlock()
	if v, ok := p.memo[key]; ok {
		return v
	}
	v := build()
	if p.memo == nil {
		p.memo = map[any]any{}
	}
	p.memo[key] = v
	return v
}

// MemoEach keeps vals[i], where it is not nil, in the memo of pages[i] under key (vals may be
// shorter than pages): what a learner found on each page of its sample, for the apply that
// follows in the same run (ampl's marks, ngramcut's coverage).
func MemoEach[T any](pages []*Page, key any, vals []*T) {
	for i, v := range vals {
		if v != nil {
			pages[i].Memo(key, func() any { return v })
		}
	}
}

// Drop lets the tree and the memos go (the page is emitted, or will wait long): a later
// Doc parses the page again. It must not be called while another goroutine uses the page.
func (p *Page) Drop() {
	p.docMu.Lock()
	p.doc, p.flattened = nil, 0
	p.docMu.Unlock()
	p.mu.Lock()
	p.memo = nil
	p.mu.Unlock()
}

// nodeBytes is what one node of a page's tree takes, with its share of attributes and
// decoded text: an estimate for Size.
const nodeBytes = int(unsafe.Sizeof(dom.Node{})) + 40

// Size estimates the bytes the page holds in memory: its record (record.Record.Size, the
// HTML included), or its HTML when it has none, and its tree when parsed (nodes times an
// estimate of a node's bytes). lib/cli bounds the pages waiting for their site with it
// (--max-buffer-bytes).
func (p *Page) Size() int {
	n := len(p.HTML)
	if p.Rec != nil {
		n = p.Rec.Size()
	}
	p.docMu.Lock()
	doc := p.doc
	p.docMu.Unlock()
	if doc != nil {
		n += doc.Size() * nodeBytes
	}
	return n
}

// Where names the page in messages: its record's place ("pages.jsonl:12"), or "" without a
// record.
func (p *Page) Where() string {
	if p.Rec == nil {
		return ""
	}
	return p.Rec.Where()
}

// Name is the page's title in views: its URL, else its id ("" for neither).
func (p *Page) Name() string {
	if p.Rec == nil {
		return ""
	}
	if p.Rec.URL != "" {
		return p.Rec.URL
	}
	return p.Rec.ID
}

// Evidence is a byte span [Start, End) of a page's HTML that a site model calls template,
// with the strength of that claim in (0, 1]: 1 when the model is sure, lower as its own
// measure of the claim weakens (see each algorithm's documentation of the measure).
type Evidence struct {
	Start, End int
	Strength   float32
}
