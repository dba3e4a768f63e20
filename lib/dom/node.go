package dom

import (
	"sort"
	"strings"
	"unsafe"

	"golang.org/x/net/html/atom"
)

// NodeType is the type of a Node.
type NodeType uint8

// Node types.
const (
	Document NodeType = iota // the root; Tag "#document"
	Element                  // an element; Tag is its lower-case name
	Text                     // text; Tag "#text"
	Comment                  // a comment; Tag "#comment"
)

// Aliases of the node types, for readers used to golang.org/x/net/html.
const (
	DocumentNode = Document
	ElementNode  = Element
	TextNode     = Text
	CommentNode  = Comment
)

func (t NodeType) String() string {
	switch t {
	case Document:
		return "Document"
	case Element:
		return "Element"
	case Text:
		return "Text"
	case Comment:
		return "Comment"
	}
	return "NodeType(?)"
}

// An Attr is an attribute of an element: a lower-case key and its
// entity-decoded value. Duplicate keys keep the first.
type Attr struct {
	Key, Val string
}

// A Node is a node of the tree. The tree is read-only by convention: its
// slices share backing arrays, so append to Children or Attrs only after
// copying them.
//
// A node takes 88 bytes (plus 8 for its place in its parent's Children):
// offsets are int32 (see MaxSource), and the attributes are kept as a
// pointer and a count rather than a slice, since most nodes have none.
type Node struct {
	Type  NodeType
	nattr uint16    // number of attributes at attrs
	Atom  atom.Atom // the element's atom (0 for unknown elements and other nodes)
	Tag   string    // lower-case tag name; "#text", "#comment", "#document"
	// Text is the decoded text of a Text node (entities decoded, raw
	// whitespace kept; raw-text elements other than title and textarea
	// keep their text undecoded) and the data of a Comment node.
	Text string
	// Start and End are the node's byte span in the source (see the package
	// doc): src[n.Start:n.End].
	Start, End int32
	Parent     *Node
	Children   []*Node
	attrs      *Attr // the first attribute (see Attrs)
}

// maxAttrs is the most attributes an element keeps (the first ones).
const maxAttrs = 1<<16 - 1

// Attrs returns the attributes of an element, in source order (nil for
// other nodes). Do not modify them.
func (n *Node) Attrs() []Attr {
	if n.nattr == 0 {
		return nil
	}
	return unsafe.Slice(n.attrs, n.nattr)
}

// Attr returns the value of the attribute key (lower case), or "".
func (n *Node) Attr(key string) string {
	for _, a := range n.Attrs() {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// HasAttr reports whether the element has the attribute key (lower case).
func (n *Node) HasAttr(key string) bool {
	for _, a := range n.Attrs() {
		if a.Key == key {
			return true
		}
	}
	return false
}

// Body returns the first body element in the subtree (in document order),
// or n itself if there is none.
func (n *Node) Body() *Node {
	var found *Node
	n.Walk(func(c *Node) bool {
		if found != nil {
			return false
		}
		if c.Type == Element && c.Atom == atom.Body {
			found = c
			return false
		}
		return c.Type == Document || c.Type == Element
	})
	if found == nil {
		return n
	}
	return found
}

// Walk calls fn for n and its descendants in pre-order (document order);
// when fn returns false the node's children are skipped. It is iterative:
// the depth of the tree does not matter.
func (n *Node) Walk(fn func(*Node) bool) {
	stack := []*Node{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !fn(c) {
			continue
		}
		for i := len(c.Children) - 1; i >= 0; i-- {
			stack = append(stack, c.Children[i])
		}
	}
}

// Visit walks the subtree of n in document order, calling enter when a node
// is reached and leave (if not nil) after its children; when enter returns
// false the children are skipped (leave is still called). Iterative.
func (n *Node) Visit(enter func(*Node) bool, leave func(*Node)) {
	type item struct {
		n *Node
		i int
	}
	stack := []item{{n, -1}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < 0 {
			top.i = 0
			if !enter(top.n) {
				top.i = len(top.n.Children)
			}
		}
		if top.i < len(top.n.Children) {
			c := top.n.Children[top.i]
			top.i++
			stack = append(stack, item{c, -1})
			continue
		}
		if leave != nil {
			leave(top.n)
		}
		stack = stack[:len(stack)-1]
	}
}

// Size returns the number of nodes in the subtree of n, n included.
func (n *Node) Size() int {
	count := 0
	n.Walk(func(*Node) bool { count++; return true })
	return count
}

// TextContent returns the concatenated text of the Text nodes of the
// subtree, leaving out the content of hidden elements (script, style,
// noscript, template, title, textarea, iframe, noembed, noframes, select,
// datalist, svg, head; see IsHidden). No separators are added: use
// lib/htmltext to render text with line breaks.
func (n *Node) TextContent() string {
	if n.Type == Text {
		return n.Text
	}
	var b strings.Builder
	n.Walk(func(c *Node) bool {
		switch c.Type {
		case Text:
			b.WriteString(c.Text)
		case Element:
			return c == n || !IsHidden(c.Atom)
		}
		return true
	})
	return b.String()
}

// SpansOf returns the byte spans [Start, End) of the nodes, sorted and
// with overlapping or touching spans merged: the form htmltext.RenderSpans
// takes. Nodes may be given in any order and may contain one another.
func SpansOf(nodes []*Node) [][2]int {
	spans := make([][2]int, 0, len(nodes))
	for _, n := range nodes {
		if n != nil && n.End > n.Start {
			spans = append(spans, [2]int{int(n.Start), int(n.End)})
		}
	}
	return MergeSpans(spans)
}

// MergeSpans sorts spans in place and merges overlapping or touching ones;
// empty spans are dropped. It returns the merged prefix of spans.
func MergeSpans(spans [][2]int) [][2]int {
	sorted := true
	for i := 1; i < len(spans); i++ {
		if spans[i][0] < spans[i-1][0] {
			sorted = false
			break
		}
	}
	if !sorted {
		sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	}
	out := spans[:0]
	for _, sp := range spans {
		if sp[1] <= sp[0] {
			continue
		}
		if k := len(out) - 1; k >= 0 && sp[0] <= out[k][1] {
			if sp[1] > out[k][1] {
				out[k][1] = sp[1]
			}
			continue
		}
		out = append(out, sp)
	}
	return out
}

// HiddenStyle returns the declaration of an inline style that hides its element,
// "display:none" or "visibility:hidden" (case and !important ignored), or "": the one
// reading of the style attribute for the renderer, the content model and the views (with
// StyleValue, which reads one property).
func HiddenStyle(style string) string {
	found := ""
	eachDeclaration(style, func(name, val string) bool {
		switch {
		case name == "display" && val == "none":
			found = "display:none"
		case name == "visibility" && val == "hidden":
			found = "visibility:hidden"
		}
		return found == ""
	})
	return found
}

// StyleValue returns the value an inline style gives property name (lowercase), lowercased,
// !important left out; "" when it gives none.
func StyleValue(style, name string) string {
	found := ""
	eachDeclaration(style, func(n, val string) bool {
		if n == name {
			found = val
		}
		return n != name
	})
	return found
}

// eachDeclaration calls f with each declaration's property and value of an inline style,
// lowercased and trimmed, !important left out, until f returns false.
func eachDeclaration(style string, f func(name, val string) bool) {
	if style == "" {
		return
	}
	for decl := range strings.SplitSeq(strings.ToLower(style), ";") {
		name, val, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		if !f(strings.TrimSpace(name), strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(val), "!important"))) {
			return
		}
	}
}
