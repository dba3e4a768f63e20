package dom

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// syntheticPage is a page-like document of about n bytes.
func syntheticPage(n int) string {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>A page</title>` +
		`<link rel="stylesheet" href="/s.css"><script>var x = 1; if (x < 2) { x++ }</script></head><body>` +
		`<div id="header" class="site-header"><ul class="nav"><li><a href="/">Home</a><li><a href="/news">News</a></ul></div>`)
	for b.Len() < n {
		b.WriteString(`<div class="article"><h2 class="title">A headline &amp; more</h2>` +
			`<p class="lead">Some text with <a href="/x?a=1&amp;b=2">a link</a> and <b>bold</b> words.</p>` +
			`<p>Another paragraph, longer, with an image <img src="/i.png" alt="pic" width=10 height=10> in it.</p>` +
			`<!-- comment --><table><tr><td>cell<td>cell</table></div>`)
	}
	b.WriteString(`<div id="footer">Footer</div></body></html>`)
	return b.String()
}

func BenchmarkParse(b *testing.B) {
	src := syntheticPage(100 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Parse(src)
	}
}

func BenchmarkScan(b *testing.B) {
	src := syntheticPage(100 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		sc := NewScanner(src)
		for {
			if _, ok := sc.Next(); !ok {
				break
			}
		}
	}
}

func TestSyntheticPage(t *testing.T) {
	src := syntheticPage(20 << 10)
	root := Parse(src)
	checkTree(t, src, root)
	if root.Body().Tag != "body" {
		t.Fatal("no body")
	}
}

// BenchmarkTokenizer is the floor: the bare tokenizer over the same page, which Scan and
// Parse build on.
func BenchmarkTokenizer(b *testing.B) {
	src := syntheticPage(100 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		z := newTokenizer(src)
		for tt, _ := z.Next(); tt != html.ErrorToken; tt, _ = z.Next() {
		}
	}
}

// BenchmarkXNetTokenizer is the x/net/html tokenizer on the same page, for comparison.
func BenchmarkXNetTokenizer(b *testing.B) {
	src := syntheticPage(100 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		z := html.NewTokenizer(strings.NewReader(src))
		for z.Next() != html.ErrorToken {
		}
	}
}
