package dom_test

import (
	"fmt"

	"github.com/chaffkit/chaff/lib/dom"
)

func ExampleParse() {
	src := `<html><body><div id=main><p>One<p>Two &amp; three</div><script>x()</script></body></html>`
	root := dom.Parse(src)
	body := root.Body()
	body.Walk(func(n *dom.Node) bool {
		if n.Type == dom.Element {
			fmt.Printf("%s %q\n", n.Tag, src[n.Start:n.End])
		}
		return true
	})
	fmt.Printf("%q\n", body.TextContent())
	// Output:
	// body "<body><div id=main><p>One<p>Two &amp; three</div><script>x()</script></body></html>"
	// div "<div id=main><p>One<p>Two &amp; three</div>"
	// p "<p>One"
	// p "<p>Two &amp; three"
	// script "<script>x()</script>"
	// "OneTwo & three"
}

func ExampleSpansOf() {
	src := `<ul><li>nav</li></ul><p>kept one</p><p>kept two</p>`
	root := dom.Parse(src)
	var kept []*dom.Node
	for _, n := range root.Children {
		if n.Tag == "p" {
			kept = append(kept, n)
		}
	}
	fmt.Println(dom.SpansOf(kept))
	// Output:
	// [[21 51]]
}
