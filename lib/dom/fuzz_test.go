package dom

import (
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		``, `<p>a<p>b`, `<table><tr><td>x<td>y</table>`, `<script>a</script>`, `<svg><path/></svg>`,
		`<template><p>x</template>`, `<b><i>x</b>y</i>`, `<ul><li>a<li>b</ul>`, `</br>`, `<!--x-->`,
		`<head><title>t</title>text`, "a\x00<d\x00iv>\xff", `<div a="x`, `<select><option>a</select>`,
		`<math><mi>x</mi><p>y`, `<svg><foreignObject><div>x</div></foreignObject></svg>`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		root := Parse(src)
		checkTree(t, src, root)
		flat := Parse(src, MaxDepth(3))
		n1, _ := checkTree(t, src, flat)
		if n1 != root.Size() {
			t.Errorf("MaxDepth changed the node count: %d vs %d", n1, root.Size())
		}
		if flat.TextContent() != root.TextContent() && !hasHidden(root) {
			t.Errorf("MaxDepth changed the text")
		}
	})
}

// hasHidden reports whether the tree has hidden elements (whose content
// flattening can move out of them).
func hasHidden(root *Node) bool {
	found := false
	root.Walk(func(n *Node) bool {
		if n.Type == Element && IsHidden(n.Atom) {
			found = true
		}
		return !found
	})
	return found
}
