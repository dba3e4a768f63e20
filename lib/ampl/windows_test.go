package ampl

import (
	"encoding/json"
	"math/rand"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// randomWord is l characters drawn from alphabet.
func randomWord(r *rand.Rand, alphabet []string, l int) string {
	var b strings.Builder
	for range l {
		b.WriteString(alphabet[r.Intn(len(alphabet))])
	}
	return b.String()
}

// windowsOf calls f with the byte span [a, b) of each window of width characters of p.
func windowsOf(p string, width int, f func(a, b int)) {
	var starts []int // each character's start, and the end
	for i := range p {
		if utf8.RuneStart(p[i]) {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(p))
	for k := 0; k+width < len(starts); k++ {
		f(starts[k], starts[k+width])
	}
}

// randomSite makes n pages of random text that share k random strings, each on a random
// subset of the pages, between runs of text of their own. The alphabet mixes one-, two- and
// three-byte characters, no two of which end in the same bytes, and holds no '<': the
// pages have no scripts, styles or comments.
func randomSite(r *rand.Rand, n, k int) []string {
	word := func(l int) string { return randomWord(r, []string{"a", "b", "c", " ", "é", "ж", "漢"}, l) }
	shared := make([]string, k)
	for i := range shared {
		shared[i] = word(5 + r.Intn(60))
	}
	pages := make([]string, n)
	for p := range pages {
		var b strings.Builder
		for _, s := range shared {
			b.WriteString(word(r.Intn(20)))
			if r.Intn(3) > 0 {
				b.WriteString(s)
			}
		}
		b.WriteString(word(r.Intn(20)))
		pages[p] = b.String()
	}
	return pages
}

// The template windows mark on each sample page exactly what the suffix tree's template
// strings of the same selection mark: every string of at least MinLen characters found on
// at least MinDocs of the pages. (Without word snapping and edge trimming, which only act
// on the marks.)
func TestWindowsMarkWhatStringsMark(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	marked := 0 // pages with marks
	for trial := range 60 {
		pages := randomSite(r, 2+r.Intn(12), 1+r.Intn(8))
		opt := Options{Select: SelectDocs, MinDocs: []float64{0, 0.15, 0.5, 0.9}[trial%4], MinLen: []int{1, 3, 8, 32}[trial/4%4]}
		a, err := Analyze(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		ref := a.Model(opt) // the template strings of the suffix tree
		m, err := Learn(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		if m.Windows == nil || ref.Windows != nil {
			t.Fatal("Learn under SelectDocs should learn windows, Analysis.Model strings")
		}
		for i, p := range pages {
			got, want := m.Template(p), ref.Template(p)
			if len(want) > 0 {
				marked++
			}
			if len(got)+len(want) > 0 && !reflect.DeepEqual(got, want) {
				t.Fatalf("trial %d (%+v) page %d of %d: windows mark %v, strings %v\npage %q\nstrings %q",
					trial, opt, i, len(pages), got, want, p, ref.Strings)
			}
		}
	}
	if marked < 200 {
		t.Fatalf("only %d pages had marks: the comparison says little", marked)
	}
}

func TestSegments(t *testing.T) {
	for _, c := range []struct {
		text string
		want []segment
	}{
		{"", nil},
		{"<p>plain</p>", []segment{{from: 0, to: 12}}},
		{"a<script src=x></script>b", []segment{{from: 0, to: 1}, {from: 24, to: 25}}},
		{"<SCRIPT>if (a<b) {}</Script >z", []segment{{from: 29, to: 30}}},
		{"a<style>p{}</style>", []segment{{from: 0, to: 1}}},
		{"a<!-- <p>x</p> -->b<!-- open", []segment{{from: 0, to: 1}, {from: 18, to: 19}}},
		{"<scripts>x</scripts><stylesheet>", []segment{{from: 0, to: 32}}},
		{"a<script>never closed", []segment{{from: 0, to: 1}}},
	} {
		if got := segments(c.text, nil); !reflect.DeepEqual(got, c.want) {
			t.Errorf("segments(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Scripts, styles and comments are marked whole, read or not: on an HTML site they come
// out as template, and a template text between two of them is marked as before.
func TestWindowsMarkInvisibleWhole(t *testing.T) {
	words := []string{"kilo", "lima", "mike"}
	page := func(i int) string {
		return "<html><script>var unique" + strings.Repeat("x", i) + ";</script><div class=\"navigation-bar-of-the-site\">Home</div>" +
			"<!-- " + strings.Repeat("c", i) + " --><p>Content " + words[i] + " of its own.</p></html>"
	}
	pages := []string{page(0), page(1), page(2)}
	m, err := Learn(pages, Options{Select: SelectDocs, MinDocs: 0.5, MinLen: 16})
	if err != nil {
		t.Fatal(err)
	}
	p := pages[1]
	var marked strings.Builder
	for _, s := range m.Template(p) {
		marked.WriteString(p[s[0]:s[1]] + "|")
	}
	// The class name lies wholly in a tag: only the end of it that shares a window with the
	// text is marked (windows wholly in markup are not counted).
	for _, want := range []string{"<script>var uniquex;</script>", "-site\">Home</div>", "<!-- c -->"} {
		if !strings.Contains(marked.String(), want) {
			t.Errorf("marked %q: %q is not marked", marked.String(), want)
		}
	}
	if strings.Contains(marked.String(), "lima") {
		t.Errorf("marked %q: content marked", marked.String())
	}
}

// A model of windows survives JSON: the decoded model finds on every page what the learned
// one does; malformed windows are refused.
func TestWindowsJSON(t *testing.T) {
	for _, s := range analyses(t)[:2] {
		pages := htmlOf(s.pages)
		m, err := Learn(pages, Default())
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Model
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		if back.Windows.Len() != m.Windows.Len() || back.Windows.Len() < 1000 || back.Found != m.Found {
			t.Fatalf("%s: decoded %d windows (found %v), learned %d (found %v)", s.name, back.Windows.Len(), back.Found, m.Windows.Len(), m.Found)
		}
		if !slices.Equal(slices.Sorted(slices.Values(back.Windows.keys)), slices.Sorted(slices.Values(m.Windows.keys))) {
			t.Fatalf("%s: decoded keys differ", s.name)
		}
		for i, p := range pages {
			if got, want := back.Find(p), m.Find(p); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s page %d: the decoded model finds %+v, the learned one %+v", s.name, i, got.Template[:1], want.Template[:1])
			}
		}
	}
	for _, bad := range []string{
		`{"width":0,"count":0,"keys":""}`,
		`{"width":32,"count":1,"keys":""}`,
		`{"width":32,"count":1,"keys":"!!"}`,
		`{"width":32,"count":1,"keys":"BQ=="}`,     // a key without its page count
		`{"width":32,"count":2,"keys":"BQIAAg=="}`, // a repeated key
	} {
		var w Windows
		if err := json.Unmarshal([]byte(bad), &w); err == nil {
			t.Errorf("%s: decoded without error", bad)
		}
	}
}

// randomMarkup makes n pages of tags and text that share k random pieces (tags with long
// attributes, text, or both), each on a random subset of the pages, between pieces of their
// own; text holds multi-byte characters and a lone '<' or '>' now and then.
func randomMarkup(r *rand.Rand, n, k int) []string {
	word := func(l int) string { return randomWord(r, []string{"a", "b", " ", "é", "漢", "x"}, l) }
	piece := func() string {
		switch r.Intn(5) {
		case 0:
			return "<div class=\"" + word(10+r.Intn(50)) + "\">"
		case 1:
			return "</a></li><li><a href=\"/" + word(r.Intn(40)) + "\">"
		case 2:
			return word(1 + r.Intn(30))
		case 3:
			return " a < b > c " + word(r.Intn(5))
		}
		return "<p>" + word(5+r.Intn(40)) + "</p>"
	}
	shared := make([]string, k)
	for i := range shared {
		shared[i] = piece() + piece()
	}
	pages := make([]string, n)
	for p := range pages {
		var b strings.Builder
		for _, s := range shared {
			b.WriteString(piece())
			if r.Intn(3) > 0 {
				b.WriteString(s)
			}
		}
		pages[p] = b.String()
	}
	return pages
}

// textBytes marks the bytes of s outside tags, as the hasher tells tags.
func textBytes(s string) []bool {
	text := make([]bool, len(s))
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in:
			in = c != '>'
		case c == '<' && i+1 < len(s) && opensTag(s[i+1]):
			in = true
		default:
			text[i] = true
		}
	}
	return text
}

// The hasher reports markupOnly for exactly the windows with no byte of text, and every
// other window's fingerprint as a hash of its bytes alone would give it.
func TestWindowHasherMarkup(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	markup, hashed := 0, 0
	for trial := range 40 {
		width := []int{1, 3, 8, 32}[trial%4]
		for _, p := range randomMarkup(r, 1, 10) {
			text := textBytes(p)
			var want []uint64
			windowsOf(p, width, func(a, b int) {
				if !slices.Contains(text[a:b], true) {
					want = append(want, markupOnly)
					markup++
					return
				}
				var h uint64
				for j := a; j < b; j++ {
					h = h*hashBase + uint64(p[j])
				}
				want = append(want, fingerprint(h)|7)
				hashed++
			})
			hz := newWindowHasher(p, width)
			var got []uint64
			buf := make([]uint64, 0, 5) // a small buffer: the state carries from fill to fill
			for fps := hz.fill(buf, 7); len(fps) > 0; fps = hz.fill(buf, 7) {
				got = append(got, fps...)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("width %d, page %q:\ngot  %x\nwant %x", width, p, got, want)
			}
		}
	}
	if markup < 100 || hashed < 100 {
		t.Fatalf("%d windows in markup, %d hashed: the pages test little", markup, hashed)
	}
}

// The text a model of windows marks is the text covered by the windows that hold text on at
// least MinDocs pages (a window counts on a page where it holds a byte of text: a string
// found on another page only inside a tag, a title attribute's, does not count there), as
// learned (LearnMarks) and as found again (Template).
func TestWindowsMarkTheTextOfEveryWindow(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	marked := 0
	for trial := range 40 {
		pages := randomMarkup(r, 2+r.Intn(10), 1+r.Intn(8))
		opt := Options{Select: SelectDocs, MinDocs: []float64{0.15, 0.5, 0.9}[trial%3], MinLen: []int{3, 8, 32}[trial/3%3]}
		m, marks, err := LearnMarks(pages, opt)
		if err != nil {
			t.Fatal(err)
		}
		need := minDocs(len(pages), opt.MinDocs)
		docs := map[string]map[int]bool{}
		windows := func(p string, f func(a, b int)) { windowsOf(p, opt.MinLen, f) }
		for pg, p := range pages {
			text := textBytes(p)
			windows(p, func(a, b int) {
				if !slices.Contains(text[a:b], true) {
					return
				}
				if docs[p[a:b]] == nil {
					docs[p[a:b]] = map[int]bool{}
				}
				docs[p[a:b]][pg] = true
			})
		}
		for pg, p := range pages {
			want := make([]bool, len(p))
			windows(p, func(a, b int) {
				if len(docs[p[a:b]]) >= need {
					for j := a; j < b; j++ {
						want[j] = true
					}
				}
			})
			text := textBytes(p)
			for name, spans := range map[string][][2]int{"Template": m.Template(p), "LearnMarks": marks[pg].spans} {
				got := make([]bool, len(p))
				for _, sp := range spans {
					for j := sp[0]; j < sp[1]; j++ {
						got[j] = true
					}
				}
				for j := range p {
					if text[j] && got[j] != want[j] {
						t.Fatalf("trial %d (%+v), %s of page %d: byte %d (%q) marked %v, every window's count says %v\npage %q",
							trial, opt, name, pg, j, p[max(0, j-10):min(len(p), j+10)], got[j], want[j], p)
					}
					if text[j] && want[j] {
						marked++
					}
				}
			}
		}
	}
	if marked < 1000 {
		t.Fatalf("only %d text bytes marked: the comparison says little", marked)
	}
}

// A segment of more windows than mark holds at once (maxMarkBuffer) is marked as learning
// marks it: a page found again marks what learning read off the counting.
func TestWindowsMarkLongSegment(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	pages := randomMarkup(r, 3, 6)
	for i := range pages { // past maxMarkBuffer characters, with no script to cut the segment
		var b strings.Builder
		for n := 0; n < maxMarkBuffer+100_000; n += utf8.RuneCountInString(pages[i]) {
			b.WriteString(pages[i])
		}
		pages[i] = b.String()
	}
	m, marks, err := LearnMarks(pages, Options{Select: SelectDocs, MinDocs: 0.5, MinLen: 32})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range pages {
		got, want := m.Template(p), marks[i].spans
		if len(want) == 0 || !reflect.DeepEqual(got, want) {
			t.Fatalf("page %d (%d bytes): found again %d spans, learned %d", i, len(p), len(got), len(want))
		}
	}
}
