package metric

// Summary accumulates every metric over a set of pages: the shingle metric, the mean
// per-page token F1 and, for pages that have them, the pooled character counts. The zero
// value is ready; it is not safe for concurrent use. To keep per-site and overall figures,
// score each page once (Scorer or Add) and AddPage it to several Summaries.
type Summary struct {
	scorer   Scorer
	shingles Shingles
	tokenF1  mean
	chars    Chars
	charPgs  int
}

// Result is a Summary's figures.
type Result struct {
	ShingleResult
	// TokenF1 is the mean of the per-page token F1 over the TokenPages pages where it is
	// defined (at least one of the two texts has a token); 0 when there is none.
	TokenF1    float64
	TokenPages int
	// Chars are the pooled character counts of the CharPages pages that had spans.
	Chars     Chars
	CharPages int
}

// Add scores one page and adds it; it returns the page's scores.
func (s *Summary) Add(pred, gold string) Page {
	p := s.scorer.Score(pred, gold)
	s.AddPage(p)
	return p
}

// AddPage adds a page already scored.
func (s *Summary) AddPage(p Page) {
	s.shingles.AddCounts(p.Shingles)
	if f, ok := p.TokenF1(); ok {
		s.tokenF1.add(f)
	}
}

// AddChars adds one page's character counts (the page itself is added with Add or AddPage).
func (s *Summary) AddChars(c Chars) {
	s.chars.Add(c)
	s.charPgs++
}

// Merge adds everything o has accumulated to s.
func (s *Summary) Merge(o *Summary) {
	s.shingles.Merge(&o.shingles)
	s.tokenF1.merge(o.tokenF1)
	s.chars.Add(o.chars)
	s.charPgs += o.charPgs
}

// Result returns the figures over the pages added so far.
func (s *Summary) Result() Result {
	return Result{
		ShingleResult: s.shingles.Result(),
		TokenF1:       s.tokenF1.value(),
		TokenPages:    s.tokenF1.n,
		Chars:         s.chars,
		CharPages:     s.charPgs,
	}
}
