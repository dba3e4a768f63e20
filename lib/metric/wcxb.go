package metric

import (
	"bytes"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// WordBag is one page's score under the WCXB benchmark's own metric (Foley 2026, its
// evaluate.py, word_f1): both texts lowercased as Python lowercases them (Lower), their \w+
// tokens taken as bags (multisets), overlap = the sum of the smaller counts, P =
// overlap/|pred|, R = overlap/|gold|, F1 = 2PR/(P+R). A gold without tokens scores 1 (P, R
// and F1) for a prediction without tokens and 0 otherwise; an empty prediction scores 0.
type WordBag struct {
	P, R, F1 float64
}

// WordBagScorer scores pages by the WCXB metric, reusing its buffers; its zero value is
// ready, and it is not safe for concurrent use.
type WordBagScorer struct {
	table      countTable
	pred, gold []uint64
	buf, sn    []byte
}

// Score scores pred against gold.
func (s *WordBagScorer) Score(pred, gold string) WordBag {
	s.pred = s.appendLowerTokenHashes(s.pred[:0], pred)
	s.gold = s.appendLowerTokenHashes(s.gold[:0], gold)
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

// appendLowerTokenHashes appends the hash of each \w+ token of Lower(text): the text is
// lowercased first and then cut, as evaluate.py does (re.findall(r'\w+', text.lower())).
func (s *WordBagScorer) appendLowerTokenHashes(dst []uint64, text string) []uint64 {
	s.buf = appendLower(s.buf[:0], text, 0)
	start := -1
	for i, r := range string(s.buf) { // no copy: the conversion only ranges over the bytes
		if IsWordRune(r) {
			if start < 0 {
				start = i
			}
		} else if start >= 0 {
			dst = append(dst, xxhash.Sum64(s.buf[start:i]))
			start = -1
		}
	}
	if start >= 0 {
		dst = append(dst, xxhash.Sum64(s.buf[start:]))
	}
	return dst
}

// SnippetShare is how many of a page's snippets of one kind (`with` or `without`) its
// prediction holds, the WCXB way (see FoldedSnippets).
type SnippetShare struct {
	Found, Of int
}

// Rate is Found/Of, and 1 when the page has no snippet of the kind: evaluate.py's
// snippet_check returns 1.0 for an empty list, `without` included, and averages it over
// every page.
func (s SnippetShare) Rate() float64 {
	if s.Of == 0 {
		return 1
	}
	return float64(s.Found) / float64(s.Of)
}

// FoldedSnippets counts the snippets found in pred as evaluate.py's snippet_check finds
// them: `s.lower() in text.lower()`, a substring test of the lowercased texts (Lower) with
// white space as it is, not normalised.
func FoldedSnippets(pred string, snippets []string) SnippetShare {
	s := SnippetShare{Of: len(snippets)}
	if len(snippets) == 0 {
		return s
	}
	text := Lower(pred)
	for _, sn := range snippets {
		if strings.Contains(text, Lower(sn)) {
			s.Found++
		}
	}
	return s
}

// Snippets is FoldedSnippets of both lists of a page, with the scorer's buffers: pred is
// lowercased once, and nothing is allocated.
func (s *WordBagScorer) Snippets(pred string, with, without []string) (withFound, withoutFound SnippetShare) {
	s.buf = appendLower(s.buf[:0], pred, 0)
	count := func(snippets []string) SnippetShare {
		sh := SnippetShare{Of: len(snippets)}
		for _, sn := range snippets {
			s.sn = appendLower(s.sn[:0], sn, 0)
			if bytes.Contains(s.buf, s.sn) {
				sh.Found++
			}
		}
		return sh
	}
	return count(with), count(without)
}

// WordBagResult is the WCXB metric over a set of pages: the means over the Pages pages of
// P, R and F1, and the mean rates of `with` and `without` snippets found over the
// WithPages and WithoutPages pages that were given snippets of the kind (each page's
// Rate; 0 when no page was).
type WordBagResult struct {
	Pages                   int
	P, R, F1                float64
	With, Without           float64
	WithPages, WithoutPages int
}

// WordBags accumulates the WCXB metric; its zero value is ready, and it is not safe for
// concurrent use.
type WordBags struct {
	p, r, f       mean
	with, without mean
}

// Add adds one page's word-bag scores.
func (w *WordBags) Add(b WordBag) {
	w.p.add(b.P)
	w.r.add(b.R)
	w.f.add(b.F1)
}

// AddWith adds one page's `with` snippets found; a page whose record has no `with` list is
// left out, while one with an empty list counts, as 1 (SnippetShare.Rate).
func (w *WordBags) AddWith(s SnippetShare) { w.with.add(s.Rate()) }

// AddWithout adds one page's `without` snippets found (lower is better), as AddWith.
func (w *WordBags) AddWithout(s SnippetShare) { w.without.add(s.Rate()) }

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
