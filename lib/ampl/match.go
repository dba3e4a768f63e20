package ampl

import (
	"sort"
	"sync"
)

// matcher is an Aho-Corasick automaton over bytes that reports, at each text position, the
// longest pattern ending there. Written here; immutable once built.
type matcher struct {
	root  [256]int32 // transitions of the root, completed (absent = 0, the root itself)
	first []int32    // edges of state s: edges[first[s]:first[s+1]], sorted by byte
	ebyte []byte
	edest []int32
	fail  []int32
	out   []int32 // length of the longest pattern that is a suffix of the state's string
}

func newMatcher(patterns []string) *matcher {
	type edge struct {
		c    byte
		dest int32
	}
	children := [][]edge{nil}
	depth := []int32{0}
	term := []int32{0}
	for _, p := range patterns {
		s := int32(0)
		for i := 0; i < len(p); i++ {
			c := p[i]
			next := int32(-1)
			for _, e := range children[s] {
				if e.c == c {
					next = e.dest
					break
				}
			}
			if next < 0 {
				next = int32(len(children))
				children = append(children, nil)
				depth = append(depth, depth[s]+1)
				term = append(term, 0)
				children[s] = append(children[s], edge{c, next})
			}
			s = next
		}
		if len(p) > 0 {
			term[s] = int32(len(p))
		}
	}
	n := len(children)
	m := &matcher{first: make([]int32, n+1), fail: make([]int32, n), out: make([]int32, n)}
	for s := range children {
		sort.Slice(children[s], func(i, j int) bool { return children[s][i].c < children[s][j].c })
		m.first[s+1] = m.first[s] + int32(len(children[s]))
		for _, e := range children[s] {
			m.ebyte = append(m.ebyte, e.c)
			m.edest = append(m.edest, e.dest)
		}
	}
	for _, e := range children[0] {
		m.root[e.c] = e.dest
	}
	// Breadth-first: failure links and outputs (out = max of own and the failure state's).
	queue := make([]int32, 0, n)
	for _, e := range children[0] {
		queue = append(queue, e.dest)
		m.out[e.dest] = term[e.dest]
	}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		for _, e := range children[s] {
			t := e.dest
			f := m.fail[s]
			for {
				if f == 0 {
					m.fail[t] = m.root[e.c]
					break
				}
				if d := m.child(f, e.c); d >= 0 {
					m.fail[t] = d
					break
				}
				f = m.fail[f]
			}
			if m.fail[t] == t {
				m.fail[t] = 0
			}
			m.out[t] = max(term[t], m.out[m.fail[t]])
			queue = append(queue, t)
		}
	}
	return m
}

func (m *matcher) child(s int32, c byte) int32 {
	lo, hi := m.first[s], m.first[s+1]
	if hi-lo <= 8 {
		for i := lo; i < hi; i++ {
			if m.ebyte[i] == c {
				return m.edest[i]
			}
		}
		return -1
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if m.ebyte[mid] < c {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo < m.first[s+1] && m.ebyte[lo] == c {
		return m.edest[lo]
	}
	return -1
}

// mark returns the union of all pattern occurrences in text as sorted, disjoint, non-adjacent
// [start, end) spans, appended to dst.
func (m *matcher) mark(dst [][2]int, text string) [][2]int {
	base := len(dst)
	s := int32(0)
	for i := 0; i < len(text); i++ {
		c := text[i]
		for {
			if s == 0 {
				s = m.root[c]
				break
			}
			if t := m.child(s, c); t >= 0 {
				s = t
				break
			}
			s = m.fail[s]
		}
		if l := m.out[s]; l > 0 {
			a, b := i+1-int(l), i+1
			// Merge with earlier spans that touch or overlap [a, b).
			for len(dst) > base && dst[len(dst)-1][1] >= a {
				last := dst[len(dst)-1]
				a = min(a, last[0])
				dst = dst[:len(dst)-1]
			}
			dst = append(dst, [2]int{a, b})
		}
	}
	return dst
}

type matcherOnce struct {
	once sync.Once
	m    *matcher
}

func (m *Model) matcher() *matcher {
	m.m.once.Do(func() { m.m.m = newMatcher(m.Strings) })
	return m.m.m
}

// Template returns the byte spans of html covered by occurrences of template strings:
// sorted, disjoint [start, end) pairs.
func (m *Model) Template(html string) [][2]int {
	spans := m.matcher().mark(nil, html)
	if m.Options.WholeWords {
		spans = snapWords(spans, html)
	}
	if m.Options.EdgeWords > 0 {
		spans = trimEdgeText(spans, html, m.Options.EdgeWords)
	}
	return spans
}

// Content returns the complement of Template within [0, len(html)): the kept spans.
func (m *Model) Content(html string) [][2]int {
	kept := complement(m.Template(html), len(html))
	if m.Options.MinWords > 0 && len(m.Strings) > 0 { // nothing learned: the page is all content
		kept = dropShortBlocks(html, kept, m.Options.MinWords)
	}
	return kept
}

func complement(spans [][2]int, n int) [][2]int {
	out := make([][2]int, 0, len(spans)+1)
	at := 0
	for _, s := range spans {
		if s[0] > at {
			out = append(out, [2]int{at, s[0]})
		}
		at = s[1]
	}
	if at < n {
		out = append(out, [2]int{at, n})
	}
	return out
}
