package htmltext

import (
	"strings"
	"testing"
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
			`<!-- comment --><script>document.write("<p>x</p>")</script><table><tr><td>cell<td>cell</table></div>`)
	}
	b.WriteString(`<div id="footer">Footer</div></body></html>`)
	return b.String()
}

func BenchmarkRender(b *testing.B) {
	src := syntheticPage(100 << 10)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Render(src)
	}
}

func BenchmarkRenderSpans(b *testing.B) {
	src := syntheticPage(100 << 10)
	var spans [][2]int
	for i := 0; i+300 < len(src); i += 1000 {
		spans = append(spans, [2]int{i, i + 300})
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		RenderSpans(src, spans)
	}
}

func TestSyntheticPage(t *testing.T) {
	got := Render(syntheticPage(2000))
	if strings.Contains(got, "document.write") || strings.Contains(got, "var x") || !strings.HasPrefix(got, "Home\nNews\nA headline & more\nSome text with a link and bold words.\n") {
		t.Errorf("synthetic page rendered %.200q", got)
	}
}
