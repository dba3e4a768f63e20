package content

import (
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/words"
	"golang.org/x/net/html/atom"
)

// Tokens are learned weights of class and id tokens (hashes of the lower-cased tokens, see
// appendTokens): the log-odds that text under an element carrying the token is content,
// against the base rate. A token not in the table weighs 0.
type Tokens map[uint32]float32

// The features of a block, in the order of a feature vector. Every feature is computed from
// the page alone; nothing depends on a language's words.
const (
	fWords = iota
	fRunes
	fSentences
	fSentencesPerWord
	fLinkDensity
	fLinks
	fWordLength
	fNonWordShare
	fDigitShare
	fUnspacedShare
	fEndsSentence
	fHeading
	fCopyright
	fOwnerTag
	fOwnerDepth
	fOwnerRelDepth
	fOwnerWords
	fOwnerLinkDensity
	fOwnerBlocks
	fUp1Words
	fUp1LinkDensity
	fUp1Blocks
	fUp1Share
	fUp1Density
	fUp2Words
	fUp2LinkDensity
	fUp2Blocks
	fUp2Share
	fUp3Words
	fUp3LinkDensity
	fUp3Share
	fUp5Share
	fUp5LinkDensity
	fTokOwner
	fTokPath
	fTokMax
	fTokMin
	fTokUp1
	fRepeatCount
	fRepeatDist
	fRepeatItemWords
	fRepeatSpread
	fPosBlock
	fPosByte
	fPosWords
	fTitleSim
	fTitleDist
	fDescSim
	fPrevWords
	fPrevLinkDensity
	fPrevHeading
	fNextWords
	fNextLinkDensity
	fNextHeading
	fWindowLinkDensity
	fWindowWords
	fPageWords
	fPageBlocks
	fPageLinkDensity
	fLDType
	fRepeatGroupShare
	fPageRepeatShare
	fPageMaxBlock
	fPageTop5Share
	fPageHeadings
	fOGType
	fLDKinds // numLDKinds features from here, one per kind of ldKinds
)

const (
	fURLSegments = fLDKinds + numLDKinds + iota
	fURLSlugWords
	fURLNumber
	fURLQuery
	fURLKinds                             // numPageKinds features from here, one per PageKinds
	fBodyKinds = fURLKinds + numPageKinds // numPageKinds features from here
)

const (
	fFlags          = fBodyKinds + numPageKinds // one feature per context flag from here
	numFlagFeatures = 26
	numLDKinds      = 8
	numPageKinds    = 6
	NumFeatures     = fFlags + numFlagFeatures
)

// FeatureNames names the features, for reports.
var FeatureNames = func() []string {
	names := []string{"words", "runes", "sentences", "sentences/word", "link-density", "links",
		"word-length", "non-word-share", "digit-share", "unspaced-share", "ends-sentence", "heading",
		"copyright", "owner-tag", "owner-depth", "owner-rel-depth", "owner-words", "owner-link-density",
		"owner-blocks", "up1-words", "up1-link-density", "up1-blocks", "up1-share", "up1-density",
		"up2-words", "up2-link-density", "up2-blocks", "up2-share", "up3-words", "up3-link-density",
		"up3-share", "up5-share", "up5-link-density", "tok-owner", "tok-path", "tok-max", "tok-min",
		"tok-up1", "repeat-count", "repeat-dist", "repeat-item-words", "repeat-spread", "pos-block",
		"pos-byte", "pos-words", "title-sim", "title-dist", "desc-sim", "prev-words", "prev-link-density",
		"prev-heading", "next-words", "next-link-density", "next-heading", "window-link-density",
		"window-words", "page-words", "page-blocks", "page-link-density", "ld-type",
		"repeat-group-share", "page-repeat-share", "page-max-block", "page-top5-share", "page-headings",
		"og-type"}
	for _, k := range []string{"list", "product", "breadcrumbs", "posts", "faq", "article", "business", "howto"} {
		names = append(names, "ld-"+k)
	}
	names = append(names, "url-segments", "url-slug-words", "url-number", "url-query")
	for _, k := range PageKinds {
		names = append(names, "url-"+k)
	}
	for _, k := range PageKinds {
		names = append(names, "body-"+k)
	}
	for _, f := range []string{"nav", "header", "footer", "aside", "article", "main", "form", "button",
		"li", "td", "pre", "code", "quote", "figure", "hidden", "noscript", "label", "dt/dd", "address",
		"time", "aria-hidden", "dialog", "details", "menu", "section", "strong"} {
		names = append(names, "in-"+f)
	}
	return names
}()

// zeroed returns dst resized to n zeros, reusing its array when it is large enough.
func zeroed(dst []float32, n int) []float32 {
	if cap(dst) < n {
		return make([]float32, n)
	}
	dst = dst[:n]
	clear(dst)
	return dst
}

// Features computes the feature vectors of the page's blocks into dst (NumFeatures values a
// block, block after block) and returns it.
func (p *Page) Features(tok Tokens, dst []float32) []float32 {
	n := len(p.Blocks)
	dst = zeroed(dst, n*NumFeatures)
	if n == 0 {
		return dst
	}
	p.newFeatureRows(tok).fill(0, n, dst)
	return dst
}

// featureRows fills the feature rows of a page's blocks, in order, a range of blocks at a
// time: what the page gives every row is computed once (newFeatureRows), each block's row
// from it. Features fills every row at once; Model.Predict fills and scores a chunk at a
// time, so that a page of a million blocks does not hold a million rows (half a kilobyte
// each).
type featureRows struct {
	p                                                *Page
	tok                                              tokenRows
	rep                                              []repeat
	pageWords, pageLD, pageWordsLog                  float32
	maxDepth                                         int16
	titleSim, descSim                                []float32
	titleBlock                                       int
	ldType, ogType                                   float32
	pageRepeat, pageMaxBlock, pageTop5, pageHeadings float32
	addrShape                                        [4]float32
	// wordsBefore counts the words of the blocks before the next row to fill (fPosWords):
	// the rows are filled in order.
	wordsBefore float32
	next        int
}

// newFeatureRows computes what the page gives every row; the page has blocks.
func (p *Page) newFeatureRows(tok Tokens) *featureRows {
	es := p.Elements
	r := &featureRows{p: p, tok: p.newTokenRows(tok), rep: p.repeats(), maxDepth: 1}
	root := &es[0]
	r.pageWords = float32(max(root.Words, 1))
	r.pageLD = float32(root.LinkWords) / r.pageWords
	for i := range es {
		r.maxDepth = max(r.maxDepth, es[i].Depth)
	}
	r.titleSim, r.descSim = p.similarities(termSet(firstNonEmpty(p.Meta.OGTitle, p.Meta.LDTitle, p.Title)),
		termSet(firstNonEmpty(p.Meta.LDDescription, p.Meta.Description)))
	r.titleBlock = p.titleBlock(r.titleSim)
	r.ldType = float32(typeRank(p.Meta.LDType))
	if p.Meta.LDType == "" {
		r.ldType = -1
	}
	r.pageRepeat, r.pageMaxBlock, r.pageTop5, r.pageHeadings = p.pageShape(r.rep, r.pageWords)
	r.ogType = float32(ogTypeCode(p.Meta.OGType))
	r.addrShape = p.addressInfo().shape
	r.pageWordsLog = log1p(r.pageWords)
	return r
}

// fill writes the rows of blocks [from, to) into dst (zeroed, (to-from)*NumFeatures
// values); from is the block after the last one filled.
func (r *featureRows) fill(from, to int, dst []float32) {
	if from != r.next {
		panic("content: feature rows filled out of order")
	}
	r.next = to
	p, es, rep, n := r.p, r.p.Elements, r.rep, len(r.p.Blocks)
	pageWords, maxDepth, titleSim, descSim, titleBlock := r.pageWords, r.maxDepth, r.titleSim, r.descSim, r.titleBlock
	for i := from; i < to; i++ {
		b := &p.Blocks[i]
		f := dst[(i-from)*NumFeatures : (i-from+1)*NumFeatures]
		words := float32(b.Words)
		runes := float32(max(b.Runes, 1))
		f[fWords] = log1pCount(b.Words)
		f[fRunes] = log1pCount(b.Runes)
		f[fSentences] = float32(b.Sentences)
		f[fSentencesPerWord] = float32(b.Sentences) / (words + 1)
		f[fLinkDensity] = float32(b.LinkRunes) / runes
		f[fLinks] = float32(b.Links)
		if b.Words > 0 {
			f[fWordLength] = float32(b.WordRunes) / words
		}
		f[fNonWordShare] = float32(b.Runes-b.WordRunes) / runes
		f[fDigitShare] = float32(digits(b.Text)) / runes
		if b.WordRunes > 0 {
			f[fUnspacedShare] = float32(b.Unspaced) / float32(b.WordRunes)
		}
		f[fEndsSentence] = b2f(endsSentence(b.Text))
		f[fHeading] = float32(b.Heading)
		f[fCopyright] = b2f(strings.Contains(b.Text, "©") || strings.Contains(b.Text, "(c)") || strings.Contains(b.Text, "(C)"))
		o := &es[b.Owner]
		f[fOwnerTag] = float32(tagCode(o.Node))
		f[fOwnerDepth] = float32(o.Depth)
		f[fOwnerRelDepth] = float32(o.Depth) / float32(maxDepth)
		f[fOwnerWords] = log1pCount(o.Words)
		f[fOwnerLinkDensity] = ratio(o.LinkWords, o.Words)
		f[fOwnerBlocks] = log1pCount(o.Blocks)
		up1 := up(es, b.Owner, 1)
		f[fUp1Words] = log1pCount(es[up1].Words)
		f[fUp1LinkDensity] = ratio(es[up1].LinkWords, es[up1].Words)
		f[fUp1Blocks] = log1pCount(es[up1].Blocks)
		f[fUp1Share] = float32(es[up1].Words) / pageWords
		f[fUp1Density] = float32(es[up1].Runes) / float32(es[up1].Elements)
		up2 := up(es, up1, 1)
		f[fUp2Words] = log1pCount(es[up2].Words)
		f[fUp2LinkDensity] = ratio(es[up2].LinkWords, es[up2].Words)
		f[fUp2Blocks] = log1pCount(es[up2].Blocks)
		f[fUp2Share] = float32(es[up2].Words) / pageWords
		up3 := up(es, up2, 1)
		f[fUp3Words] = log1pCount(es[up3].Words)
		f[fUp3LinkDensity] = ratio(es[up3].LinkWords, es[up3].Words)
		f[fUp3Share] = float32(es[up3].Words) / pageWords
		up5 := up(es, up3, 2)
		f[fUp5Share] = float32(es[up5].Words) / pageWords
		f[fUp5LinkDensity] = ratio(es[up5].LinkWords, es[up5].Words)
		if r := rep[b.Owner]; r.count > 0 {
			f[fRepeatCount] = log1pCount(r.count)
			f[fRepeatDist] = float32(r.dist)
			f[fRepeatItemWords] = log1p(r.itemWords)
			f[fRepeatSpread] = r.spread
		} else {
			f[fRepeatDist] = -1
		}
		f[fPosBlock] = float32(i) / float32(n)
		f[fPosByte] = float32(b.Start) / float32(max(len(p.Src), 1))
		f[fPosWords] = r.wordsBefore / pageWords
		r.wordsBefore += words
		f[fTitleSim] = titleSim[i]
		if titleBlock >= 0 {
			f[fTitleDist] = clamp(float32(i-titleBlock), -50, 50)
		} else {
			f[fTitleDist] = -99
		}
		f[fDescSim] = descSim[i]
		if i > 0 {
			q := &p.Blocks[i-1]
			f[fPrevWords] = log1pCount(q.Words)
			f[fPrevLinkDensity] = float32(q.LinkRunes) / float32(max(q.Runes, 1))
			f[fPrevHeading] = float32(q.Heading)
		} else {
			f[fPrevLinkDensity] = -1
		}
		if i+1 < n {
			q := &p.Blocks[i+1]
			f[fNextWords] = log1pCount(q.Words)
			f[fNextLinkDensity] = float32(q.LinkRunes) / float32(max(q.Runes, 1))
			f[fNextHeading] = float32(q.Heading)
		} else {
			f[fNextLinkDensity] = -1
		}
		var wl, wr, ww float32
		wwCount := 0
		for j := max(i-3, 0); j <= min(i+3, n-1); j++ {
			q := &p.Blocks[j]
			wl += float32(q.LinkRunes)
			wr += float32(q.Runes)
			ww += float32(q.Words)
			wwCount += q.Words
		}
		f[fWindowLinkDensity] = wl / max(wr, 1)
		if wwCount < 1<<24 { // the float32 sum ww is exact: the count's log from the table
			f[fWindowWords] = log1pCount(wwCount)
		} else {
			f[fWindowWords] = log1p(ww)
		}
		f[fPageWords] = r.pageWordsLog
		f[fPageBlocks] = log1pCount(n)
		f[fPageLinkDensity] = r.pageLD
		f[fLDType] = r.ldType
		f[fRepeatGroupShare] = rep[b.Owner].groupWords / pageWords
		f[fPageRepeatShare] = r.pageRepeat
		f[fPageMaxBlock] = r.pageMaxBlock
		f[fPageTop5Share] = r.pageTop5
		f[fPageHeadings] = r.pageHeadings
		f[fOGType] = r.ogType
		for k := 0; k < numLDKinds; k++ {
			f[fLDKinds+k] = b2f(p.Meta.LDKinds&(1<<k) != 0)
		}
		copy(f[fURLSegments:fURLKinds], r.addrShape[:])
		for k := 0; k < numFlagFeatures; k++ {
			if b.Flags&(1<<k) != 0 {
				f[fFlags+k] = 1
			}
		}
	}
	r.tok.fill(from, to, dst)
}

// TokenFeatures (re)computes the features that depend on the learned token weights into
// the feature vectors x of the page's blocks (the trainer learns other weights per fold
// without computing the rest again). It needs no dom node, only the page's elements.
func (p *Page) TokenFeatures(tok Tokens, x []float32) {
	if len(p.Blocks) > 0 {
		r := p.newTokenRows(tok)
		r.fill(0, len(p.Blocks), x)
	}
}

// tokenRows fills the features of a page's rows that depend on the learned token weights, a
// range of blocks at a time (as featureRows): the weights of each element's own tokens and
// of its path, computed once.
type tokenRows struct {
	p                     *Page
	own, path, pmax, pmin []float32
	kinds, body           [numPageKinds]float32
}

func (p *Page) newTokenRows(tok Tokens) tokenRows {
	es := p.Elements
	r := tokenRows{p: p, own: make([]float32, len(es)), path: make([]float32, len(es)),
		pmax: make([]float32, len(es)), pmin: make([]float32, len(es))}
	own, path, pmax, pmin := r.own, r.path, r.pmax, r.pmin
	for i := range es {
		var s float32
		for _, t := range p.tokens[es[i].tokens[0]:es[i].tokens[1]] {
			s += tok[t]
		}
		own[i] = s
		if par := es[i].Parent; par >= 0 {
			path[i] = 0.7*path[par] + s
			pmax[i] = max(pmax[par], s)
			pmin[i] = min(pmin[par], s)
		} else {
			path[i], pmax[i], pmin[i] = s, s, s
		}
	}
	urlKindFeatures(p.urlHashes(), tok, r.kinds[:])
	urlKindFeatures(p.bodyHashes(), tok, r.body[:])
	return r
}

// fill writes the token features of blocks [from, to) into their rows dst
// ((to-from)*NumFeatures values).
func (r *tokenRows) fill(from, to int, dst []float32) {
	es := r.p.Elements
	for i := from; i < to; i++ {
		o := r.p.Blocks[i].Owner
		f := dst[(i-from)*NumFeatures : (i-from+1)*NumFeatures]
		putKinds(f, &r.kinds, &r.body)
		f[fTokOwner] = r.own[o]
		f[fTokPath] = r.path[o]
		f[fTokMax] = r.pmax[o]
		f[fTokMin] = r.pmin[o]
		f[fTokUp1] = r.own[up(es, o, 1)]
	}
}

// repeat describes the nearest ancestor of an element that is one of several siblings of
// the same shape.
type repeat struct {
	groupWords float32 // words of all those siblings
	count      int32   // siblings of that shape (itself included)
	dist       int16   // levels up from the element
	itemWords  float32 // mean words of those siblings
	spread     float32 // coefficient of variation of their words
}

// repeats finds, for each element, its nearest ancestor (up to 6 levels, itself included)
// that has at least two siblings of its signature with text.
func (p *Page) repeats() []repeat {
	es := p.Elements
	type agg struct {
		n       int32
		sum, sq float64
	}
	groups := make([]agg, p.numGroups)
	for i := 1; i < len(es); i++ {
		e := &es[i]
		if e.Words == 0 || e.Node.Type != dom.Element {
			continue
		}
		g := &groups[e.group]
		g.n++
		w := float64(e.Words)
		g.sum += w
		g.sq += w * w
	}
	// own is the repeat of each group of at least 3 (an element's own, at distance 0).
	own := make([]repeat, len(groups))
	for k := range groups {
		if g := &groups[k]; g.n >= 3 {
			mean := g.sum / float64(g.n)
			v := g.sq/float64(g.n) - mean*mean
			own[k] = repeat{count: g.n, itemWords: float32(mean), spread: float32(math.Sqrt(max(v, 0)) / max(mean, 1)), groupWords: float32(g.sum)}
		}
	}
	out := make([]repeat, len(es))
	for i := range es {
		d := int16(0)
		for j := int32(i); j > 0 && d <= 6; j, d = es[j].Parent, d+1 { // the root has none
			if r := &own[es[j].group]; r.count > 0 {
				out[i] = *r
				out[i].dist = d
				break
			}
		}
	}
	return out
}

// pageShape returns what kind of page it is, in numbers: the share of its words in items of
// repeated groups of at least 10 words an item (posts, reviews, cards), the words of its
// longest block (log), the share of its words in its five longest blocks, and its headings
// (log).
func (p *Page) pageShape(rep []repeat, pageWords float32) (repeatShare, maxBlock, top5, headings float32) {
	es := p.Elements
	var inRepeat float32
	// Items: elements whose own group (distance 0) qualifies; their words are counted
	// once, at the outermost such item.
	counted := make([]bool, len(es))
	for i := 1; i < len(es); i++ {
		par := es[i].Parent
		if par >= 0 && counted[par] {
			counted[i] = true
			continue
		}
		if r := rep[i]; r.count >= 3 && r.dist == 0 && r.itemWords >= 10 {
			counted[i] = true
			inRepeat += float32(es[i].Words)
		}
	}
	var top [5]float32
	for i := range p.Blocks {
		w := float32(p.Blocks[i].Words)
		maxBlock = max(maxBlock, w)
		if p.Blocks[i].Heading > 0 {
			headings++
		}
		for k := range top {
			if w > top[k] {
				copy(top[k+1:], top[k:len(top)-1])
				top[k] = w
				break
			}
		}
	}
	for _, w := range top {
		top5 += w
	}
	return inRepeat / pageWords, log1p(maxBlock), top5 / pageWords, log1p(headings)
}

// titleBlock returns the block most like the page's title (sim: each block's share of
// terms in the title), headings first; -1 when no block shares half the title's terms.
func (p *Page) titleBlock(sim []float32) int {
	best, bestScore := -1, float32(0.5)
	for i := range p.Blocks {
		s := sim[i]
		if p.Blocks[i].Heading > 0 {
			s += 0.2
		}
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// similarities returns the share of each block's terms (its first 400) found in the title's
// and in the description's terms, in one pass over the block's text. A term that neither
// set's filter admits is counted without being hashed (most terms of a page).
func (p *Page) similarities(title, desc *termHashSet) (ts, ds []float32) {
	ts = make([]float32, len(p.Blocks))
	ds = make([]float32, len(p.Blocks))
	if title.len() == 0 && desc.len() == 0 {
		return ts, ds
	}
	maxWords := 3*title.len() + 5
	for i := range p.Blocks {
		n, inT, inD := 0, 0, 0
		words.EachTerm(p.Blocks[i].Text, func(t string, ascii bool) bool {
			n++
			k := -1
			if ascii {
				k = asciiFilterKey(t)
			}
			mt, md := title.mayHold(k), desc.mayHold(k)
			if mt || md {
				h := termHash(t)
				if mt && title.has(h) {
					inT++
				}
				if md && desc.has(h) {
					inD++
				}
			}
			return n < 400
		})
		if n == 0 {
			continue
		}
		if p.Blocks[i].Words <= maxWords {
			ts[i] = float32(inT) / float32(n)
		}
		ds[i] = float32(inD) / float32(n)
	}
	return ts, ds
}

// termHashSet is a set of lower-cased terms by their hashes (termHash), with a filter of
// what its terms look like (termFilterKey: the length and the first and last bytes of a
// term lower-cased). An ASCII term whose key is not in the filter is not in the set, and need
// not be hashed to know so (the filter can only leave out a term that merely shares a term's
// hash).
type termHashSet struct {
	hashes map[uint64]struct{}
	filter [termFilterBits / 64]uint64
}

// termFilterBits is the size of a termHashSet's filter: a title and a description of 50
// distinct terms set at most a tenth of it.
const termFilterBits = 512

func termSet(s string) *termHashSet {
	set := &termHashSet{}
	if s == "" {
		return set
	}
	set.hashes = map[uint64]struct{}{}
	words.Each(s, func(t string) bool {
		set.hashes[termHash(t)] = struct{}{}
		if !asciiTerm(t) {
			t = strings.ToLower(t) // ASCII lower-cased (U+212A, the Kelvin sign: k)?
			if !asciiTerm(t) {
				return true
			}
		}
		k := termFilterKey(t)
		set.filter[k/64] |= 1 << (k % 64)
		return true
	})
	return set
}

// termFilterKey returns the filter bit of an ASCII term of at most maxASCIITerm bytes (from
// its length and its first and last bytes, lower-cased), or -1 for any other term.
func termFilterKey(t string) int {
	if !asciiTerm(t) {
		return -1
	}
	return asciiFilterKey(t)
}

// asciiFilterKey is termFilterKey of a term known to be ASCII.
func asciiFilterKey(t string) int {
	if len(t) > maxASCIITerm {
		return -1
	}
	h := uint(len(t))*0x9E + uint(lowerByte(t[0]))*0x3B + uint(lowerByte(t[len(t)-1]))*0x61
	return int(h % termFilterBits)
}

// len returns the number of distinct term hashes of the set.
func (s *termHashSet) len() int { return len(s.hashes) }

// has reports whether a term hash is in the set.
func (s *termHashSet) has(h uint64) bool {
	_, ok := s.hashes[h]
	return ok
}

// mayHold reports whether the term of filter key k (termFilterKey) may be in the set: false
// for any term when the set is empty, and for an ASCII term whose bit is not set.
func (s *termHashSet) mayHold(k int) bool {
	if len(s.hashes) == 0 {
		return false
	}
	return k < 0 || s.filter[k/64]&(1<<(k%64)) != 0
}

// overlap is the share of the terms of text found in set.
func overlap(text string, set *termHashSet) float32 {
	if set.len() == 0 {
		return 0
	}
	n, in := 0, 0
	words.Each(text, func(t string) bool {
		n++
		if set.mayHold(termFilterKey(t)) && set.has(termHash(t)) {
			in++
		}
		return n < 400
	})
	if n == 0 {
		return 0
	}
	return float32(in) / float32(n)
}

// maxASCIITerm is the longest ASCII term termHash lower-cases in a buffer on the stack.
const maxASCIITerm = 64

// asciiTerm reports whether t is ASCII and at most maxASCIITerm bytes long: lower-cased
// byte by byte, its length stays the same.
func asciiTerm(t string) bool {
	if len(t) > maxASCIITerm {
		return false
	}
	for i := 0; i < len(t); i++ {
		if t[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}

// termHash is the hash of a lower-cased term (a lib/words term): ASCII lower-cased in place
// of a copy, other scripts through strings.ToLower.
func termHash(t string) uint64 {
	if asciiTerm(t) {
		var buf [maxASCIITerm]byte
		b := buf[:len(t)]
		for i := 0; i < len(t); i++ {
			b[i] = lowerByte(t[i])
		}
		return xxhash.Sum64(b)
	}
	return xxhash.Sum64String(strings.ToLower(t))
}

func up(es []Element, i int32, levels int) int32 {
	for ; levels > 0 && es[i].Parent >= 0; levels-- {
		i = es[i].Parent
	}
	return i
}

func ratio(a, b int32) float32 {
	if b <= 0 {
		return 0
	}
	return float32(a) / float32(b)
}

func log1p(x float32) float32 { return float32(math.Log1p(float64(x))) }

// log1pTable holds log1p of the counts 0 to 4095: the features take the log of a count (words,
// runes, blocks) a dozen times a block, mostly of small ones.
var log1pTable = func() (t [4096]float32) {
	for i := range t {
		t[i] = log1p(float32(i))
	}
	return t
}()

// log1pCount is log1p(float32(n)), bit for bit, from log1pTable when n is in it.
func log1pCount[T int | int32](n T) float32 {
	if n >= 0 && n < T(len(log1pTable)) {
		return log1pTable[n]
	}
	return log1p(float32(n))
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

func clamp(x, lo, hi float32) float32 { return min(max(x, lo), hi) }

// digits counts the ASCII digits of s, eight bytes at a time: for a byte b below 0x80,
// b+0x50 has its high bit set when b >= '0' and b+0x46 when b > '9' (neither carries into the
// next byte), so the high bits of (b+0x50) &^ (b+0x46) &^ b mark the digits.
func digits(s string) int {
	const low7, high = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	n, i := 0, 0
	for ; i+8 <= len(s); i += 8 {
		v := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		b := v & low7
		n += bits.OnesCount64((b + 0x5050505050505050) &^ (b + 0x4646464646464646) &^ v & high)
	}
	for ; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			n++
		}
	}
	return n
}

func endsSentence(s string) bool {
	s = strings.TrimRight(s, " \"'”’»)]")
	if s == "" {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s)
	return words.IsSentenceEnd(r)
}

// setKindFeatures writes the page's kind features, from its URL words and from its html and
// body tokens, into every block's features x (the trainer's, learned without the page).
func (p *Page) setKindFeatures(x []float32, url, body [numPageKinds]float32) {
	for i := range p.Blocks {
		putKinds(x[i*NumFeatures:(i+1)*NumFeatures], &url, &body)
	}
}

// putKinds writes the page's kind features, from its URL words and from its html and body
// tokens, into a block's row f.
func putKinds(f []float32, url, body *[numPageKinds]float32) {
	copy(f[fURLKinds:fURLKinds+numPageKinds], url[:])
	copy(f[fBodyKinds:fBodyKinds+numPageKinds], body[:])
}

// ogTypeCode numbers the og:type of a page: none, article, website, product, a group of
// products, other.
func ogTypeCode(t string) int {
	switch {
	case t == "":
		return 0
	case t == "article":
		return 1
	case t == "website":
		return 2
	case t == "product.group":
		return 4
	case strings.HasPrefix(t, "product"):
		return 3
	}
	return 5
}

// tagCode numbers the tags that own blocks, for the model.
func tagCode(n *dom.Node) int {
	switch n.Atom {
	case atom.P:
		return 1
	case atom.Div:
		return 2
	case atom.Li:
		return 3
	case atom.Td:
		return 4
	case atom.Th:
		return 5
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return 6
	case atom.Pre:
		return 7
	case atom.Blockquote:
		return 8
	case atom.Dd, atom.Dt:
		return 9
	case atom.Figcaption:
		return 10
	case atom.Section, atom.Article, atom.Main:
		return 11
	case atom.Body:
		return 12
	case atom.Header, atom.Footer, atom.Nav, atom.Aside:
		return 13
	case atom.Form, atom.Fieldset, atom.Legend, atom.Option:
		return 14
	case atom.Ul, atom.Ol, atom.Dl, atom.Table, atom.Tr, atom.Tbody:
		return 15
	case atom.Summary, atom.Details:
		return 16
	case atom.Address:
		return 17
	}
	return 0
}
