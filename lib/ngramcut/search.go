package ngramcut

import (
	"encoding/json"
	"fmt"
)

// Step is one cut point of a search path with its alternation count A_D(n, a). In JSON
// it is the array [n, a, A].
type Step struct {
	N, A int
	Alt  int64
}

// MarshalJSON writes [n, a, A].
func (s Step) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("[%d,%d,%d]", s.N, s.A, s.Alt)), nil
}

// UnmarshalJSON reads [n, a, A].
func (s *Step) UnmarshalJSON(b []byte) error {
	var v [3]int64
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("ngramcut: path step: %w", err)
	}
	s.N, s.A, s.Alt = int(v[0]), int(v[1]), v[2]
	return nil
}

// FindOptimal is the paper's Fig. 3 on an alternation-count function: start at (2, 1);
// while n <= maxN and a < 100, compare A(n, a+1) and A(n+1, a) with the current A(n, a)
// and move to the smaller one; stop when neither is smaller. It returns the path, whose
// last step is the optimal cut point.
//
// Ties, exactly as in the figure: the search stops when the current count is <= both
// neighbours (a neighbour equal to the current one is not a move); when both neighbours
// are smaller and equal, it moves to (n+1, a).
func FindOptimal(alt func(n, a int) int64, maxN int) []Step {
	n, a := 2, 1
	val0 := alt(n, a)
	path := []Step{{n, a, val0}}
	for n <= maxN && a < 100 {
		val1 := alt(n, a+1)
		val2 := alt(n+1, a)
		switch {
		case val0 <= val1 && val0 <= val2:
			return path
		case val0 > val1 && val1 < val2:
			a++
			val0 = val1
		case val0 > val2 && val2 <= val1:
			n++
			val0 = val2
		}
		path = append(path, Step{n, a, val0})
	}
	return path
}

// FindN is the plain one-dimensional descent: starting at n = from, it moves to n+1
// while that lowers the alternation count, and stops at the first n whose successor is
// not lower (or at maxN). Under the document-frequency cut it stops at once at n = 2,
// where A is small for the wrong reason; that is why Learn uses FindNPeak there.
func FindN(alt func(n int) int64, from, maxN int) []Step {
	n := from
	val := alt(n)
	path := []Step{{n, 0, val}}
	for n < maxN {
		next := alt(n + 1)
		if next >= val {
			break
		}
		n++
		val = next
		path = append(path, Step{n, 0, val})
	}
	return path
}

// FindNPeak is the revised search for a fixed W rule (Options.MinDocFrac, n not forced).
// Under a document-frequency cut, short n-grams are in many pages and cover nearly
// everything, so A(n) is small at n = 2 for the wrong reason, rises while content gets
// cut into pieces, peaks, and falls as content n-grams leave W. The search climbs from
// n = from while A rises, then descends while A falls, and stops at the first n whose
// successor is not lower: the paper's local minimum, taken after the peak.
func FindNPeak(alt func(n int) int64, from, maxN int) []Step {
	n := from
	val := alt(n)
	path := []Step{{n, 0, val}}
	climbing := true
	for n < maxN {
		next := alt(n + 1)
		if climbing && next < val {
			climbing = false
		}
		if !climbing && next >= val {
			break
		}
		n++
		val = next
		path = append(path, Step{n, 0, val})
	}
	return path
}

// Grid returns A_D(n, a) for n = 2..maxN (rows) and a = 1..maxA (columns): the surface
// FindOptimal walks on, for plots. With opt.MinDocFrac > 0 there is one column, the
// document-frequency cut. Cost: maxN countsorts and maxN·maxA linear scans.
func Grid(pages []string, opt Options, maxN, maxA int) ([][]int64, error) {
	if len(pages) == 0 {
		return nil, ErrNoPages
	}
	if opt.MinDocFrac > 0 {
		opt.Rank = ByDocFreq
		maxA = 1
	}
	c := newCorpus(samplePages(pages, opt.MaxSamplePage), opt.Unit, opt.SkipInvisible, opt.Hash, opt.Rank, opt.Delims)
	minDF := minDocs(opt.MinDocFrac, c.pages())
	var out [][]int64
	for n := 2; n <= maxN; n++ {
		l := c.level(n)
		row := make([]int64, maxA)
		for a := 1; a <= maxA; a++ {
			k := cutSize(l.distinct, a)
			if minDF > 0 {
				k = dfCut(l, minDF)
			}
			row[a-1] = c.alternation(l, k)
		}
		out = append(out, row)
	}
	return out, nil
}
