package suffix

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/usage/usagetest"
)

// benchPages makes pseudo-HTML pages: a shared template with navigation, plus paragraphs of
// Zipf-distributed words, about total bytes in all.
func benchPages(total int) []string {
	r := rand.New(rand.NewSource(7))
	words := make([]string, 5000)
	for i := range words {
		n := 2 + r.Intn(8)
		b := make([]byte, n)
		for k := range b {
			b[k] = byte('a' + r.Intn(26))
		}
		words[i] = string(b)
	}
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(words)-1))
	var head strings.Builder
	head.WriteString(`<!DOCTYPE html><html><head><title>Site</title><link rel="stylesheet" href="/s.css"></head><body><div id="nav"><ul>`)
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&head, `<li class="nav-item"><a href="/section/%d">Section %d</a></li>`, i, i)
	}
	head.WriteString(`</ul></div><div id="main"><article>`)
	foot := `</article></div><div id="footer"><p>Copyright Example Ltd. All rights reserved.</p></div></body></html>`
	var pages []string
	for size := 0; size < total; {
		var sb strings.Builder
		sb.WriteString(head.String())
		for p := 3 + r.Intn(15); p > 0; p-- {
			sb.WriteString("<p>")
			for w := 20 + r.Intn(80); w > 0; w-- {
				sb.WriteString(words[zipf.Uint64()])
				sb.WriteByte(' ')
			}
			sb.WriteString("</p>\n")
		}
		sb.WriteString(foot)
		pages = append(pages, sb.String())
		size += sb.Len()
	}
	return pages
}

func joined(pages []string) []byte {
	var b []byte
	for _, p := range pages {
		b = append(b, p...)
		b = append(b, 0)
	}
	return b
}

var sizes = []int{1 << 20, 10 << 20}

func BenchmarkSort(b *testing.B) {
	for _, size := range sizes {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			text := joined(benchPages(size))
			sa := make([]int32, len(text))
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			usagetest.LoopCPU(b, int64(len(text)), func() { Sort(text, sa) })
		})
	}
}

func BenchmarkLCP(b *testing.B) {
	for _, size := range sizes {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			text := joined(benchPages(size))
			sa := make([]int32, len(text))
			Sort(text, sa)
			b.ResetTimer()
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			usagetest.LoopCPU(b, int64(len(text)), func() { LCPArray(text, sa, 0) })
		})
	}
}

func BenchmarkWalk(b *testing.B) {
	for _, size := range sizes {
		for _, docs := range []bool{false, true} {
			b.Run(fmt.Sprintf("%dMB/docs=%v", size>>20, docs), func(b *testing.B) {
				x, err := New(benchPages(size))
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				b.SetBytes(int64(len(x.Text())))
				b.ReportAllocs()
				usagetest.LoopCPU(b, int64(len(x.Text())), func() {
					var nodes int
					x.Walk(WalkOptions{Docs: docs}, func(Node) { nodes++ })
				})
			})
		}
	}
}
