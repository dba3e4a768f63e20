package ampl

import (
	"sort"

	"github.com/chaffkit/chaff/lib/suffix"
)

// Rule says how F(f) accumulates a branching string w of frequency f.
type Rule string

const (
	// RulePaper adds f·|w| (Fig. 3 of the paper): every prefix of w is counted again at
	// every node below it, so long strings weigh in many times.
	RulePaper Rule = "paper"
	// RuleEdge adds f·(|w| − |parent(w)|): each suffix-tree edge by its own length, so F(f)
	// is exactly the number of occurrences of the distinct substrings occurring f times.
	RuleEdge Rule = "edge"
)

// Gap says what G(f) is when F(f−1) = 0 (no substring occurs exactly f−1 times).
type Gap string

const (
	// GapSkip leaves G(f) undefined there: f cannot be a peak. Isolated frequencies (high f,
	// where F is sparse) then never win by dividing by a tiny or missing neighbour.
	GapSkip Gap = "skip"
	// GapPrev divides by F(g) for the nearest g < f with F(g) > 0 (the previous point of the
	// curve as drawn).
	GapPrev Gap = "prev"
)

// Curve holds V(f) and F(f) for f = 0..len(F)-1 (index 0 unused).
type Curve struct {
	Pages int     // |S|
	V     []int64 // V[f]: branching strings occurring exactly f times
	F     []int64 // F[f]: amplified count, by Rule
	Rule  Rule
}

// Count walks the branching strings of x and returns their curve. maxLen > 0 ignores
// strings longer than maxLen bytes (with RuleEdge: counts only their first maxLen bytes).
func Count(x *suffix.Index, rule Rule, maxLen int) *Curve {
	return countUpTo(x, rule, maxLen, 0)
}

// countUpTo is Count with the frequencies above limit left out (0: none; see peakLimit).
func countUpTo(x *suffix.Index, rule Rule, maxLen, limit int) *Curve {
	k := newCounter(x.Pages(), rule, maxLen)
	k.limit = limit
	opt := k.walkOptions()
	x.WalkBatches(opt, k.addAll)
	k.addLeaves(opt.LeafTotals)
	return k.curve()
}

// counter accumulates V and F node by node.
type counter struct {
	c      *Curve
	rule   Rule
	maxLen int64
	maxF   int
	// limit > 0 ignores frequencies above it (see peakLimit): the arrays grow with the
	// highest frequency counted, 16 bytes each, and a byte of a 50 MB page may occur
	// millions of times.
	limit int
}

func newCounter(pages int, rule Rule, maxLen int) *counter {
	k := &counter{c: &Curve{Pages: pages, Rule: rule}, rule: rule, maxLen: int64(maxLen)}
	k.grow(pages + 1)
	return k
}

func (k *counter) grow(f int) {
	c := k.c
	for len(c.F) <= f {
		n := 2*len(c.F) + 64
		nf := make([]int64, n)
		copy(nf, c.F)
		nv := make([]int64, n)
		copy(nv, c.V)
		c.F, c.V = nf, nv
	}
}

// walkOptions returns the options of the walk that feeds the counter: the leaves added up
// by the walk (F(1) needs only their sums) unless maxLen bounds each leaf.
func (k *counter) walkOptions() suffix.WalkOptions {
	opt := suffix.WalkOptions{Leaves: true}
	if k.maxLen <= 0 {
		opt.LeafTotals = new(suffix.LeafTotals)
	}
	return opt
}

// addLeaves adds the leaves a walk added up (nil: it reported them as nodes). Leaves have
// frequency 1 and no bound applies to them (walkOptions), so the sums are what add would
// have added leaf by leaf.
func (k *counter) addLeaves(t *suffix.LeafTotals) {
	if t == nil || t.Count == 0 {
		return
	}
	k.maxF = max(k.maxF, 1)
	k.c.V[1] += t.Count
	if k.rule == RulePaper {
		k.c.F[1] += t.Depth
	} else {
		k.c.F[1] += t.Depth - t.Parent
	}
}

// addAll adds a batch of nodes (see add).
func (k *counter) addAll(nodes []suffix.Node) {
	if k.maxLen > 0 || k.rule != RuleEdge {
		for _, n := range nodes {
			k.add(n)
		}
		return
	}
	// The default rule without a length bound, in a loop of its own: most nodes are leaves
	// and low frequencies, and this runs for every node of the tree.
	V, F, limit := k.c.V, k.c.F, k.limit
	for _, n := range nodes {
		f := int(n.Hi - n.Lo)
		if limit > 0 && f > limit {
			continue
		}
		if f >= len(F) {
			k.add(n)
			V, F = k.c.V, k.c.F
			continue
		}
		k.maxF = max(k.maxF, f)
		V[f]++
		F[f] += int64(f) * int64(n.Depth-n.Parent)
	}
}

func (k *counter) add(n suffix.Node) {
	f := n.Freq()
	d, p := int64(n.Depth), int64(n.Parent)
	if k.maxLen > 0 {
		if k.rule == RulePaper && d > k.maxLen {
			return
		}
		d = min(d, k.maxLen)
		p = min(p, k.maxLen)
		if d <= p {
			return
		}
	}
	if k.limit > 0 && f > k.limit {
		return
	}
	if f >= len(k.c.F) {
		k.grow(f)
	}
	k.maxF = max(k.maxF, f)
	k.c.V[f]++
	if k.rule == RulePaper {
		k.c.F[f] += int64(f) * d
	} else {
		k.c.F[f] += int64(f) * (d - p)
	}
}

func (k *counter) curve() *Curve {
	c := k.c
	c.F = c.F[:max(k.maxF, c.Pages)+1]
	c.V = c.V[:len(c.F)]
	return c
}

// G returns G(f) = F(f)/F(f−1) under gap, and false where it is undefined (f < 2, F(f) = 0,
// or F(f−1) = 0 with GapSkip, or no lower point with GapPrev).
func (c *Curve) G(f int, gap Gap) (float64, bool) {
	if f < 2 || f >= len(c.F) || c.F[f] == 0 {
		return 0, false
	}
	prev := c.F[f-1]
	if prev == 0 {
		if gap != GapPrev {
			return 0, false
		}
		for g := f - 2; g >= 1; g-- {
			if c.F[g] > 0 {
				prev = c.F[g]
				break
			}
		}
		if prev == 0 {
			return 0, false
		}
	}
	return float64(c.F[f]) / float64(prev), true
}

// Peak is a frequency where F(f) stands out, with its G(f).
type Peak struct {
	F int     `json:"f"`
	G float64 `json:"g"`
}

// MaxPeak returns the maximal peak: the f in [lo, hi] (hi <= 0: no upper bound) where G(f)
// is largest. Ties go to the larger F(f) (more amplified occurrences), then to the smaller f.
// ok is false when G is undefined everywhere in the range (e.g. a single page with
// lo = 2, hi = 1).
func (c *Curve) MaxPeak(lo, hi int, gap Gap) (p Peak, ok bool) {
	lo = max(lo, 2)
	if hi <= 0 || hi >= len(c.F) {
		hi = len(c.F) - 1
	}
	for f := lo; f <= hi; f++ {
		g, def := c.G(f, gap)
		if !def {
			continue
		}
		if !ok || g > p.G || (g == p.G && c.F[f] > c.F[p.F]) {
			p, ok = Peak{F: f, G: g}, true
		}
	}
	return p, ok
}

// Peaks returns every f in [lo, hi] (hi <= 0: no bound) with G(f) >= minG that is also a
// local maximum of F (F(f) >= F(f+1)), by decreasing G. The paper leaves the threshold for
// further peaks open (sections 5.3-5.5); see Options.PeakG for the one chosen here.
func (c *Curve) Peaks(lo, hi int, gap Gap, minG float64) []Peak {
	lo = max(lo, 2)
	if hi <= 0 || hi >= len(c.F) {
		hi = len(c.F) - 1
	}
	var out []Peak
	for f := lo; f <= hi; f++ {
		g, def := c.G(f, gap)
		if !def || g < minG {
			continue
		}
		if f+1 < len(c.F) && c.F[f+1] > c.F[f] {
			continue
		}
		out = append(out, Peak{F: f, G: g})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].G > out[j].G })
	return out
}

// Points returns the frequencies with F(f) > 0, in increasing order.
func (c *Curve) Points() []int {
	var fs []int
	for f := 1; f < len(c.F); f++ {
		if c.F[f] > 0 {
			fs = append(fs, f)
		}
	}
	return fs
}

// SitePeakG is the threshold on G(f) chosen here for further peaks (the paper leaves it
// open, sections 5.3-5.5): a frequency whose F(f) is at least 100 times F(f-1) and a local
// maximum of F. On the synthetic corpus, two sites of 24 and 16 pages mixed give G = 3441
// (f = 24), 1575 (f = 16) and 847 (f = 40, strings both templates share); the next local
// maximum is f = 8 with G = 79, and the repeated list items of single sites peak at k·|S|
// with G = 589-2216. Where content alone decides, G stays near 1 (Lemma 2: (1-1/f)^A).
const SitePeakG = 100
