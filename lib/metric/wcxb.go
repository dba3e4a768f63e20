package metric

import (
	"strings"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// WordBag is one page's score under the WCXB benchmark's own metric (Foley 2026, its
// evaluate.py): both texts lowercased, their \w+ tokens taken as bags (multisets), overlap =
// the sum of the smaller counts, P = overlap/|pred|, R = overlap/|gold|, F1 their harmonic
// mean. An empty prediction scores 0 (P, R and F1); an empty gold scores 1 for an empty
// prediction and 0 otherwise.
type WordBag struct {
	P, R, F1 float64
}

// WordBagScorer scores pages by the WCXB metric, reusing its buffers; its zero value is
// ready, and it is not safe for concurrent use.
type WordBagScorer struct {
	table      countTable
	pred, gold []uint64
}

// Score scores pred against gold.
func (s *WordBagScorer) Score(pred, gold string) WordBag {
	s.pred = appendLowerTokenHashes(s.pred[:0], pred)
	s.gold = appendLowerTokenHashes(s.gold[:0], gold)
	switch {
	case len(s.gold) == 0 && len(s.pred) == 0:
		return WordBag{1, 1, 1}
	case len(s.gold) == 0 || len(s.pred) == 0:
		return WordBag{}
	}
	common, _, _ := s.table.match(s.pred, s.gold)
	p := float64(common) / float64(len(s.pred))
	r := float64(common) / float64(len(s.gold))
	return WordBag{p, r, harmonic(p, r)}
}

// appendLowerTokenHashes appends the hash of each lowercased \w+ token of text.
func appendLowerTokenHashes(dst []uint64, text string) []uint64 {
	var buf []byte
	for w := range Words(text) {
		if isLowerASCII(w) {
			dst = append(dst, xxhash.Sum64String(w))
			continue
		}
		buf = append(buf[:0], strings.ToLower(w)...)
		dst = append(dst, xxhash.Sum64(buf))
	}
	return dst
}

func isLowerASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// SnippetShare is the share of a page's snippets found in its prediction, WCXB's way:
// case-insensitive substrings, with runs of white space in both read as one space. OK is
// false when the page has no snippets of the kind.
type SnippetShare struct {
	Found, Of int
}

// Share returns Found/Of and whether the page had any snippets.
func (s SnippetShare) Share() (float64, bool) {
	if s.Of == 0 {
		return 0, false
	}
	return float64(s.Found) / float64(s.Of), true
}

// FoldedSnippets counts how many of snippets are found in pred, case-insensitively (both
// lowercased and whitespace-normalised).
func FoldedSnippets(pred string, snippets []string) SnippetShare {
	if len(snippets) == 0 {
		return SnippetShare{}
	}
	text := strings.ToLower(NormalizeSpace(pred))
	s := SnippetShare{Of: len(snippets)}
	for _, sn := range snippets {
		if strings.Contains(text, strings.ToLower(NormalizeSpace(sn))) {
			s.Found++
		}
	}
	return s
}

// WordBagResult is the WCXB metric over a set of pages: the means over pages of P, R and
// F1, and the mean per-page shares of `with` and `without` snippets found, over the
// WithPages and WithoutPages pages that have snippets of the kind.
type WordBagResult struct {
	Pages                   int
	P, R, F1                float64
	With, Without           float64
	WithPages, WithoutPages int
}

// WordBags accumulates the WCXB metric; its zero value is ready.
type WordBags struct {
	p, r, f       mean
	with, without mean
}

// Add adds one page's scores and snippet counts.
func (w *WordBags) Add(b WordBag, with, without SnippetShare) {
	w.p.add(b.P)
	w.r.add(b.R)
	w.f.add(b.F1)
	if x, ok := with.Share(); ok {
		w.with.add(x)
	}
	if x, ok := without.Share(); ok {
		w.without.add(x)
	}
}

// Merge adds what o accumulated.
func (w *WordBags) Merge(o *WordBags) {
	w.p.merge(o.p)
	w.r.merge(o.r)
	w.f.merge(o.f)
	w.with.merge(o.with)
	w.without.merge(o.without)
}

// Result returns the means (0 for an empty set).
func (w *WordBags) Result() WordBagResult {
	return WordBagResult{Pages: w.f.n, P: w.p.value(), R: w.r.value(), F1: w.f.value(),
		With: w.with.value(), Without: w.without.value(), WithPages: w.with.n, WithoutPages: w.without.n}
}
