package dom

import (
	"runtime"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// An Option changes how Parse builds the tree.
type Option func(*config)

type config struct {
	maxDepth  int
	flattened *int
	dropSpace bool
}

// DropSpaceText leaves out the text nodes whose source is only ASCII white
// space (space, tab, newline, carriage return, form feed): the line breaks
// and indentation between tags, often a third of a page's nodes. Their
// bytes still lie inside their parent's span, so SpansOf over kept elements
// renders the same; it is for algorithms that skip such text anyway (the
// style tree of lib/sst). Text with any other character is kept whole.
func DropSpaceText() Option {
	return func(c *config) { c.dropSpace = true }
}

// MaxDepth flattens the tree below depth n (the document is depth 0, the
// html element depth 1): an element that would be deeper is attached to
// its ancestor at depth n, without children of its own, and its content
// follows it as siblings. Nothing is dropped. A flattened element's span
// covers only its start tag (its content has nodes of its own, so
// SpansOf over the kept nodes still renders right). n < 1 means no limit
// (the default).
func MaxDepth(n int) Option {
	return func(c *config) { c.maxDepth = n }
}

// CountFlattened stores in *n how many elements MaxDepth flattened (0 when
// the page nests no deeper than the limit), so that a tool can say so.
func CountFlattened(n *int) Option {
	return func(c *config) { c.flattened = n }
}

// DefaultMaxDepth is the depth the tools flatten below unless told
// otherwise: browsers stop nesting there too (Blink's HTML parser attaches
// an element deeper than 512 to its ancestor at depth 512), so a page is
// seen with the structure its readers see, and no algorithm meets a tree
// deeper than this.
const DefaultMaxDepth = 512

// MaxSource is the longest source Parse reads (offsets are int32): the
// bytes after it are left out. The tools read records of at most 256 MB by
// default (--max-record-bytes).
const MaxSource = 1<<31 - 1

// Parse builds the tree of src. It never fails and never drops content
// (an unterminated tag at the very end of input is not content) of a
// source up to MaxSource bytes. The
// returned root is a Document node spanning all of src; the nodes' strings
// share memory with src.
func Parse(src string, opts ...Option) *Node {
	var cfg config
	for _, o := range opts {
		o(&cfg)
	}
	maxDepth := cfg.maxDepth
	if maxDepth < 1 {
		maxDepth = int(^uint(0) >> 1)
	}
	var b builder
	root := b.node()
	if len(src) > MaxSource {
		src = src[:MaxSource]
	}
	if len(src) >= collectAbove {
		// The tree of a page this large takes several times its size at once. The
		// collector lets the heap grow to twice what was live at its last cycle, and the
		// tree of the previous large page (garbage by now, typically: learning and then
		// applying parse the same page twice) was live then: collect first, so that the
		// new tree reuses its memory instead of adding to it. One cycle per page of over
		// 16 MB costs little beside parsing it.
		runtime.GC()
	}
	*root = Node{Type: Document, Tag: "#document", Start: 0, End: int32(len(src))}

	// stack holds the open elements (root at 0); the children of the open
	// real elements are collected in order in kids, the children of
	// stack[i] starting at kids[begin[i]].
	stack := []*Node{root}
	begin := []int{0}
	var kids []*Node
	flattened := 0
	if len(src) > 1<<20 {
		// The children of a large page's body may be all its nodes, pending until the
		// body closes: room for them up front spares copies of a growing list.
		kids = make([]*Node, 0, EstimateNodes(src))
	}

	attach := func(n *Node) {
		d := len(stack) - 1
		if d > maxDepth {
			d = maxDepth
		}
		n.Parent = stack[d]
		kids = append(kids, n)
	}
	sc := NewScanner(src)
	for {
		e := sc.next() // valid until the next call
		if e == nil {
			break
		}
		switch e.Kind {
		case StartEvent:
			n := b.node()
			n.Type, n.Atom, n.Tag, n.Start, n.End = Element, e.Atom, e.Tag, int32(e.Start), int32(e.End)
			if a := b.attrs(src[e.Start:e.End]); len(a) > 0 {
				n.attrs, n.nattr = &a[0], uint16(min(len(a), maxAttrs))
			}
			attach(n)
			stack = append(stack, n)
			if len(stack)-1 <= maxDepth {
				begin = append(begin, len(kids))
			} else {
				flattened++
			}
		case EndEvent:
			d := len(stack) - 1
			n := stack[d]
			if d <= maxDepth {
				n.End = int32(e.End)
				at := begin[d]
				n.Children = b.children(kids[at:])
				clear(kids[at:])
				kids = kids[:at]
				begin = begin[:d]
			}
			stack = stack[:d]
		case TextEvent:
			if cfg.dropSpace && isSpace(src[e.Start:e.End]) {
				continue
			}
			var text string
			if dropsNUL(e, src[e.Start:e.End], stack[len(stack)-1]) {
				if text = decodeWithoutNULs(src[e.Start:e.End]); text == "" {
					continue
				}
			} else {
				text = sc.Text(e)
			}
			n := b.node()
			n.Type, n.Tag, n.Start, n.End = Text, "#text", int32(e.Start), int32(e.End)
			n.Text = text
			attach(n)
		case CommentEvent:
			n := b.node()
			n.Type, n.Tag, n.Start, n.End = Comment, "#comment", int32(e.Start), int32(e.End)
			n.Text = sc.Text(e)
			attach(n)
		}
	}
	root.Children = b.children(kids)
	if cfg.flattened != nil {
		*cfg.flattened = flattened
	}
	return root
}

// dropsNUL reports whether the tree drops the NUL bytes of a text event under parent, as
// the HTML standard's tree builder does in HTML content; raw text, a title's or a
// textarea's text and svg's or math's keep them as U+FFFD, as the tokenizer reads them.
func dropsNUL(e *Event, raw string, parent *Node) bool {
	if e.Raw || e.Foreign || parent.Atom == atom.Title || parent.Atom == atom.Textarea {
		return false
	}
	return strings.IndexByte(raw, 0) >= 0
}

// decodeWithoutNULs decodes HTML text as the tree reads it: its NULs dropped, after each
// byte of it that is not UTF-8 was read as U+FFFD (a browser decodes the bytes first:
// "\xdc\x00\xaa" is two U+FFFD, not the character "\xdc\xaa" makes once the NUL is gone)
// and after its character references were read, which a NUL ends ("&#X\x000" is "&#X0",
// not U+FFFD).
func decodeWithoutNULs(raw string) string {
	var b strings.Builder
	b.Grow(len(raw))
	for _, r := range raw { // an invalid byte ranges as U+FFFD, one a byte
		b.WriteRune(r)
	}
	parts := strings.Split(b.String(), "\x00")
	for k, p := range parts {
		parts[k] = decodeText(p, false)
	}
	return strings.Join(parts, "")
}

// EstimateNodes returns about how many nodes a page has, for presizing
// structures built from a large one: the number of tag starts ('<' followed
// by a letter, '/' or '!'; a page has about one node per tag, start and end
// tags counted, less where text is only white space: 0.43 to 0.96 of them
// on the evaluation pages), at most len(src)/16 + 1, so that a page of stray
// '<' reserves little. It reads src once, without allocating.
func EstimateNodes(src string) int {
	n := 0
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '<')
		if j < 0 || i+j+1 >= len(src) {
			break
		}
		i += j + 1
		if c := src[i] | 0x20; 'a' <= c && c <= 'z' || src[i] == '/' || src[i] == '!' {
			n++
		}
	}
	return min(n, len(src)/16) + 1
}

// collectAbove is the source size from which Parse runs the collector first.
const collectAbove = 16 << 20

// builder allocates nodes, child lists and attributes in slabs.
type builder struct {
	nodes []Node
	refs  []*Node
	attrv []Attr
}

func (b *builder) node() *Node {
	if len(b.nodes) == cap(b.nodes) {
		b.nodes = make([]Node, 0, 256)
	}
	b.nodes = b.nodes[:len(b.nodes)+1]
	return &b.nodes[len(b.nodes)-1]
}

func (b *builder) children(k []*Node) []*Node {
	if len(k) == 0 {
		return nil
	}
	if cap(b.refs)-len(b.refs) < len(k) {
		b.refs = make([]*Node, 0, max(len(k), 1024))
	}
	at := len(b.refs)
	b.refs = append(b.refs, k...)
	return b.refs[at : at+len(k) : at+len(k)]
}

// attrs parses the attributes of a start tag.
func (b *builder) attrs(tag string) []Attr {
	if len(b.attrv) > cap(b.attrv)-32 {
		b.attrv = make([]Attr, 0, 512)
	}
	at := len(b.attrv)
	b.attrv = appendAttrs(b.attrv, tag)
	if len(b.attrv) == at {
		return nil
	}
	return b.attrv[at:len(b.attrv):len(b.attrv)]
}

// ParseAttrs returns the attributes of a start tag given as its source
// (from '<' to '>'), as Parse reads them.
func ParseAttrs(tag string) []Attr { return appendAttrs(nil, tag) }

func isTagSpace(c byte) bool { return tagClass[c]&tcSpace != 0 }

// tagClass sorts the bytes that end a tag's name, attribute key or unquoted value: white
// space, '/', '>' and '='. One table lookup a byte instead of up to eight comparisons, in the
// loops that read every byte of every tag.
var tagClass = func() (t [256]uint8) {
	for _, c := range []byte(" \n\r\t\f") {
		t[c] |= tcSpace
	}
	t['/'] |= tcSlash
	t['>'] |= tcGT
	t['='] |= tcEq
	return t
}()

const (
	tcSpace = 1 << iota
	tcSlash
	tcGT
	tcEq
)

// appendAttrs appends the attributes of the start tag source tag to dst,
// reading them as the x/net/html tokenizer does.
func appendAttrs(dst []Attr, tag string) []Attr {
	first := len(dst)
	var names [16]string // the keys of the first attributes kept, as they are compared
	var seen map[string]bool
	i := 1
	for i < len(tag) && tagClass[tag[i]]&(tcSpace|tcSlash|tcGT) == 0 {
		i++
	}
	for i < len(tag) {
		c := tag[i]
		if isTagSpace(c) || c == '/' {
			i++
			continue
		}
		if c == '>' {
			break
		}
		// key; a leading '=' is part of it
		k := i
		i++
		for i < len(tag) && tagClass[tag[i]] == 0 {
			i++
		}
		key := tag[k:i]
		for i < len(tag) && isTagSpace(tag[i]) {
			i++
		}
		val := ""
		if i < len(tag) && tag[i] == '=' {
			i++
			for i < len(tag) && isTagSpace(tag[i]) {
				i++
			}
			if i < len(tag) {
				switch q := tag[i]; q {
				case '"', '\'':
					i++
					v := i
					if k := strings.IndexByte(tag[i:], q); k >= 0 {
						i += k
					} else {
						i = len(tag)
					}
					val = tag[v:i]
					if i < len(tag) {
						i++
					}
				case '>':
				default:
					v := i
					for i < len(tag) && tagClass[tag[i]]&(tcSpace|tcGT) == 0 {
						i++
					}
					val = tag[v:i]
				}
			}
		}
		// x/net/html compares keys with their ASCII letters in lower case and nothing else
		// changed (a NUL is still a NUL, "É" still "É"), and writes a NUL of the key kept
		// as U+FFFD.
		key = asciiLower(key)
		if len(dst)-first < len(names) {
			dup := false
			for _, k := range names[:len(dst)-first] {
				if k == key {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			names[len(dst)-first] = key
		} else {
			// Many attributes: a set keeps this linear.
			if seen == nil {
				seen = make(map[string]bool, 32)
				for _, k := range names {
					seen[k] = true
				}
			}
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		if strings.IndexByte(key, 0) >= 0 {
			key = strings.ReplaceAll(key, "\x00", "\ufffd")
		}
		if needsDecoding(val) {
			// As x/net/html: line ends and NULs first, so that "&#13;" stays a CR.
			val = unescapeAttr(decodeText(val, true))
		}
		dst = append(dst, Attr{Key: key, Val: val})
	}
	return dst
}

// unescapeAttr decodes the character references of an attribute value as the HTML standard
// reads them there (attrReference).
func unescapeAttr(v string) string { return ReplaceReferences(v, attrReference) }

// ReplaceReferences returns s with each character reference replaced by its text: at each
// '&', decode reads the reference s holds from there and returns its text and the bytes it
// read ("&" and 1 where no reference begins). The decoders differ by where the text stands
// (an attribute's value here, a page's text in lib/htmltext); the walk is this one.
func ReplaceReferences(s string, decode func(ref string) (text string, n int)) string {
	i := strings.IndexByte(s, '&')
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i >= 0 {
		b.WriteString(s[:i])
		text, n := decode(s[i:])
		b.WriteString(text)
		s = s[i+n:]
		i = strings.IndexByte(s, '&')
	}
	b.WriteString(s)
	return b.String()
}

// attrReference decodes the character reference at the start of s (s[0] == '&') as the HTML
// standard reads one in an attribute's value: a named reference only when its whole name,
// letters and digits up to the first other character, is one ("&copy;", "&copy" before a
// space), and not one without its ';' followed by '=', so that the parameters of an address
// ("?a=1&section=2", "&copy=3") keep their names (in text, "&sect" of "&section" is "§").
// Numeric references read as in text. It returns the text and the bytes read.
func attrReference(s string) (string, int) {
	n := referenceEnd(s)
	ref := s[:n]
	named := n > 1 && ref[1] != '#'
	if n == 1 || named && ref[n-1] != ';' && n < len(s) && s[n] == '=' { // "&", "&b=2"
		return "&", 1
	}
	dec := html.UnescapeString(ref) // as in text: a name's longest prefix that is one
	// Where only a prefix of the name is one, the rest of the name follows its value.
	prefix := false
	if named && ref[n-1] == ';' {
		prefix = len(dec) >= 2 && dec[len(dec)-1] == ';' && isASCIIAlnum(dec[len(dec)-2])
	} else if named {
		prefix = isASCIIAlnum(dec[len(dec)-1])
	}
	if dec == ref || prefix {
		return "&", 1
	}
	return dec, n
}

// referenceEnd returns the length of the character reference s begins with (s[0] == '&'):
// "&#" or "&#x" and its digits, or '&' and its letters and digits, each with the ';' after
// them; 1 when neither follows the '&'.
func referenceEnd(s string) int {
	i := 1
	digit := isASCIIAlnum
	if i < len(s) && s[i] == '#' {
		i++
		digit = func(c byte) bool { return '0' <= c && c <= '9' }
		if i < len(s) && (s[i] == 'x' || s[i] == 'X') {
			i++
			digit = func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f' }
		}
	}
	start := i
	for i < len(s) && digit(s[i]) {
		i++
	}
	if i == start {
		return 1
	}
	if i < len(s) && s[i] == ';' {
		i++
	}
	return i
}

func isASCIIAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z'
}

// asciiLower returns s with its ASCII capitals in lower case and every other byte as it is
// (as x/net/html lowers tag and attribute names: not "É", not a byte of invalid UTF-8),
// without allocating when it has none.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; 'A' <= c && c <= 'Z' {
					b[j] = c + 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// needsDecoding reports whether an attribute value holds '&', '\r' or NUL.
func needsDecoding(v string) bool {
	if len(v) > 32 { // a long value (a URL, a srcset, a style): the library's vector scans
		return strings.IndexByte(v, '&') >= 0 || strings.IndexByte(v, '\r') >= 0 || strings.IndexByte(v, 0) >= 0
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c <= '&' && (c == '&' || c == '\r' || c == 0) {
			return true
		}
	}
	return false
}
