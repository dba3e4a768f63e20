package ngramcut

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
)

// at returns the offset of the first occurrence of sub in s plus d (a test helper that
// keeps the expected spans readable).
func at(t *testing.T, s, sub string, d int) int {
	t.Helper()
	i := strings.Index(s, sub)
	if i < 0 {
		t.Fatalf("%q not in %q", sub, s)
	}
	return i + d
}

func TestSnapSpans(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, c := range []struct {
		name  string
		html  string
		spans func(h string) [][2]int
		want  func(h string) [][2]int // snapExtend
		trim  func(h string) [][2]int // snapTrim, when it differs
	}{
		{
			name:  "end inside a word takes the whole word",
			html:  "<p>It has its own challenges.</p><div>",
			spans: func(h string) [][2]int { return [][2]int{{3, at(t, h, "s.</p>", 0)}} },
			want:  func(h string) [][2]int { return [][2]int{{3, at(t, h, "</p>", 0)}} },
			trim:  func(h string) [][2]int { return [][2]int{{3, at(t, h, "challenges", 0)}} },
		},
		{
			name:  "start inside a word takes the whole word",
			html:  "<p class=\"lede\">The quick fox</p>",
			spans: func(h string) [][2]int { return [][2]int{{at(t, h, "he quick", 0), at(t, h, "</p>", 0)}} },
			want:  func(h string) [][2]int { return [][2]int{{at(t, h, "The", 0), at(t, h, "</p>", 0)}} },
			trim:  func(h string) [][2]int { return [][2]int{{at(t, h, " quick", 0), at(t, h, "</p>", 0)}} },
		},
		{
			name: "entities are part of the word",
			html: "<h3>Arts &amp; culture</h3>",
			spans: func(h string) [][2]int {
				return [][2]int{{at(t, h, "mp;", 0), at(t, h, "ure<", 0)}}
			},
			want: func(h string) [][2]int { return [][2]int{{at(t, h, "&amp;", 0), at(t, h, "</h3>", 0)}} },
			trim: func(h string) [][2]int { return [][2]int{{at(t, h, " culture", 0), at(t, h, "culture", 0)}} },
		},
		{
			name: "start inside a tag moves past it, end inside a tag moves before it",
			html: `<img src="/m/66761760_ebert.jpg" alt="Roger Ebert">Text here<a href="/news/22026801">x</a>`,
			spans: func(h string) [][2]int {
				return [][2]int{{at(t, h, "760_", 0), at(t, h, "26801", 0)}}
			},
			want: func(h string) [][2]int { return [][2]int{{at(t, h, "Text", 0), at(t, h, "<a ", 0)}} },
		},
		{
			name:  "a span inside one tag is dropped",
			html:  `<a class="story" rel="published-1365122443162" href="/x">y</a>`,
			spans: func(h string) [][2]int { return [][2]int{{at(t, h, "5122", 0), at(t, h, "3162", 0)}} },
			want:  func(h string) [][2]int { return [][2]int{} },
		},
		{
			name: "spans that meet after snapping merge",
			html: "<p>one two three</p>",
			spans: func(h string) [][2]int {
				return [][2]int{{3, at(t, h, "two", 1)}, {at(t, h, "two", 2), at(t, h, "</p>", 0)}}
			},
			want: func(h string) [][2]int { return [][2]int{{3, at(t, h, "</p>", 0)}} },
			trim: func(h string) [][2]int {
				return [][2]int{{3, at(t, h, "two", 0)}, {at(t, h, " three", 0), at(t, h, "</p>", 0)}}
			},
		},
		{
			name:  "boundaries at word or tag edges stay",
			html:  "<p>one two</p><p>three</p>",
			spans: func(h string) [][2]int { return [][2]int{{3, at(t, h, " two", 0)}, {at(t, h, "<p>three", 0), len(h)}} },
			want: func(h string) [][2]int {
				return [][2]int{{3, at(t, h, " two", 0)}, {at(t, h, "<p>three", 0), len(h)}}
			},
		},
		{
			name:  "Japanese characters stand alone",
			html:  "<p>日本語の文章です</p>",
			spans: func(h string) [][2]int { return [][2]int{{at(t, h, "の", 0), at(t, h, "です", 0)}} },
			want:  func(h string) [][2]int { return [][2]int{{at(t, h, "の", 0), at(t, h, "です", 0)}} },
		},
		{
			name:  "a word longer than the reach stays cut",
			html:  "<p>a " + long + " b</p>",
			spans: func(h string) [][2]int { return [][2]int{{at(t, h, long, 50), len(h)}} },
			want:  func(h string) [][2]int { return [][2]int{{at(t, h, long, 50), len(h)}} },
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			want := c.want(c.html)
			if got := snapSpans(c.html, c.spans(c.html), snapExtend); !equalSpans(got, want) {
				t.Errorf("extend: %v, want %v", got, want)
			}
			if c.trim != nil {
				want = c.trim(c.html)
			}
			if got := snapSpans(c.html, c.spans(c.html), snapTrim); !equalSpans(got, want) {
				t.Errorf("trim: %v, want %v", got, want)
			}
		})
	}
}

// TestSnapWholeWords is the defect seen on real pages: the template's n-grams reach into
// the first and last words of the article ("<p class="lede">I" when many articles start
// with "I", "s.</p>" before the share box), so the kept run renders as "t presented ...
// challenge". With Snap the words come out whole; without it (the paper's cut) they do
// not.
func TestSnapWholeWords(t *testing.T) {
	const n = 6
	head := `<html><body><div id="nav">Home | World | Sport</div><p class="lede">I`
	tail := `s.</p><div class="share">Share this</div></body></html>`
	page := head + "t presented its own challenge" + tail
	var grams []string
	for _, part := range []string{head, tail} {
		r := []rune(part)
		for i := 0; i+n <= len(r); i++ {
			grams = append(grams, string(r[i:i+n]))
		}
	}
	m := modelWith(Rune, Rolling, grams...)
	if got := htmltext.RenderSpans(page, m.Spans(page)); got != "t presented its own challenge" {
		t.Fatalf("without Snap: %q", got)
	}
	m.Snap = true
	if got := htmltext.RenderSpans(page, m.Spans(page)); got != "It presented its own challenges." {
		t.Errorf("with Snap: %q, want %q", got, "It presented its own challenges.")
	}
}

// TestSnapOptions: the tool's default snaps, the paper's algorithm does not, and the
// model carries the choice.
func TestSnapOptions(t *testing.T) {
	if !Default().Snap || Faithful().Snap {
		t.Fatalf("Default().Snap = %v, Faithful().Snap = %v", Default().Snap, Faithful().Snap)
	}
	pages := sitePages(6, 7)
	for _, snap := range []bool{false, true} {
		o := Default()
		o.Snap = snap
		m, err := Learn(pages, o)
		if err != nil {
			t.Fatal(err)
		}
		if m.Snap != snap {
			t.Errorf("Learn with Snap %v: model Snap %v", snap, m.Snap)
		}
	}
}
