package ampl

import (
	"cmp"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/chaffkit/chaff/lib/page"
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
	outID []int32 // its index in the patterns
}

func newMatcher(patterns []string) *matcher {
	// The trie, built from the patterns in sorted order: each shares the path of its common
	// prefix with the one before it and adds states for the rest, so that no state's
	// children are ever searched (a template's strings make hundreds of thousands of
	// states). States are numbered in that order, depth first, and each state's children
	// are made in byte order. A pattern given twice ends at its later index.
	order := make([]int32, 0, len(patterns))
	for id, p := range patterns {
		if p != "" {
			order = append(order, int32(id))
		}
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := strings.Compare(patterns[a], patterns[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	common := make([]int32, len(order)) // common prefix with the pattern before in order
	n := 1
	for k, id := range order {
		p := patterns[id]
		if k > 0 {
			q := patterns[order[k-1]]
			l := 0
			for l < len(p) && l < len(q) && p[l] == q[l] {
				l++
			}
			common[k] = int32(l)
		}
		n += len(p) - int(common[k])
	}
	parent := make([]int32, n)
	char := make([]byte, n)
	term := make([]int32, n)
	termID := make([]int32, n)
	termID[0] = -1
	path := []int32{0} // path[d]: the state of the previous pattern's prefix of length d
	next := int32(1)
	for k, id := range order {
		p := patterns[id]
		path = path[:common[k]+1]
		for i := int(common[k]); i < len(p); i++ {
			parent[next], char[next], termID[next] = path[i], p[i], -1
			path = append(path, next)
			next++
		}
		s := path[len(p)]
		term[s], termID[s] = int32(len(p)), id
	}
	m := &matcher{first: make([]int32, n+1), fail: make([]int32, n), out: make([]int32, n), outID: make([]int32, n),
		ebyte: make([]byte, n-1), edest: make([]int32, n-1)}
	// Each state's edges, in byte order (the order the children were made in).
	for t := 1; t < n; t++ {
		m.first[parent[t]+1]++
	}
	for s := 0; s < n; s++ {
		m.first[s+1] += m.first[s]
	}
	at := make([]int32, n) // the next free edge of each state
	copy(at, m.first[:n])
	for t := 1; t < n; t++ {
		s := parent[t]
		m.ebyte[at[s]], m.edest[at[s]] = char[t], int32(t)
		at[s]++
	}
	edges := func(s int32) ([]byte, []int32) {
		lo, hi := m.first[s], m.first[s+1]
		return m.ebyte[lo:hi], m.edest[lo:hi]
	}
	rb, rd := edges(0)
	for k, c := range rb {
		m.root[c] = rd[k]
	}
	// Breadth-first: failure links and outputs (out = max of own and the failure state's).
	queue := make([]int32, 0, n)
	for _, d := range rd {
		queue = append(queue, d)
		m.out[d], m.outID[d] = term[d], termID[d]
	}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		eb, ed := edges(s)
		for k, t := range ed {
			c := eb[k]
			f := m.fail[s]
			for {
				if f == 0 {
					m.fail[t] = m.root[c]
					break
				}
				if d := m.child(f, c); d >= 0 {
					m.fail[t] = d
					break
				}
				f = m.fail[f]
			}
			if m.fail[t] == t {
				m.fail[t] = 0
			}
			if f := m.fail[t]; term[t] >= m.out[f] {
				m.out[t], m.outID[t] = term[t], termID[t]
			} else {
				m.out[t], m.outID[t] = m.out[f], m.outID[f]
			}
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
// [start, end) spans, appended to dst. seen, when not nil, is called with each occurrence
// it marks (the longest pattern ending at a position: its index and span), in order of
// their ends.
func (m *matcher) mark(dst [][2]int, text string, seen func(id int32, a, b int)) [][2]int {
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
			if seen != nil {
				seen(m.outID[s], a, b)
			}
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

// Template returns the byte spans of html covered by occurrences of template strings (or
// windows): sorted, disjoint [start, end) pairs.
func (m *Model) Template(html string) [][2]int {
	return m.marks(html, false).spans
}

// empty reports whether the model learned no template at all (e.g. from one page).
func (m *Model) empty() bool {
	return len(m.Strings) == 0 && (m.Windows == nil || m.Windows.Len() == 0)
}

// Content returns the complement of Template within [0, len(html)): the kept spans.
func (m *Model) Content(html string) [][2]int {
	return m.content(html, m.Template(html))
}

func (m *Model) content(html string, template [][2]int) [][2]int {
	kept := complement(template, len(html))
	if m.Options.MinWords > 0 && !m.empty() { // nothing learned: the page is all content
		kept = dropShortBlocks(html, kept, m.Options.MinWords)
	}
	return kept
}

// Found is what the model finds in one page.
type Found struct {
	// Kept are the content spans ([Model.Content]).
	Kept [][2]int
	// Template are the spans of Template (the matched template strings, snapped to words and
	// trimmed at their edges as the options say), each with the mean share of the sample
	// pages that held the strings matched in it (Docs/Pages) as its strength: 1 for a string
	// on every sample page.
	Template []page.Evidence
	// Fit is the number of distinct template strings marked on the page divided by the mean
	// number on a sample page (Model.Found), capped at 1: about 1 for a page of the site's
	// template, near 0 for a page of another site. NaN when the model has no strings.
	Fit float64
}

// Marks is what a model's template strings (or windows) mark on one page: the matching
// Find starts with and most of its work. Only the model that made them may use them, on
// that page.
type Marks struct {
	spans [][2]int // Template's spans
	found int      // the distinct template strings (windows) marked
	occs  []occ    // the occurrences marked, in order of their ends
}

// occ is one occurrence marked, with its string's share of the sample pages. A model of
// windows reports each run of overlapping windows as one occurrence, with their mean share.
type occ struct {
	a, b  int
	share float64
}

// marks matches the template on html, with the occurrences when withOccs, and snaps and
// trims the spans as the options say.
func (m *Model) marks(html string, withOccs bool) *Marks {
	if m.Windows != nil {
		return m.windowMarks(html, m.Windows.mark(html), withOccs)
	}
	mk := &Marks{}
	var present []uint64
	mk.spans = m.matcher().mark(nil, html, func(id int32, a, b int) {
		if present == nil {
			present = make([]uint64, (len(m.Strings)+63)/64)
		}
		if bit := uint64(1) << (id & 63); present[id>>6]&bit == 0 {
			present[id>>6] |= bit
			mk.found++
		}
		if withOccs {
			docs := float64(m.Pages)
			if int(id) < len(m.Docs) {
				docs = float64(m.Docs[id])
			}
			mk.occs = append(mk.occs, occ{a, b, m.share(docs)})
		}
	})
	return m.finish(mk, html)
}

// windowMarks is marks for the template windows' marks wm on html.
func (m *Model) windowMarks(html string, wm windowMarks, withOccs bool) *Marks {
	mk := &Marks{spans: wm.spans, found: wm.found}
	if withOccs {
		mk.occs = make([]occ, len(wm.spans))
		for i, sp := range wm.spans {
			share := 1.0 // a script, style or comment alone
			if wm.docs[i] >= 0 {
				share = m.share(wm.docs[i])
			}
			mk.occs[i] = occ{sp[0], sp[1], share}
		}
	}
	return m.finish(mk, html)
}

// finish snaps and trims the marked spans as the options say.
func (m *Model) finish(mk *Marks, html string) *Marks {
	if m.Options.WholeWords {
		mk.spans = snapWords(mk.spans, html)
	}
	if m.Options.EdgeWords > 0 {
		mk.spans = trimEdgeText(mk.spans, html, m.Options.EdgeWords)
	}
	return mk
}

// share is the share of the sample pages that docs of them make, at most 1.
func (m *Model) share(docs float64) float64 {
	if m.Pages <= 0 {
		return 1
	}
	return min(1, docs/float64(m.Pages))
}

// Find applies the model to a page: its content, the template evidence and how well the
// page fits. Kept is what Content returns. Safe for concurrent use.
func (m *Model) Find(html string) Found { return m.FindMarked(html, nil) }

// FindMarked is Find given the page's marks from LearnMarks (nil: the page is matched now).
func (m *Model) FindMarked(html string, mk *Marks) Found {
	if mk == nil {
		mk = m.marks(html, true)
	}
	spans, found, occs := mk.spans, mk.found, mk.occs
	f := Found{Kept: m.content(html, spans), Fit: math.NaN()}
	if m.Found > 0 {
		f.Fit = min(1, float64(found)/m.Found)
	} else if !m.empty() {
		f.Fit = 0
	}
	// Each template span's strength: the mean share of the occurrences that overlap it.
	// Occurrences come in order of their ends, and one that overlaps a span ends before the
	// span's end plus the longest occurrence's length.
	f.Template = make([]page.Evidence, len(spans))
	longest := 0
	for _, o := range occs {
		longest = max(longest, o.b-o.a)
	}
	lo := 0
	for k, sp := range spans {
		sum, n := 0.0, 0
		for lo < len(occs) && occs[lo].b <= sp[0] {
			lo++
		}
		for j := lo; j < len(occs) && occs[j].b < sp[1]+longest; j++ {
			if occs[j].b > sp[0] && occs[j].a < sp[1] {
				sum += occs[j].share
				n++
			}
		}
		strength := float32(1)
		if n > 0 {
			strength = float32(sum / float64(n))
		}
		f.Template[k] = page.Evidence{Start: sp[0], End: sp[1], Strength: max(strength, 1e-3)}
	}
	return f
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
