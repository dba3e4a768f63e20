package metric

import (
	"encoding/binary"

	"github.com/cespare/xxhash/v2"
)

// ShingleSize is the number of tokens in a shingle, as in the benchmark.
const ShingleSize = 4

// Counts are one page's shingle counts: TP (shingles in both texts, as multisets), FP (excess
// predicted) and FN (missing gold), each divided by TP+FP+FN when that sum is positive, so
// that every page weighs the same. All three are zero when neither text has a token.
type Counts struct {
	TP, FP, FN float64
}

// Precision is the page's precision under the benchmark's rules. It is defined (ok) only when
// TP+FP > 0, that is when the prediction has at least one shingle; then it is 1 if FP = FN = 0,
// 0 if TP = FP = 0, else TP/(TP+FP). (With the definedness filter the second rule cannot fire;
// it is kept as the benchmark writes it.) A page with an empty prediction therefore counts in
// recall (as 0) but not in precision.
func (c Counts) Precision() (p float64, ok bool) {
	if !(c.TP+c.FP > 0) {
		return 0, false
	}
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1, true
	case c.TP == 0 && c.FP == 0:
		return 0, true
	}
	return c.TP / (c.TP + c.FP), true
}

// Recall is the page's recall under the benchmark's rules: defined only when TP+FN > 0 (the
// gold has at least one shingle); then 1 if FP = FN = 0, 0 if TP = FN = 0, else TP/(TP+FN).
func (c Counts) Recall() (r float64, ok bool) {
	if !(c.TP+c.FN > 0) {
		return 0, false
	}
	switch {
	case c.FP == 0 && c.FN == 0:
		return 1, true
	case c.TP == 0 && c.FN == 0:
		return 0, true
	}
	return c.TP / (c.TP + c.FN), true
}

// F1 is the page's own harmonic mean of precision and recall, defined when both are defined;
// 0 when both are 0. (The benchmark's F1 is not a mean of these: see ShingleResult.)
func (c Counts) F1() (f float64, ok bool) {
	p, okp := c.Precision()
	r, okr := c.Recall()
	if !okp || !okr {
		return 0, false
	}
	return harmonic(p, r), true
}

func harmonic(p, r float64) float64 {
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// ShingleCounts scores one page with the shingle metric. It allocates; use a Scorer to score
// many pages.
func ShingleCounts(pred, gold string) Counts {
	var s Scorer
	return s.Score(pred, gold).Shingles
}

// appendShingleHashes appends to dst one hash per shingle of the token hashes toks: one per
// window of ShingleSize tokens, or a single shingle of all tokens when there are fewer (none
// when there are no tokens). The hash covers the token count, so a short text's single
// shingle never equals a full one. dst may be toks[:0]: each shingle is written after the
// tokens it covers were read.
func appendShingleHashes(dst []uint64, toks []uint64) []uint64 {
	var buf [8 * ShingleSize]byte
	if len(toks) < ShingleSize {
		if len(toks) == 0 {
			return dst
		}
		for i, t := range toks {
			binary.LittleEndian.PutUint64(buf[8*i:], t)
		}
		return append(dst, xxhash.Sum64(buf[:8*len(toks)]))
	}
	for i := 0; i+ShingleSize <= len(toks); i++ {
		for j := range ShingleSize {
			binary.LittleEndian.PutUint64(buf[8*j:], toks[i+j])
		}
		dst = append(dst, xxhash.Sum64(buf[:]))
	}
	return dst
}

// normalise divides the raw counts by their sum (when positive), as the benchmark does.
func normalise(tp, fp, fn int) Counts {
	c := Counts{TP: float64(tp), FP: float64(fp), FN: float64(fn)}
	if s := c.TP + c.FP + c.FN; s > 0 {
		c.TP /= s
		c.FP /= s
		c.FN /= s
	}
	return c
}

// Page is one page's scores.
type Page struct {
	// Shingles are the page's normalised shingle counts.
	Shingles Counts
	// PredTokens and GoldTokens count the \w+ tokens; CommonTokens is the size of the
	// multiset intersection of the two bags.
	PredTokens, GoldTokens, CommonTokens int
}

// TokenF1 is the F1 of the two bags of tokens: precision common/pred, recall common/gold.
// It is undefined when neither text has a token, and 0 when exactly one is empty.
func (p Page) TokenF1() (f float64, ok bool) {
	if p.PredTokens == 0 && p.GoldTokens == 0 {
		return 0, false
	}
	if p.CommonTokens == 0 {
		return 0, true
	}
	prec := float64(p.CommonTokens) / float64(p.PredTokens)
	rec := float64(p.CommonTokens) / float64(p.GoldTokens)
	return harmonic(prec, rec), true
}

// Scorer scores pages, reusing its buffers between calls. The zero value is ready; a Scorer
// is not safe for concurrent use (use one per goroutine).
type Scorer struct {
	pred, gold []uint64 // token hashes, then shingle hashes in their place
	table      countTable
}

// Score scores the predicted text of one page against its gold text.
func (s *Scorer) Score(pred, gold string) Page {
	s.pred = appendTokenHashes(s.pred[:0], pred)
	s.gold = appendTokenHashes(s.gold[:0], gold)
	page := Page{PredTokens: len(s.pred), GoldTokens: len(s.gold)}
	page.CommonTokens, _, _ = s.table.match(s.pred, s.gold)
	// Shingle i needs tokens i to i+ShingleSize-1 only, so the shingles overwrite the tokens:
	// one buffer per text (a 50 MB page has millions of tokens).
	s.pred = appendShingleHashes(s.pred[:0], s.pred)
	s.gold = appendShingleHashes(s.gold[:0], s.gold)
	tp, fp, fn := s.table.match(s.pred, s.gold)
	page.Shingles = normalise(tp, fp, fn)
	return page
}

// mean is a running mean with compensated (Neumaier) summation, so that the result does not
// depend on the order of millions of pages beyond the last bits.
type mean struct {
	sum, comp float64
	n         int
}

func (m *mean) add(x float64) {
	t := m.sum + x
	if abs(m.sum) >= abs(x) {
		m.comp += (m.sum - t) + x
	} else {
		m.comp += (x - t) + m.sum
	}
	m.sum = t
	m.n++
}

func (m *mean) merge(o mean) {
	n := m.n + o.n
	m.add(o.sum)
	m.add(o.comp)
	m.n = n
}

func (m mean) value() float64 {
	if m.n == 0 {
		return 0
	}
	return (m.sum + m.comp) / float64(m.n)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// ShingleResult is the benchmark metric over a set of pages.
type ShingleResult struct {
	Pages int // pages added
	// PrecisionPages and RecallPages count the pages where precision (the prediction has a
	// shingle) and recall (the gold has a shingle) are defined.
	PrecisionPages, RecallPages int
	// Precision and Recall are the means over those pages (0 when no page defines them);
	// F1 = 2PR/(P+R) of the two means (0 when P+R = 0).
	Precision, Recall, F1 float64
}

// Shingles accumulates the benchmark metric over pages. The zero value is ready; it is not
// safe for concurrent use.
type Shingles struct {
	scorer    Scorer
	pages     int
	precision mean
	recall    mean
}

// Add scores one page and adds it; it returns the page's counts.
func (s *Shingles) Add(pred, gold string) Counts {
	c := s.scorer.Score(pred, gold).Shingles
	s.AddCounts(c)
	return c
}

// AddCounts adds a page already scored.
func (s *Shingles) AddCounts(c Counts) {
	s.pages++
	if p, ok := c.Precision(); ok {
		s.precision.add(p)
	}
	if r, ok := c.Recall(); ok {
		s.recall.add(r)
	}
}

// Merge adds the pages of o to s (for per-worker or per-site accumulators).
func (s *Shingles) Merge(o *Shingles) {
	s.pages += o.pages
	s.precision.merge(o.precision)
	s.recall.merge(o.recall)
}

// Result returns the metric over the pages added so far.
func (s *Shingles) Result() ShingleResult {
	p, r := s.precision.value(), s.recall.value()
	return ShingleResult{
		Pages:          s.pages,
		PrecisionPages: s.precision.n,
		RecallPages:    s.recall.n,
		Precision:      p,
		Recall:         r,
		F1:             harmonic(p, r),
	}
}
