package ngramcut

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
)

// FuzzHashSet decodes arbitrary model sets without panicking, and re-encodes whatever
// decodes to the same set.
func FuzzHashSet(f *testing.F) {
	b, _ := json.Marshal(HashSet{1, 5, 1 << 40, ^uint64(0)})
	f.Add(b)
	f.Add([]byte(`""`))
	f.Add([]byte(`"AAA="`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var h HashSet
		if err := json.Unmarshal(data, &h); err != nil {
			return
		}
		if !slices.IsSorted(h) {
			t.Fatalf("decoded set not sorted: %v", h)
		}
		out, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		var h2 HashSet
		if err := json.Unmarshal(out, &h2); err != nil || !slices.Equal(h, h2) {
			t.Fatalf("round trip: %v -> %s -> %v (%v)", h, out, h2, err)
		}
	})
}

// FuzzSpans checks on arbitrary pages that spans are non-empty, sorted, disjoint and
// inside the page, for a model learned from similar pages, with and without Snap; and
// that snapped spans leave no short word cut.
func FuzzSpans(f *testing.F) {
	pages := []string{"<p>alpha beta</p><div>nav nav</div>", "<p>gamma</p><div>nav nav</div>", "<p>delta\t\n epsilon</p><div>nav nav</div>"}
	m, err := Learn(pages, Options{MinDocFrac: 0.5, N: 4})
	if err != nil {
		f.Fatal(err)
	}
	f.Add("<p>zeta</p><div>nav nav</div>")
	f.Add("日本語 \r\n <p>x</p>\xff")
	snapped, err := Learn(pages, Options{MinDocFrac: 0.5, N: 4, Snap: true})
	if err != nil {
		f.Fatal(err)
	}
	f.Add("<p>a challenges.</p><div>nav nav</div><img src=\"x123\">")
	f.Fuzz(func(t *testing.T, html string) {
		for _, m := range []*Model{m, snapped} {
			prev := 0
			for _, s := range m.Spans(html) {
				if s[0] < prev || s[1] <= s[0] || s[1] > len(html) {
					t.Fatalf("snap %v: bad span %v after %d in %d bytes", m.Snap, s, prev, len(html))
				}
				prev = s[1]
				if !m.Snap {
					continue
				}
				for _, p := range s {
					if _, _, ok := enclosingTag(html, p); !ok {
						if ws, we, ok := wordAround(html, p); ok {
							t.Fatalf("span %v cuts the word %q", s, html[ws:we])
						}
					}
				}
			}
		}
	})
}

// FuzzOffsetsAt checks offsetsAt against pageUnits on arbitrary pages: the same count of
// units, and at every wanted position (all of them, and every third) the same offset,
// for both units, with and without comments and scripts.
func FuzzOffsetsAt(f *testing.F) {
	f.Add("<p>alpha  beta</p>\n\t <!-- x -->  <div>nav</div>")
	f.Add("日本語 \r\n <p>x</p>\xff<script>a  b</script> c  ")
	f.Add("  <!--a-->  <script></script>   x")
	f.Fuzz(func(t *testing.T, html string) {
		for _, unit := range []Unit{Rune, Byte} {
			for _, skip := range []bool{false, true} {
				units, offs := pageUnits(html, unit, skip, nil, nil, true)
				for _, step := range []int{1, 3} {
					var want []int32
					for j := 0; j < len(units); j += step {
						want = append(want, int32(j))
					}
					got := make([]int32, len(units))
					for j := range got {
						got[j] = -1
					}
					if k := offsetsAt(html, unit, skip, want, got); k != len(units) {
						t.Fatalf("%v skip %v: %d units, pageUnits %d", unit, skip, k, len(units))
					}
					for _, j := range want {
						if got[j] != offs[j] {
							t.Fatalf("%v skip %v: unit %d at %d, pageUnits %d", unit, skip, j, got[j], offs[j])
						}
					}
				}
			}
		}
	})
}

// FuzzShortText checks the plain-text fast paths of dropShortRunsIn against the readings
// they stand for: hasText's, and the headline's folded text.
func FuzzShortText(f *testing.F) {
	f.Add("a> b c <p>d</p> e,f")
	f.Add("<td>One</td><td>two</td>")
	f.Add("ab cd<a href='x'")
	f.Add("x &amp; y z")
	f.Add("Ünï cöde\tTWO\v3 <br>four")
	f.Fuzz(func(t *testing.T, s string) {
		if has, ok := hasTextASCII(s); ok && has != hasTextSlow(s) {
			t.Fatalf("hasTextASCII(%q) = %v, hasText %v", s, has, !has)
		}
		if got, ok := htmltext.AppendFoldedPlain([]byte("x"), s); ok {
			if want := htmltext.FoldSpace(htmltext.BetweenTags(s)); string(got[1:]) != want {
				t.Fatalf("AppendFoldedPlain(%q) = %q, want %q", s, got[1:], want)
			}
		}
	})
}
