package cli

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

var (
	greyRun  = regexp.MustCompile(`<span style="color:#aaa">(.*?)</span>`)
	elision  = regexp.MustCompile(`<b>▢▢▢(\d+)▢▢▢</b>`)
	keptPart = regexp.MustCompile(`<b style="color:#000">(.*?)</b>`)
)

// TestWriteSourceView: grey runs up to viewElideOver characters are shown whole, longer ones as their
// ends and the count of the characters left out, cut between characters; kept parts are
// whole however long; everything is escaped.
func TestWriteSourceView(t *testing.T) {
	for _, c := range []struct {
		name      string
		greyRunes int
		r         string // the character the grey runs are made of
	}{
		{"at the limit", viewElideOver, "x"},
		{"one over", viewElideOver + 1, "x"},
		{"long, two-byte characters", 5000, "é"},
		{"long, three-byte characters", 3001, "語"},
	} {
		t.Run(c.name, func(t *testing.T) {
			grey := "<script>alert(1)</script>" + strings.Repeat(c.r, c.greyRunes-25)
			content := strings.Repeat("content & more ", 100) // 1500 characters, kept whole
			src := grey + content + grey
			kept := [][2]int{{len(grey), len(grey) + len(content)}}
			var out strings.Builder
			if err := WriteSourceView(&out, "tool", "a page", "a caption", src, kept); err != nil {
				t.Fatal(err)
			}
			s := out.String()
			if !utf8.ValidString(s) {
				t.Fatal("a character was cut")
			}
			if strings.Contains(s, "<script") || !strings.Contains(s, "&lt;script&gt;") {
				t.Fatal("the page's markup is not escaped")
			}
			k := keptPart.FindAllStringSubmatch(s, -1)
			if len(k) != 1 || html.UnescapeString(k[0][1]) != content {
				t.Fatalf("kept parts %d, want the content whole", len(k))
			}
			runs := greyRun.FindAllStringSubmatch(s, -1)
			if len(runs) != 2 {
				t.Fatalf("%d grey runs, want 2", len(runs))
			}
			for _, r := range runs {
				shown, left := r[1], 0
				if m := elision.FindStringSubmatch(shown); m != nil {
					left, _ = strconv.Atoi(m[1])
					shown = strings.Replace(shown, m[0], "", 1)
				}
				shown = html.UnescapeString(shown)
				n := utf8.RuneCountInString(shown)
				if c.greyRunes <= viewElideOver {
					if left != 0 || shown != grey {
						t.Errorf("a run of %d characters was elided", c.greyRunes)
					}
					continue
				}
				if n != 2*viewElideKeep || left != c.greyRunes-2*viewElideKeep {
					t.Errorf("%d characters shown, %d left out; want %d and %d", n, left, 2*viewElideKeep, c.greyRunes-2*viewElideKeep)
				}
				rs := []rune(shown)
				if !strings.HasPrefix(grey, string(rs[:viewElideKeep])) || !strings.HasSuffix(grey, string(rs[viewElideKeep:])) {
					t.Errorf("the shown parts are not the run's ends: %q", shown)
				}
			}
		})
	}
}
