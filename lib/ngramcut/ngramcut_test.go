package ngramcut

import (
	"bytes"
	"cmp"
	"encoding/json"
	"github.com/chaffkit/chaff/lib/htmltext"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// modelWith builds a model whose W is exactly the given n-grams.
func modelWith(unit Unit, hash Hash, grams ...string) *Model {
	m := &Model{Unit: unit, Hash: hash}
	for _, g := range grams {
		u, _ := preprocess(g, unit, nil, nil, false)
		m.N = len(u)
		m.W = append(m.W, fingerprint(hash, u))
	}
	return m
}

func TestPaperExample(t *testing.T) {
	// Ikeda et al. 2001, Example 1: x = accbaacbc, W = {cb, ba}: r = 110001001, A = 4.
	r, a := Alternation("accbaacbc", []string{"cb", "ba"})
	if r != "110001001" || a != 4 {
		t.Fatalf("brute force: r = %s, A = %d; want 110001001, 4", r, a)
	}
	for _, h := range []Hash{Rolling, XXHash} {
		m := modelWith(Rune, h, "cb", "ba")
		if got := m.RangeString("accbaacbc"); got != "110001001" {
			t.Errorf("%v: range string %s, want 110001001", h, got)
		}
		// Kept runs: "ac" [0,2), "a" [5,6), "c" [8,9).
		want := [][2]int{{0, 2}, {5, 6}, {8, 9}}
		if got := m.Spans("accbaacbc"); !equalSpans(got, want) {
			t.Errorf("%v: spans %v, want %v", h, got, want)
		}
	}
}

func TestJapaneseExample(t *testing.T) {
	// Yamada et al. 2001 (in Japanese), section 2: w = accbaacbc, V = {cb, ba}:
	// P_w(V) = 001110110 (1 marks the n-gram region, the complement of the range
	// string), n-gram alternation count 4. The same with Japanese characters, which are
	// units of their own: a = ア, b = ウ, c = イ.
	r, a := Alternation("accbaacbc", []string{"cb", "ba"})
	if complement(r) != "001110110" || a != 4 {
		t.Fatalf("P = %s, A = %d; want 001110110, 4", complement(r), a)
	}
	m := modelWith(Rune, Rolling, "イウ", "ウア")
	x := "アイイウアアイウイ"
	if got := m.RangeString(x); complement(got) != "001110110" {
		t.Errorf("Japanese: P = %s, want 001110110", complement(got))
	}
	// Byte units see 3 bytes per character: the same cover, three times as long.
	mb := modelWith(Byte, Rolling, "イウ", "ウア")
	if got := mb.RangeString(x); got != strings.Repeat("1", 6)+strings.Repeat("0", 9)+"111"+strings.Repeat("0", 6)+"111" {
		t.Errorf("Japanese bytes: r = %s", got)
	}
	// Spans are byte offsets into the original string.
	if got, want := m.Spans(x), [][2]int{{0, 6}, {15, 18}, {24, 27}}; !equalSpans(got, want) {
		t.Errorf("Japanese spans %v, want %v", got, want)
	}
}

func complement(r string) string {
	b := []byte(r)
	for i := range b {
		b[i] = '0' + '1' - b[i]
	}
	return string(b)
}

func equalSpans(a, b [][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestPreprocessOffsets(t *testing.T) {
	html := "a \t\n b\r\nc  é\xffd"
	u, offs := preprocess(html, Rune, nil, nil, true)
	want := []uint32{'a', ' ', 'b', ' ', 'c', ' ', 'é', invalidBase + 0xff, 'd'}
	if len(u) != len(want) {
		t.Fatalf("units %v, want %v", u, want)
	}
	for i := range want {
		if u[i] != want[i] {
			t.Fatalf("units %v, want %v", u, want)
		}
	}
	wantOffs := []int32{0, 1, 5, 6, 8, 9, 11, 13, 14}
	for i := range wantOffs {
		if offs[i] != wantOffs[i] {
			t.Fatalf("offsets %v, want %v", offs, wantOffs)
		}
	}
	// A model with an empty W keeps everything: one span over the whole original.
	m := &Model{N: 3, Unit: Rune}
	if got := m.Spans(html); !equalSpans(got, [][2]int{{0, len(html)}}) {
		t.Errorf("spans %v", got)
	}
	// ... even when it has fewer units than MinRun: nothing was learned about it.
	m = &Model{N: 3, Unit: Rune, MinRun: len(u) + 1}
	if got := m.Spans(html); !equalSpans(got, [][2]int{{0, len(html)}}) {
		t.Errorf("min run %d: spans %v", m.MinRun, got)
	}
	if got, want := m.RangeString(html), strings.Repeat("1", len(u)); got != want {
		t.Errorf("min run %d: range %s, want %s", m.MinRun, got, want)
	}
}

// TestUnitCount: the unit count of a page without W is the preprocessing's, with the
// invisible elements skipped or not.
func TestUnitCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alpha := []string{" ", "\t", "\n", "\r", "a", "<", "\xe3\x81\x82", "\xff", "<script>x</script>", "<!--", "-->", "<style "}
	for trial := 0; trial < 1000; trial++ {
		var b strings.Builder
		for range rng.IntN(30) {
			b.WriteString(alpha[rng.IntN(len(alpha))])
		}
		for _, unit := range []Unit{Rune, Byte} {
			for _, skip := range []bool{false, true} {
				u, _ := pageUnits(b.String(), unit, skip, nil, nil, false)
				if got := unitCount(b.String(), unit, skip); got != len(u) {
					t.Fatalf("%v skip=%v %q: %d units, want %d", unit, skip, b.String(), got, len(u))
				}
			}
		}
	}
}

// TestSkipInvisible: a page's units with its comments and scripts skipped are
// those of the page with them cut out, and each unit's offset is where its bytes are in
// the page.
func TestSkipInvisible(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	alpha := []string{" ", "  ", "\n", "a", "b", "é", "<p>", "<script src=x>a  b</script>", "<!-- c -->", "<style>p{}</style>", "<SCRIPT>", "</script>", "<!--"}
	for trial := 0; trial < 2000; trial++ {
		var b strings.Builder
		for range rng.IntN(25) {
			b.WriteString(alpha[rng.IntN(len(alpha))])
		}
		page := b.String()
		var cut strings.Builder // the page with its invisible elements cut out
		for at := 0; at < len(page); {
			start, end := htmltext.NextInvisible(page, at, skipped)
			cut.WriteString(page[at:start])
			at = end
		}
		want, _ := preprocess(cut.String(), Rune, nil, nil, false)
		got, offs := pageUnits(page, Rune, true, nil, nil, true)
		if !slices.Equal(got, want) {
			t.Fatalf("%q: units %q, want those of %q: %q", page, string(runesOf(got)), cut.String(), string(runesOf(want)))
		}
		for i, o := range offs {
			r, _ := utf8.DecodeRuneInString(page[o:])
			if uint32(r) != got[i] && !(got[i] == ' ' && isSpaceByte[page[o]]) {
				t.Fatalf("%q: unit %d %q at offset %d, where the page has %q", page, i, rune(got[i]), o, r)
			}
		}
	}
}

func runesOf(u []uint32) []rune {
	r := make([]rune, len(u))
	for i, x := range u {
		r[i] = rune(x)
	}
	return r
}

// TestCountsAgainstBruteForce checks countsort, ranks (ties by first occurrence), the
// unique-n-gram pruning, the delimiter rule and the O(N) alternation count against a
// direct computation on random small pages.
func TestCountsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 60; trial++ {
		var pages []string
		for p := 0; p < 1+rng.IntN(4); p++ {
			var b strings.Builder
			for i := 0; i < rng.IntN(40); i++ {
				b.WriteByte("ab<c. "[rng.IntN(6)])
			}
			pages = append(pages, b.String())
		}
		for _, rank := range []Rank{ByCount, ByDocFreq} {
			for _, delims := range []bool{false, true} {
				for _, hash := range []Hash{Rolling, XXHash} {
					c := newCorpus(pages, Rune, false, hash, rank, delims)
					for n := 1; n <= 8; n++ {
						l := c.level(n)
						ranked := bruteRank(c, n, rank, delims)
						if l.distinct != len(ranked) {
							t.Fatalf("pages %q n=%d: %d distinct, want %d", pages, n, l.distinct, len(ranked))
						}
						for r, g := range ranked {
							i := int(l.firstPos[r])
							if got := string(runes(c.units[i : i+n])); got != g {
								t.Fatalf("pages %q n=%d %v delims=%v: rank %d is %q, want %q (ranking %q)", pages, n, rank, delims, r, got, g, ranked)
							}
						}
						for _, a := range []int{1, 10, 35, 60, 99} {
							k := cutSize(l.distinct, a)
							var want int64
							for _, p := range pages {
								pu, _ := preprocess(p, Rune, nil, nil, false)
								_, alt := Alternation(string(runes(pu)), ranked[:k])
								want += int64(alt)
							}
							if got := c.alternation(l, k); got != want {
								t.Fatalf("pages %q n=%d a=%d: A = %d, want %d", pages, n, a, got, want)
							}
						}
					}
				}
			}
		}
	}
}

func runes(u []uint32) []rune {
	r := make([]rune, len(u))
	for i, v := range u {
		r[i] = rune(v)
	}
	return r
}

// bruteRank ranks the n-grams of the corpus directly: key (count, or df then count)
// descending, ties by first occurrence.
func bruteRank(c *corpus, n int, rank Rank, delims bool) []string {
	type stat struct {
		count, df, first int
		lastPage         int
	}
	stats := map[string]*stat{}
	var order []string
	for p := 0; p < c.pages(); p++ {
		u := c.units[c.starts[p]:c.starts[p+1]]
		for i := 0; i+n <= len(u); i++ {
			g := string(runes(u[i : i+n]))
			if delims && n > 2 && strings.ContainsAny(g[1:len(g)-1], "<>.?") {
				continue
			}
			s := stats[g]
			if s == nil {
				s = &stat{first: len(order), lastPage: -1}
				stats[g] = s
				order = append(order, g)
			}
			s.count++
			if s.lastPage != p {
				s.lastPage = p
				s.df++
			}
		}
	}
	out := append([]string(nil), order...)
	slices.SortStableFunc(out, func(a, b string) int { // stable: ties keep the first occurrence first
		x, y := stats[a], stats[b]
		if rank == ByDocFreq && x.df != y.df {
			return cmp.Compare(y.df, x.df)
		}
		return cmp.Compare(y.count, x.count)
	})
	return out
}

// table is a crafted alternation-count table for FindOptimal; missing points are large.
func table(vals map[[2]int]int64) func(n, a int) int64 {
	return func(n, a int) int64 {
		if v, ok := vals[[2]int{n, a}]; ok {
			return v
		}
		return 1 << 40
	}
}

func TestFindOptimalMoves(t *testing.T) {
	cases := []struct {
		name string
		vals map[[2]int]int64
		want []Step
	}{
		{"stop at once when both neighbours are larger",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 11, {3, 1}: 12},
			[]Step{{2, 1, 10}}},
		{"stop when a neighbour only ties",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 10, {3, 1}: 10},
			[]Step{{2, 1, 10}}},
		{"move a when (n,a+1) is the smaller",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 5, {3, 1}: 8, {2, 3}: 9, {3, 2}: 9},
			[]Step{{2, 1, 10}, {2, 2, 5}}},
		{"move n when (n+1,a) is the smaller",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 8, {3, 1}: 5, {3, 2}: 6, {4, 1}: 7},
			[]Step{{2, 1, 10}, {3, 1, 5}}},
		{"tie between smaller neighbours moves n",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 5, {3, 1}: 5, {3, 2}: 6, {4, 1}: 6},
			[]Step{{2, 1, 10}, {3, 1, 5}}},
		{"only (n+1,a) smaller, (n,a+1) larger",
			map[[2]int]int64{{2, 1}: 10, {2, 2}: 20, {3, 1}: 9, {3, 2}: 9, {4, 1}: 9},
			[]Step{{2, 1, 10}, {3, 1, 9}}},
		{"a staircase path",
			map[[2]int]int64{
				{2, 1}: 100, {2, 2}: 90, {3, 1}: 80, // n
				{3, 2}: 70, {4, 1}: 75, // a
				{3, 3}: 71, {4, 2}: 60, // n
				{4, 3}: 61, {5, 2}: 60, // stop: 60 <= 61 and 60 <= 60
			},
			[]Step{{2, 1, 100}, {3, 1, 80}, {3, 2, 70}, {4, 2, 60}}},
	}
	for _, tc := range cases {
		got := FindOptimal(table(tc.vals), 1000)
		if len(got) != len(tc.want) {
			t.Errorf("%s: path %v, want %v", tc.name, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: path %v, want %v", tc.name, got, tc.want)
				break
			}
		}
	}
	// The bounds: a < 100 stops the walk at a = 100; n <= maxN stops it past maxN.
	down := func(n, a int) int64 { return int64(1000 - a) }
	if p := FindOptimal(down, 1000); p[len(p)-1].A != 100 || p[len(p)-1].N != 2 {
		t.Errorf("a bound: ends at %v", p[len(p)-1])
	}
	downN := func(n, a int) int64 { return int64(1000 - n) }
	if p := FindOptimal(downN, 7); p[len(p)-1].N != 8 {
		t.Errorf("n bound: ends at %v, want n = 8 (the loop runs while n <= 7)", p[len(p)-1])
	}
}

func TestFindNPeak(t *testing.T) {
	vals := []int64{0, 0, 5, 9, 30, 20, 12, 12, 3}
	p := FindNPeak(func(n int) int64 { return vals[n] }, 2, 8)
	if last := p[len(p)-1]; last.N != 6 || len(p) != 5 {
		t.Errorf("path %v, want to climb to 4, descend to 6 and stop on the tie", p)
	}
	p = FindNPeak(func(n int) int64 { return vals[n] }, 2, 4)
	if last := p[len(p)-1]; last.N != 4 {
		t.Errorf("path %v, want to stop at maxN = 4", p)
	}
}

func TestFindN(t *testing.T) {
	vals := []int64{0, 0, 50, 40, 30, 30, 20}
	p := FindN(func(n int) int64 { return vals[n] }, 2, 6)
	if last := p[len(p)-1]; last.N != 4 || len(p) != 3 {
		t.Errorf("path %v, want to stop at n = 4 (tie is not a move)", p)
	}
}

// sitePages makes a small site: a shared template around page-specific text.
func sitePages(n int, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	words := strings.Fields("the of and to in news report said government market city people year new time world")
	var pages []string
	for p := 0; p < n; p++ {
		var body strings.Builder
		for s := 0; s < 3+rng.IntN(4); s++ {
			body.WriteString("<p>")
			for w := 0; w < 8+rng.IntN(12); w++ {
				if rng.IntN(3) == 0 {
					body.WriteString(words[rng.IntN(len(words))])
				} else {
					for l := 0; l < 2+rng.IntN(8); l++ {
						body.WriteByte(byte('a' + rng.IntN(26)))
					}
				}
				body.WriteByte(' ')
			}
			body.WriteString("</p>\n")
		}
		pages = append(pages, `<html><head><title>Daily Example</title><style>body{margin:0}</style></head>
<body><div class="nav"><a href="/">Home</a> | <a href="/world">World</a> | <a href="/sport">Sport</a></div>
<div class="content">`+body.String()+`</div>
<div class="footer">Copyright Daily Example. All rights reserved. <a href="/about">About us</a></div></body></html>`)
	}
	return pages
}

func TestLearnDeterministic(t *testing.T) {
	pages := sitePages(12, 1)
	var first []byte
	for i := 0; i < 3; i++ {
		m, err := Learn(pages, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = b
		} else if !bytes.Equal(first, b) {
			t.Fatalf("model bytes differ between runs:\n%s\n%s", first, b)
		}
	}
	// Decoding and re-encoding gives the same bytes, and the same spans.
	var m2 Model
	if err := json.Unmarshal(first, &m2); err != nil {
		t.Fatal(err)
	}
	b2, _ := json.Marshal(&m2)
	if !bytes.Equal(first, b2) {
		t.Fatalf("round trip changed the model:\n%s\n%s", first, b2)
	}
	m1, _ := Learn(pages, Options{})
	for _, p := range pages {
		if !equalSpans(m1.Spans(p), m2.Spans(p)) {
			t.Fatal("decoded model gives other spans")
		}
	}
}

func TestForcedCutPoint(t *testing.T) {
	pages := sitePages(8, 5)
	m, err := Learn(pages, Options{N: 9, A: 7})
	if err != nil {
		t.Fatal(err)
	}
	if m.N != 9 || m.A != 7 || len(m.Path) != 1 {
		t.Fatalf("got n=%d a=%d path %v", m.N, m.A, m.Path)
	}
	c := newCorpus(pages, Rune, false, Rolling, ByCount, false)
	l := c.level(9)
	if want := cutSize(l.distinct, 7); len(m.W) != want {
		t.Errorf("|W| = %d, want %d", len(m.W), want)
	}
	if _, err := Learn(nil, Options{}); err != ErrNoPages {
		t.Errorf("no pages: %v", err)
	}
}

func TestCutSize(t *testing.T) {
	for _, c := range []struct{ d, a, want int }{{150, 1, 2}, {100, 1, 1}, {3, 1, 1}, {0, 5, 0}, {7, 100, 7}, {200, 10, 20}, {201, 10, 21}} {
		if got := cutSize(c.d, c.a); got != c.want {
			t.Errorf("cutSize(%d, %d) = %d, want %d", c.d, c.a, got, c.want)
		}
	}
}

func TestDropShortRuns(t *testing.T) {
	for _, c := range []struct {
		in     string
		bridge bool
		want   string
	}{
		{"0110111101000111110", false, "0000111100000111110"},
		{"0110111101000111110", true, "0000111101000111110"},
		{"0110100", true, "0000000"}, // no long run: all short runs go
		{"1111", false, "1111"},
	} {
		r := []byte(c.in)
		for i := range r {
			r[i] -= '0'
		}
		dropShortRuns(r, 4, c.bridge)
		for i := range r {
			r[i] += '0'
		}
		if string(r) != c.want {
			t.Errorf("dropShortRuns(%s, 4, %v) = %s, want %s", c.in, c.bridge, r, c.want)
		}
	}
}

// TestDirectLevel checks that counting n directly (a forced cut point) ranks exactly as
// counting 1..n in turn.
func TestDirectLevel(t *testing.T) {
	pages := []string{"<p>abc abd abc</p><p>x</p>", "<p>abc abd</p> <p>abcabc</p>", "ab"}
	for _, hash := range []Hash{Rolling, XXHash} {
		for _, delims := range []bool{false, true} {
			for n := 2; n <= 9; n++ {
				seq := newCorpus(pages, Rune, false, hash, ByDocFreq, delims)
				for k := 1; k <= n; k++ {
					seq.level(k)
				}
				direct := newCorpus(pages, Rune, false, hash, ByDocFreq, delims)
				a, b := seq.level(n), direct.level(n)
				if a.distinct != b.distinct || a.multi != b.multi {
					t.Fatalf("n=%d: distinct %d/%d multi %d/%d", n, a.distinct, b.distinct, a.multi, b.multi)
				}
				for i := range a.posRank {
					if a.posRank[i] != b.posRank[i] {
						t.Fatalf("%v delims=%v n=%d: rank at %d: sequential %d, direct %d", hash, delims, n, i, a.posRank[i], b.posRank[i])
					}
				}
				if seq.alternation(a, 3) != direct.alternation(b, 3) {
					t.Fatalf("n=%d: alternation counts differ", n)
				}
				// and the next level extends the direct one correctly (rebuilding the
				// rolling state the direct count did not keep)
				a2, b2 := seq.level(n+1), direct.level(n+1)
				for i := range a2.posRank {
					if a2.posRank[i] != b2.posRank[i] {
						t.Fatalf("n=%d+1: rank at %d differs", n, i)
					}
				}
				// going back recounts directly over reused arrays, then extends again
				for _, k := range []int{1, 2, 3} {
					fresh := newCorpus(pages, Rune, false, hash, ByDocFreq, delims)
					for j := 1; j <= k; j++ {
						fresh.level(j)
					}
					a3, b3 := fresh.level(k), direct.level(k)
					for i := range a3.posRank {
						if a3.posRank[i] != b3.posRank[i] {
							t.Fatalf("%v delims=%v: back from %d to %d: rank at %d differs", hash, delims, n+1, k, i)
						}
					}
				}
			}
		}
	}
}

// TestRangeStringAgainstBruteForce checks the apply path (the jumping cover of the
// rolling fingerprints, and the every-position loop of xxhash) against the paper's
// definition on random pages and random sets W, long template-like repeats included.
func TestRangeStringAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 400; trial++ {
		n := 2 + rng.IntN(6)
		alpha := "ab<c. "[:2+rng.IntN(5)]
		var b strings.Builder
		for i := 0; i < rng.IntN(120); i++ {
			if rng.IntN(8) == 0 {
				b.WriteString("<div>ab</div>") // repeats, so that covers chain
				continue
			}
			b.WriteByte(alpha[rng.IntN(len(alpha))])
		}
		x := b.String()
		for strings.Contains(x, "  ") { // as preprocessed: units are then characters
			x = strings.ReplaceAll(x, "  ", " ")
		}
		xs := []rune(x)
		seen := map[string]bool{}
		var W []string
		for i := 0; i+n <= len(xs); i++ {
			g := string(xs[i : i+n])
			if !seen[g] && rng.IntN(3) > 0 {
				W = append(W, g)
			}
			seen[g] = true
		}
		if len(W) == 0 {
			continue
		}
		want, _ := Alternation(x, W)
		for _, h := range []Hash{Rolling, XXHash} {
			m := modelWith(Rune, h, W...)
			if got := m.RangeString(x); got != want {
				t.Fatalf("%v n=%d x=%q W=%q:\nrange %s\nwant  %s", h, n, x, W, got, want)
			}
			// the path for huge pages (in pieces of a few bytes here, so that n-grams
			// and covers cross them)
			spans := m.Spans(x)
			leanPageBytes, leanPieceBytes = -1, 1+rng.IntN(8)
			leanRange, leanSpans := m.RangeString(x), m.Spans(x)
			leanPageBytes, leanPieceBytes = defaultLeanPageBytes, defaultLeanPieceBytes
			if leanRange != want || !equalSpans(leanSpans, spans) {
				t.Fatalf("%v n=%d x=%q W=%q, huge-page path:\nrange %s\nwant  %s\nspans %v, want %v", h, n, x, W, leanRange, want, leanSpans, spans)
			}
			// Find takes the range string from its evidence pass: the same kept spans
			// as Spans, with the delimiter rule, MinRun, Bridge and Snap too, and on the
			// page with runs of spaces (fewer units than bytes: below n units, all kept)
			for _, v := range []struct {
				delims, bridge, snap bool
				minRun               int
			}{{}, {delims: true}, {snap: true, minRun: 3}, {bridge: true, minRun: 4}, {delims: true, snap: true, minRun: 5}} {
				mv := modelWith(Rune, h, W...)
				mv.Delims, mv.Bridge, mv.Snap, mv.MinRun = v.delims, v.bridge, v.snap, v.minRun
				for _, page := range []string{x, strings.ReplaceAll(x, " ", " \t\n  "), "a" + strings.Repeat(" ", n) + "b"} {
					if got, want := mv.Find(page).Kept, mv.Spans(page); !equalSpans(got, want) {
						t.Fatalf("%v %+v n=%d x=%q W=%q: Find keeps %v, Spans %v", h, v, n, page, W, got, want)
					}
				}
			}
		}
	}
}

// TestDecodeModel: the direct decoding of W gives the model json.Unmarshal gives, on the
// layout json.Marshal writes and on others (which take the json.Unmarshal path), and
// refuses what json.Unmarshal refuses.
func TestDecodeModel(t *testing.T) {
	m, err := Learn(sitePages(6, 2), Default())
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(b, []byte(`"}`)) || !bytes.Contains(b, []byte(`,"w":"`)) {
		t.Fatalf("W is no longer the last member: update DecodeModel (%.200s)", b)
	}
	var indented bytes.Buffer
	json.Indent(&indented, b, "", "  ")
	wAt := bytes.Index(b, []byte(`,"w":"`))
	reordered := append([]byte(`{"w":`), b[wAt+5:len(b)-1]...)
	reordered = append(append(reordered, ','), b[1:wAt]...)
	reordered = append(reordered, '}')
	for name, in := range map[string][]byte{"marshalled": b, "indented": indented.Bytes(), "reordered": reordered,
		"spaces around": append(append([]byte(" \n"), b...), '\n')} {
		got, err := DecodeModel(in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want Model
		if err := json.Unmarshal(in, &want); err != nil {
			t.Fatalf("%s: json.Unmarshal: %v", name, err)
		}
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(&want)
		if !bytes.Equal(gb, wb) || !bytes.Equal(gb, b) || len(got.W) != len(m.W) {
			t.Errorf("%s: decoded to another model", name)
		}
	}
	for name, in := range map[string]string{
		"bad base64":           strings.Replace(string(b), `,"w":"`, `,"w":"*`, 1),
		"bad rest":             strings.Replace(string(b), `"n":`, `"n":x`, 1),
		"not an object":        `"w"`,
		"w in an inner object": `{"n":20,"path":[[20,0,1]],"x":{"a":1,"w":"AQ=="}}`,
	} {
		_, err := DecodeModel([]byte(in))
		var v Model
		jerr := json.Unmarshal([]byte(in), &v)
		if (err == nil) != (jerr == nil) {
			t.Errorf("%s: DecodeModel error %v, json.Unmarshal error %v", name, err, jerr)
		}
	}
}

// TestMaxSamplePage: a page longer than the limit is learned from by its first bytes,
// cut at a character boundary, exactly as if it were that long.
func TestMaxSamplePage(t *testing.T) {
	for _, c := range []struct {
		html string
		max  int
		want string
	}{
		{"abcdef", 0, "abcdef"},
		{"abcdef", 6, "abcdef"},
		{"abcdef", 4, "abcd"},
		{"abあcd", 3, "ab"}, // あ is 3 bytes: not cut in the middle
		{"abあcd", 4, "ab"},
		{"abあcd", 5, "abあ"},
		{"ab\xff\xffcd", 3, "ab\xff"}, // invalid bytes are units of their own
	} {
		if got := SamplePage(c.html, c.max); got != c.want {
			t.Errorf("SamplePage(%q, %d) = %q, want %q", c.html, c.max, got, c.want)
		}
	}
	pages := []string{"<p>abc abd abc</p><p>x</p><p>abc abd</p>", "<p>abc abd</p> <p>abcabc</p>", "<p>abc abx</p>"}
	cut := []string{pages[0][:20], pages[1][:20], pages[2]}
	for _, opt := range []Options{Faithful(), {MinDocFrac: 0.5, N: 4}} {
		a, err := Learn(cut, opt)
		if err != nil {
			t.Fatal(err)
		}
		opt.MaxSamplePage = 20
		b, err := Learn(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		if a.N != b.N || a.A != b.A || a.Units != b.Units || !slices.Equal(a.W, b.W) {
			t.Errorf("%+v: learned (%d, %d, %d units, |W| %d), want (%d, %d, %d units, |W| %d) as from the cut pages", opt, b.N, b.A, b.Units, len(b.W), a.N, a.A, a.Units, len(a.W))
		}
		if pages[0] != "<p>abc abd abc</p><p>x</p><p>abc abd</p>" {
			t.Fatal("Learn changed its argument")
		}
	}
}

// TestLeanPath: the piecewise path for huge pages gives the same range strings and
// spans as the whole-page one, on pages with runs of white space, multi-byte and invalid
// characters, for every hash, unit, delimiter rule, MinRun, Bridge and Snap.
func TestLeanPath(t *testing.T) {
	defer func() { leanPageBytes, leanPieceBytes = defaultLeanPageBytes, defaultLeanPieceBytes }()
	rng := rand.New(rand.NewPCG(7, 8))
	alpha := []string{"a", "b", "c", " ", "  ", "\t\n", "<", ">", ".", "é", "あ", "\xff", "\xe3\x81", "<div>ab</div>", "<script>a b</script>", "<!-- é -->", "<STYLE>x"}
	for trial := 0; trial < 600; trial++ {
		var b strings.Builder
		for i := 0; i < rng.IntN(150); i++ {
			b.WriteString(alpha[rng.IntN(len(alpha))])
		}
		x := b.String()
		unit, skip := Unit(rng.IntN(2)), rng.IntN(2) == 0
		u, _ := pageUnits(x, unit, skip, nil, nil, false)
		n := 2 + rng.IntN(6)
		m := &Model{N: n, Unit: unit, SkipInvisible: skip, Hash: Hash(rng.IntN(2)), Delims: rng.IntN(3) == 0, Snap: rng.IntN(2) == 0}
		if rng.IntN(2) == 0 {
			m.MinRun, m.Bridge = 1+rng.IntN(6), rng.IntN(2) == 0
		}
		for i := 0; i+n <= len(u); i++ {
			if rng.IntN(3) == 0 {
				m.W = append(m.W, fingerprint(m.Hash, u[i:i+n]))
			}
		}
		slices.Sort(m.W)
		m.W = slices.Compact(m.W)
		wantRange, wantSpans := m.RangeString(x), m.Spans(x)
		leanPageBytes, leanPieceBytes = -1, 1+rng.IntN(10)
		gotRange, gotSpans := m.RangeString(x), m.Spans(x)
		leanPageBytes, leanPieceBytes = defaultLeanPageBytes, defaultLeanPieceBytes
		if gotRange != wantRange || !equalSpans(gotSpans, wantSpans) {
			t.Fatalf("x=%q model n=%d %v skip=%v %v delims=%v minrun=%d bridge=%v snap=%v |W|=%d:\nrange %s\nwant  %s\nspans %v\nwant  %v",
				x, n, m.Unit, m.SkipInvisible, m.Hash, m.Delims, m.MinRun, m.Bridge, m.Snap, len(m.W), gotRange, wantRange, gotSpans, wantSpans)
		}
	}
}
