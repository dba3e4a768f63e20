package suffix

import "errors"

// ErrTooLarge is returned when the joined pages do not fit int32 indexes.
var ErrTooLarge = errors.New("suffix: input too large for int32 indexes (>= 2 GiB)")

// Index is the suffix array and LCP array of a set of pages joined by a separator.
// It is immutable after New and safe for concurrent use.
type Index struct {
	text   []byte  // page 0, sep, page 1, sep, ..., page k-1, sep
	sep    byte    // a byte absent from every page inside text
	starts []int32 // starts[i] = offset of page i in text; starts[len(pages)] = len(text)
	sa     []int32
	plcp   []int32 // permuted LCP, rounded to characters: LCP[i] = plcp[sa[i]] (see charPLCP)
	bwt    []byte  // bwt[i] = text[sa[i]-1] (the separator for sa[i] = 0): see sortBWT
	// The suffixes that start with the separator are sa[sepLo:sepLo+pages] (the
	// separator's bucket: the text bytes smaller than it come first).
	sepLo int32
}

// New builds the index of pages. The pages are copied; the caller may reuse them.
func New(pages []string) (*Index, error) {
	total := 0
	for _, p := range pages {
		total += len(p) + 1
	}
	if total >= 1<<31-1 {
		return nil, ErrTooLarge
	}
	var count [256]int
	for _, p := range pages {
		for i := 0; i < len(p); i++ {
			count[p[i]]++
		}
	}
	sep, rewrite := -1, false
	below := 0 // bytes smaller than sep
	for c := 0; c < 256; c++ {
		if count[c] == 0 {
			sep = c
			break
		}
		below += count[c]
	}
	if sep < 0 {
		sep, rewrite = 0xFF, true
		below = total - len(pages) // 0xFF is rewritten to 0xFE: every byte is smaller
	}
	x := &Index{sep: byte(sep), sepLo: int32(below), text: make([]byte, 0, total), starts: make([]int32, 0, len(pages)+1)}
	for _, p := range pages {
		x.starts = append(x.starts, int32(len(x.text)))
		x.text = append(x.text, p...)
		x.text = append(x.text, x.sep)
	}
	x.starts = append(x.starts, int32(len(x.text)))
	if rewrite {
		for k := 0; k < len(pages); k++ {
			seg := x.text[x.starts[k] : x.starts[k+1]-1]
			for i, c := range seg {
				if c == 0xFF {
					seg[i] = 0xFE
				}
			}
		}
	}
	x.sa = make([]int32, len(x.text))
	x.bwt = make([]byte, len(x.text))
	sortBWT(x.text, x.sa, x.bwt)
	x.plcp = charPLCP(x.text, x.sa, x.sep)
	return x, nil
}

// Text returns the joined pages (each followed by the separator byte). Do not modify it.
func (x *Index) Text() []byte { return x.text }

// Sep returns the separator byte.
func (x *Index) Sep() byte { return x.sep }

// SA returns the suffix array of Text. Do not modify it.
func (x *Index) SA() []int32 { return x.sa }

// LCP returns the LCP array (stopped at separators, each value rounded down to a UTF-8
// character boundary of the common prefix, as Walk's depths), built on each call from the
// permuted array the index keeps (4n bytes less memory).
func (x *Index) LCP() []int32 {
	lcp := make([]int32, len(x.sa))
	for i, p := range x.sa {
		lcp[i] = x.plcp[p]
	}
	return lcp
}

// Pages returns the number of pages.
func (x *Index) Pages() int { return len(x.starts) - 1 }

// PageStart returns the offset of page i in Text.
func (x *Index) PageStart(i int) int { return int(x.starts[i]) }

// PageOf returns the page holding text offset pos (a separator belongs to the page before).
func (x *Index) PageOf(pos int32) int {
	lo, hi := 0, len(x.starts)-2
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if x.starts[mid+1] > pos {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}
