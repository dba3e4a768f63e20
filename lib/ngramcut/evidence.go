package ngramcut

import (
	"math"

	"github.com/chaffkit/chaff/lib/page"
)

// Found is what the model finds in one page.
type Found struct {
	// Kept are the page's kept byte spans ([Model.Spans]).
	Kept [][2]int
	// Template are the byte spans covered by n-grams of W (the 0s of the range string before
	// MinRun drops short kept runs), each with the mean document frequency of the n-grams of
	// W found in it as its strength: the share of the sample pages that held them (1: on
	// every sample page; an article phrase that happens to be in 20% of them, 0.2).
	Template []page.Evidence
	// Fit is the number of distinct n-grams of W the page holds divided by the number a
	// sample page holds on average (Σ DF over W), capped at 1: about 1 for a page of the
	// site's template, near 0 for a page of another site. NaN when W is empty (nothing
	// learned) or the page is longer than the piecewise limit of huge pages (not measured,
	// to bound memory).
	Fit float64
}

// Find applies the model to a page: its kept spans, the template evidence and how well
// the page fits the model. Kept is what Spans returns. Safe for concurrent use.
func (m *Model) Find(html string) Found { return m.find(html, nil) }

// find is Find, from what learning found W covers on the page when cv is not nil.
func (m *Model) find(html string, cv *Covered) Found {
	if m.N <= 0 || len(m.W) == 0 || len(html) > leanPageBytes {
		return Found{Kept: m.Spans(html), Fit: math.NaN()}
	}
	if len(html) < m.N {
		return Found{Kept: m.Spans(html)} // no n-gram of W fits: no evidence, Fit 0
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	if cv != nil {
		if f, ok := m.findCovered(html, s, cv); ok {
			return f
		}
	}
	// The range string comes from the evidence's pass, which probes every n-gram anyway:
	// its covered runs are the range string's 0s (rangeString would probe again).
	s.units, s.offs = pageUnits(html, m.Unit, m.SkipInvisible, s.units[:0], s.offs[:0], true)
	if cap(s.r) < len(s.units) {
		s.r = make([]byte, len(s.units))
	}
	r := s.r[:len(s.units)]
	var f Found
	f.Template, f.Fit = m.evidence(html, s, r)
	if len(s.units) >= m.N { // else no n-gram fits: kept whole, as rangeString does
		m.dropShort(html, r, s.offs)
	}
	f.Kept = m.keptSpans(html, r, s.offs)
	return f
}

// findCovered is find from what learning found W covers on the page (cv), when the page
// has the units it had then (ok; else the caller probes the page as any other). It needs
// no units, and offsets only where a covered run starts or ends: the range string's runs
// of 1s lie between the covered runs, and dropping short ones only joins runs, so every
// offset placeRuns, dropShort and keptSpans read is at one of those positions or 0.
func (m *Model) findCovered(html string, s *scratch, cv *Covered) (Found, bool) {
	want := append(s.want[:0], 0)
	for _, run := range cv.runs {
		want = append(want, int32(run.Start), int32(run.End))
	}
	s.want = want
	if cap(s.offs) < cv.units {
		s.offs = make([]int32, cv.units)
	}
	s.offs = s.offs[:cv.units] // unitEnd reads len(offs) as the units' count
	if offsetsAt(html, m.Unit, m.SkipInvisible, want, s.offs) != cv.units {
		return Found{}, false
	}
	if cap(s.r) < cv.units {
		s.r = make([]byte, cv.units)
	}
	r := s.r[:cv.units]
	var f Found
	f.Template, f.Fit = m.evidenceCovered(html, s, r, cv)
	if cv.units >= m.N {
		m.dropShort(html, r, s.offs)
	}
	f.Kept = m.keptSpans(html, r, s.offs)
	return f, true
}

// evidence probes every n-gram of the page preprocessed into s (units and offsets) against
// W and returns the covered runs with their strength, and the fit (see Found). It writes
// the range string into r (len(s.units) bytes): 0 in the covered runs, 1 elsewhere.
func (m *Model) evidence(html string, s *scratch, r []byte) ([]page.Evidence, float64) {
	t := m.index()
	u, n := s.units, m.N
	words := (len(t) + 63) / 64
	if len(s.present) < words {
		s.present = make([]uint64, words)
	}
	present := s.present[:words]
	distinct := 0 // slots set in present
	runs := newCoverRuns(n, s.runs)
	// see records the n-gram at k, of fingerprint fp, if it is in W (the filter is asked
	// first unless the caller did), and reports whether it is.
	see := func(k int, fp uint64) bool {
		slot := slotOf(t, fp)
		if slot < 0 {
			return false
		}
		if bit := uint64(1) << (slot & 63); present[slot>>6]&bit == 0 {
			present[slot>>6] |= bit
			distinct++
		}
		runs.hit(k, m.tableDF[slot])
		return true
	}
	if m.Hash == Rolling && !m.Delims && len(u) >= n {
		// A rolling window inline: most n-grams outside W are turned away by the filter
		// without a call. After a hit the next n-gram is most likely in W too (a page's
		// template repeats W's members in runs), and there the filter, which it would
		// pass, is one more load: with filterInTag the table is asked alone.
		var h uint64
		top := powMul(n - 1)
		for j := 0; j < n-1; j++ {
			h = rollStep(h, u[j])
		}
		inW := false // the n-gram at k-1 is in W
		for k := 0; k+n <= len(u); k++ {
			h = rollStep(h, u[k+n-1])
			if fp := finish(h); inW && m.filterInTag || mayHave(m.filter, fp) {
				inW = see(k, fp)
			} else {
				inW = false
			}
			h -= (uint64(u[k]) + 1) * top
		}
	} else {
		m.eachFingerprint(u, func(k int, fp uint64) {
			if mayHave(m.filter, fp) {
				see(k, fp)
			}
		})
	}
	clear(present) // a bit per 64 slots of the table: less than a pass over the page
	s.runs = runs.done()
	return m.placeRuns(html, s, r, s.runs, distinct)
}

// placeRuns turns the covered runs of a page (in units) into its template evidence (in
// bytes), writes its range string into r (0 in the runs, 1 elsewhere), and returns the fit
// of a page holding distinct members of W.
func (m *Model) placeRuns(html string, s *scratch, r []byte, runs []page.Evidence, distinct int) ([]page.Evidence, float64) {
	var out []page.Evidence
	kept := 0 // r[kept:run.Start] is uncovered
	for _, run := range runs {
		fillOnes(r[kept:run.Start])
		clear(r[run.Start:run.End])
		kept = run.End
		out = append(out, page.Evidence{Start: int(s.offs[run.Start]), End: unitEnd(html, s.offs, run.End), Strength: run.Strength})
	}
	fillOnes(r[kept:])
	fit := 1.0
	if m.expected > 0 {
		fit = min(1, float64(distinct)/m.expected)
	}
	return out, fit
}

// coverRuns gathers the runs of units that the n-grams of W found on a page cover, as they
// are found in order of position: the n-gram at k covers units k to k+n-1 and joins the run
// before when it touches it, and a run's strength is the mean document frequency byte of the
// n-grams that start in it. Model.evidence finds them by looking every n-gram up, and
// Learner.LearnCovered from the learning's count.
type coverRuns struct {
	n          int
	runs       []page.Evidence // in units
	start, end int             // the run being built (start -1: none yet)
	sum, hits  int             // Σ DF bytes of its n-grams, and how many
}

func newCoverRuns(n int, buf []page.Evidence) coverRuns {
	return coverRuns{n: n, runs: buf[:0], start: -1, end: -2}
}

// hit adds the n-gram of W at unit k, of document frequency byte df.
func (c *coverRuns) hit(k int, df byte) {
	if k > c.end { // not touching the run before: a new run
		c.close()
		c.start, c.sum, c.hits = k, 0, 0
	}
	c.end = k + c.n
	c.sum += int(df)
	c.hits++
}

func (c *coverRuns) close() {
	if c.start >= 0 {
		c.runs = append(c.runs, page.Evidence{Start: c.start, End: c.end,
			Strength: float32(float64(c.sum) / float64(c.hits) / 255)})
	}
}

// done closes the last run and returns them all.
func (c *coverRuns) done() []page.Evidence {
	c.close()
	c.start = -1
	return c.runs
}

// eachFingerprint calls fn with each position k of u where an n-gram of the model's kind
// starts (all of them, or under the delimiter rule those without a delimiter inside) and
// its fingerprint.
func (m *Model) eachFingerprint(u []uint32, fn func(k int, fp uint64)) {
	n := m.N
	npos := len(u) - n + 1
	if npos <= 0 {
		return
	}
	lastDelim := -1 // latest delimiter at index <= k+n-2 (Delims rule), as coverWindow
	if m.Delims {
		for j := 1; j <= n-2 && j < len(u); j++ {
			if isDelim(u[j]) {
				lastDelim = j
			}
		}
	}
	var h, top uint64
	if m.Hash == Rolling {
		top = powMul(n - 1)
		for j := 0; j < n-1; j++ {
			h = rollStep(h, u[j])
		}
	}
	for k := 0; k < npos; k++ {
		var fp uint64
		if m.Hash == Rolling {
			h = rollStep(h, u[k+n-1])
			fp = finish(h)
			h -= (uint64(u[k]) + 1) * top
		}
		if m.Delims {
			if j := k + n - 2; j > k && isDelim(u[j]) {
				lastDelim = j
			}
			if lastDelim >= k+1 {
				continue
			}
		}
		if m.Hash == XXHash {
			fp = xxFingerprint(u[k : k+n])
		}
		fn(k, fp)
	}
}
