package htmltext

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
)

func FuzzRender(f *testing.F) {
	for _, s := range []string{
		``, `<p>a &amp; b<p>c`, `<script>x</script>y`, `a&#x41;&notin;&copy2&#150;`, `<pre> a  b </pre>`,
		`<table><tr><td>x<td>y</table>`, "é世\xff\x00", `<template>t</template><svg><text>s</text></svg>`,
		`<div hidden>h</div>v`, `<xmp><b></xmp>`, `a&nbsp;&emsp;b`, "a\x01b\u0085c\u0099d&#1;&#x7f;&#x9f;e",
	} {
		f.Add(s, uint16(1), uint16(5))
	}
	f.Fuzz(func(t *testing.T, html string, a, b uint16) {
		all := Render(html)
		if !utf8.ValidString(all) {
			t.Fatalf("invalid UTF-8: %q", all)
		}
		if all != strings.TrimSpace(all) || strings.Contains(all, "  ") || strings.Contains(all, "\n\n") {
			t.Fatalf("not normalised: %q", all)
		}
		for _, r := range all {
			if IsControlChar(r) && r != '\n' && r != '\t' {
				t.Fatalf("control character %U in %q", r, all)
			}
		}
		if got := RenderSpans(html, [][2]int{{0, len(html)}}); got != all {
			t.Fatalf("RenderSpans(all) = %q, Render = %q", got, all)
		}
		root := dom.Parse(html)
		if squeeze(all) != squeeze(visibleText(root)) {
			t.Fatalf("Render %q differs from the tree's text %q", all, visibleText(root))
		}
		var texts []*dom.Node
		root.Walk(func(n *dom.Node) bool {
			if n.Type == dom.Text {
				texts = append(texts, n)
			}
			return true
		})
		if got := RenderNodes(html, texts); got != all {
			t.Fatalf("RenderNodes(texts) = %q, Render = %q", got, all)
		}
		lo, hi := int(a)%(len(html)+1), int(b)%(len(html)+1)
		part := RenderSpans(html, [][2]int{{lo, hi}, {hi + 3, hi + 7}})
		if !utf8.ValidString(part) || !isSubsequence(squeeze(part), squeeze(all)) {
			t.Fatalf("spans [%d,%d) rendered %q, not in %q", lo, hi, part, all)
		}
	})
}
