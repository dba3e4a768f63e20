package ngramcut

import (
	"cmp"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkRanks compares every position's rank at level n with a ranking of the n-grams
// as strings (bruteRank): the same classes, the same order.
func checkRanks(t *testing.T, c *corpus, l *level, rank Rank) {
	t.Helper()
	n := l.n
	order := bruteRank(c, n, rank, false)
	rankOf := map[string]int32{}
	for r, g := range order {
		rankOf[g] = int32(r)
	}
	if l.distinct != len(order) {
		t.Fatalf("n=%d: %d distinct, want %d", n, l.distinct, len(order))
	}
	for p := 0; p < c.pages(); p++ {
		for i := int(c.starts[p]); i < int(c.starts[p+1]); i++ {
			want := int32(noRank)
			if i+n <= int(c.starts[p+1]) {
				want = rankOf[string(runes(c.units[i:i+n]))]
			}
			if l.posRank[i] != want {
				t.Fatalf("n=%d: rank at %d is %d, want %d", n, i, l.posRank[i], want)
			}
		}
	}
}

// TestTagCollision counts pages holding two n-grams whose fingerprints share their top
// 32 bits (the table's tag) and so their home slot: the second must not be taken for
// the first, directly or extended from the level before, with either hash.
func TestTagCollision(t *testing.T) {
	for _, hash := range []Hash{Rolling, XXHash} {
		const n = 3
		rng := rand.New(rand.NewPCG(3, 4))
		seen := map[uint32][]uint32{}
		var g1, g2 []uint32
		for g1 == nil {
			g := []uint32{0x4E00 + rng.Uint32N(20000), 0x4E00 + rng.Uint32N(20000), 0x4E00 + rng.Uint32N(20000)}
			fp := fingerprint(hash, g)
			if o, ok := seen[uint32(fp>>32)]; ok && fingerprint(hash, o) != fp {
				g1, g2 = o, g
			}
			seen[uint32(fp>>32)] = g
		}
		a, b := string(runes(g1)), string(runes(g2))
		pages := []string{a + "x" + b + "y" + a + b + a, b + "z" + b + a + "x" + b, a + a + "q" + b}
		for _, direct := range []bool{true, false} {
			c := newCorpus(pages, Rune, false, hash, ByCount, false)
			if !direct {
				c.level(n - 1)
			}
			checkRanks(t, c, c.level(n), ByCount)
			checkRanks(t, c, c.level(n+1), ByCount)
		}
	}
}

// TestTableGrows counts levels whose tables must grow (extensions of levels with few
// repeated n-grams) on long pages of random text, some repeats included, against the
// ranking of the n-grams as strings; and directly, with a table sized from the estimate
// of the distinct n-grams, which must be near their number.
func TestTableGrows(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var pages []string
	for p := 0; p < 3; p++ {
		var b strings.Builder
		for b.Len() < 60000 {
			if rng.IntN(200) == 0 {
				b.WriteString("<div class=\"story-body\">shared template text</div>")
			}
			b.WriteByte("abcdefgh"[rng.IntN(8)])
		}
		pages = append(pages, b.String())
	}
	for _, hash := range []Hash{Rolling, XXHash} {
		c := newCorpus(pages, Rune, false, hash, ByDocFreq, false)
		grown := 0
		for n := 1; n <= 12; n++ {
			l := c.level(n)
			if len(c.table) > 1<<16 {
				grown++
			}
			checkRanks(t, c, l, ByDocFreq)
		}
		if grown == 0 {
			t.Fatalf("%v: no table grew", hash)
		}
		direct := newCorpus(pages, Rune, false, hash, ByDocFreq, false)
		l := direct.level(9)
		checkRanks(t, direct, l, ByDocFreq)
		if est := direct.estimateDistinct(9); est < l.distinct*9/10 || est > l.distinct*11/10 {
			t.Fatalf("%v: %d distinct 9-grams estimated, %d counted", hash, est, l.distinct)
		}
	}
}

// TestSortMembers checks the counting sort of W's members against a comparison sort,
// uniform fingerprints and clustered ones (equal top bits, equal fingerprints).
func TestSortMembers(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, size := range []int{0, 1, 5, 63, 64, 100, 1000, 5000} {
		for _, clustered := range []bool{false, true} {
			w := make([]member, size)
			for i := range w {
				w[i] = member{rng.Uint64(), byte(rng.IntN(256))}
				if clustered {
					w[i].fp = 1<<60 | rng.Uint64N(50)
				}
			}
			want := slices.Clone(w)
			slices.SortStableFunc(want, func(a, b member) int { return cmp.Compare(a.fp, b.fp) })
			got := sortMembers(slices.Clone(w))
			if len(got) != len(want) {
				t.Fatalf("size %d: %d members out", size, len(got))
			}
			for i := range got {
				if got[i].fp != want[i].fp {
					t.Fatalf("size %d clustered=%v: member %d is %x, want %x", size, clustered, i, got[i].fp, want[i].fp)
				}
			}
			// the same multiset: each fingerprint with the same DF bytes
			key := func(m []member) map[member]int {
				c := map[member]int{}
				for _, x := range m {
					c[x]++
				}
				return c
			}
			if !maps.Equal(key(got), key(want)) {
				t.Fatalf("size %d clustered=%v: members changed", size, clustered)
			}
		}
	}
}

// TestPreprocessReference checks preprocess against the rule written plainly, on random
// pages of ASCII, spaces of every kind, multi-byte characters and invalid bytes, both
// units, appended after earlier units, with and without offsets.
func TestPreprocessReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	parts := []string{"a", "<", " ", "  ", "\t", "\n", "\r", "\f", "\v", "é", "日本", "\xff", "\xe6\x97", "x y",
		"abcdefghijk", "<p class=\"c\">", "one two three"} // the last ones long enough for words of eight bytes
	for trial := 0; trial < 2000; trial++ {
		var b strings.Builder
		for i := rng.IntN(30); i > 0; i-- {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		html := b.String()
		for _, unit := range []Unit{Rune, Byte} {
			var want []uint32
			var wantOffs []int32
			prevSpace := false
			for i := 0; i < len(html); {
				c, size := uint32(html[i]), 1
				if html[i] >= 0x80 && unit == Rune {
					r, n := utf8.DecodeRuneInString(html[i:])
					c, size = uint32(r), n
					if r == utf8.RuneError && n == 1 {
						c = invalidBase + uint32(html[i])
					}
				}
				space := size == 1 && html[i] < 0x80 && strings.IndexByte(" \t\n\r", html[i]) >= 0
				if space {
					c = ' '
				}
				if !(space && prevSpace) {
					want, wantOffs = append(want, c), append(wantOffs, int32(i))
				}
				prevSpace = space
				i += size
			}
			pre := []uint32{7, 8}
			got, offs := preprocess(html, unit, slices.Clone(pre), []int32{5}, true)
			if !slices.Equal(got, append(slices.Clone(pre), want...)) || !slices.Equal(offs, append([]int32{5}, wantOffs...)) {
				t.Fatalf("%v %q: units %v offs %v, want %v %v", unit, html, got[2:], offs[1:], want, wantOffs)
			}
			got, _ = preprocess(html, unit, slices.Clone(pre), nil, false)
			if !slices.Equal(got, append(slices.Clone(pre), want...)) {
				t.Fatalf("%v %q: units %v, want %v", unit, html, got[2:], want)
			}
		}
	}
}
