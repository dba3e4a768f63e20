package dom

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// EventKind tells what an Event is.
type EventKind uint8

// The kinds of events a Scanner yields.
const (
	StartEvent   EventKind = iota + 1 // an element opens
	EndEvent                          // an element closes (every StartEvent gets one)
	TextEvent                         // text
	CommentEvent                      // a comment (also "<?...>" and "<!...>" junk)
)

// An Event is one step of the tree construction.
//
// For a StartEvent, [Start, End) is the start tag; for an EndEvent, Start is
// the element's start and End its end (see the package doc); for a text or
// comment, [Start, End) is its raw source.
type Event struct {
	Kind  EventKind
	Atom  atom.Atom // the element's atom; 0 for unknown names and for text
	Tag   string    // lower-case element name (Start and End events)
	Start int
	End   int
	// Depth is, for a Start or End event, the element's depth (1 for a
	// top-level element), and for text or a comment the depth of its parent.
	Depth int
	// Implied is set on an EndEvent whose end tag was implied (by another
	// tag, an end tag further up, or the end of input).
	Implied bool
	// Raw is set on a TextEvent holding the content of a raw-text element
	// whose text is not entity-decoded (script, style, noscript, xmp,
	// iframe, noembed, noframes, plaintext, template).
	Raw bool
	// InRawText is set on a TextEvent holding the content of any raw-text
	// element, including title and textarea (which are decoded).
	InRawText bool
	// Foreign is set on events inside svg or math (not on the svg or math
	// element itself).
	Foreign bool
}

const (
	nsHTML uint8 = iota
	nsSVG
	nsMath
)

type frame struct {
	atom    atom.Atom
	tag     string
	start   int
	flags   uint32 // flags(atom) for HTML elements, 0 for foreign ones
	ns      uint8
	foreign bool // created inside svg or math
}

// A Scanner turns HTML into a stream of tree-construction events, without
// building nodes. It is what Parse builds on. A Scanner is not safe for
// concurrent use; its zero value is not ready (use NewScanner).
type Scanner struct {
	src   string
	z     *tokenizer
	pos   int // bytes of src consumed by the tokenizer
	stack []frame
	queue []Event
	qi    int
	done  bool

	sawHTML, sawHead, sawBody bool
	head                      int   // index+1 in stack of the open head, 0 if none
	rawNext                   uint8 // the last start tag made the next token raw text: 1 raw, 2 decoded
	names                     map[string]string
	open                      [nTracked]int32 // open elements of the tracked kinds, by tracked(atom)
}

// maxScan bounds how far up the stack of open elements a search for an
// implied or explicit end looks, so that pathological nesting stays linear.
// Real pages are never that deep where it matters.
const maxScan = 512

const nTracked = 17

// tracked numbers the elements whose open count lets searches be skipped.
func tracked(a atom.Atom) int {
	switch a {
	case atom.P:
		return 1
	case atom.Li:
		return 2
	case atom.Dd:
		return 3
	case atom.Dt:
		return 4
	case atom.A:
		return 5
	case atom.Button:
		return 6
	case atom.Nobr:
		return 7
	case atom.Form:
		return 8
	case atom.Tr:
		return 9
	case atom.Td:
		return 10
	case atom.Th:
		return 11
	case atom.Tbody:
		return 12
	case atom.Thead:
		return 13
	case atom.Tfoot:
		return 14
	case atom.Caption:
		return 15
	case atom.Select:
		return 16
	}
	return 0
}

// isOpen reports whether an element of the tracked kind a may be open.
func (s *Scanner) isOpen(a atom.Atom) bool { return s.open[tracked(a)] > 0 }

// NewScanner returns a Scanner over src.
func NewScanner(src string) *Scanner {
	s := &Scanner{src: src}
	s.z = newTokenizer(src)
	return s
}

// Source returns the HTML the scanner reads.
func (s *Scanner) Source() string { return s.src }

// Next returns the next event, or false at the end of input (after the
// EndEvents of all elements still open).
func (s *Scanner) Next() (Event, bool) {
	e := s.next()
	if e == nil {
		return Event{}, false
	}
	return *e, true
}

// next is Next without the copy: the event in the scanner's queue, valid until the next
// call, or nil at the end of input. Parse reads events so (copying each was a tenth of it).
func (s *Scanner) next() *Event {
	for s.qi >= len(s.queue) {
		if s.done {
			return nil
		}
		s.queue = s.queue[:0]
		s.qi = 0
		s.step()
	}
	e := &s.queue[s.qi]
	s.qi++
	return e
}

// Text returns the decoded text of a TextEvent (entities decoded unless
// Raw, "\r\n" and "\r" as "\n", NUL as U+FFFD) or the data of a
// CommentEvent. It is a substring of the source when nothing needed decoding.
func (s *Scanner) Text(e *Event) string {
	raw := s.src[e.Start:e.End]
	if e.Kind == CommentEvent {
		return decodeText(commentData(raw), true)
	}
	return decodeText(raw, e.Raw)
}

// decodeText decodes raw source text as the tokenizer would.
func decodeText(raw string, rawText bool) string {
	if strings.IndexByte(raw, '\r') >= 0 {
		raw = strings.ReplaceAll(raw, "\r\n", "\n")
		raw = strings.ReplaceAll(raw, "\r", "\n")
	}
	if strings.IndexByte(raw, 0) >= 0 {
		raw = strings.ReplaceAll(raw, "\x00", "\ufffd")
	}
	if !rawText && strings.IndexByte(raw, '&') >= 0 {
		raw = html.UnescapeString(raw)
	}
	return raw
}

// commentData strips the markup around a comment token's data.
func commentData(raw string) string {
	if strings.HasPrefix(raw, "<!--") {
		d := raw[4:]
		switch {
		case strings.HasSuffix(d, "--!>"):
			return d[:len(d)-4]
		case strings.HasSuffix(d, "-->"):
			if len(d) < 3 {
				return ""
			}
			return d[:len(d)-3]
		case strings.HasSuffix(d, ">") && len(d) <= 2: // <!--> and <!--->
			return ""
		}
		return d
	}
	if len(raw) >= 2 {
		d := raw[2:]
		if strings.HasPrefix(raw, "<?") {
			d = raw[1:]
		}
		return strings.TrimSuffix(d, ">")
	}
	return ""
}

func (s *Scanner) emit(e Event) { s.queue = append(s.queue, e) }

// context is the namespace a new element would be created in.
func (s *Scanner) context() uint8 {
	if len(s.stack) == 0 {
		return nsHTML
	}
	top := &s.stack[len(s.stack)-1]
	switch top.ns {
	case nsSVG:
		if top.atom == atom.Foreignobject || top.atom == atom.Desc || top.atom == atom.Title {
			return nsHTML
		}
	case nsMath:
		switch top.atom {
		case atom.Mi, atom.Mo, atom.Mn, atom.Ms, atom.Mtext:
			return nsHTML
		}
	}
	return top.ns
}

func (s *Scanner) foreign() bool { return s.context() != nsHTML }

// step reads one token and queues its events (possibly none).
func (s *Scanner) step() {
	tt, end := s.z.Next()
	start := s.pos
	s.pos = end
	rawNext := s.rawNext
	s.rawNext = 0
	switch tt {
	case html.ErrorToken:
		s.finish()
	case html.TextToken:
		if rawNext == 0 && s.head > 0 && !isSpace(s.src[start:end]) {
			s.popThrough(s.head-1, start)
		}
		s.emit(Event{Kind: TextEvent, Start: start, End: end, Depth: len(s.stack),
			Raw: rawNext == 1, InRawText: rawNext != 0, Foreign: s.foreign()})
	case html.StartTagToken, html.SelfClosingTagToken:
		a, tag := s.tagName(s.src[start+1 : end])
		s.startTag(a, tag, tt == html.SelfClosingTagToken, start, end)
	case html.EndTagToken:
		a, tag := s.tagName(s.src[start+2 : end])
		s.endTag(a, tag, start, end)
	case html.CommentToken:
		s.emit(Event{Kind: CommentEvent, Start: start, End: end, Depth: len(s.stack), Foreign: s.foreign()})
	case html.DoctypeToken:
		// dropped
	}
	s.z.AllowCDATA(s.context() != nsHTML)
}

// finish closes every open element at the end of input.
func (s *Scanner) finish() {
	s.popThrough(0, s.pos)
	s.done = true
}

// tagName reads the name at the start of b (after "<" or "</") and returns
// its atom and lower-case interned name.
func (s *Scanner) tagName(b string) (atom.Atom, string) {
	n := 0
	for n < len(b) {
		c := b[n]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '/' || c == '>' {
			break
		}
		n++
	}
	if n > 32 || strings.IndexByte(b[:n], 0) >= 0 {
		// As x/net/html names it: a NUL as U+FFFD, the ASCII capitals in lower case.
		name := asciiLower(strings.ReplaceAll(b[:n], "\x00", "\ufffd"))
		return atom.Lookup([]byte(name)), name
	}
	var buf [32]byte
	for i := 0; i < n; i++ {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	name := buf[:n]
	if a := atom.Lookup(name); a != 0 {
		return a, a.String()
	}
	if t, ok := s.names[string(name)]; ok {
		return 0, t
	}
	if s.names == nil {
		s.names = make(map[string]string)
	}
	t := string(name)
	s.names[t] = t
	return 0, t
}

func isSpace(t string) bool {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case ' ', '\n', '\r', '\t', '\f':
		default:
			return false
		}
	}
	return true
}

func (s *Scanner) top() *frame {
	if len(s.stack) == 0 {
		return nil
	}
	return &s.stack[len(s.stack)-1]
}

// pop closes the current element with end at pos.
func (s *Scanner) pop(pos int, implied bool) {
	i := len(s.stack) - 1
	f := &s.stack[i]
	s.emit(Event{Kind: EndEvent, Atom: f.atom, Tag: f.tag, Start: f.start, End: pos, Depth: i + 1,
		Implied: implied, Foreign: f.foreign})
	if s.head == i+1 {
		s.head = 0
	}
	if k := tracked(f.atom); k > 0 {
		s.open[k]--
	}
	s.stack = s.stack[:i]
}

// popThrough closes the elements at stack index i and above, implied, at pos.
func (s *Scanner) popThrough(i, pos int) {
	for len(s.stack) > i {
		s.pop(pos, true)
	}
}

func (s *Scanner) push(a atom.Atom, tag string, start, end int, ns uint8, f uint32) {
	foreign := s.foreign()
	s.stack = append(s.stack, frame{atom: a, tag: tag, start: start, flags: f, ns: ns, foreign: foreign})
	if k := tracked(a); k > 0 {
		s.open[k]++
	}
	s.emit(Event{Kind: StartEvent, Atom: a, Tag: tag, Start: start, End: end, Depth: len(s.stack), Foreign: foreign})
}

// find returns the stack index of the nearest open element matching pred
// before an element for which stop is true, or -1.
func (s *Scanner) find(match func(*frame) bool, stop func(*frame) bool) int {
	for i := len(s.stack) - 1; i >= 0 && i >= len(s.stack)-maxScan; i-- {
		f := &s.stack[i]
		if match(f) {
			return i
		}
		if stop(f) {
			return -1
		}
	}
	return -1
}

func (s *Scanner) startTag(a atom.Atom, tag string, selfClosing bool, start, end int) {
	ctx := s.context()
	if ctx != nsHTML && flags(a)&fBreakout != 0 {
		for len(s.stack) > 0 && s.context() != nsHTML {
			s.pop(start, true)
		}
		ctx = nsHTML
	}
	var f uint32
	if ctx == nsHTML {
		f = flags(a)
		switch a {
		case atom.Html:
			if s.sawHTML {
				return
			}
			s.sawHTML = true
		case atom.Head:
			if s.sawHead || s.sawBody {
				return
			}
			s.sawHead = true
		case atom.Body:
			if s.sawBody {
				return
			}
			s.sawBody = true
		}
		if s.head > 0 && f&fHeadOK == 0 {
			s.popThrough(s.head-1, start)
		}
		s.impliedEnds(a, f, start)
		if t := s.top(); a == atom.Body && t != nil && t.atom != atom.Html {
			// A body start tag inside the page's flow content (an element the head
			// cannot hold began it: agilecrm.com's div, a tracker's, a mistyped tag)
			// opens nothing, as HTML5 has it: a body nested there held only what
			// that element holds, and Body found it.
			return
		}
	}
	inTableMode := false
	if t := s.top(); t != nil && t.ns == nsHTML {
		switch t.atom {
		case atom.Table, atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr:
			inTableMode = true
		}
	}
	ns := ctx
	switch a {
	case atom.Svg:
		ns = nsSVG
	case atom.Math:
		ns = nsMath
	}
	s.push(a, tag, start, end, ns, f)
	if a == atom.Head && ctx == nsHTML {
		s.head = len(s.stack)
	}
	switch {
	case f&fVoid != 0 || a == atom.Form && inTableMode:
		// A form directly in a table is left empty, as in HTML5 (old pages
		// wrap table rows in forms).
		s.pop(end, false)
	case ctx != nsHTML:
		if flags(a)&(fRaw|fRCDATA) != 0 {
			s.z.NextIsNotRawText()
		}
		if selfClosing {
			s.pop(end, false)
		}
	case f&fRaw != 0:
		s.rawNext = 1
	case f&fRCDATA != 0:
		s.rawNext = 2
	case a == atom.Template:
		s.template(start)
	}
}

func isScopeBoundary(f *frame) bool { return f.flags&fScope != 0 }

// impliedEnds closes the elements that the start tag a implies closed.
func (s *Scanner) impliedEnds(a atom.Atom, f uint32, pos int) {
	if s.isOpen(atom.Select) {
		switch a {
		case atom.Option, atom.Optgroup, atom.Hr, atom.Script, atom.Style, atom.Template, atom.Noscript:
		default:
			// Only options belong in a select: anything else ends it, so
			// that a select left open does not swallow the page.
			if i := s.find(func(f *frame) bool { return f.atom == atom.Select && f.ns == nsHTML }, isScopeBoundary); i >= 0 {
				s.popThrough(i, pos)
			}
		}
	}
	if f&fClosesP != 0 && s.isOpen(atom.P) {
		i := s.find(func(f *frame) bool { return f.atom == atom.P && f.ns == nsHTML },
			func(f *frame) bool { return f.flags&fScope != 0 || f.atom == atom.Button })
		if i >= 0 {
			s.popThrough(i, pos)
		}
	}
	switch a {
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		if t := s.top(); t != nil && t.flags&fHeading != 0 {
			s.pop(pos, true)
		}
	case atom.Li:
		if !s.isOpen(atom.Li) {
			return
		}
		s.closeListItem(pos, func(f *frame) bool { return f.atom == atom.Li && f.ns == nsHTML })
	case atom.Dd, atom.Dt:
		if !s.isOpen(atom.Dd) && !s.isOpen(atom.Dt) {
			return
		}
		s.closeListItem(pos, func(f *frame) bool { return (f.atom == atom.Dd || f.atom == atom.Dt) && f.ns == nsHTML })
	case atom.Tr:
		s.closeTablePart(pos, func(f *frame) bool { return f.atom == atom.Tr || f.atom == atom.Td || f.atom == atom.Th },
			func(f *frame) bool {
				return f.atom == atom.Table || f.atom == atom.Tbody || f.atom == atom.Thead || f.atom == atom.Tfoot
			})
	case atom.Td, atom.Th:
		s.closeTablePart(pos, func(f *frame) bool { return f.atom == atom.Td || f.atom == atom.Th },
			func(f *frame) bool { return f.atom == atom.Table || f.atom == atom.Tr })
	case atom.Tbody, atom.Thead, atom.Tfoot:
		s.closeTablePart(pos, func(f *frame) bool {
			switch f.atom {
			case atom.Tbody, atom.Thead, atom.Tfoot, atom.Tr, atom.Td, atom.Th, atom.Caption, atom.Colgroup:
				return true
			}
			return false
		}, func(f *frame) bool { return f.atom == atom.Table })
	case atom.Option:
		if t := s.top(); t != nil && t.atom == atom.Option {
			s.pop(pos, true)
		}
	case atom.Rt, atom.Rp:
		if t := s.top(); t != nil && (t.atom == atom.Rt || t.atom == atom.Rp) {
			s.pop(pos, true)
		}
	case atom.Optgroup:
		if t := s.top(); t != nil && t.atom == atom.Option {
			s.pop(pos, true)
		}
		if t := s.top(); t != nil && t.atom == atom.Optgroup {
			s.pop(pos, true)
		}
	case atom.A, atom.Button, atom.Nobr, atom.Form:
		if !s.isOpen(a) {
			return
		}
		if i := s.find(func(f *frame) bool { return f.atom == a && f.ns == nsHTML }, isScopeBoundary); i >= 0 {
			if a == atom.Form {
				return // a nested form is ignored in HTML5; keep it as an element
			}
			s.popThrough(i, pos)
		}
	}
}

// closeListItem closes an open li (or dd/dt), looking up the stack past
// address, div and p but not past other special elements.
func (s *Scanner) closeListItem(pos int, match func(*frame) bool) {
	i := s.find(match, func(f *frame) bool {
		return f.flags&fSpecial != 0 && f.atom != atom.Address && f.atom != atom.Div && f.atom != atom.P
	})
	if i >= 0 {
		s.popThrough(i, pos)
	}
}

// closeTablePart closes the outermost element matching match found before a
// stop element (or a template or html).
func (s *Scanner) closeTablePart(pos int, match, stop func(*frame) bool) {
	if !s.isOpen(atom.Tr) && !s.isOpen(atom.Td) && !s.isOpen(atom.Th) && !s.isOpen(atom.Tbody) &&
		!s.isOpen(atom.Thead) && !s.isOpen(atom.Tfoot) && !s.isOpen(atom.Caption) {
		return
	}
	found := -1
	for i := len(s.stack) - 1; i >= 0 && i >= len(s.stack)-maxScan; i-- {
		f := &s.stack[i]
		if f.ns != nsHTML {
			continue
		}
		if stop(f) || f.atom == atom.Template || f.atom == atom.Html {
			break
		}
		if match(f) {
			found = i
		}
	}
	if found >= 0 {
		s.popThrough(found, pos)
	}
}

func (s *Scanner) endTag(a atom.Atom, tag string, start, end int) {
	switch a {
	case atom.Br:
		if s.context() == nsHTML {
			s.startTag(a, tag, false, start, end)
			return
		}
	case atom.Body, atom.Html:
		return
	}
	i := s.findEnd(a, tag)
	if i < 0 {
		return
	}
	s.popThrough(i+1, start)
	s.pop(end, false)
}

// findEnd returns the stack index of the element an end tag closes, or -1.
func (s *Scanner) findEnd(a atom.Atom, tag string) int {
	if tracked(a) > 0 && !s.isOpen(a) {
		return -1
	}
	fa := flags(a)
	for i := len(s.stack) - 1; i >= 0 && i >= len(s.stack)-maxScan; i-- {
		f := &s.stack[i]
		if f.tag == tag {
			return i
		}
		if fa&fHeading != 0 && f.flags&fHeading != 0 {
			return i
		}
		switch {
		case fa&fTablePart != 0:
			if f.atom == atom.Table || f.atom == atom.Template || f.atom == atom.Html {
				return -1
			}
		case a == atom.Li:
			if f.flags&fScope != 0 || f.atom == atom.Ol || f.atom == atom.Ul {
				return -1
			}
		case a == atom.P:
			if f.flags&fScope != 0 || f.atom == atom.Button {
				return -1
			}
		case fa&fSpecial != 0:
			if f.flags&fScope != 0 {
				return -1
			}
		default:
			if f.flags&fSpecial != 0 {
				return -1
			}
		}
	}
	return -1
}

// template reads a template's content as one raw text event up to its
// matching end tag (nested templates counted), then closes it.
func (s *Scanner) template(start int) {
	depth := 1
	from := s.pos
	for {
		tt, end := s.z.Next()
		tokStart := s.pos
		s.pos = end
		switch tt {
		case html.ErrorToken:
			if tokStart > from {
				s.emit(Event{Kind: TextEvent, Start: from, End: tokStart, Depth: len(s.stack), Raw: true, InRawText: true})
			}
			s.finish()
			return
		case html.StartTagToken:
			if a, _ := s.tagName(s.src[tokStart+1 : s.pos]); a == atom.Template {
				depth++
			}
		case html.EndTagToken:
			if a, _ := s.tagName(s.src[tokStart+2 : s.pos]); a == atom.Template {
				depth--
				if depth == 0 {
					if tokStart > from {
						s.emit(Event{Kind: TextEvent, Start: from, End: tokStart, Depth: len(s.stack), Raw: true, InRawText: true})
					}
					s.pop(s.pos, false)
					return
				}
			}
		}
	}
}
