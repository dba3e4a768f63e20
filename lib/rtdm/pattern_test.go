package rtdm

import (
	"math/rand/v2"
	"testing"
)

func TestCompositionTable(t *testing.T) {
	P, S, O, K, N := Plus, Single, Option, Kleene, Plain
	cases := []struct {
		a, b Kind
		same bool
		want Kind
	}{
		{K, K, false, K}, {K, P, false, K}, {K, O, false, K}, {K, S, false, K}, {K, N, false, K},
		{P, P, false, P}, {P, S, false, P}, {P, O, false, K}, {P, N, false, P},
		{S, S, false, S}, {S, O, false, O}, {S, N, false, S},
		{O, O, false, O}, {O, N, false, O},
		{N, N, true, N}, {N, N, false, S},
	}
	for _, c := range cases {
		if got := f(c.a, c.b, c.same); got != c.want {
			t.Errorf("f(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := f(c.b, c.a, c.same); got != c.want {
			t.Errorf("f(%v, %v) = %v, want %v (order is not relevant)", c.b, c.a, got, c.want)
		}
	}
	for k, want := range map[Kind]Kind{N: O, S: O, O: O, P: K, K: K} {
		if got := unmappedKind(k); got != want {
			t.Errorf("f(%v, ?) = %v, want %v", k, got, want)
		}
	}
}

func TestComposeHand(t *testing.T) {
	faithful := ComposeOptions{MaxGap: 3}
	cases := []struct {
		a, b, want string
		opt        ComposeOptions
	}{
		// Different text becomes a single wildcard; equal text stays.
		{`html(h1("A") p("x"))`, `html(h1("B") p("x"))`, `html(h1(.) p("x"))`, faithful},
		// An extra paragraph becomes an option after a single wildcard: promoted to +.
		{`div("a")`, `div("b" "c")`, `div(+)`, faithful},
		// A node missing from the tree becomes an option.
		{`div(p("a") span("s"))`, `div(span("s"))`, `div(? span("s"))`, faithful},
		// Wildcards separated by up to 3 fixed siblings merge, the fixed ones included.
		{`div("a" br "b")`, `div("c" br "d")`, `div(+)`, faithful},
		// ... but not across 4.
		{`div("a" br br br br "b")`, `div("c" br br br br "d")`, `div(. br br br br .)`, faithful},
		// Option first: Kleene.
		{`div(? "a")`, `div(? "b")`, `div(*)`, faithful},
		{`div(i "a")`, `div("b")`, `div(+)`, faithful}, // i→"b" is a single, "a" an option
		// Paragraph elements with only variable text merge with MergeVariable.
		{`div(h2("T") p("a") p("b"))`, `div(h2("T") p("c") p("d") p("e"))`, `div(h2("T") p(.) p(.) ?)`, faithful},
		{`div(h2("T") p("a") p("b"))`, `div(h2("T") p("c") p("d") p("e"))`, `div(h2("T") +)`, ComposeOptions{MaxGap: 3, MergeVariable: true}},
		// A pattern that already accepts the tree is kept with SkipAccepted.
		{`div(h2("T") +)`, `div(h2("T") p("x"))`, `div(h2("T") +)`, ComposeOptions{MaxGap: 3, SkipAccepted: true}},
	}
	for _, c := range cases {
		got := ComposeTrees(MustParseTree(c.a), MustParseTree(c.b), c.opt).String()
		if got != c.want {
			t.Errorf("%s ∘ %s = %s, want %s", c.a, c.b, got, c.want)
		}
	}
}

// Composition accepts every tree of its cluster (S1 ∪ S2 ⊆ S3): random pages of one
// template, composed one by one; the pattern must accept every one of them.
func TestComposeAcceptsCluster(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	words := []string{"alpha", "beta", "gamma", "delta", "news", "today", "sport"}
	page := func() *Tree {
		var b Builder
		b.Open("html", -1)
		b.Open("body", -1)
		b.Open("div", -1)
		b.Leaf("img", -1)
		b.Text("Home", -1)
		b.Close()
		b.Open("h1", -1)
		b.Text(words[r.IntN(len(words))]+" "+words[r.IntN(len(words))], -1)
		b.Close()
		if r.IntN(2) == 0 {
			b.Open("div", -1)
			b.Text("Related", -1)
			b.Close()
		}
		b.Open("div", -1)
		for k := 0; k < 1+r.IntN(6); k++ {
			switch r.IntN(4) {
			case 0:
				b.Open("ul", -1)
				for l := 0; l < 1+r.IntN(3); l++ {
					b.Open("li", -1)
					b.Text(words[r.IntN(len(words))], -1)
					b.Close()
				}
				b.Close()
			case 1:
				b.Leaf("br", -1)
			default:
				b.Open("p", -1)
				b.Text(words[r.IntN(len(words))], -1)
				if r.IntN(3) == 0 {
					b.Open("a", -1)
					b.Text(words[r.IntN(len(words))], -1)
					b.Close()
				}
				b.Close()
			}
		}
		b.Close()
		b.Open("div", -1)
		b.Text("Footer", -1)
		b.Close()
		b.Close()
		b.Close()
		t, _ := b.Tree()
		return t
	}
	for _, opt := range []ComposeOptions{{MaxGap: 3}, {MaxGap: 0}, DefaultComposeOptions, {MaxGap: 3, MergeVariable: true}} {
		for run := 0; run < 10; run++ {
			var trees []*Tree
			for k := 0; k < 12; k++ {
				trees = append(trees, page())
			}
			p := ComposeAll(trees, opt)
			for k, tr := range trees {
				if d := Distance(p, tr, Match{}, Inf); d == Inf {
					t.Fatalf("opt %+v: pattern %s does not accept tree %d %s", opt, p, k, tr)
				}
			}
		}
	}
}

// The (A)-(H) cost model case by case.
func TestMatchCosts(t *testing.T) {
	m := Match{}
	p := MustParseTree(`r(. + ? * a(b) "x")`)
	g := MustParseTree(`r(c(d) "y")`)
	// Pre-order of p: 0 r, 1 ., 2 +, 3 ?, 4 *, 5 a, 6 b, 7 "x".
	if m.Replace(p, 1, g, 1) != 0 || m.Replace(p, 2, g, 1) != 0 || m.Replace(p, 3, g, 3) != 0 || m.Replace(p, 4, g, 1) != 0 {
		t.Error("(A): replacing a wildcard must cost 0")
	}
	if m.Replace(p, 5, g, 1) != Inf || m.Replace(p, 7, g, 3) != Inf {
		t.Error("(B): replacing a non-wildcard must cost Inf")
	}
	if m.InsertBelow(p, 1, g, 1) != 0 {
		t.Error("(C): inserting below a consumed node must cost 0")
	}
	if m.Insert(p, 4, g, 1) != 0 {
		t.Error("(D): inserting after a * must cost 0")
	}
	if m.Insert(p, 2, g, 1) != 0 {
		t.Error("(E): inserting after a + must cost 0")
	}
	if m.Insert(p, 1, g, 1) != Inf || m.Insert(p, 3, g, 1) != Inf || m.Insert(p, 5, g, 1) != Inf || m.Insert(p, -1, g, 1) != Inf || m.InsertBelow(p, 5, g, 1) != Inf {
		t.Error("(F): other insertions must cost Inf")
	}
	if m.Delete(p, 3) != 1 || m.Delete(p, 4) != 1 {
		t.Error("(G): deleting ? or * must cost 1")
	}
	if m.Delete(p, 1) != Inf || m.Delete(p, 2) != Inf || m.Delete(p, 5) != Inf || m.Delete(p, 7) != Inf {
		t.Error("(H): other deletions must cost Inf")
	}
	// Whole matches.
	cases := []struct {
		p, g string
		cost float64
	}{
		{`r(a .)`, `r(a b(c d))`, 0},     // . consumes a subtree
		{`r(a .)`, `r(a)`, Inf},          // . must consume
		{`r(a .)`, `r(a b c)`, Inf},      // . consumes one subtree only
		{`r(a +)`, `r(a b c d)`, 0},      // + consumes siblings
		{`r(a +)`, `r(a)`, Inf},          // + must consume
		{`r(a ?)`, `r(a)`, 1},            // ? may be removed, at cost 1
		{`r(a ?)`, `r(a b)`, 0},          // ... but is used when possible
		{`r(a * c)`, `r(a c)`, 1},        // * removed
		{`r(a * c)`, `r(a b b b c)`, 0},  // * consumes
		{`r(a "x")`, `r(a "y")`, Inf},    // fixed text must be identical
		{`r(a b)`, `r(a b x)`, Inf},      // an extra subtree nobody consumes
		{`r(a(?) b)`, `r(a b)`, 1},       // removal below a page leaf
		{`r(a(.) b)`, `r(a(z(y)) b)`, 0}, // consumption below
		{`r(? ? a)`, `r(x a)`, 1},        // one option used, one removed
	}
	for _, c := range cases {
		if got := Distance(MustParseTree(c.p), MustParseTree(c.g), Match{}, Inf); got != c.cost {
			t.Errorf("match %s on %s = %v, want %v", c.p, c.g, got, c.cost)
		}
	}
}

func TestMatchPassages(t *testing.T) {
	p := MustParseTree(`html(head(title(.)) body(h1(.) div(+) p("footer")))`)
	g := MustParseTree(`html(head(title("T - site")) body(h1("T") div(p("one two") p("three") ul(li("four"))) p("footer")))`)
	cost, ps := MatchTree(p, g)
	if cost != 0 || len(ps) != 3 {
		t.Fatalf("cost %v, passages %v", cost, ps)
	}
	FillText(g, ps)
	want := []string{"T - site", "T", "one two three four"}
	for i, w := range want {
		if ps[i].Text != w {
			t.Errorf("passage %d = %q, want %q", i, ps[i].Text, w)
		}
	}
	if ps[2].Kind != Plus || len(ps[2].Roots) != 3 || ps[2].Words != 4 {
		t.Errorf("passage 2: %+v", ps[2])
	}
}

func TestLabel(t *testing.T) {
	body := ""
	for i := 0; i < 120; i++ {
		body += "word" + string(rune('a'+i%26)) + " "
	}
	body += "storm city"
	ps := []Passage{
		{Pos: 3, Text: "Storm hits the city"},               // far from the body
		{Pos: 10, Text: "By a reporter"},                    // near, no common term
		{Pos: 12, Text: "City storm"},                       // near, shares 2 terms
		{Pos: 14, Text: body},                               // the body
		{Pos: 15, Text: "short text of ten terms or so ok"}, // no common terms
	}
	for i := range ps {
		ps[i].Words = countWords(ps[i].Text)
	}
	title, b, _ := Label(ps, "", DefaultLabelOptions)
	if b != 3 || title != 2 {
		t.Errorf("Label = title %d body %d, want 2 and 3", title, b)
	}
	ps[3].Text, ps[3].Words = "too short", 2
	if title, b, _ := Label(ps, "", DefaultLabelOptions); b != -1 || title != -1 {
		t.Errorf("no body: got title %d body %d", title, b)
	}
}
