package content

import (
	"strings"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/usage"
	"github.com/chaffkit/chaff/lib/words"
)

// big9 returns the HTML and URLs of the big9 dev set, or skips when ../shared/data is absent.
func big9(tb testing.TB) (html, urls []string) {
	if devdata.Dir() == "" {
		tb.Skip("../shared/data is absent")
	}
	ps, err := devdata.Read("big9-2005-2013")
	if err != nil {
		tb.Fatal(err)
	}
	for _, p := range ps {
		html = append(html, p.HTML)
		urls = append(urls, p.URL)
	}
	return html, urls
}

// withCPU runs a benchmark body and reports its CPU time per op (cpu-ms/op) beside the wall
// time: on a shared machine the wall time counts the time the process waited too.
func withCPU(body func(b *testing.B)) func(b *testing.B) {
	return func(b *testing.B) {
		b.ReportAllocs()
		t0 := usage.CPUTime()
		body(b)
		b.ReportMetric(float64(usage.CPUTime()-t0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkContent is the content step on the 180 big9 pages: parse, segment, features, both
// stages and the title, as chaff extract runs it (the tree without white-space text, as
// lib/page parses it) (the sub-benchmarks time the parts).
func BenchmarkContent(b *testing.B) {
	html, urls := big9(b)
	m, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	roots := make([]*dom.Node, len(html))
	pages := make([]*Page, len(html))
	feats := make([][]float32, len(html))
	for i, h := range html {
		roots[i] = dom.Parse(h, dom.DropSpaceText(), dom.MaxDepth(dom.DefaultMaxDepth))
		pages[i] = Segment(h, roots[i])
		pages[i].URL = urls[i]
		feats[i] = pages[i].Features(m.Tokens, nil)
	}
	b.Run("all", withCPU(func(b *testing.B) {
		for b.Loop() {
			for i, h := range html {
				p := Segment(h, dom.Parse(h, dom.DropSpaceText(), dom.MaxDepth(dom.DefaultMaxDepth)))
				p.URL = urls[i]
				p.Select(m.Scores(p), Balanced)
			}
		}
	}))
	b.Run("segment", withCPU(func(b *testing.B) {
		for b.Loop() {
			for i, h := range html {
				Segment(h, roots[i])
			}
		}
	}))
	b.Run("features", withCPU(func(b *testing.B) {
		for b.Loop() {
			for i, h := range html {
				p := Segment(h, roots[i]) // a fresh page: Features caches parts of its work
				p.URL = urls[i]
				p.Features(m.Tokens, nil)
			}
		}
	}))
	b.Run("stage1", withCPU(func(b *testing.B) {
		for b.Loop() {
			for i, p := range pages {
				m.BlockScores(p, feats[i])
			}
		}
	}))
	b.Run("trees", withCPU(func(b *testing.B) {
		for b.Loop() {
			for i, p := range pages {
				m.ScoresOf(p, feats[i])
			}
		}
	}))
}

// The term sets' filter never leaves out a term of the set: overlap and similarities count
// what hashing every term counts, for ASCII, long, mixed-case and non-ASCII terms, and for
// a non-ASCII term whose lower case is ASCII (the Kelvin sign).
func TestTermFilter(t *testing.T) {
	title := "The KEY to Ünïcode 東京 \u212Aelvin " + strings.Repeat("x", 70) + " Ab"
	set := termSet(title)
	ref := map[uint64]bool{}
	words.Each(title, func(t string) bool { ref[termHash(t)] = true; return true })
	for _, text := range []string{"the key kelvin KELVIN ünïcode ÜNÏCODE 東京 ab AB aB", strings.Repeat("X", 70),
		strings.Repeat("x", 64), "nothing here at all", "Kelvin"} {
		n, in := 0, 0
		words.Each(text, func(t string) bool {
			n++
			if ref[termHash(t)] {
				in++
			}
			return true
		})
		if got, want := overlap(text, set), float32(in)/float32(n); got != want {
			t.Errorf("%q: overlap %v, want %v", text, got, want)
		}
	}
}

// digits counts what a byte loop counts, at every length and alignment, next to bytes just
// outside '0'-'9' and bytes of 0x80 and above.
func TestDigits(t *testing.T) {
	alphabet := "0123456789/:\x00\x7f\x80\xb0\xb9\xff aZ"
	for k := 0; k < 5000; k++ {
		b := make([]byte, k%40)
		for i := range b {
			b[i] = alphabet[(k*7+i*13+i*i)%len(alphabet)]
		}
		want := 0
		for _, c := range b {
			if c >= '0' && c <= '9' {
				want++
			}
		}
		if got := digits(string(b)); got != want {
			t.Fatalf("%q: %d digits, want %d", b, got, want)
		}
	}
}
