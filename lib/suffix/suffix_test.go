package suffix

import (
	"bytes"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// randomPages makes pages over a small alphabet of ASCII and multi-byte characters, with
// repeated chunks so that long repeats occur.
func randomPages(r *rand.Rand, maxPages, maxLen int) []string {
	alpha := []string{"a", "b", "c", "<", ">", "é", "ж", "中", "😀", "\x00"}
	alpha = alpha[:2+r.Intn(len(alpha)-1)]
	chunks := make([]string, 1+r.Intn(4))
	for i := range chunks {
		var sb strings.Builder
		for k := r.Intn(8); k >= 0; k-- {
			sb.WriteString(alpha[r.Intn(len(alpha))])
		}
		chunks[i] = sb.String()
	}
	pages := make([]string, 1+r.Intn(maxPages))
	for i := range pages {
		var sb strings.Builder
		for sb.Len() < r.Intn(maxLen+1) {
			if r.Intn(3) == 0 {
				sb.WriteString(chunks[r.Intn(len(chunks))])
			} else {
				sb.WriteString(alpha[r.Intn(len(alpha))])
			}
		}
		pages[i] = sb.String()
	}
	return pages
}

func naiveSA(text []byte) []int32 {
	sa := make([]int32, len(text))
	for i := range sa {
		sa[i] = int32(i)
	}
	sort.Slice(sa, func(i, j int) bool { return bytes.Compare(text[sa[i]:], text[sa[j]:]) < 0 })
	return sa
}

func TestSortMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for iter := 0; iter < 3000; iter++ {
		n := r.Intn(300)
		text := make([]byte, n)
		k := 1 + r.Intn(6)
		if iter%5 == 0 {
			k = 256
		}
		for i := range text {
			text[i] = byte(r.Intn(k))
		}
		if iter%7 == 0 && n > 10 { // long periodic runs stress the recursion
			p := 1 + r.Intn(5)
			for i := p; i < n; i++ {
				text[i] = text[i-p]
			}
		}
		sa := make([]int32, n)
		Sort(text, sa)
		want := naiveSA(text)
		for i := range sa {
			if sa[i] != want[i] {
				t.Fatalf("text %q: sa %v, want %v", text, sa, want)
			}
		}
		bwt := make([]byte, n)
		sortBWT(text, sa, bwt)
		for i := range sa {
			if sa[i] != want[i] {
				t.Fatalf("sortBWT: text %q: sa %v, want %v", text, sa, want)
			}
			w := text[n-1]
			if sa[i] > 0 {
				w = text[sa[i]-1]
			}
			if bwt[i] != w {
				t.Fatalf("text %q: bwt[%d] = %d, want %d", text, i, bwt[i], w)
			}
		}
		lcp := LCPArray(text, sa, -1)
		for i := 1; i < n; i++ {
			a, b := text[sa[i-1]:], text[sa[i]:]
			h := 0
			for h < len(a) && h < len(b) && a[h] == b[h] {
				h++
			}
			if int(lcp[i]) != h {
				t.Fatalf("text %q: lcp[%d] = %d, want %d", text, i, lcp[i], h)
			}
		}
	}
}

type naiveNode struct {
	freq, docs  int
	leftDiverse bool
}

// naiveNodes enumerates every substring not crossing a page end and not ending inside a
// character, and keeps those occurring >= 2 times followed by >= 2 distinct characters (a
// page end counts as a distinct character each time).
func naiveNodes(pages []string) map[string]naiveNode {
	type occ struct{ page, pos int }
	occs := map[string][]occ{}
	for pi, p := range pages {
		for s := 0; s < len(p); s++ {
			for e := s + 1; e <= len(p); e++ {
				if e < len(p) && !utf8.RuneStart(p[e]) {
					continue
				}
				w := p[s:e]
				occs[w] = append(occs[w], occ{pi, s})
			}
		}
	}
	out := map[string]naiveNode{}
	for w, os := range occs {
		if len(os) < 2 {
			continue
		}
		next := map[string]bool{}
		left := map[string]bool{}
		docs := map[int]bool{}
		for k, o := range os {
			p := pages[o.page]
			e := o.pos + len(w)
			if e == len(p) {
				next[fmt.Sprint("$", k)] = true
			} else {
				_, size := utf8.DecodeRuneInString(p[e:])
				next[p[e:e+size]] = true
			}
			if o.pos == 0 {
				left[fmt.Sprint("^", k)] = true
			} else {
				left[p[o.pos-1:o.pos]] = true
			}
			docs[o.page] = true
		}
		if len(next) >= 2 {
			out[w] = naiveNode{freq: len(os), docs: len(docs), leftDiverse: len(left) >= 2}
		}
	}
	return out
}

func TestWalkMatchesNaive(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for iter := 0; iter < 1500; iter++ {
		pages := randomPages(r, 4, 40)
		x, err := New(pages)
		if err != nil {
			t.Fatal(err)
		}
		want := naiveNodes(pages)
		got := map[string]Node{}
		x.Walk(WalkOptions{Docs: true}, func(n Node) {
			w := string(x.Bytes(n))
			if _, dup := got[w]; dup {
				t.Fatalf("pages %q: %q reported twice", pages, w)
			}
			got[w] = n
		})
		for w, nn := range want {
			g, ok := got[w]
			if !ok {
				t.Fatalf("pages %q: branching string %q (freq %d) not reported", pages, w, nn.freq)
			}
			if g.Freq() != nn.freq || int(g.Docs) != nn.docs || g.LeftDiverse != nn.leftDiverse {
				t.Fatalf("pages %q: %q: got freq %d docs %d left %v, want %d %d %v", pages, w,
					g.Freq(), g.Docs, g.LeftDiverse, nn.freq, nn.docs, nn.leftDiverse)
			}
			// The parent is the longest proper prefix that is itself branching.
			pd := 0
			for k := len(w) - 1; k > 0; k-- {
				if _, ok := want[w[:k]]; ok {
					pd = k
					break
				}
			}
			if int(g.Parent) != pd {
				t.Fatalf("pages %q: %q: parent depth %d, want %d", pages, w, g.Parent, pd)
			}
		}
		for w := range got {
			if _, ok := want[w]; !ok {
				t.Fatalf("pages %q: %q reported but not branching", pages, w)
			}
		}
		// Leaves: every suffix up to its page end that is not itself branching, once, under
		// its longest branching prefix.
		wantLeaves := map[string]int{}
		for _, p := range pages {
			for s := 0; s < len(p); s++ {
				u := p[s:]
				if _, branching := want[u]; !branching {
					pd := 0
					for k := len(u) - 1; k > 0; k-- {
						if _, ok := want[u[:k]]; ok {
							pd = k
							break
						}
					}
					wantLeaves[u] = pd
				}
			}
		}
		gotLeaves := 0
		x.Walk(WalkOptions{Leaves: true}, func(n Node) {
			if n.Freq() != 1 {
				return
			}
			gotLeaves++
			u := string(x.Bytes(n))
			pd, ok := wantLeaves[u]
			if !ok || int(n.Parent) != pd {
				t.Fatalf("pages %q: leaf %q parent %d; want leaf %v parent %d", pages, u, n.Parent, ok, pd)
			}
		})
		if gotLeaves != len(wantLeaves) {
			t.Fatalf("pages %q: %d leaves, want %d", pages, gotLeaves, len(wantLeaves))
		}
	}
}

func TestSeparatorChoice(t *testing.T) {
	// Every byte value occurs: 0xFF is rewritten and becomes the separator.
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	x, err := New([]string{string(all) + "abc", "abc" + string(all)})
	if err != nil {
		t.Fatal(err)
	}
	if x.Sep() != 0xFF {
		t.Fatalf("sep = %#x, want 0xff", x.Sep())
	}
	found := false
	x.Walk(WalkOptions{}, func(n Node) {
		if bytes.IndexByte(x.Bytes(n), 0xFF) >= 0 {
			t.Fatalf("node %q crosses a page boundary", x.Bytes(n))
		}
		if string(x.Bytes(n)) == "abc" && n.Freq() == 4 {
			found = true
		}
	})
	if !found {
		t.Fatal("abc (4 times: twice in the byte run, twice added) not found")
	}
	y, _ := New([]string{"ab", "ab"})
	if y.Sep() != 0 {
		t.Fatalf("sep = %#x, want 0", y.Sep())
	}
}

func TestEmpty(t *testing.T) {
	for _, pages := range [][]string{nil, {""}, {"", ""}, {"a"}} {
		x, err := New(pages)
		if err != nil {
			t.Fatal(err)
		}
		x.Walk(WalkOptions{Docs: true}, func(n Node) { t.Fatalf("%q: unexpected node %q", pages, x.Bytes(n)) })
	}
}
