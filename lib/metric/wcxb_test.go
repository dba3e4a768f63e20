package metric

import "testing"

// Each expected value is worked out by hand, and agrees with evaluate.py's word_f1.
func TestWordBagHandComputed(t *testing.T) {
	for _, c := range []struct {
		name, pred, gold string
		want             WordBag
	}{
		// pred the cat sat; gold the cat sat on the mat: overlap 3, P 3/3, R 3/6.
		{"subset", "The cat sat.", "the cat sat on the mat", WordBag{1, 0.5, 2.0 / 3}},
		// bags {a:3, b:1} and {a:1, b:2}: overlap 1 + 1 = 2, P 2/4, R 2/3, F1 4/7.
		{"multiset", "a a a b", "A B b", WordBag{0.5, 2.0 / 3, 4.0 / 7}},
		{"empty prediction", "", "some gold", WordBag{}},
		{"prediction without tokens", " -- ", "some gold", WordBag{}},
		{"both empty", "", "", WordBag{1, 1, 1}},
		{"gold without tokens", "...", "!!", WordBag{1, 1, 1}},
		{"gold empty, prediction not", "text", "", WordBag{}},
		{"disjoint", "x y", "z", WordBag{}},
		// White space and punctuation do not matter: tokens only.
		{"white space", "one\ttwo\n\nthree\u00a0four", " one two,three. four ", WordBag{1, 1, 1}},
		// Lowercased as Python does: İ gives i and a combining mark, so "i" + "stanbul".
		{"dotted capital I", "İstanbul", "istanbul", WordBag{}},
		{"final sigma", "ΟΔΟΣ", "οδος", WordBag{1, 1, 1}},
		{"medial sigma at the end", "ΟΔΟΣ", "οδοσ", WordBag{}},
		// A decomposed é: the combining accent (a mark) is not \w, so "cafe" and "é" differ.
		{"combining mark", "Cafe\u0301 noir", "café noir", WordBag{0.5, 0.5, 0.5}},
		// Unspaced scripts: a run of Han is one token.
		{"CJK run", "東京 大阪", "東京大阪", WordBag{}},
		{"underscore and digits", "snake_case 42", "SNAKE_CASE 42", WordBag{1, 1, 1}},
	} {
		var s WordBagScorer
		got := s.Score(c.pred, c.gold)
		if !near(got.P, c.want.P) || !near(got.R, c.want.R) || !near(got.F1, c.want.F1) {
			t.Errorf("%s: Score(%q, %q) = %+v, want %+v", c.name, c.pred, c.gold, got, c.want)
		}
	}
}

// A scorer reused across pages gives what a fresh one gives.
func TestWordBagScorerReuse(t *testing.T) {
	var reused WordBagScorer
	pages := [][2]string{{"a b c", "a b"}, {"", "x"}, {"Σ Σ ΣΑ", "σ σ σα"}, {"long text " + string(make([]byte, 300)), "long"}}
	for i := 0; i < 3; i++ {
		for _, p := range pages {
			var fresh WordBagScorer
			if got, want := reused.Score(p[0], p[1]), fresh.Score(p[0], p[1]); got != want {
				t.Errorf("reused %+v, fresh %+v", got, want)
			}
		}
	}
}

func TestFoldedSnippets(t *testing.T) {
	for _, c := range []struct {
		name, pred string
		snippets   []string
		want       SnippetShare
	}{
		// Case-insensitive, white space as it is: the newline does not match the space.
		{"case and space", "Hello  World\nFoo bar", []string{"hello  world", "WORLD FOO", "foo BAR", "baz"}, SnippetShare{2, 4}},
		{"none given", "anything", nil, SnippetShare{0, 0}},
		{"empty prediction", "", []string{"a", "b"}, SnippetShare{0, 2}},
		{"an empty snippet is found, as in Python", "x", []string{""}, SnippetShare{1, 1}},
		{"Unicode case", "ΟΔΟΣ ΑΘΗΝΩΝ", []string{"οδος αθηνων", "İ"}, SnippetShare{1, 2}},
	} {
		if got := FoldedSnippets(c.pred, c.snippets); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	// The scorer's method finds the same, for both lists at once.
	var sc WordBagScorer
	for _, c := range [][2][]string{{{"hello  world", "WORLD FOO"}, {"foo BAR", "baz", ""}}, {nil, {"İ", "ΟΔΟΣ"}}} {
		for _, pred := range []string{"Hello  World\nFoo bar", "", "οδος İ"} {
			w, wo := sc.Snippets(pred, c[0], c[1])
			if w != FoldedSnippets(pred, c[0]) || wo != FoldedSnippets(pred, c[1]) {
				t.Errorf("Snippets(%q, %q, %q) = %+v %+v, FoldedSnippets says otherwise", pred, c[0], c[1], w, wo)
			}
		}
	}
	if r := (SnippetShare{}).Rate(); r != 1 {
		t.Errorf("no snippets: rate %v, want 1 (evaluate.py)", r)
	}
	if r := (SnippetShare{1, 4}).Rate(); r != 0.25 {
		t.Errorf("rate %v, want .25", r)
	}
}

// Three pages: F1 1, 4/7 and 0 (mean 11/21); with rates 1/2 and 1 (an empty list), the third
// page has no with list; without rates 0, 1/3, 1.
func TestWordBagsMeans(t *testing.T) {
	var w, a, b WordBags
	w.Add(WordBag{1, 1, 1})
	w.AddWith(SnippetShare{1, 2})
	w.AddWithout(SnippetShare{0, 3})
	w.Add(WordBag{0.5, 2.0 / 3, 4.0 / 7})
	w.AddWith(SnippetShare{0, 0})
	w.AddWithout(SnippetShare{1, 3})
	w.Add(WordBag{})
	w.AddWithout(SnippetShare{})
	r := w.Result()
	want := WordBagResult{Pages: 3, P: 0.5, R: 5.0 / 9, F1: 11.0 / 21, With: 0.75, Without: 4.0 / 9, WithPages: 2, WithoutPages: 3}
	if r.Pages != want.Pages || !near(r.P, want.P) || !near(r.R, want.R) || !near(r.F1, want.F1) ||
		!near(r.With, want.With) || !near(r.Without, want.Without) || r.WithPages != 2 || r.WithoutPages != 3 {
		t.Errorf("got %+v, want %+v", r, want)
	}
	// Merging the halves gives the whole.
	a.Add(WordBag{1, 1, 1})
	a.AddWith(SnippetShare{1, 2})
	a.AddWithout(SnippetShare{0, 3})
	b.Add(WordBag{0.5, 2.0 / 3, 4.0 / 7})
	b.AddWith(SnippetShare{0, 0})
	b.AddWithout(SnippetShare{1, 3})
	b.Add(WordBag{})
	b.AddWithout(SnippetShare{})
	a.Merge(&b)
	if m := a.Result(); !near(m.F1, r.F1) || !near(m.With, r.With) || !near(m.Without, r.Without) || m.Pages != 3 {
		t.Errorf("merged %+v, want %+v", m, r)
	}
	if e := (&WordBags{}).Result(); e != (WordBagResult{}) {
		t.Errorf("empty: %+v", e)
	}
}
