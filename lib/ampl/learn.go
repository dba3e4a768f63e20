package ampl

import (
	"errors"
	"math"
	"sort"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/suffix"
)

// Select says which branching strings form the template.
type Select string

const (
	// SelectPeak takes the maximal strings of V(f) at the peak frequencies (the paper).
	SelectPeak Select = "peak"
	// SelectDocs takes the maximal strings found in at least MinDocs of the pages, whatever
	// their raw frequency (a template string repeated inside pages or missing from a few).
	SelectDocs Select = "docs"
)

// Options are the learning parameters. The zero value is not meaningful; start from
// Faithful() or Default().
type Options struct {
	Rule Rule `json:"rule"` // how F(f) accumulates
	Gap  Gap  `json:"gap"`  // G(f) when F(f-1) = 0
	// MaxLen > 0 ignores branching strings longer than MaxLen bytes in V and F.
	MaxLen int `json:"max_len,omitempty"`
	// PeakMax bounds the search for the maximal peak to 2 <= f <= PeakMax·|S|; 0 searches
	// every frequency (the paper).
	PeakMax float64 `json:"peak_max,omitempty"`
	// PeakG > 0 adds further peaks: every f (over all frequencies) with G(f) >= PeakG that is a
	// local maximum of F. The paper leaves this threshold as future work; 0 = maximal peak only.
	PeakG float64 `json:"peak_g,omitempty"`
	// Multiples adds f = c·f_p (c = 2, 3, ...) for every peak f_p (Definition 2).
	Multiples bool `json:"multiples,omitempty"`
	// Select picks the template strings; MinDocs is the page fraction for SelectDocs.
	Select  Select  `json:"select"`
	MinDocs float64 `json:"min_docs,omitempty"`
	// MinLen drops template strings shorter than MinLen characters (runes, so that CJK text
	// and ASCII markup are measured alike).
	MinLen int `json:"min_len,omitempty"`
	// WholeWords shrinks every marked span so that it never cuts a word in two: a word
	// partly covered by a template string stays content (see snapWords).
	WholeWords bool `json:"whole_words,omitempty"`
	// EdgeWords > 0 unmarks text of at most EdgeWords words at the edges of a template
	// string that also holds markup (see trimEdgeText).
	EdgeWords int `json:"edge_words,omitempty"`
	// MinWords > 0 drops content blocks of fewer words (see dropShortBlocks); 0 keeps all.
	// A model without template strings (e.g. from one page) keeps the whole page.
	MinWords int `json:"min_words,omitempty"`
}

// Faithful returns the paper's algorithm: F by f·|w|, the maximal peak over all f >= 2
// (G undefined where F(f-1) = 0), template = the maximal strings of V(f_p).
func Faithful() Options {
	return Options{Rule: RulePaper, Gap: GapSkip, Select: SelectPeak}
}

// Default returns the options this project ships with, chosen on the evaluation pages (see
// the package README / docs for the measurements).
func Default() Options {
	return Options{Rule: RuleEdge, Gap: GapSkip, PeakMax: 1, Select: SelectDocs, MinDocs: 0.15, MinLen: 32, WholeWords: true, EdgeWords: 2, MinWords: 25}
}

// ErrNoPages is returned by Learn without pages.
var ErrNoPages = errors.New("ampl: no pages to learn from")

// Model is one site's template: the sample size and, under SelectDocs, the template
// windows, otherwise the peaks and the template strings. Build it with Learn or decode it
// from JSON; it is safe for concurrent use.
type Model struct {
	Pages   int      `json:"pages"`
	Options Options  `json:"options"`
	Peak    *Peak    `json:"peak,omitempty"`    // the maximal peak (nil: none, e.g. one page)
	Peaks   []Peak   `json:"peaks,omitempty"`   // every frequency whose strings were taken
	Strings []string `json:"strings,omitempty"` // the template strings, longest first
	// Windows are the template windows (SelectDocs), in place of Peak, Peaks and Strings.
	Windows *Windows `json:"windows,omitempty"`
	// Docs is, for each template string, the number of sample pages it was found on: the
	// strength of its matches is Docs/Pages (see Find).
	Docs []int32 `json:"docs,omitempty"`
	// Found is the mean number of distinct template strings (or windows) Find reports on a
	// sample page: the measure of Find's Fit (0 when there are none).
	Found float64 `json:"found"`

	m matcherOnce
}

// ModelVersion is the version of the model format (the Model as JSON): a model of another
// version is refused. 2 added Docs and Found; 3 the template windows of SelectDocs; 4 left
// out the windows that lie wholly in markup (a model of 3 holds them, and counts them in
// Found, so that a page would fit it less than it does).
const ModelVersion = 4

// Analysis is the curve and peaks of a sample, without the template strings.
type Analysis struct {
	Index *suffix.Index
	Curve *Curve
	Peak  *Peak  // maximal peak
	Peaks []Peak // the frequencies selected (maximal peak first)
}

// Analyze builds the index of pages, counts V and F, and finds the peaks under opt. The
// curve is whole, for showing it (ampl peaks); Learn counts only what its peak search reads.
func Analyze(pages []string, opt Options) (*Analysis, error) {
	return analyze(pages, opt, 0)
}

// analyze is Analyze with frequencies above limit left out of the curve (0: none).
func analyze(pages []string, opt Options, limit int) (*Analysis, error) {
	if len(pages) == 0 {
		return nil, ErrNoPages
	}
	x, err := suffix.New(pages)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Index: x, Curve: countUpTo(x, opt.Rule, opt.MaxLen, limit)}
	a.Peak, a.Peaks = findPeaks(a.Curve, opt)
	return a, nil
}

// peakLimit returns the highest frequency findPeaks reads under opt, or 0 when it reads the
// whole curve (PeakMax 0, further peaks by PeakG, or Multiples). The maximal peak in [2, hi]
// needs F only up to hi (G(f) reads F(f) and lower points).
func peakLimit(pages int, opt Options) int {
	if opt.PeakMax <= 0 || opt.PeakG > 0 || opt.Multiples {
		return 0
	}
	return max(int(math.Floor(opt.PeakMax*float64(pages))), 1)
}

func findPeaks(c *Curve, opt Options) (*Peak, []Peak) {
	hi := 0
	if opt.PeakMax > 0 {
		hi = int(math.Floor(opt.PeakMax * float64(c.Pages)))
		if hi < 2 {
			return nil, nil
		}
	}
	p, ok := c.MaxPeak(2, hi, opt.Gap)
	if !ok {
		return nil, nil
	}
	peaks := []Peak{p}
	seen := map[int]bool{p.F: true}
	if opt.PeakG > 0 {
		for _, q := range c.Peaks(2, 0, opt.Gap, opt.PeakG) {
			if !seen[q.F] {
				seen[q.F] = true
				peaks = append(peaks, q)
			}
		}
	}
	if opt.Multiples {
		base := append([]Peak(nil), peaks...)
		for _, b := range base {
			for f := 2 * b.F; f < len(c.F); f += b.F {
				if !seen[f] && c.F[f] > 0 {
					seen[f] = true
					g, _ := c.G(f, opt.Gap)
					peaks = append(peaks, Peak{F: f, G: g})
				}
			}
		}
	}
	return &peaks[0], peaks
}

// Learn learns a site's template from its sample pages: with SelectDocs its template
// windows (no curve, no peak), otherwise the paper's curve, peaks and template strings.
func Learn(pages []string, opt Options) (*Model, error) {
	m, _, err := learn(pages, opt, false)
	return m, err
}

// LearnMarks is Learn that also returns what the model marks on each sample page (Learn
// matches them all to measure Found): FindMarked with them is Find without matching the
// page again, for a caller that applies the model to its own sample (ampl run).
func LearnMarks(pages []string, opt Options) (*Model, []*Marks, error) {
	return learn(pages, opt, true)
}

func learn(pages []string, opt Options, keep bool) (*Model, []*Marks, error) {
	if len(pages) == 0 {
		return nil, nil, ErrNoPages
	}
	if opt.Select == SelectDocs {
		// The template windows: no suffix tree, no curve; what they mark on the sample comes
		// from the counting.
		w, found, wm, err := learnWindows(pages, max(opt.MinLen, 1), minDocs(len(pages), opt.MinDocs), keep)
		if err != nil {
			return nil, nil, err
		}
		m := &Model{Pages: len(pages), Options: opt, Windows: w, Found: found}
		var marks []*Marks
		if keep {
			marks = make([]*Marks, len(pages))
			for i, p := range pages {
				marks[i] = m.windowMarks(p, wm[i], true)
			}
		}
		return m, marks, nil
	}
	// Frequencies above the peak search's range are not counted: a byte of a 50 MB page may
	// occur millions of times, and the curve's arrays grow to the highest frequency counted.
	a, err := analyze(pages, opt, peakLimit(len(pages), opt))
	if err != nil {
		return nil, nil, err
	}
	m := a.Model(opt)
	return m, m.calibrate(pages, keep), nil
}

// minDocs is the fewest pages of a sample of n a template string must be found on under
// SelectDocs: the fraction share of them, and at least 2.
func minDocs(n int, share float64) int {
	return max(int(math.Ceil(share*float64(n))), 2)
}

// Model selects the template strings of the analysed sample under opt. (Analyze does not
// keep the pages; the model's Found is measured on pages by Learn only.)
func (a *Analysis) Model(opt Options) *Model {
	m := &Model{Pages: a.Curve.Pages, Options: opt, Peak: a.Peak, Peaks: a.Peaks}
	sel := newSelector(a.Index, opt, a.Peaks)
	if sel.want != nil {
		a.Index.WalkBatches(suffix.WalkOptions{Docs: true}, sel.considerAll)
	}
	m.Strings, m.Docs = sel.strings()
	return m
}

// calibrate sets Found: the mean number of distinct strings Find reports on the pages. With
// keep it returns each page's marks (nil entries where the model has no strings).
func (m *Model) calibrate(pages []string, keep bool) []*Marks {
	var marks []*Marks
	if keep {
		marks = make([]*Marks, len(pages))
	}
	if len(m.Strings) == 0 || len(pages) == 0 {
		return marks
	}
	total := 0
	for i, p := range pages {
		mk := m.marks(p, keep)
		if keep {
			marks[i] = mk
		}
		total += mk.found
	}
	m.Found = float64(total) / float64(len(pages))
	return marks
}

// selector collects the template strings: maximal (left-diverse), starting on a character,
// at least MinLen characters, valid UTF-8, and wanted by the selection rule.
type selector struct {
	x      *suffix.Index
	minLen int32
	want   func(n suffix.Node) bool
	out    []string
	docs   []int32 // pages holding each string of out
}

func newSelector(x *suffix.Index, opt Options, peaks []Peak) *selector {
	s := &selector{x: x, minLen: int32(max(opt.MinLen, 1))}
	switch opt.Select {
	case SelectDocs:
		if x.Pages() < 2 {
			break
		}
		least := int32(minDocs(x.Pages(), opt.MinDocs))
		s.want = func(n suffix.Node) bool { return n.Docs >= least }
	default:
		if len(peaks) == 0 {
			break
		}
		fs := map[int]bool{}
		for _, p := range peaks {
			fs[p.F] = true
		}
		s.want = func(n suffix.Node) bool { return fs[n.Freq()] }
	}
	return s
}

// considerAll considers a batch of nodes; most fail the first tests (leaves, short strings).
func (s *selector) considerAll(nodes []suffix.Node) {
	if s.want == nil {
		return
	}
	// One branch per node, rarely taken: leaves and internal nodes alternate in no
	// predictable way, so each of the tests as a branch of its own would often be mispredicted.
	minLen := s.minLen
	for _, n := range nodes {
		var long, repeat, diverse int
		if n.Depth >= minLen {
			long = 1
		}
		if n.Hi-n.Lo >= 2 {
			repeat = 1
		}
		if n.LeftDiverse {
			diverse = 1
		}
		if long&repeat&diverse != 0 {
			s.consider(n)
		}
	}
}

func (s *selector) consider(n suffix.Node) {
	if s.want == nil || n.Hi-n.Lo < 2 || !n.LeftDiverse || n.Depth < s.minLen || !s.want(n) || s.x.MidChar(n) {
		return
	}
	b := s.x.Bytes(n)
	if !utf8.Valid(b) || utf8.RuneCount(b) < int(s.minLen) { // invalid UTF-8 would not survive JSON
		return
	}
	s.out = append(s.out, string(b))
	s.docs = append(s.docs, n.Docs)
}

// strings returns the collected strings, longest first (then in byte order), and the pages
// holding each.
func (s *selector) strings() ([]string, []int32) {
	idx := make([]int, len(s.out))
	for i := range idx {
		idx[i] = i
	}
	out := s.out
	sort.Slice(idx, func(i, j int) bool {
		a, b := out[idx[i]], out[idx[j]]
		if len(a) != len(b) {
			return len(a) > len(b)
		}
		return a < b
	})
	strs, docs := make([]string, len(idx)), make([]int32, len(idx))
	for i, k := range idx {
		strs[i], docs[i] = out[k], s.docs[k]
	}
	return strs, docs
}

// Bytes is about how many bytes the model holds in memory: its template strings or windows
// with the matcher built from them (an automaton of about 24 bytes a string byte; a table of
// two to four words a window), for a bound on the models a run keeps (within 1% of the heap
// that big9's nine models take, decoded and applied once).
func (m *Model) Bytes() int {
	n := 256 + 4*len(m.Docs)
	for _, s := range m.Strings {
		n += 16 + 25*len(s)
	}
	if m.Windows != nil {
		n += 33 * len(m.Windows.keys) // the keys, and the table of at most half load over them
	}
	return n
}
