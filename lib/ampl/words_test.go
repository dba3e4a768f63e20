package ampl

import (
	"math/rand"
	"strings"
	"testing"
)

func TestSnapWords(t *testing.T) {
	s := "see the report here"
	// [4, 9) = "the r": the end cuts "report", so it shrinks to "the ".
	got := snapWords([][2]int{{4, 9}, {11, 13}}, s)
	if len(got) != 1 || got[0] != [2]int{4, 8} {
		t.Fatalf("snapWords = %v, want [[4 8]]", got)
	}
	// CJK characters are their own boundaries: nothing moves.
	j := "東京の天気"
	if got := snapWords([][2]int{{3, 9}}, j); len(got) != 1 || got[0] != [2]int{3, 9} {
		t.Fatalf("CJK snapWords = %v", got)
	}
}

func TestCountWords(t *testing.T) {
	for _, c := range []struct {
		s    string
		want float64
	}{
		{"one two  three", 3},
		{"<a href=\"x y z\">one</a> two", 2},
		{"<script>var a = b + c;</script>word", 1},
		{"東京の天気", 2.5},
		{"naïve café, 東京 e\xffx 1,5 l'été", 9}, // "naïve" one word, 東京 one, "e\xffx" two, "1,5" two, "l'été" two
		{"Привет мир", 2},
	} {
		if got := countWords(c.s); got != c.want {
			t.Errorf("countWords(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

func TestDropShortBlocks(t *testing.T) {
	html := `<li>Short teaser</li><li>x</li><p>A long paragraph with a <a href="/l">link</a> inside it and more words</p>`
	// Kept: "Short teaser", "x", and the paragraph in two pieces split at the link markup.
	i := func(sub string) int {
		for k := 0; k+len(sub) <= len(html); k++ {
			if html[k:k+len(sub)] == sub {
				return k
			}
		}
		t.Fatalf("%q not in html", sub)
		return 0
	}
	kept := [][2]int{
		{i("Short"), i("Short") + len("Short teaser")},
		{i(">x<") + 1, i(">x<") + 2},
		{i("A long"), i(`<a href`)},
		{i(`link</a>`), i(`link</a>`) + 4},
		{i(" inside"), i(" words") + len(" words")},
	}
	got := dropShortBlocks(html, append([][2]int(nil), kept...), 5)
	// The paragraph's pieces join across the inline <a> markup (12 words); the teasers go.
	if len(got) != 3 || got[0] != kept[2] || got[2] != kept[4] {
		t.Fatalf("dropShortBlocks = %v, want the three paragraph pieces %v", got, kept[2:])
	}
}

// A kept span that begins inside a tag is read from the tag's end: the words of an attribute
// (here a title of eight words, and a span wholly inside an alt text) are not the block's,
// and a gap that begins in a tag holds no text for it.
func TestDropShortBlocksReadsNoAttributes(t *testing.T) {
	html := `<div><a title="one two three four five six seven eight" href="/x">Short link</a></div>` +
		`<div><img alt="nine ten eleven twelve thirteen fourteen"></div><p>Long enough paragraph of words here</p>`
	i := func(sub string) int {
		k := strings.Index(html, sub)
		if k < 0 {
			t.Fatalf("%q not in html", sub)
		}
		return k
	}
	kept := [][2]int{
		{i("one"), i("</a>")},           // the title's words, the rest of the tag, "Short link"
		{i("nine"), i(`fourteen"`) + 8}, // inside the alt text alone
		{i("Long"), i("</p>")},
	}
	cur := tagCursor{html: html}
	if got := textOf(html, i("Short"), i("</a>"), cur.inTag(i("Short"))); got != "Short link" {
		t.Errorf("textOf = %q of a span that begins in text", got)
	}
	if got := textOf(html, kept[1][0], kept[1][1], cur.inTag(kept[1][0])); got != "" {
		t.Errorf("textOf = %q, want nothing: the span lies inside a tag", got)
	}
	cur = tagCursor{html: html}
	if got := textOf(html, kept[0][0], kept[0][1], cur.inTag(kept[0][0])); got != "Short link" {
		t.Errorf("textOf = %q, want the link's text alone", got)
	}
	// The cursor reads tags as the tokenizer reads text: a '<' before a space is text, a '<'
	// inside a quoted value does not open another tag.
	page := `a < b <p title="1 < 2" id=x>c</p>`
	cur = tagCursor{html: page}
	for _, c := range []struct {
		at   int
		want bool
	}{{strings.Index(page, "b"), false}, {strings.Index(page, "title"), true}, {strings.Index(page, "2"), true},
		{strings.Index(page, "id"), true}, {strings.Index(page, "c</p>"), false}, {strings.Index(page, "/p>"), true}} {
		if got := cur.inTag(c.at); got != c.want {
			t.Errorf("inTag(%d: %q) = %v, want %v", c.at, page[c.at:], got, c.want)
		}
	}
	got := dropShortBlocks(html, append([][2]int(nil), kept...), 5)
	if len(got) != 1 || got[0] != kept[2] {
		t.Fatalf("dropShortBlocks = %v, want the paragraph alone %v", got, kept[2:])
	}
}

func TestTrimEdgeText(t *testing.T) {
	s := `x</p><p>In the end<b>y</b> Home</a> Copyright Example Inc`
	// Marked: "</p><p>In " (edge word "In"), "</b> Home</a>" (text inside: kept marked),
	// and a text-only span.
	spans := [][2]int{{1, 11}, {22, 35}, {35, len(s)}}
	got := trimEdgeText(spans, s, 2)
	want := [][2]int{{1, 8}, {22, 35}, {35, len(s)}}
	if len(got) != len(want) {
		t.Fatalf("trimEdgeText = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("trimEdgeText = %v, want %v", got, want)
		}
	}
	// A span starting inside a tag keeps the tag part: `ass="a">Hi <i>` -> `ass="a">` + `<i>`.
	s2 := `<p class="a">Hi <i>`
	got = trimEdgeText([][2]int{{3, len(s2)}}, s2, 2)
	if len(got) != 2 || got[0] != [2]int{3, 13} || got[1] != [2]int{16, len(s2)} {
		t.Fatalf("inside a tag: %v", got)
	}
}

func TestTrimEdgeTextRandom(t *testing.T) {
	r := rand.New(rand.NewSource(9))
	alpha := []string{"<", ">", "a", "b", " ", "<p>", "</p>", "word "}
	for iter := 0; iter < 20000; iter++ {
		var sb strings.Builder
		for k := r.Intn(30); k >= 0; k-- {
			sb.WriteString(alpha[r.Intn(len(alpha))])
		}
		s := sb.String()
		var spans [][2]int
		at := 0
		for at < len(s) {
			a := at + r.Intn(len(s)-at)
			b := a + 1 + r.Intn(len(s)-a)
			spans = append(spans, [2]int{a, b})
			at = b + 1
		}
		got := trimEdgeText(spans, s, 1+r.Intn(2))
		prev := -1
		for _, g := range got {
			if g[0] >= g[1] || g[0] < prev {
				t.Fatalf("%q %v: bad output %v", s, spans, got)
			}
			in := false
			for _, sp := range spans {
				in = in || (g[0] >= sp[0] && g[1] <= sp[1])
			}
			if !in {
				t.Fatalf("%q %v: output %v outside the input spans", s, spans, got)
			}
			prev = g[1]
		}
	}
}
