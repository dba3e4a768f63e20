package synth

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Config says what to generate. The zero value is usable: Sites, PagesPerSite, Templates and
// PageBytes at zero take the defaults below; Seed, IndexPages, CJK and Interleave are taken
// as they are (so Config{} has no index pages and no CJK site; DefaultConfig has both).
type Config struct {
	Seed         uint64 // the PCG seed: the same Config gives byte-identical pages
	Sites        int    // number of sites (default 4)
	PagesPerSite int    // pages per site, index pages included (default 24)
	IndexPages   int    // index (teaser list) pages per site, spread among the articles
	Templates    int    // article templates per site, 1 or 2 (default 2)
	CJK          bool   // make the last site Japanese-like (kana and kanji, no spaces)
	PageBytes    int    // about how large a page is; sites vary from 0.8 to 1.4 times it (default 30000)
	Interleave   bool   // emit pages round-robin over the sites (as a crawl would) instead of site by site
	// StaticTemplate makes every byte outside the content the same on all articles of a
	// template: no per-page title in the head, bylines, dates, ids, related or popular lists,
	// optional blocks or images. The easy case the papers' examples assume; off, the
	// template varies per page as on real sites.
	StaticTemplate bool
	// Shapes are plain sites (see Shape) generated after the news sites, from the same Seed
	// (EachShape); none when nil, so the news corpus alone is as before.
	Shapes []Shape
}

// Defaults for zero fields.
const (
	DefaultSites        = 4
	DefaultPagesPerSite = 24
	DefaultTemplates    = 2
	DefaultPageBytes    = 30000
)

// DefaultConfig is the built-in sample: 4 sites (the last one Japanese-like) x 24 pages, 3 of
// them index pages (13 template A, 8 template B articles per site), pages of 22-47 KB (site
// means 24-44 KB), 3.5 MB of HTML in all, generated in about 0.15 s.
func DefaultConfig() Config {
	return Config{Seed: 1, Sites: DefaultSites, PagesPerSite: DefaultPagesPerSite, IndexPages: 3,
		Templates: DefaultTemplates, CJK: true, PageBytes: DefaultPageBytes}
}

// ErrConfig is wrapped by the errors Each returns for an impossible Config.
var ErrConfig = errors.New("synth: bad config")

// Normalized returns the Config with defaults filled in, or an error wrapping ErrConfig.
func (c Config) Normalized() (Config, error) {
	if c.Sites == 0 {
		c.Sites = DefaultSites
	}
	if c.PagesPerSite == 0 {
		c.PagesPerSite = DefaultPagesPerSite
	}
	if c.Templates == 0 {
		c.Templates = DefaultTemplates
	}
	if c.PageBytes == 0 {
		c.PageBytes = DefaultPageBytes
	}
	switch {
	case c.Sites < 0 || c.PagesPerSite < 0 || c.PageBytes < 0:
		return c, fmt.Errorf("%w: negative size", ErrConfig)
	case c.Templates != 1 && c.Templates != 2:
		return c, fmt.Errorf("%w: templates must be 1 or 2, not %d", ErrConfig, c.Templates)
	case c.IndexPages < 0 || c.IndexPages > c.PagesPerSite:
		return c, fmt.Errorf("%w: %d index pages of %d pages per site", ErrConfig, c.IndexPages, c.PagesPerSite)
	}
	return c, nil
}

// Page is one generated page; its JSON form is the corpus record.
type Page struct {
	ID      string `json:"id"`
	Dataset string `json:"dataset"` // always "synth"
	Site    string `json:"site"`    // the host, so host-derived site keys agree
	URL     string `json:"url"`
	Date    string `json:"date"` // when the page was "fetched", RFC 3339 (the WARC-Date)
	HTML    string `json:"html"`
	// Gold is the main text: the title, then each content block (caption, paragraph) in
	// document order, one per line, as a renderer shows the bytes of GoldSpans.
	Gold      string `json:"gold"`
	GoldTitle string `json:"gold_title"`
	// GoldSpans are the byte ranges [start, end) in HTML of the content elements, each from the
	// '<' of its start tag to just after the '>' of its end tag: the <h1> title, the
	// <figcaption> (or caption <div>) of the article image, and every body <p>. Empty for
	// index pages.
	GoldSpans [][2]int `json:"gold_spans"`
	Kind      string   `json:"kind"`     // "article" or "index"
	Template  string   `json:"template"` // "A" or "B" for articles, "index" for index pages; a shape's template name
	// Shape names the plain shape (Shapes) the page belongs to; empty in the news corpus.
	Shape string `json:"shape,omitempty"`
}

// Generate returns all pages of cfg in memory; use Each for large corpora.
func Generate(cfg Config) ([]Page, error) {
	var pages []Page
	err := Each(cfg, func(p *Page) error {
		pages = append(pages, *p)
		return nil
	})
	return pages, err
}

// Each generates the pages of cfg one at a time and calls fn with each, in a fixed order
// (site by site, or round-robin when cfg.Interleave; then the pages of cfg.Shapes, shape by
// shape). The Page is fn's to keep. Memory stays
// flat whatever the corpus size. Each stops at fn's first error and returns it.
func Each(cfg Config, fn func(*Page) error) error {
	c, err := cfg.Normalized()
	if err != nil {
		return err
	}
	sites := make([]*site, c.Sites)
	for i := range sites {
		sites[i] = newSite(&c, i, c.CJK && i == c.Sites-1)
	}
	if c.Interleave {
		for pos := range c.PagesPerSite {
			for _, s := range sites {
				if err := fn(s.page(pos)); err != nil {
					return err
				}
			}
		}
		return EachShape(c.Seed, c.Shapes, fn)
	}
	for _, s := range sites {
		for pos := range c.PagesPerSite {
			if err := fn(s.page(pos)); err != nil {
				return err
			}
		}
	}
	return EachShape(c.Seed, c.Shapes, fn)
}

// Random streams: every piece of a corpus has its own PCG stream derived from the seed, so a
// page is the same whatever else is generated, and pages can be made in any order.
const (
	streamSite uint64 = iota + 1
	streamHead
	streamBody
	streamPopular
	streamIndex
	streamPage
	streamDate
)

func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func rng(seed, site, stream, n uint64) *rand.Rand {
	a := mix64(seed ^ mix64(site<<8|stream))
	b := mix64(a ^ mix64(n+0x51))
	return rand.New(rand.NewPCG(a, b))
}
