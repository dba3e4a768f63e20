package ngramcut

// cutSize is |W| for a percentage a of d distinct n-grams: ceil(a·d/100), so that W
// holds at least one n-gram whenever a >= 1 and d >= 1, and all of them at a = 100.
func cutSize(d, a int) int {
	if a <= 0 || d <= 0 {
		return 0
	}
	if a >= 100 {
		return d
	}
	return (d*a + 99) / 100
}

// alternations counts the 0/1 boundaries of the range string of one page without
// building it, and its 1s (the units no n-gram of W covers).
func alternations(posRank []int32, n, k int) (alt, kept int64) {
	coverEnd := -1
	prevCovered := false
	for j, rk := range posRank {
		if int(rk) < k {
			coverEnd = j + n
		}
		covered := j < coverEnd
		if j > 0 && covered != prevCovered {
			alt++
		}
		if !covered {
			kept++
		}
		prevCovered = covered
	}
	return alt, kept
}

// cut is A_D(n, k), the alternation count summed over the pages (never across a page
// boundary), and the number of units of the sample that no n-gram of W covers (the 1s of
// the range strings, before Options.MinRun), when W is the k top-ranked n-grams of level
// l: one pass for both, as Learn needs both at its cut point.
func (c *corpus) cut(l *level, k int) (alt, kept int64) {
	for p := 0; p < c.pages(); p++ {
		a, kp := alternations(l.posRank[c.starts[p]:c.starts[p+1]], l.n, k)
		alt += a
		kept += kp
	}
	return alt, kept
}

// alternation is A_D(n, k) (see cut).
func (c *corpus) alternation(l *level, k int) int64 {
	alt, _ := c.cut(l, k)
	return alt
}

// Alternation returns the alternation count of the string x for the set W of
// substrings (the paper's Definition 2), by brute force. It is the reference the fast
// counts are tested against, and handy for small examples.
func Alternation(x string, W []string) (r string, count int) {
	xs := []rune(x)
	cov := make([]bool, len(xs))
	for _, w := range W {
		ws := []rune(w)
		for i := 0; i+len(ws) <= len(xs); i++ {
			if string(xs[i:i+len(ws)]) == w {
				for j := i; j < i+len(ws); j++ {
					cov[j] = true
				}
			}
		}
	}
	b := make([]byte, len(xs))
	for j, c := range cov {
		b[j] = '1'
		if c {
			b[j] = '0'
		}
		if j > 0 && cov[j] != cov[j-1] {
			count++
		}
	}
	return string(b), count
}
