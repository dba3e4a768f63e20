package ngramcut

import "github.com/chaffkit/chaff/lib/page"

// Covered is what a model's W covers on one of the pages it learned from, read off the
// learning's own count (the class and rank of every n-gram of the sample), so that
// applying the model to that page (Model.FindCovered) need not fingerprint its n-grams
// and look each one up in W again: in a tool's run, where every sample page is applied
// right after learning, that was a third of the applying.
type Covered struct {
	units    int             // the page's length in units, which FindCovered checks
	runs     []page.Evidence // the covered runs, in units, with their strength (as evidence finds them)
	distinct int             // the distinct n-grams of W on the page (Found.Fit's numerator)
}

// LearnCovered is Learn that also returns, for each page, what the model's W covers on it
// (nil for a page learned from in part, cut by Options.MaxSamplePage).
func (lr *Learner) LearnCovered(pages []string, opt Options) (*Model, []*Covered, error) {
	var covered []*Covered
	m, err := lr.learn(pages, opt, func(c *corpus, l *level, k int, m *Model) {
		covered = c.covered(pages, l, k, m, opt.MaxSamplePage)
	})
	return m, covered, err
}

// covered finds what the top k ranks of level l (W) cover on each page of the corpus, as
// Model.evidence would find it on the page: an n-gram's fingerprint is in W exactly when
// its class ranks among the top k (a class is one fingerprint), and its document
// frequency byte is its class's.
func (c *corpus) covered(pages []string, l *level, k int, m *Model, maxSample int) []*Covered {
	out := make([]*Covered, c.pages())
	n := l.n
	stamp := make([]int32, k) // the last page (plus 1) each rank of W was found on
	for p := range out {
		if len(SamplePage(pages[p], maxSample)) < len(pages[p]) {
			continue // learned from its first part: applied as any page
		}
		ps, pe := int(c.starts[p]), int(c.starts[p+1])
		cv := &Covered{units: pe - ps}
		runs := newCoverRuns(n, nil)
		for i := ps; i+n <= pe; i++ {
			r := l.posRank[i]
			if int(r) >= k { // not in W (noRank included)
				continue
			}
			if stamp[r] != int32(p+1) {
				stamp[r] = int32(p + 1)
				cv.distinct++
			}
			runs.hit(i-ps, dfByte(int(l.df[r]), m.Pages))
		}
		cv.runs = runs.done()
		out[p] = cv
	}
	return out
}

// FindCovered is Find on a page the model learned from, with what LearnCovered found W
// covers on it; Find itself when cv is nil or the page is not that one (another length in
// units).
func (m *Model) FindCovered(html string, cv *Covered) Found {
	return m.find(html, cv)
}

// evidenceCovered is evidence from what learning found (see Covered).
func (m *Model) evidenceCovered(html string, s *scratch, r []byte, cv *Covered) ([]page.Evidence, float64) {
	m.index() // for m.expected
	return m.placeRuns(html, s, r, cv.runs, cv.distinct)
}
