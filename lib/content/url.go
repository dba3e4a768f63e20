package content

import (
	"math"
	"net/url"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/chaffkit/chaff/lib/words"
)

// What a page's address says of its kind. Words of a URL (/collections/, /p/, /thread/,
// /docs/, ?page=) say what kind of page it is in many languages and on many sites; the model
// learns, for each word seen on pages of at least MinGroups sites, the log-odds of each page
// kind against its base rate (LearnURLKinds), from the page kinds of the pages it learns
// from, and sums them over the page's words (one feature per kind).

// PageKinds are the kinds of page the URL words are learned for, as the WCXB benchmark
// names them (collections and listings, grids of cards, are one kind).
var PageKinds = []string{"article", "list", "product", "forum", "documentation", "service"}

// KindOf returns the index in PageKinds of a page type ("collection" and "listing" are
// "list"), or -1.
func KindOf(pageType string) int {
	switch pageType {
	case "collection", "listing":
		return 1
	}
	for k, n := range PageKinds {
		if n == pageType {
			return k
		}
	}
	return -1
}

// urlKey is the key of a URL word's weight for kind k in a Tokens table: apart from the
// class and id tokens' keys (the low bits of their hashes).
func urlKey(h uint64, k int) uint32 {
	return uint32((h ^ uint64(k+1)*0x9E3779B97F4A7C15) * 0xC2B2AE3D27D4EB4F >> 32)
}

// address is the page's URL: the one its caller gave, else its canonical link, else og:url.
func (p *Page) address() string {
	return firstNonEmpty(p.URL, p.Meta.Canonical, p.Meta.OGURL)
}

// addressInfo is what the model reads of a page's address, from one parse of it.
type addressInfo struct {
	words []uint64   // urlWords
	shape [4]float32 // urlShape: path segments, slug words, a long number, a query
}

// readAddress parses a page's address once for its words and its shape (all -1 when there
// is no address or it does not parse).
func readAddress(raw string) *addressInfo {
	a := &addressInfo{words: []uint64{}, shape: [4]float32{-1, -1, -1, -1}}
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return a
	}
	a.words = urlWords(u)
	if raw != "" {
		a.shape = urlShape(u)
	}
	return a
}

// urlWords returns the hashes of the distinct words of a URL: the labels of its host before
// the domain (shop., forum., docs.; not www), the words of its path (split at characters
// that are not letters or digits; numbers left out) and the names of its query parameters,
// each marked with where it stands.
func urlWords(u *url.URL) []uint64 {
	out := []uint64{}
	seen := map[uint64]bool{}
	add := func(where, w string) {
		if len(w) < 2 || len(w) > 30 || allDigits(w) {
			return
		}
		h := xxhash.Sum64String(where + strings.ToLower(w))
		if !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	labels := strings.Split(strings.ToLower(u.Hostname()), ".")
	for i := 0; i+2 < len(labels); i++ {
		if labels[i] != "www" {
			add("h:", labels[i])
		}
	}
	eachWord(u.Path, func(w string) { add("p:", w) })
	for k := range u.Query() {
		add("q:", k)
	}
	if strings.Trim(u.Path, "/") == "" {
		add("", "/root")
	}
	return out
}

// eachWord calls fn with each run of letters and digits of s.
func eachWord(s string, fn func(string)) {
	start := -1
	for i := 0; i <= len(s); i++ {
		alnum := i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9' || s[i] >= 0x80)
		if alnum && start < 0 {
			start = i
		} else if !alnum && start >= 0 {
			fn(s[start:i])
			start = -1
		}
	}
}

// urlShape returns the number of path segments, the words of the last one (a slug of many
// words is an article's), whether a path segment is a long number (an item's id) and whether
// the URL has a query.
func urlShape(u *url.URL) [4]float32 {
	var segments, slugWords, longNumber float32
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	segments = float32(len(segs))
	if len(segs) > 0 {
		last := segs[len(segs)-1]
		if i := strings.LastIndexByte(last, '.'); i > 0 && len(last)-i <= 5 {
			last = last[:i] // .html, .php, .htm
		}
		eachWord(last, func(string) { slugWords++ })
	}
	for _, s := range segs {
		n := 0
		for i := 0; i < len(s); i++ {
			if s[i] >= '0' && s[i] <= '9' {
				n++
			}
		}
		if n >= 5 {
			longNumber = 1
		}
	}
	return [4]float32{segments, slugWords, longNumber, b2f(u.RawQuery != "")}
}

// urlCounts are the page kinds counted per URL word, for learning the words' weights.
type urlCounts struct {
	kinds  [numPageKinds]float64 // pages of each kind
	pages  float64
	groups map[string]int // pages per group (site)
}

// URLKindStats are the page kinds counted per page word (the words of its URL and the class
// and id tokens of its html and body elements), to learn the words' weights from.
type URLKindStats struct {
	words map[uint64]*urlCounts
	prior [numPageKinds]float64
}

// CountURLKinds counts the kinds of the examples' pages (Example.Kind; pages of no kind are
// left out) per page word (urlHashes, bodyHashes).
func CountURLKinds(exs []*Example) *URLKindStats {
	return countKinds(exs, func(p *Page) []uint64 { return slices.Concat(p.urlHashes(), p.bodyHashes()) })
}

// CountTextKinds counts the kinds of the examples' pages per word of their short lines
// (textHashes), for the kind models alone.
func CountTextKinds(exs []*Example) *URLKindStats { return countKinds(exs, (*Page).textHashes) }

// countKinds counts the kinds of the examples' pages per page word, the words of a page
// given by wordsOf.
func countKinds(exs []*Example, wordsOf func(*Page) []uint64) *URLKindStats {
	st := &URLKindStats{words: map[uint64]*urlCounts{}}
	var pages float64
	for _, ex := range exs {
		if ex.Kind < 0 {
			continue
		}
		pages++
		st.prior[ex.Kind]++
		for _, h := range wordsOf(ex.Page) {
			c := st.words[h]
			if c == nil {
				c = &urlCounts{groups: map[string]int{}}
				st.words[h] = c
			}
			c.kinds[ex.Kind]++
			c.pages++
			c.groups[ex.Group]++
		}
	}
	for k := range st.prior {
		st.prior[k] = (st.prior[k] + 1) / (pages + float64(len(PageKinds)))
	}
	return st
}

// weight is the smoothed log-odds of kind k among the pages of c against the base rate;
// without is a page of kind wk and group g to leave out (wk < 0: none), so that a page's
// own features for learning do not count the page itself.
func (st *URLKindStats) weight(c *urlCounts, k, minGroups int, wk int, g string) (float32, bool) {
	kinds, pages, groups := c.kinds[k], c.pages, len(c.groups)
	if wk >= 0 {
		if wk == k {
			kinds--
		}
		pages--
		if c.groups[g] == 1 {
			groups--
		}
	}
	if groups < minGroups {
		return 0, false
	}
	const pseudo = 1.0
	pr := st.prior[k]
	lo := math.Log((kinds+pseudo*pr)/(pages-kinds+pseudo*(1-pr))) - math.Log(pr/(1-pr))
	return float32(lo), true
}

// Learn adds the weights of the page words seen on at least minGroups sites to tok.
func (st *URLKindStats) Learn(tok Tokens, minGroups int) {
	for h, c := range st.words {
		for k := range PageKinds {
			if w, ok := st.weight(c, k, minGroups, -1, ""); ok && math.Abs(float64(w)) >= 0.05 {
				tok[urlKey(h, k)] = w
			}
		}
	}
}

// KindWeights are page words' learned weights for each kind of PageKinds, by word hash: the
// table the kind models read the words of a page's short lines from (one lookup a word).
type KindWeights map[uint64][numPageKinds]float32

// LearnKindWeights returns the weights of the page words seen on at least minGroups sites,
// each word with the weights Learn would give it (0 for a kind it says too little of).
func (st *URLKindStats) LearnKindWeights(minGroups int) KindWeights {
	kw := KindWeights{}
	for h, c := range st.words {
		var v [numPageKinds]float32
		weighs := false
		for k := range PageKinds {
			if w, ok := st.weight(c, k, minGroups, -1, ""); ok && math.Abs(float64(w)) >= 0.05 {
				v[k], weighs = w, true
			}
		}
		if weighs {
			kw[h] = v
		}
	}
	return kw
}

// sums writes the sum of the words' weights of each kind into f.
func (kw KindWeights) sums(words []uint64, f []float32) {
	clear(f)
	for _, h := range words {
		if v, ok := kw[h]; ok {
			for k := range f {
				f[k] += v[k]
			}
		}
	}
}

// urlKindFeatures writes the sum of page words' weights of each kind into f.
func urlKindFeatures(words []uint64, tok Tokens, f []float32) {
	for k := range PageKinds {
		var s float32
		for _, h := range words {
			s += tok[urlKey(h, k)]
		}
		f[k] = s
	}
}

// looFeatures writes the kind features of an example's words as the weights learned without it
// would give them (leave one out), for learning (a page of no kind was not counted).
func (st *URLKindStats) looFeatures(ex *Example, words []uint64, minGroups int, f []float32) {
	for k := range PageKinds {
		var s float32
		for _, h := range words {
			c := st.words[h]
			if c == nil {
				continue
			}
			if w, ok := st.weight(c, k, minGroups, ex.Kind, ex.Group); ok && math.Abs(float64(w)) >= 0.05 {
				s += w
			}
		}
		f[k] = s
	}
}

// bodyHashes returns the class and id tokens of the page's html and body elements as page
// words (WordPress's single-post or archive, Shopify's template-collection), computed once.
func (p *Page) bodyHashes() []uint64 {
	if p.bodyWords == nil {
		p.bodyWords = []uint64{}
		var ts []uint32
		if len(p.Elements) > 0 {
			e := &p.Elements[0]
			ts = append(ts, p.tokens[e.tokens[0]:e.tokens[1]]...)
		}
		ts = append(ts, p.rootTokens...)
		seen := map[uint32]bool{}
		for _, t := range ts {
			if !seen[t] {
				seen[t] = true
				p.bodyWords = append(p.bodyWords, uint64(t)|1<<63)
			}
		}
	}
	return p.bodyWords
}

// lineWords is the most words a line may have for its words to be page words (textHashes):
// a page's buttons, labels and menu entries, not its prose.
const lineWords = 4

// textWordMark and lineSeed set a short line's words and whole lines apart from each other
// and from the page's other words (URL words and class names) in the kind tables.
const (
	textWordMark = 0x74657874         // "text"
	lineSeed     = 0x7465787420776f72 // "text wor"
)

// textHashes returns the words of the page's short lines (blocks of at most lineWords
// words: "Add to cart", "Reply", "Sort by", "Next page", "In stock") and each such line as a
// whole, lower case, as page words, computed once. What a page's controls say tells its
// kind as its address does, in the page's language.
func (p *Page) textHashes() []uint64 {
	if p.textWords != nil {
		return p.textWords
	}
	p.textWords = []uint64{}
	seen := map[uint64]bool{}
	add := func(h uint64) {
		if !seen[h] {
			seen[h] = true
			p.textWords = append(p.textWords, h)
		}
	}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b.Words == 0 || b.Words > lineWords {
			continue
		}
		line := uint64(lineSeed)
		words.Each(b.Text, func(t string) bool {
			h := termHash(t)
			add(h ^ textWordMark)
			line = (line ^ h) * 1099511628211
			return true
		})
		if b.Words > 1 {
			add(line)
		}
	}
	return p.textWords
}

// addressInfo returns what the model reads of the page's address, computed once.
func (p *Page) addressInfo() *addressInfo {
	if p.addr == nil {
		p.addr = readAddress(p.address())
	}
	return p.addr
}

// urlHashes returns the page's URL words, computed once.
func (p *Page) urlHashes() []uint64 { return p.addressInfo().words }
