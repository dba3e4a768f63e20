package rtdm

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseTreeRoundTrip(t *testing.T) {
	for _, s := range []string{`a`, `a(b c(d e) f)`, `html(body(h1("The title") p(.) + ? *))`} {
		tr := MustParseTree(s)
		if got := tr.String(); got != s {
			t.Errorf("ParseTree(%q).String() = %q", s, got)
		}
	}
	for _, bad := range []string{``, `a(b`, `a b`, `"x`} {
		if _, err := ParseTree(bad); err == nil {
			t.Errorf("ParseTree(%q): no error", bad)
		}
	}
}

// Hand-computed distances under unit costs.
func TestDistanceHand(t *testing.T) {
	cases := []struct {
		a, b     string
		rtdm, td float64
	}{
		{`a(b c)`, `a(b c)`, 0, 0},
		{`a(b c)`, `a(b d)`, 1, 1},             // replace the leaf c by d
		{`a(b c(d e))`, `a(b c(d))`, 1, 1},     // delete e
		{`a(b c d)`, `a(c d)`, 1, 1},           // delete b
		{`a(b)`, `a(b(c d))`, 2, 2},            // insert c and d below the leaf b
		{`a(b(c d))`, `a(x(c d))`, 5, 1},       // RTDM: replace b by x, delete c d, insert c d
		{`a(b(c) d)`, `a(d b(c))`, 2, 2},       // keep b(c): delete d, insert d
		{`a(b(c d) e)`, `a(e)`, 3, 3},          // delete b(c d)
		{`a(x(p q r))`, `a(y)`, 4, 4},          // replace x by y, delete p q r
		{`r(a(b(c)) d)`, `r(a(b(e)) d)`, 1, 1}, // deep leaf replacement
		{`r(a(b(c)) d)`, `r(a(f(c)) d)`, 3, 1}, // replacement above a leaf
	}
	for _, c := range cases {
		a, b := MustParseTree(c.a), MustParseTree(c.b)
		if got := Distance(a, b, Unit{}, Inf); got != c.rtdm {
			t.Errorf("RTDM(%s, %s) = %v, want %v", c.a, c.b, got, c.rtdm)
		}
		if got := TopDown(a, b, Unit{}); got != c.td {
			t.Errorf("TopDown(%s, %s) = %v, want %v", c.a, c.b, got, c.td)
		}
		d, m := Map(a, b, Unit{}, Inf)
		if d != c.rtdm {
			t.Errorf("Map(%s, %s) distance %v, want %v", c.a, c.b, d, c.rtdm)
		}
		checkMapping(t, a, b, m, d)
	}
}

// checkMapping verifies that m is a restricted top-down mapping of cost d under unit costs.
func checkMapping(t *testing.T, a, b *Tree, m Mapping, d float64) {
	t.Helper()
	ofA := map[int32]int32{}
	ofB := map[int32]int32{}
	replaced := 0
	for _, p := range m {
		if _, dup := ofA[p.A]; dup {
			t.Fatalf("node %d of a mapped twice", p.A)
		}
		if _, dup := ofB[p.B]; dup {
			t.Fatalf("node %d of b mapped twice", p.B)
		}
		ofA[p.A], ofB[p.B] = p.B, p.A
	}
	for _, p := range m {
		pa, pb := a.Nodes[p.A].Parent, b.Nodes[p.B].Parent
		if (pa < 0) != (pb < 0) {
			t.Fatalf("pair %v: one root", p)
		}
		if pa >= 0 {
			if q, ok := ofA[pa]; !ok || q != pb {
				t.Fatalf("pair %v: parents not mapped to each other (top-down)", p)
			}
		}
		if a.Nodes[p.A].label != b.Nodes[p.B].label {
			replaced++
			// Restricted: no descendant of a replaced pair is mapped.
			for x := p.A + 1; x < p.A+a.Nodes[p.A].Size; x++ {
				if _, ok := ofA[x]; ok {
					t.Fatalf("pair %v replaced but descendant %d of a mapped", p, x)
				}
			}
		}
	}
	// Order: mapped pairs sorted by A are sorted by B too (pre-order is preserved by
	// ancestor and left-of relations together).
	for x := 1; x < len(m); x++ {
		if m[x].B <= m[x-1].B {
			t.Fatalf("mapping not order preserving at %v, %v", m[x-1], m[x])
		}
	}
	cost := float64(replaced + (a.Len() - len(m)) + (b.Len() - len(m)))
	if cost != d {
		t.Fatalf("mapping cost %v, distance %v (%v)", cost, d, m)
	}
}

// randomTree writes a random tree in the ParseTree notation.
func randomTree(r *rand.Rand, size int, inner, leaves []string) string {
	var sb strings.Builder
	var gen func(n int)
	gen = func(n int) {
		if n == 1 {
			sb.WriteString(leaves[r.IntN(len(leaves))])
			return
		}
		sb.WriteString(inner[r.IntN(len(inner))])
		sb.WriteByte('(')
		n--
		first := true
		for n > 0 {
			k := 1 + r.IntN(n)
			if r.IntN(3) == 0 {
				k = 1
			}
			if !first {
				sb.WriteByte(' ')
			}
			first = false
			gen(k)
			n -= k
		}
		sb.WriteByte(')')
	}
	gen(size)
	return sb.String()
}

// mutate returns a random tree near s: a few leaves relabelled, subtrees deleted or duplicated.
func mutateTree(r *rand.Rand, tr *Tree, leaves []string) string {
	var sb strings.Builder
	var gen func(i int)
	gen = func(i int) {
		n := &tr.Nodes[i]
		if tr.Leaf(i) {
			if r.IntN(6) == 0 {
				sb.WriteString(leaves[r.IntN(len(leaves))])
			} else {
				sb.WriteString(n.Tag)
			}
			return
		}
		sb.WriteString(n.Tag)
		sb.WriteByte('(')
		first := true
		for _, c := range tr.Kids(i, nil) {
			if r.IntN(8) == 0 && len(tr.Kids(i, nil)) > 1 {
				continue
			}
			reps := 1
			if r.IntN(8) == 0 {
				reps = 2
			}
			for k := 0; k < reps; k++ {
				if !first {
					sb.WriteByte(' ')
				}
				first = false
				gen(int(c))
			}
		}
		if first {
			sb.WriteString(leaves[0])
		}
		sb.WriteByte(')')
	}
	gen(0)
	return sb.String()
}

func TestPropertyRTDMvsTopDown(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	inner := []string{"div", "p", "ul", "li"}
	leaves := []string{"a", "b", "img", "br", "div"}
	for it := 0; it < 300; it++ {
		a := MustParseTree(randomTree(r, 1+r.IntN(40), inner, leaves))
		var b *Tree
		if it%2 == 0 {
			b = MustParseTree(mutateTree(r, a, leaves))
		} else {
			b = MustParseTree(randomTree(r, 1+r.IntN(40), inner, leaves))
		}
		d := Distance(a, b, Unit{}, Inf)
		td := TopDown(a, b, Unit{})
		if d < td {
			t.Fatalf("RTDM %v < top-down %v for\n%s\n%s", d, td, a, b)
		}
		if (d == 0) != (a.String() == b.String()) {
			t.Fatalf("RTDM %v for %s and %s", d, a, b)
		}
		if z := Distance(a, a, Unit{}, Inf); z != 0 {
			t.Fatalf("RTDM(a, a) = %v", z)
		}
		dm, m := Map(a, b, Unit{}, Inf)
		if dm != d {
			t.Fatalf("Map distance %v != Distance %v", dm, d)
		}
		checkMapping(t, a, b, m, d)
		// The cut-off: exact at or above the true distance, above eps below it.
		if got := Distance(a, b, Unit{}, d); got != d {
			t.Fatalf("eps = d: %v, want %v", got, d)
		}
		if d > 0 {
			if got := Distance(a, b, Unit{}, d-1); got <= d-1 {
				t.Fatalf("eps = d-1: %v <= eps", got)
			}
		}
	}
}

// With every inner node labelled alike, no replacement can happen above a leaf, and RTDM is
// the unrestricted top-down distance.
func TestRTDMEqualsTopDownWithoutInnerReplacement(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	inner := []string{"x"}
	leaves := []string{"x", "a", "b", "c"}
	for it := 0; it < 300; it++ {
		a := MustParseTree(randomTree(r, 1+r.IntN(50), inner, leaves))
		var b *Tree
		if it%2 == 0 {
			b = MustParseTree(mutateTree(r, a, leaves))
		} else {
			b = MustParseTree(randomTree(r, 1+r.IntN(50), inner, leaves))
		}
		if d, td := Distance(a, b, Unit{}, Inf), TopDown(a, b, Unit{}); d != td {
			t.Fatalf("RTDM %v != top-down %v for\n%s\n%s", d, td, a, b)
		}
	}
}

func TestSimilarity(t *testing.T) {
	a := MustParseTree(`a(b c d e)`)
	if s := Similarity(a, a, 0.8); s != 1 {
		t.Errorf("Similarity(a, a) = %v", s)
	}
	b := MustParseTree(`a(b c d x)`)
	if s, want := Similarity(a, b, 0.8), 1-1.0/10; s != want {
		t.Errorf("Similarity = %v, want %v", s, want)
	}
	c := MustParseTree(`z(q(r s) t)`)
	if s := Similarity(a, c, 0.8); s >= 0.8 {
		t.Errorf("Similarity of unrelated trees = %v", s)
	}
}

func ExampleDistance() {
	a := MustParseTree(`html(body(h1 div(p p) p))`)
	b := MustParseTree(`html(body(h1 div(p p p) ul(li)))`)
	fmt.Println(Distance(a, b, Unit{}, Inf), TopDown(a, b, Unit{}))
	// Output: 3 3
}
