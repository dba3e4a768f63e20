package ampl

import (
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// newMatcherRef is newMatcher as it was before the trie was built in lists: the reference
// TestMatcherSameAsRef compares it with.
func newMatcherRef(patterns []string) *matcher {
	type edge struct {
		c    byte
		dest int32
	}
	children := [][]edge{nil}
	depth := []int32{0}
	term := []int32{0}
	termID := []int32{-1}
	for id, p := range patterns {
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
				termID = append(termID, -1)
				children[s] = append(children[s], edge{c, next})
			}
			s = next
		}
		if len(p) > 0 {
			term[s], termID[s] = int32(len(p)), int32(id)
		}
	}
	n := len(children)
	m := &matcher{first: make([]int32, n+1), fail: make([]int32, n), out: make([]int32, n), outID: make([]int32, n)}
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
		m.out[e.dest], m.outID[e.dest] = term[e.dest], termID[e.dest]
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

// matcherState is a state of a matcher named by its string (the path from the root), so
// that two automata that number their states differently can be compared.
type matcherState struct {
	fail     string // the failure state's string
	out, id  int32
	children string // the bytes of its edges, in their order
}

// canonical returns the states of m by their strings.
func canonical(m *matcher) map[string]matcherState {
	out := map[string]matcherState{}
	var visit func(s int32, str string)
	visit = func(s int32, str string) {
		lo, hi := m.first[s], m.first[s+1]
		out[str] = matcherState{out: m.out[s], id: m.outID[s], children: string(m.ebyte[lo:hi])}
		for e := lo; e < hi; e++ {
			visit(m.edest[e], str+string(m.ebyte[e]))
		}
	}
	visit(0, "")
	names := map[int32]string{}
	var name func(s int32, str string)
	name = func(s int32, str string) {
		names[s] = str
		for e := m.first[s]; e < m.first[s+1]; e++ {
			name(m.edest[e], str+string(m.ebyte[e]))
		}
	}
	name(0, "")
	for s, str := range names {
		st := out[str]
		st.fail = names[m.fail[s]]
		out[str] = st
	}
	if len(names) != len(m.fail) {
		panic("states not reachable from the root")
	}
	return out
}

// newMatcher builds the automaton newMatcherRef did (the same states by their strings, the
// same failure links, outputs and edge order; the states are numbered differently), on
// random pattern sets with shared prefixes, suffixes of one another, repeats, and every
// byte value.
func TestMatcherSameAsRef(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	alpha := []string{"a", "b", "ab", "<div>", "</a>", "é", "\x00", "\xff", " "}
	for trial := 0; trial < 200; trial++ {
		var pats []string
		for k := r.IntN(40); k >= 0; k-- {
			var sb strings.Builder
			for j := r.IntN(12); j >= 0; j-- {
				sb.WriteString(alpha[r.IntN(len(alpha))])
			}
			pats = append(pats, sb.String())
		}
		if trial%7 == 0 {
			pats = append(pats, "")
		}
		if trial%5 == 0 && len(pats) > 1 {
			pats = append(pats, pats[1], pats[0]) // given twice: the later index wins
		}
		got, want := newMatcher(pats), newMatcherRef(pats)
		if !reflect.DeepEqual(canonical(got), canonical(want)) {
			t.Fatalf("trial %d: automata differ for %q", trial, pats)
		}
	}
	all := make([]string, 256)
	for c := range all {
		all[c] = string([]byte{byte(c), 'x'})
	}
	if !reflect.DeepEqual(canonical(newMatcher(all)), canonical(newMatcherRef(all))) {
		t.Fatal("automata differ for every byte")
	}
}
