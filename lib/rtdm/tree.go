package rtdm

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// Kind says whether a node is an ordinary labelled node or one of the four wildcards of an
// ne-pattern (Definition 5 of the paper).
type Kind uint8

// The node kinds. Wildcards are always leaves.
const (
	Plain  Kind = iota // an ordinary labelled node
	Single             // "." captures one subtree, must be consumed
	Plus               // "+" captures sibling subtrees, at least one
	Option             // "?" captures one subtree or nothing
	Kleene             // "*" captures sibling subtrees, possibly none
)

// String returns the wildcard's symbol (".", "+", "?", "*"), or "" for Plain.
func (k Kind) String() string {
	switch k {
	case Single:
		return "."
	case Plus:
		return "+"
	case Option:
		return "?"
	case Kleene:
		return "*"
	}
	return ""
}

// Wildcard reports whether k is one of the four wildcards.
func (k Kind) Wildcard() bool { return k != Plain }

// Optional reports whether a wildcard of kind k may consume nothing.
func (k Kind) Optional() bool { return k == Option || k == Kleene }

// Many reports whether a wildcard of kind k may consume several sibling subtrees.
func (k Kind) Many() bool { return k == Plus || k == Kleene }

// KindOf parses a wildcard symbol; ok is false for anything else.
func KindOf(s string) (k Kind, ok bool) {
	switch s {
	case ".":
		return Single, true
	case "+":
		return Plus, true
	case "?":
		return Option, true
	case "*":
		return Kleene, true
	}
	return Plain, false
}

// TextTag is the tag of text nodes.
const TextTag = "#text"

// Node is one vertex of a [Tree]. The children of node i are i+1, i+1+Size(i+1), ... up to
// i+Size(i): the tree is stored in pre-order with subtree sizes.
type Node struct {
	Tag    string // element tag name, TextTag for text, "" for a wildcard
	Text   string // normalised text of a text node
	Kind   Kind
	Size   int32 // number of nodes in the subtree rooted here, this one included
	Parent int32 // -1 for the root
	Src    int32 // index of the page node this one was built from (pages), or -1

	label   uint64 // hash of the label by structure (tag; "#text" for any text)
	clabel  uint64 // hash of the label by content (text nodes by their text)
	shape   uint64 // hash of the subtree by structure labels
	content uint64 // hash of the subtree by content labels
}

// Tree is a labelled ordered rooted tree in pre-order. The zero value is an empty tree; build
// trees with a [Builder] or [ParseTree]. A built tree is read-only and safe for concurrent use.
type Tree struct {
	Nodes []Node
}

// Len returns the number of nodes.
func (t *Tree) Len() int { return len(t.Nodes) }

// Leaf reports whether node i has no children.
func (t *Tree) Leaf(i int) bool { return t.Nodes[i].Size == 1 }

// Kids appends the indices of node i's children to dst and returns it.
func (t *Tree) Kids(i int, dst []int32) []int32 {
	end := i + int(t.Nodes[i].Size)
	for c := i + 1; c < end; c += int(t.Nodes[c].Size) {
		dst = append(dst, int32(c))
	}
	return dst
}

// Label returns the node's label as written by [Tree.String]: the tag, the quoted text of a
// text node, or the wildcard symbol.
func (t *Tree) Label(i int) string {
	n := &t.Nodes[i]
	if n.Kind != Plain {
		return n.Kind.String()
	}
	if n.Tag == TextTag {
		return fmt.Sprintf("%q", n.Text)
	}
	return n.Tag
}

// String writes the tree in the notation read by [ParseTree]: a(b "text" c(d ?)).
func (t *Tree) String() string {
	if len(t.Nodes) == 0 {
		return ""
	}
	var b strings.Builder
	t.write(&b, 0)
	return b.String()
}

func (t *Tree) write(b *strings.Builder, i int) {
	b.WriteString(t.Label(i))
	if t.Leaf(i) {
		return
	}
	b.WriteByte('(')
	end := i + int(t.Nodes[i].Size)
	for c := i + 1; c < end; c += int(t.Nodes[c].Size) {
		if c > i+1 {
			b.WriteByte(' ')
		}
		t.write(b, c)
	}
	b.WriteByte(')')
}

// Builder builds a [Tree] in pre-order: Open an element, add its children, Close it. The
// zero value is ready to use.
type Builder struct {
	t     Tree
	stack []int32
	buf   []byte
	text  xxhash.Digest
}

// Grow makes room for n more nodes, so that a builder told the size of a large tree up front
// does not copy it over and over while it grows.
func (b *Builder) Grow(n int) {
	if n > 0 {
		b.t.Nodes = slices.Grow(b.t.Nodes, n)
	}
}

// Open starts an element node with the given tag; src is the page node index or -1.
func (b *Builder) Open(tag string, src int) {
	b.push(Node{Tag: tag, Src: int32(src)})
}

// Text adds a text leaf.
func (b *Builder) Text(text string, src int) {
	b.push(Node{Tag: TextTag, Text: text, Src: int32(src)})
	b.Close()
}

// Wildcard adds a wildcard leaf.
func (b *Builder) Wildcard(k Kind) {
	b.push(Node{Kind: k, Src: -1})
	b.Close()
}

// Leaf adds an element without children.
func (b *Builder) Leaf(tag string, src int) {
	b.Open(tag, src)
	b.Close()
}

// Depth returns the number of open nodes.
func (b *Builder) Depth() int { return len(b.stack) }

func (b *Builder) push(n Node) {
	n.Parent = -1
	if len(b.stack) > 0 {
		n.Parent = b.stack[len(b.stack)-1]
	}
	b.stack = append(b.stack, int32(len(b.t.Nodes)))
	b.t.Nodes = append(b.t.Nodes, n)
}

// Close ends the innermost open node and hashes its subtree.
func (b *Builder) Close() {
	i := int(b.stack[len(b.stack)-1])
	b.stack = b.stack[:len(b.stack)-1]
	t := &b.t
	n := &t.Nodes[i]
	n.Size = int32(len(t.Nodes) - i)
	n.label, n.clabel = b.labelHashes(n)
	// Subtree hashes: a mode byte, the label, each child's subtree hash, the child count.
	buf := b.buf[:0]
	for mode := 0; mode < 2; mode++ {
		buf = append(buf[:0], byte(mode))
		lab := n.label
		if mode == 1 {
			lab = n.clabel
		}
		buf = binary.LittleEndian.AppendUint64(buf, lab)
		var cnt uint64
		for c := i + 1; c < len(t.Nodes); c += int(t.Nodes[c].Size) {
			h := t.Nodes[c].shape
			if mode == 1 {
				h = t.Nodes[c].content
			}
			buf = binary.LittleEndian.AppendUint64(buf, h)
			cnt++
		}
		buf = binary.LittleEndian.AppendUint64(buf, cnt)
		if mode == 0 {
			n.shape = xxhash.Sum64(buf)
		} else {
			n.content = xxhash.Sum64(buf)
		}
	}
	b.buf = buf
}

// labelHashes returns the label hashes of n: the tag, and for a text node the hash of
// "#text\x00" followed by its text (hashed as one stream, without building the string).
func (b *Builder) labelHashes(n *Node) (label, clabel uint64) {
	if n.Kind != Plain {
		h := xxhash.Sum64String("\x00wildcard" + n.Kind.String())
		return h, h
	}
	label = xxhash.Sum64String(n.Tag)
	if n.Tag == TextTag {
		b.text.Reset()
		b.text.WriteString("#text\x00")
		b.text.WriteString(n.Text)
		return label, b.text.Sum64()
	}
	return label, label
}

// Tree returns the built tree; all opened nodes must have been closed. The builder must not be
// used afterwards.
func (b *Builder) Tree() (*Tree, error) {
	if len(b.stack) != 0 {
		return nil, fmt.Errorf("rtdm: %d nodes not closed", len(b.stack))
	}
	if len(b.t.Nodes) == 0 {
		return nil, fmt.Errorf("rtdm: empty tree")
	}
	if int(b.t.Nodes[0].Size) != len(b.t.Nodes) {
		return nil, fmt.Errorf("rtdm: more than one root")
	}
	t := b.t
	b.t = Tree{}
	return &t, nil
}

// ParseTree reads the notation of [Tree.String]: a label, then optionally its children in
// parentheses separated by spaces. A label is a tag name, a double-quoted Go string (a text
// node), or a wildcard symbol (. + ? *). For example: html(body(h1("Title") p(.) *)).
func ParseTree(s string) (*Tree, error) {
	var b Builder
	p := 0
	skip := func() {
		for p < len(s) && (s[p] == ' ' || s[p] == '\n' || s[p] == '\t') {
			p++
		}
	}
	var node func() error
	node = func() error {
		skip()
		if p >= len(s) {
			return fmt.Errorf("rtdm: tree %q: unexpected end", s)
		}
		switch {
		case s[p] == '"':
			q := p + 1
			for q < len(s) && s[q] != '"' {
				if s[q] == '\\' {
					q++
				}
				q++
			}
			if q >= len(s) {
				return fmt.Errorf("rtdm: tree %q: unterminated string", s)
			}
			var txt string
			if _, err := fmt.Sscanf(s[p:q+1], "%q", &txt); err != nil {
				return fmt.Errorf("rtdm: tree %q: %v", s, err)
			}
			p = q + 1
			b.Text(txt, -1)
			return nil
		case strings.IndexByte(".+?*", s[p]) >= 0:
			k, _ := KindOf(s[p : p+1])
			p++
			b.Wildcard(k)
			return nil
		}
		q := p
		for q < len(s) && strings.IndexByte(" \t\n()\"", s[q]) < 0 {
			q++
		}
		if q == p {
			return fmt.Errorf("rtdm: tree %q: label expected at %d", s, p)
		}
		b.Open(s[p:q], -1)
		p = q
		skip()
		if p < len(s) && s[p] == '(' {
			p++
			for {
				skip()
				if p < len(s) && s[p] == ')' {
					p++
					break
				}
				if err := node(); err != nil {
					return err
				}
			}
		}
		b.Close()
		return nil
	}
	if err := node(); err != nil {
		return nil, err
	}
	skip()
	if p != len(s) {
		return nil, fmt.Errorf("rtdm: tree %q: trailing text at %d", s, p)
	}
	return b.Tree()
}

// MustParseTree is [ParseTree] for tests and examples; it panics on a malformed tree.
func MustParseTree(s string) *Tree {
	t, err := ParseTree(s)
	if err != nil {
		panic(err)
	}
	return t
}

// Indent writes the tree one node a line, indented by depth, for people: tags, quoted text
// (cut at width runes when width > 0) and wildcard symbols. Each line starts with the node's
// pre-order position.
func (t *Tree) Indent(w io.Writer, width int) error {
	depth := make([]int, t.Len())
	var b strings.Builder
	for i := range t.Nodes {
		n := &t.Nodes[i]
		if n.Parent >= 0 {
			depth[i] = depth[n.Parent] + 1
		}
		b.Reset()
		fmt.Fprintf(&b, "%5d ", i)
		b.WriteString(strings.Repeat("  ", depth[i]))
		if n.Kind == Plain && n.Tag == TextTag && width > 0 {
			r := []rune(n.Text)
			if len(r) > width {
				r = append(r[:width], '…')
			}
			fmt.Fprintf(&b, "%q", string(r))
		} else {
			b.WriteString(t.Label(i))
		}
		b.WriteByte('\n')
		if _, err := io.WriteString(w, b.String()); err != nil {
			return err
		}
	}
	return nil
}
