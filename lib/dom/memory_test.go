package dom

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"
)

// TestNodeSize keeps the node at 88 bytes: a 50 MB page has millions of them.
func TestNodeSize(t *testing.T) {
	if s := unsafe.Sizeof(Node{}); s != 88 {
		t.Errorf("a Node takes %d bytes, want 88", s)
	}
}

// flat lists a tree's nodes in document order as type, tag, span and text.
func flat(root *Node, keep func(*Node) bool) []string {
	var out []string
	root.Walk(func(n *Node) bool {
		if keep(n) {
			out = append(out, fmt.Sprintf("%v %s [%d,%d) %q %v", n.Type, n.Tag, n.Start, n.End, n.Text, n.Attrs()))
		}
		return true
	})
	return out
}

// TestDropSpaceText checks that DropSpaceText leaves out exactly the text
// nodes of ASCII white space, and nothing else changes.
func TestDropSpaceText(t *testing.T) {
	pages := []string{
		strings.ReplaceAll(syntheticPage(20<<10), "><", ">\n  <"),
		"<ul>\n  <li>a</li>\n  <li> b </li>\r\n\t<li>\f</li></ul><pre>\n  x\n</pre><p>&nbsp;</p><p>\u00a0</p><p> &#32; </p><textarea>  </textarea>",
		strings.Repeat("<div>\n<p>x</p>\n", 50) + "\n",
	}
	for i, src := range pages {
		// White space in the source, not after decoding ("&#32;" stays).
		space := func(n *Node) bool { return n.Type == Text && strings.Trim(src[n.Start:n.End], " \t\n\r\f") == "" }
		all := Parse(src)
		dropped := Parse(src, DropSpaceText())
		checkTree(t, src, dropped)
		want := flat(all, func(n *Node) bool { return !space(n) })
		got := flat(dropped, func(*Node) bool { return true })
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("page %d: DropSpaceText tree differs from Parse without the white-space text", i)
			continue
		}
		if n := len(flat(dropped, space)); n != 0 {
			t.Errorf("page %d: %d white-space text nodes left", i, n)
		}
		if len(got) == len(flat(all, func(*Node) bool { return true })) {
			t.Errorf("page %d: nothing dropped", i)
		}
	}
	// Text decoded from a character reference is not white space in the source.
	doc := Parse("<p>&#32;</p><p> </p>", DropSpaceText())
	if p := doc.Children; len(p) != 2 || len(p[0].Children) != 1 || len(p[1].Children) != 0 {
		t.Errorf("got %s, want the reference kept and the space dropped", dump(doc))
	}
}

// TestAttrsKept checks attributes through the compact form, many of them
// included.
func TestAttrsKept(t *testing.T) {
	var b strings.Builder
	b.WriteString("<div")
	for i := range 100 {
		fmt.Fprintf(&b, " a%d=%d", i, i)
	}
	b.WriteString(`><p class="x" id=y>t</p><span></span></div>`)
	doc := Parse(b.String())
	div := doc.Children[0]
	if a := div.Attrs(); len(a) != 100 || a[99].Key != "a99" || a[99].Val != "99" || div.Attr("a42") != "42" {
		t.Errorf("div attrs: %d, %v", len(a), a[len(a)-1])
	}
	p := div.Children[0]
	if p.Attr("class") != "x" || p.Attr("id") != "y" || len(p.Attrs()) != 2 {
		t.Errorf("p attrs %v", p.Attrs())
	}
	if s := div.Children[1]; s.Attrs() != nil || s.HasAttr("class") {
		t.Errorf("span attrs %v", s.Attrs())
	}
	if tx := p.Children[0]; tx.Attrs() != nil {
		t.Errorf("text attrs %v", tx.Attrs())
	}
}

func TestEstimateNodes(t *testing.T) {
	for _, c := range []struct {
		src  string
		want int
	}{
		{"", 1},
		{"<p>a</p>", 1}, // at most len/16 + 1
		{strings.Repeat("<p>filler words in a long page</p>\n", 100), 200 + 1},
		{strings.Repeat("<< 1 < 2 <", 1000), 1},
		{strings.Repeat("<!-- a longer comment here --><Div>some text</DIV>\n", 100), 300 + 1},
	} {
		if got := EstimateNodes(c.src); got != c.want {
			t.Errorf("EstimateNodes(%.20q...) = %d, want %d", c.src, got, c.want)
		}
	}
	src := strings.ReplaceAll(syntheticPage(200<<10), "><", ">\n<")
	nodes := Parse(src).Size()
	if est := EstimateNodes(src); est < nodes/2 || est > nodes*2 {
		t.Errorf("estimate %d for %d nodes", est, nodes)
	}
}
