package htmltext_test

import (
	"fmt"
	"strings"

	"github.com/chaffkit/chaff/lib/htmltext"
)

func ExampleRender() {
	page := `<html><head><title>Page</title><script>var x = 1;</script></head>
<body><ul><li>Home<li>News</ul><h1>A  headline</h1><p>Fish &amp; chips,<br>twice.</p></body></html>`
	fmt.Println(htmltext.Render(page))
	// Output:
	// Home
	// News
	// A headline
	// Fish & chips,
	// twice.
}

func ExampleRenderSpans() {
	page := `<p>Keep this.</p><script>var s = "<p>not text</p>";</script><p>Drop this.</p>`
	// A span that starts inside the <script> tag: the script body still is
	// not text, because the whole page is tokenized.
	from := strings.Index(page, "ript>")
	to := strings.Index(page, "<p>Drop")
	fmt.Printf("%q\n", htmltext.RenderSpans(page, [][2]int{{0, 7}, {from, to}}))
	// Output:
	// "Keep"
}

func ExampleTitle() {
	fmt.Println(htmltext.Title(`<title>The  title &mdash; site</title><h1>x</h1>`))
	// Output:
	// The title — site
}
