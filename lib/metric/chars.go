package metric

import (
	"fmt"
	"slices"
)

// Chars are the character counts of Ikeda et al. (2001) over the range strings of one or more
// pages. For a page of Length bytes, the correct string c has a 1 at each byte inside a gold
// span (content) and the range string r a 1 at each byte the tool kept. Gold = [c]1,
// Kept = [r]1, Both = [c&r]1. The counts add over pages: the paper's totals are computed "by
// just counting letters of all articles", not by averaging pages, and so are these. Bytes
// stand for the paper's letters (spans are byte offsets into the page's HTML).
type Chars struct {
	Length, Gold, Kept, Both int64
}

// Add adds the counts of o (another page or set of pages).
func (c *Chars) Add(o Chars) {
	c.Length += o.Length
	c.Gold += o.Gold
	c.Kept += o.Kept
	c.Both += o.Both
}

// Accuracy is the share of bytes classified alike, [c XNOR r]/|r|; undefined for no bytes.
func (c Chars) Accuracy() (float64, bool) {
	if c.Length == 0 {
		return 0, false
	}
	same := c.Length - c.Gold - c.Kept + 2*c.Both
	return float64(same) / float64(c.Length), true
}

// Recall is [c&r]1/[c]1, undefined when no byte is gold.
func (c Chars) Recall() (float64, bool) {
	if c.Gold == 0 {
		return 0, false
	}
	return float64(c.Both) / float64(c.Gold), true
}

// Precision is [c&r]1/[r]1, undefined when no byte is kept.
func (c Chars) Precision() (float64, bool) {
	if c.Kept == 0 {
		return 0, false
	}
	return float64(c.Both) / float64(c.Kept), true
}

// CharCounts computes the counts of one page of length bytes from its gold spans and the
// tool's kept spans, each a list of half-open byte ranges [start, end). Spans may come in any
// order and may overlap or touch (they are merged). A span outside [0, length] or with
// end < start is an error.
func CharCounts(length int, gold, kept [][2]int) (Chars, error) {
	if length < 0 {
		return Chars{}, fmt.Errorf("metric: negative page length %d", length)
	}
	g, err := mergeSpans(gold, length)
	if err != nil {
		return Chars{}, fmt.Errorf("metric: gold %w", err)
	}
	k, err := mergeSpans(kept, length)
	if err != nil {
		return Chars{}, fmt.Errorf("metric: kept %w", err)
	}
	return Chars{
		Length: int64(length),
		Gold:   spanTotal(g),
		Kept:   spanTotal(k),
		Both:   spanOverlap(g, k),
	}, nil
}

// mergeSpans returns a sorted copy of spans with overlapping or touching spans merged and
// empty ones dropped.
func mergeSpans(spans [][2]int, length int) ([][2]int, error) {
	out := make([][2]int, 0, len(spans))
	for _, s := range spans {
		if s[0] < 0 || s[1] < s[0] || s[1] > length {
			return nil, fmt.Errorf("span [%d,%d] outside the page [0,%d]", s[0], s[1], length)
		}
		if s[1] > s[0] {
			out = append(out, s)
		}
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	n := 0
	for _, s := range out {
		if n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out[n] = s
		n++
	}
	return out[:n], nil
}

func spanTotal(spans [][2]int) int64 {
	var t int64
	for _, s := range spans {
		t += int64(s[1] - s[0])
	}
	return t
}

// spanOverlap is the number of bytes in both of two sorted, merged span lists.
func spanOverlap(a, b [][2]int) int64 {
	var t int64
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo, hi := max(a[i][0], b[j][0]), min(a[i][1], b[j][1])
		if hi > lo {
			t += int64(hi - lo)
		}
		if a[i][1] < b[j][1] {
			i++
		} else {
			j++
		}
	}
	return t
}
