package content

import (
	"cmp"
	"iter"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/mojibake"
	"github.com/chaffkit/chaff/lib/words"
	"golang.org/x/net/html/atom"
)

// Flags say where a block stands: the kinds of elements around it.
type Flags uint32

// The context flags of a block.
const (
	InNav        Flags = 1 << iota // inside nav or role=navigation
	InHeader                       // inside header or role=banner
	InFooter                       // inside footer or role=contentinfo
	InAside                        // inside aside or role=complementary
	InArticle                      // inside article or role=article
	InMain                         // inside main or role=main
	InForm                         // inside form
	InButton                       // inside button, or role=button
	InListItem                     // inside li
	InTableCell                    // inside td or th
	InPre                          // inside pre
	InCode                         // inside code, kbd or samp
	InQuote                        // inside blockquote or q
	InFigure                       // inside figure or figcaption
	InHidden                       // inside an element hidden by the hidden attribute or an inline style
	InNoscript                     // inside noscript (parsed as the page a reader without scripts sees)
	InLabel                        // inside label, legend or option
	InDefinition                   // inside dt or dd
	InAddress                      // inside address
	InTime                         // the block holds a time element
	InAriaHidden                   // inside aria-hidden="true"
	InDialog                       // inside dialog or role=dialog/alertdialog
	InSummary                      // inside summary or details
	InMenu                         // inside menu or role=menu/menubar/tablist
	InSection                      // inside section
	InStrong                       // the whole block is bold or emphasised

	// inBold and inItalic are the walk's own, never a block's: the inline markup around a
	// text node (InlineSpans).
	inBold   // inside b or strong
	inItalic // inside i or em
)

// inlineFlags are the flags of the walk alone (a block's Flags never hold them).
const inlineFlags = inBold | inItalic

// Inline is a kind of inline markup in a block's text (InlineSpans).
type Inline uint8

const (
	Code   Inline = iota // code, kbd or samp outside pre: a name, a command, a key
	Bold                 // b or strong
	Italic               // i or em
	Link                 // a (ResolveLink says where it leads, if anywhere)
	numInline
)

// An InlineSpan is a byte span of a block's text set with inline markup of one kind.
type InlineSpan struct {
	Start, End int32
	Kind       Inline
	Node       *dom.Node // the a element of a Link (ResolveLink gives its address)
}

// An Element is one element of the page as the content model sees it: its place in the tree
// and the sums over its subtree, built by Segment.
type Element struct {
	Node   *dom.Node
	Parent int32    // index of the parent element, -1 for the root
	Depth  int16    // 0 for the root
	tokens [2]int32 // its class/id token hashes: Page.tokens[tokens[0]:tokens[1]]
	// Sums over the subtree.
	Words, LinkWords, Blocks, Elements int32
	Runes                              int32
	FirstBlock, LastBlock              int32 // the blocks of the subtree: [FirstBlock, LastBlock)
	// Sig is the element's shape: tag and class tokens, for finding repeated siblings.
	Sig uint64
	// group numbers the element's siblings of its shape (same parent, same Sig): Page.numGroups
	// groups, -1 for the root.
	group int32
}

// A Block is one line a reader sees: a run of text between block boundaries (a paragraph,
// a heading, a list item, a table cell, a link in a menu ...).
type Block struct {
	Owner      int32 // index of the innermost block-level element around the run
	Start, End int32 // byte span of the run in the page (noscript content: in its raw text)
	Text       string
	words.Stats
	LinkRunes int32 // runes of the text inside links
	Links     int16 // links that start in the block
	Heading   int8  // 1-6 inside h1-h6, else 0
	Flags     Flags
	// Ranges are the byte spans of the text nodes of the block, for matching other
	// evidence (a site model's template spans) against it.
	Ranges [][2]int32
}

// Page is a page segmented into blocks, with its elements.
type Page struct {
	Src      string
	Blocks   []Block
	Elements []Element
	Title    string // the document's <title>
	tokens   []uint32
	Meta     Meta
	// URL is the page's address when the caller knows it; the model reads the words of its
	// path (else of the page's canonical link or og:url). Set it before scoring.
	URL  string
	addr *addressInfo // read from the address when first asked for
	// title is TitleBlocks' answer, found when first asked for (Select or Join, then
	// BestTitle, ask for it).
	title *[2]int
	// labelCache is labels' answer, found from the tree when first asked for (NewExample asks
	// before it drops the nodes).
	labelCache *labelled
	// rootTokens are the class and id tokens of the html element; bodyWords the page words
	// of those and the body's.
	rootTokens []uint32
	bodyWords  []uint64
	textWords  []uint64 // textHashes
	numGroups  int      // groups of same-shape siblings (Element.group)
	// inlineBlocks[k] is the block of inlineSpans[k] (InlineSpans), in the blocks' order.
	inlineBlocks []int32
	inlineSpans  []InlineSpan
	images       []Image  // the images between blocks (WithImages), in the page's order
	linkBase     *url.URL // what resolve resolves against, found when first asked for
	linkBaseSet  bool
}

// ResolveLink returns the address that link a (a Link span's Node) leads to: its href read
// against the page's <base href>, itself read against the page's address (URL, else its
// canonical link or og:url); "" for a link to a place in the page itself ("#top") and when
// the href gives no http(s) address (a script, a mailto: link, a relative link of a page
// whose address is not known).
func (p *Page) ResolveLink(a *dom.Node) string {
	href := strings.TrimSpace(a.Attr("href"))
	if strings.HasPrefix(href, "#") {
		return "" // a place in the page itself
	}
	return p.resolve(href)
}

// resolve reads address ref against the page's <base href>, itself read against the page's
// address; "" when that gives no http(s) address.
func (p *Page) resolve(ref string) string {
	if !p.linkBaseSet {
		p.linkBaseSet = true
		p.linkBase, _ = p.webAddress()
		if b := webURL(absURL(p.linkBase, p.Meta.Base)); b != nil {
			p.linkBase = b
		}
	}
	return absURL(p.linkBase, ref)
}

// InlineSpans returns the spans of block i's text that the page sets as inline code, bold,
// italic or, when Segment was asked for them (WithLinks), as links, for lib/markdown. Each is
// the text of a run of text nodes inside such elements with nothing between them but white
// space (PostgreSQL's synopses nest code in code, a prompt's code and its command's stand
// side by side; a link's run is one a element's), spaces at either end left out. They come
// by start, the longer first where two start together, code last where two are one span
// (code holds no other markup). The spans of well-formed markup nest; runs of two kinds may
// cross.
func (p *Page) InlineSpans(i int) []InlineSpan {
	from, to := blockRun(len(p.inlineBlocks), func(k int) int32 { return p.inlineBlocks[k] }, i)
	return p.inlineSpans[from:to:to]
}

// blockRun returns the entries [from, to) of block i in n entries kept in the blocks' order,
// entry k's block being block(k) (InlineSpans, ImagesBefore).
func blockRun(n int, block func(k int) int32, i int) (from, to int) {
	from = sort.Search(n, func(k int) bool { return block(k) >= int32(i) })
	to = from
	for to < n && block(to) == int32(i) {
		to++
	}
	return from, to
}

// segmenter walks a tree into blocks.
type segmenter struct {
	p           *Page
	line        htmltext.Line
	open        bool      // a block is being written
	from        int       // where the open block's text starts in line
	cur         Block     // the open block
	link        int       // depth inside a
	newLink     bool      // a link was opened and has had no text yet
	last        int       // where the open block's last text ended in the source
	lastText    string    // that text
	lastA       *dom.Node // the a element the open block's last text was in, if any
	strongRunes int32
	texts       []blockText // of each block, until end
	// ranges holds the Ranges of all blocks, one after the other (each block's a part of
	// it, not a slice of its own); the open block's start at rangesFrom.
	ranges     [][2]int32
	rangesFrom int
	// runs are the open runs of text of each kind of inline markup (Inline), spans of line
	// (End 0: none); spans the open block's closed ones, in line's offsets.
	runs   [numInline]InlineSpan
	spans  []InlineSpan
	a      *dom.Node // the a element the walk is in, if any
	links  bool      // note Link spans (WithLinks)
	images bool      // note images (WithImages)
}

// frame is an open element during the walk.
type frame struct {
	n     *dom.Node
	elem  int32
	flags Flags
	head  int8
	link  bool
	next  int // index of the next child to visit
}

// A SegmentOption asks Segment for more than every caller needs.
type SegmentOption func(*segmenter)

// WithLinks has Segment note the links of each block's text (Link spans of InlineSpans), for
// a writer that writes them: a page has many (its menus), and only such a writer reads them.
func WithLinks() SegmentOption { return func(s *segmenter) { s.links = true } }

// Segment walks the tree of src (dom.Parse) into blocks and elements. The walk starts at
// the body (the whole document when there is none); noscript content that holds markup is
// parsed and walked as part of the page (flag InNoscript).
func Segment(src string, root *dom.Node, opts ...SegmentOption) *Page {
	p := &Page{Src: src}
	s := &segmenter{p: p}
	for _, o := range opts {
		o(s)
	}
	p.Meta = readMeta(root)
	p.Title = p.Meta.DocTitle
	body := root.Body()
	if body.Parent != nil && body.Parent.Atom == atom.Html {
		p.rootTokens, _ = appendTokens(nil, body.Parent)
	}
	elems, allTexts, texts, textBytes := bodySize(body)
	p.Elements = make([]Element, 0, elems)
	p.Blocks = make([]Block, 0, texts)
	s.texts = make([]blockText, 0, texts)
	s.ranges = make([][2]int32, 0, allTexts)
	s.line.Grow(textBytes + texts)
	s.walk(body, -1, 0, 0)
	s.end()
	// Subtree sums, children before parents (elements are in pre-order).
	for i := len(p.Elements) - 1; i > 0; i-- {
		e := &p.Elements[i]
		if e.Parent >= 0 {
			q := &p.Elements[e.Parent]
			q.Words += e.Words
			q.LinkWords += e.LinkWords
			q.Blocks += e.Blocks
			q.Elements += e.Elements
			q.Runes += e.Runes
		}
	}
	p.setGroups()
	return p
}

// setGroups numbers the groups of same-shape siblings (same parent, same Sig) in the order of
// their first element and sets each element's group (the root's -1), so that the
// repeated-item features (repeats, groupScores) sum over a group in a slice: a map lookup per
// element and ancestor was a tenth of the content step. The numbers come from an
// open-addressing table of each group's first element, probed from Sig (already a hash)
// mixed with the parent; a slot matches an element of the same parent and Sig only, so
// distinct groups never merge.
func (p *Page) setGroups() {
	es := p.Elements
	size := 16
	for size < 2*len(es) {
		size *= 2
	}
	table := make([]int32, size) // a group's first element + 1; 0: an empty slot
	mask := uint64(size - 1)
	n := int32(0)
	for i := range es {
		if i == 0 {
			es[i].group = -1
			continue
		}
		e := &es[i]
		h := (e.Sig ^ uint64(uint32(e.Parent))*0x9E3779B97F4A7C15) & mask
		for {
			first := table[h] - 1
			if first < 0 {
				table[h] = int32(i) + 1
				e.group = n
				n++
				break
			}
			if f := &es[first]; f.Sig == e.Sig && f.Parent == e.Parent {
				e.group = f.group
				break
			}
			h = (h + 1) & mask
		}
	}
	p.numGroups = int(n)
}

// bodySize returns the elements the walk from root will visit (noscript content aside), their
// text nodes (at most the blocks' Ranges), the text nodes that are not blank and their bytes:
// at most the walk's blocks (a block opens on such a node) and about the bytes of their text. Segment sizes its slices with them
// rather than growing them block by block (growing them was a quarter of segmenting).
func bodySize(root *dom.Node) (elems, allTexts, texts, textBytes int) {
	stack := []*dom.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		elems++
		for _, c := range n.Children {
			switch c.Type {
			case dom.Text:
				allTexts++
				if !isBlank(c.Text) { // a block opens on text that is not blank
					texts++
					textBytes += len(c.Text)
				}
			case dom.Element:
				if !dom.IsHidden(c.Atom) && c.Atom != atom.Br && c.Atom != atom.Hr {
					stack = append(stack, c)
				}
			}
		}
	}
	return elems, allTexts, texts, textBytes
}

// walk visits n's subtree iteratively.
func (s *segmenter) walk(root *dom.Node, parent int32, flags Flags, shift int32) {
	stack := []frame{}
	push := func(n *dom.Node, parent int32, fl Flags, head int8) {
		idx := int32(len(s.p.Elements))
		var depth int16
		if parent >= 0 {
			depth = s.p.Elements[parent].Depth + 1
		}
		e := Element{Node: n, Parent: parent, Depth: depth, FirstBlock: int32(len(s.p.Blocks)), Elements: 1}
		e.tokens[0] = int32(len(s.p.tokens))
		var cls string
		s.p.tokens, cls = appendTokens(s.p.tokens, n)
		e.tokens[1] = int32(len(s.p.tokens))
		e.Sig = signature(n, cls)
		s.p.Elements = append(s.p.Elements, e)
		isLink := n.Atom == atom.A
		if isLink {
			s.link++
			s.newLink = true
			s.a = n
		}
		stack = append(stack, frame{n: n, elem: idx, flags: fl, head: head, link: isLink})
	}
	push(root, parent, flags|flagsOf(root), headingOf(root, 0))
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		n := top.n
		if top.next == 0 && n.Type == dom.Element && dom.IsBlock(n.Atom) {
			s.boundary()
		}
		if top.next >= len(n.Children) {
			if n.Type == dom.Element && dom.IsBlock(n.Atom) {
				s.boundary()
			}
			if top.link {
				s.link--
				if s.a == n {
					s.a = nil
				}
			}
			e := &s.p.Elements[top.elem]
			e.LastBlock = int32(len(s.p.Blocks))
			if s.open {
				e.LastBlock++ // the open block holds text of this element
			}
			stack = stack[:len(stack)-1]
			continue
		}
		c := n.Children[top.next]
		top.next++
		switch c.Type {
		case dom.Text:
			s.text(c, top, shift)
		case dom.Element:
			if dom.IsHidden(c.Atom) {
				if c.Atom == atom.Noscript {
					s.noscript(c, top)
				}
				continue
			}
			if c.Atom == atom.Br || c.Atom == atom.Hr {
				s.boundary()
				continue
			}
			if c.Atom == atom.A && isPermalink(c) {
				continue
			}
			if c.Atom == atom.Time && s.open {
				s.cur.Flags |= InTime
			}
			if c.Atom == atom.Img && s.images && !s.open {
				s.image(c, top.flags|flagsOf(c))
			}
			push(c, top.elem, top.flags|flagsOf(c), headingOf(c, top.head))
		}
	}
}

// isPermalink reports whether a is a section's permalink: a link to a fragment whose only
// text is one symbol, as documentation generators put after each heading (Sphinx and MkDocs
// "¶", rustdoc "§", Hugo "#"). A reader does not read it as text, and a heading that kept it
// gave titles such as "Logging HOWTO¶".
func isPermalink(a *dom.Node) bool {
	if len(a.Children) != 1 || a.Children[0].Type != dom.Text || len(a.Children[0].Text) > 16 {
		return false
	}
	t := strings.Trim(a.Children[0].Text, " \t\n\r\u00a0\u200b")
	r, size := utf8.DecodeRuneInString(t)
	if size == 0 || size != len(t) || !unicode.IsSymbol(r) && !unicode.IsPunct(r) {
		return false
	}
	return strings.Contains(a.Attr("href"), "#")
}

// noscript parses the content of a noscript element that holds markup and walks it as
// part of the page: what a reader without scripts sees (a Discourse forum, say, puts the
// whole thread there).
func (s *segmenter) noscript(n *dom.Node, f *frame) {
	if len(n.Children) != 1 || n.Children[0].Type != dom.Text {
		return
	}
	t := n.Children[0]
	if len(t.Text) < 100 || !strings.Contains(t.Text, "<p") && !strings.Contains(t.Text, "<div") && !strings.Contains(t.Text, "<article") {
		return
	}
	sub := dom.Parse(t.Text, dom.MaxDepth(dom.DefaultMaxDepth))
	s.boundary()
	s.walk(sub.Body(), f.elem, f.flags|InNoscript, t.Start)
	s.boundary()
}

// text adds a text node to the open block, opening one if needed.
func (s *segmenter) text(t *dom.Node, f *frame, shift int32) {
	if !s.open {
		if isBlank(t.Text) {
			return
		}
		s.open = true
		s.line.Break()
		s.from = s.line.Len()
		s.cur = Block{Owner: f.elem, Start: t.Start + shift, Heading: f.head, Flags: f.flags &^ inlineFlags}
		s.rangesFrom = len(s.ranges)
		if s.cur.Owner >= 0 {
			s.cur.Owner = blockOwner(s.p.Elements, f.elem)
		}
	}
	if s.last > 0 && int(t.Start+shift) > s.last {
		space, apart := readGap(s.p.Src, s.last, int(t.Start+shift))
		if space || apart && f.flags&(InPre|InCode) == 0 && itemsMeet(s.line.Bytes(), t.Text, twoLinks(s.lastA, s.a)) &&
			twoRunesOrMore(s.lastText) && twoRunesOrMore(t.Text) {
			// white space between inline elements, whether or not the tree kept it, or two
			// items side by side: "Machine Learning</a><a>Developer Tools"
			s.line.Space()
		}
	}
	// A text node that shows it is UTF-8 read as Latin-1 or Windows-1252 (a comment section
	// or a headline feed encoded twice on a page that is otherwise right) is decoded again.
	text, _ := mojibake.RepairMarked(t.Text)
	s.last, s.lastText, s.lastA = int(t.End+shift), text, s.a
	before := s.line.Len()
	s.line.Write(text)
	s.cur.End = t.End + shift
	s.ranges = append(s.ranges, [2]int32{t.Start + shift, t.End + shift})
	if s.line.Len() > before {
		written := s.line.Bytes()[before:]
		r := int32(runeCount(written))
		if s.link > 0 {
			s.cur.LinkRunes += r
			if s.newLink {
				s.cur.Links++
				s.newLink = false
			}
		}
		if f.n.Atom == atom.B || f.n.Atom == atom.Strong || f.n.Atom == atom.Em {
			s.strongRunes += r
		}
		s.inline(f.flags, int32(before), int32(s.line.Len()))
	}
	s.cur.Flags |= f.flags & (InHidden | InAriaHidden)
}

// boundary ends the open block.
func (s *segmenter) boundary() {
	if !s.open {
		return
	}
	s.open, s.last, s.lastText, s.lastA = false, 0, "", nil
	b := s.cur
	txt := s.line.Bytes()[s.from:]
	for len(txt) > 0 && (txt[0] == '\n' || txt[0] == ' ') {
		txt = txt[1:]
	}
	end := s.line.Len()
	s.closeInline(txt, end-len(txt)) // none for a block of no text
	if len(txt) == 0 {
		s.ranges = s.ranges[:s.rangesFrom]
		return
	}
	b.Ranges = s.ranges[s.rangesFrom:len(s.ranges):len(s.ranges)] // full: an append copies
	s.texts = append(s.texts, blockText{start: end - len(txt), end: end, strongRunes: s.strongRunes})
	s.strongRunes = 0
	s.line.Break()
	s.p.Blocks = append(s.p.Blocks, b)
}

// inline goes on with the runs of inline markup for text written at line[start:end] inside
// the elements that flags and the walk's link say: a run of each kind the text is in goes on
// (a link's only within the same a element) or begins, one of each other kind ends.
func (s *segmenter) inline(flags Flags, start, end int32) {
	in := [numInline]bool{Code: flags&(InCode|InPre) == InCode, Bold: flags&inBold != 0, Italic: flags&inItalic != 0, Link: s.links && s.a != nil}
	for k := range numInline {
		var node *dom.Node
		if k == Link && s.links {
			node = s.a
		}
		r := &s.runs[k]
		if r.End > 0 && (!in[k] || r.Node != node) {
			s.spans = append(s.spans, *r)
			*r = InlineSpan{}
		}
		switch {
		case in[k] && r.End > 0:
			r.End = end
		case in[k]:
			*r = InlineSpan{Start: start, End: end, Kind: k, Node: node}
		}
	}
}

// closeInline gives the block being closed, whose text txt starts at line offset at, its
// inline spans (InlineSpans), in its text's offsets.
func (s *segmenter) closeInline(txt []byte, at int) {
	for _, r := range s.runs {
		if r.End > 0 {
			s.spans = append(s.spans, r)
		}
	}
	s.runs = [numInline]InlineSpan{}
	if len(s.spans) == 0 {
		return
	}
	first := len(s.p.inlineSpans)
	for _, sp := range s.spans {
		a, b := max(int(sp.Start)-at, 0), min(int(sp.End)-at, len(txt))
		for a < b && txt[a] == ' ' {
			a++
		}
		for b > a && txt[b-1] == ' ' {
			b--
		}
		if a < b {
			sp.Start, sp.End = int32(a), int32(b)
			s.p.inlineBlocks = append(s.p.inlineBlocks, int32(len(s.p.Blocks)))
			s.p.inlineSpans = append(s.p.inlineSpans, sp)
		}
	}
	slices.SortStableFunc(s.p.inlineSpans[first:], func(x, y InlineSpan) int {
		switch {
		case x.Start != y.Start:
			return int(x.Start - y.Start)
		case x.End != y.End:
			return int(y.End - x.End)
		}
		return cmp.Compare(b2f(x.Kind == Code), b2f(y.Kind == Code)) // code inside the others: it holds none
	})
	s.spans = s.spans[:0]
}

// blockText is where a block's text lies in the segmenter's line, and the runes of it in
// bold or emphasis, until end gives the blocks their text.
type blockText struct {
	start, end  int
	strongRunes int32
}

// end ends the open block and gives every block its text, a part of one string of the
// page's lines (one allocation, not one a block), and its counts: its Stats, the InStrong
// flag, and its words, runes and links counted in its owner (and in the owner's ancestors
// by Segment's sums).
func (s *segmenter) end() {
	s.boundary()
	all := s.line.String()
	for i := range s.p.Blocks {
		b, t := &s.p.Blocks[i], s.texts[i]
		b.Text = all[t.start:t.end]
		b.Stats = words.Measure(b.Text)
		if t.strongRunes*10 >= int32(b.Runes)*9 && b.Runes > 0 {
			b.Flags |= InStrong
		}
		e := &s.p.Elements[b.Owner]
		e.Words += int32(b.Words)
		e.Runes += int32(b.Runes)
		if b.Runes > 0 {
			e.LinkWords += int32(int64(b.Words) * int64(b.LinkRunes) / int64(b.Runes))
		}
		e.Blocks++
	}
}

// readGap reads the source between two text nodes of a block, src[a:b]. space: it holds
// white space outside tags, text that a tree without white-space-only text nodes
// (dom.DropSpaceText) leaves out, but that separates words (a gap too long to read, a
// comment or a script, separates too). apart: it closes an element and then opens one, so
// the texts are in elements side by side ("<a class=tag>Machine Learning</a><a
// class=tag>Developer Tools</a>", a brand's span and a product's name), which a page's style
// sets apart as items, chips or lines, and a reader reads as two; only a tag opened
// ("un<em>believ") or only closed ("believ</em>able") is one word styled.
func readGap(src string, a, b int) (space, apart bool) {
	if b > len(src) || b-a > 4096 {
		return true, false
	}
	inTag, closed := false, false
	for i := a; i < b; i++ {
		switch c := src[i]; {
		case c == '<':
			inTag = true
			if i+1 < b {
				n := src[i+1]
				if n == '/' {
					closed = true
				} else if closed && n|0x20 >= 'a' && n|0x20 <= 'z' {
					apart = true
				}
			}
		case c == '>':
			inTag = false
		case !inTag && (c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f'):
			return true, false
		}
	}
	return false, apart
}

// twoRunesOrMore reports whether text holds two runes or more besides white space: a text
// of one letter beside another element is more often a letter set apart for its look (an
// initial, a letter of an animated word) than an item.
func twoRunesOrMore(text string) bool {
	t := strings.TrimSpace(text)
	_, n := utf8.DecodeRuneInString(t)
	return n > 0 && n < len(t)
}

// twoLinks reports whether two texts side by side are in links (a and b, the a elements
// they are in; nil for none) to two addresses: two links, and not one link an editor split
// in two ("Target Br</a><a>ands", the same href twice), whose parts make one word.
func twoLinks(a, b *dom.Node) bool {
	if a == nil || b == nil || a == b {
		return false
	}
	ha, hb := a.Attr("href"), b.Attr("href")
	return ha != "" && hb != "" && ha != hb
}

// itemsMeet reports whether the text written so far and the next, in elements side by
// side, are two items, in scripts written with spaces: in links to two addresses (links),
// whatever their letters (a tag list's chips, "Team-Based</a><a>eSports",
// "WASTE?</a><a>PRINCIPLES"); else when the next begins with a capital or a digit after a
// word character ("In Stock</span><span>Get it by Friday", "#1</span><span>Anthills",
// "31</span><span>4.5 stars"). Otherwise a lower-case start is more often the rest of one
// word ("Le</span><span>arn", an ordinal's "3</span><sup>rd"), and an unspaced script's
// characters meet without a space.
func itemsMeet(written []byte, next string, links bool) bool {
	r1, _ := utf8.DecodeLastRune(written)
	r2, _ := utf8.DecodeRuneInString(next)
	if words.StandsAlone(r1) || words.StandsAlone(r2) {
		return false
	}
	return links || words.IsWordRune(r1) && (unicode.IsUpper(r2) || unicode.IsTitle(r2) || unicode.IsDigit(r2))
}

// blockOwner returns the innermost block-level element at or above elem.
func blockOwner(es []Element, elem int32) int32 {
	for i := elem; i >= 0; i = es[i].Parent {
		n := es[i].Node
		if n.Type != dom.Element || dom.IsBlock(n.Atom) {
			return i
		}
	}
	return 0
}

func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			return false
		}
	}
	return true
}

func runeCount(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// headingOf returns the heading level in force inside n: an h1-h6, else an element whose role
// is heading (ariaLevel), else the level around it.
func headingOf(n *dom.Node, outer int8) int8 {
	switch n.Atom {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	if outer == 0 && n.Type == dom.Element && strings.EqualFold(n.Attr("role"), "heading") {
		return ariaLevel(n.Attr("aria-level"))
	}
	return outer
}

// ariaLevel is the level of an element whose role is heading: its aria-level, 1-6 (a
// deeper level is a sixth-level heading, as h6 is the last), else 2, WAI-ARIA's default
// (Steam's game name is a div with role="heading" aria-level="1").
func ariaLevel(v string) int8 {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case err != nil || n < 1:
		return 2
	case n > 6:
		return 6
	}
	return int8(n)
}

// flagsOf returns the context flags an element adds for its content.
func flagsOf(n *dom.Node) Flags {
	if n.Type != dom.Element {
		return 0
	}
	var f Flags
	switch n.Atom {
	case atom.Nav:
		f |= InNav
	case atom.Header:
		f |= InHeader
	case atom.Footer:
		f |= InFooter
	case atom.Aside:
		f |= InAside
	case atom.Article:
		f |= InArticle
	case atom.Main:
		f |= InMain
	case atom.Form:
		f |= InForm
	case atom.Button:
		f |= InButton
	case atom.Li:
		f |= InListItem
	case atom.Td, atom.Th:
		f |= InTableCell
	case atom.Pre:
		f |= InPre
	case atom.Code, atom.Kbd, atom.Samp:
		f |= InCode
	case atom.B, atom.Strong:
		f |= inBold
	case atom.I, atom.Em:
		f |= inItalic
	case atom.Blockquote, atom.Q:
		f |= InQuote
	case atom.Figure, atom.Figcaption:
		f |= InFigure
	case atom.Label, atom.Legend, atom.Option:
		f |= InLabel
	case atom.Dt, atom.Dd:
		f |= InDefinition
	case atom.Address:
		f |= InAddress
	case atom.Dialog:
		f |= InDialog
	case atom.Details, atom.Summary:
		f |= InSummary
	case atom.Menu:
		f |= InMenu
	case atom.Section:
		f |= InSection
	}
	for _, a := range n.Attrs() {
		switch a.Key {
		case "hidden":
			f |= InHidden
		case "style":
			if dom.HiddenStyle(a.Val) != "" {
				f |= InHidden
			}
		case "aria-hidden":
			if a.Val == "true" {
				f |= InAriaHidden
			}
		case "role":
			switch strings.ToLower(a.Val) {
			case "navigation":
				f |= InNav
			case "banner":
				f |= InHeader
			case "contentinfo":
				f |= InFooter
			case "complementary":
				f |= InAside
			case "article":
				f |= InArticle
			case "main":
				f |= InMain
			case "button":
				f |= InButton
			case "dialog", "alertdialog":
				f |= InDialog
			case "menu", "menubar", "tablist":
				f |= InMenu
			}
		}
	}
	return f
}

// appendTokens appends the hashes of the class and id tokens of n: each name is split at
// characters that are not letters or digits and at lower-to-upper case changes, and
// lower-cased; digits-only tokens and single letters are left out. Names of any script are
// tokens as they are. It returns n's class attribute too (for signature).
func appendTokens(dst []uint32, n *dom.Node) (_ []uint32, class string) {
	if n.Type != dom.Element {
		return dst, ""
	}
	for _, a := range n.Attrs() {
		if a.Key != "class" && a.Key != "id" {
			continue
		}
		if a.Key == "class" {
			class = a.Val
		}
		dst = splitTokens(dst, a.Val)
	}
	return dst, class
}

// allDigits reports whether w is a number: numbers are not words of a class name or a URL.
func allDigits(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

func splitTokens(dst []uint32, v string) []uint32 {
	var buf [64]byte
	for w := range classWords(v) {
		if len(w) < 2 || len(w) > 40 || allDigits(w) {
			continue
		}
		b := buf[:0]
		for i := 0; i < len(w); i++ {
			c := w[i]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
		}
		dst = append(dst, uint32(xxhash.Sum64(b)))
	}
	return dst
}

// classWords yields the words of a class or id attribute as the model's tokens part them: at
// characters that are not letters or digits (any byte of another script is a letter), and
// where a lower-case letter meets an upper-case one ("bbCodeQuote": bb, Code, Quote).
func classWords(v string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(v); i++ {
			c := v[i]
			alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
			switch {
			case !alnum:
				if start >= 0 && !yield(v[start:i]) {
					return
				}
				start = -1
			case start >= 0 && c >= 'A' && c <= 'Z' && v[i-1] >= 'a' && v[i-1] <= 'z':
				if !yield(v[start:i]) {
					return
				}
				start = i
			case start < 0:
				start = i
			}
		}
		if start >= 0 {
			yield(v[start:])
		}
	}
}

// ClassHasWord reports whether a class attribute holds word, in any case, among the words the
// model parts class names into (classWords): "bbcode_quote" and "bbCodeQuote" hold "quote",
// "quoted" does not.
func ClassHasWord(class, word string) bool {
	for w := range classWords(class) {
		if strings.EqualFold(w, word) {
			return true
		}
	}
	return false
}

// signature hashes an element's tag and class names (cls, its class attribute) with their digits left out (not its
// id, which is often unique per item): siblings with the same signature are items of one
// list (posts, cards, comments).
func signature(n *dom.Node, cls string) uint64 {
	if n.Type != dom.Element {
		return 0
	}
	var buf [128]byte
	b := append(buf[:0], n.Tag...)
	b = append(b, ' ')
	for i := 0; i < len(cls); i++ {
		if c := cls[i]; c < '0' || c > '9' {
			b = append(b, c)
		}
	}
	return xxhash.Sum64(b)
}
