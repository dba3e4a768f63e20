package htmltext

import (
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/mojibake"
	"golang.org/x/net/html/atom"
)

// Render returns all visible text of the page html.
func Render(html string) string {
	return render(html, nil, true)
}

// RenderSpans returns the visible text of the characters of html whose
// byte offsets fall inside the spans [start, end). Spans should be sorted
// and non-overlapping (as dom.SpansOf and dom.MergeSpans make them); others
// are sorted and merged on a copy. Offsets are clamped to the page.
func RenderSpans(html string, spans [][2]int) string {
	return render(html, normalize(spans, len(html)), false)
}

// RenderNodes returns the visible text of the given nodes of the tree
// parsed from html: RenderSpans(html, dom.SpansOf(nodes)).
func RenderNodes(html string, nodes []*dom.Node) string {
	return render(html, dom.SpansOf(nodes), false)
}

// Title returns the text of the page's first title element (outside svg),
// with whitespace normalised, or "".
func Title(html string) string {
	sc := dom.NewScanner(html)
	inTitle := 0
	for {
		e, ok := sc.Next()
		if !ok {
			return ""
		}
		switch e.Kind {
		case dom.StartEvent:
			if e.Atom == atom.Title && !e.Foreign {
				inTitle = e.Depth
			}
		case dom.EndEvent:
			if inTitle > 0 && e.Depth == inTitle {
				return ""
			}
		case dom.TextEvent:
			if inTitle > 0 && e.Depth == inTitle {
				r := renderer{}
				t := sc.Text(&e)
				r.text(t, 0, len(t), len(t), false, true)
				return r.result()
			}
		}
	}
}

// normalize returns spans clamped to [0, n], sorted and merged, copying
// only when they are not already so.
func normalize(spans [][2]int, n int) [][2]int {
	ok := true
	prev := 0
	for _, sp := range spans {
		if sp[0] < prev || sp[1] <= sp[0] || sp[1] > n {
			ok = false
			break
		}
		prev = sp[1]
	}
	if ok {
		return spans
	}
	c := make([][2]int, 0, len(spans))
	for _, sp := range spans {
		a, b := max(sp[0], 0), min(sp[1], n)
		if b > a {
			c = append(c, [2]int{a, b})
		}
	}
	return dom.MergeSpans(c)
}

// renderer accumulates lines of text.
type renderer struct {
	out     []byte
	brk     bool // a line break is due before the next character
	space   bool // a space is due before the next character
	dropped bool // visible text was dropped since the last kept character
	suspect bool // a C1 control or "€" was written since whole began its node
}

func render(html string, spans [][2]int, all bool) string {
	r := renderer{out: make([]byte, 0, outSize(html, spans, all))}
	v := visible{sc: dom.NewScanner(html), html: html}
	k := 0 // first span that may hold the current text
	for {
		ev, ok := v.next()
		if !ok {
			break
		}
		k = r.event(html, ev, spans, k, all)
	}
	return r.result()
}

// textEvent is a text of the page outside hidden elements, as render reads it: its raw
// source [start, end), whether it is raw text (not entity-decoded), and whether a block
// element started or ended since the text before it (a line break is due).
type textEvent struct {
	start, end int
	raw, brk   bool
}

// visible yields the page's text events outside hidden elements, in order: the one scan
// of a page that render makes.
type visible struct {
	sc     *dom.Scanner
	html   string
	hidden int // depth of the element hiding its content, 0 if none
}

func (v *visible) next() (textEvent, bool) {
	brk := false
	for {
		e, ok := v.sc.Next()
		if !ok {
			return textEvent{}, false
		}
		switch e.Kind {
		case dom.StartEvent:
			if v.hidden > 0 || e.Foreign {
				continue
			}
			if dom.IsHidden(e.Atom) || e.End-e.Start > len(e.Tag)+3 && e.Atom != atom.Html && e.Atom != atom.Body &&
				hasHiddenAttr(v.html[e.Start:e.End]) {
				v.hidden = e.Depth
			}
			if dom.IsBlock(e.Atom) {
				brk = true
			}
		case dom.EndEvent:
			if v.hidden > 0 {
				if e.Depth != v.hidden {
					continue
				}
				v.hidden = 0
			}
			if !e.Foreign && dom.IsBlock(e.Atom) {
				brk = true
			}
		case dom.TextEvent:
			if v.hidden > 0 {
				continue
			}
			return textEvent{start: e.Start, end: e.End, raw: e.Raw, brk: brk}, true
		}
	}
}

// event renders one text event: all of it, or the characters in spans (k is the first span
// that may hold it; the one for the next event is returned).
func (r *renderer) event(html string, ev textEvent, spans [][2]int, k int, all bool) int {
	if ev.brk {
		r.brk = true
	}
	decode := !ev.raw
	if all {
		r.whole(html[ev.start:ev.end], decode)
		return k
	}
	for k < len(spans) && spans[k][1] <= ev.start {
		k++
	}
	if k < len(spans) && spans[k][0] <= ev.start && spans[k][1] >= ev.end {
		r.whole(html[ev.start:ev.end], decode)
		return k
	}
	i, j := ev.start, k
	for i < ev.end {
		for j < len(spans) && spans[j][1] <= i {
			j++
		}
		kept := j < len(spans) && spans[j][0] <= i
		lim := ev.end
		if kept {
			lim = min(lim, spans[j][1])
		} else if j < len(spans) {
			lim = min(lim, spans[j][0])
		}
		i = r.text(html, i, lim, ev.end, decode, kept)
	}
	return k
}

// whole renders a text node kept whole, decoded again where it shows that it is UTF-8 read
// as Windows-1252 or Latin-1 (mojibake.RepairMarked of its text, references decoded:
// "isnâ€™t" and "isn&acirc;&euro;&trade;t" are "isn’t"), as the content model's blocks
// are: a comment section or a headline feed encoded twice on a page that is otherwise right.
// The node is written first as it is; only one in which writeRune met a C1 control or "€"
// (every mark holds one of them) is asked, and written again when it mends, so the texts
// of most pages cost nothing more. A node kept in part is written as it is, since its
// repair needs all of its bytes.
func (r *renderer) whole(src string, decode bool) {
	before := *r
	r.suspect = false
	r.text(src, 0, len(src), len(src), decode, true)
	if !r.suspect {
		return
	}
	text, decoded := src, false
	if decode && strings.IndexByte(src, '&') >= 0 {
		text, decoded = Unescape(src), true
	}
	if fixed, ok := mojibake.RepairMarked(text); ok {
		out := r.out[:len(before.out)]
		*r = before
		r.out = out
		r.text(fixed, 0, len(fixed), len(fixed), decode && !decoded, true)
	}
}

// hasHiddenAttr reports whether the start tag hides its element: the
// hidden attribute, or an inline style with display:none or
// visibility:hidden. Tags without those words are rejected without parsing.
func hasHiddenAttr(tag string) bool {
	if !strings.Contains(tag, "idden") && !strings.Contains(tag, "IDDEN") && !strings.Contains(tag, "none") && !strings.Contains(tag, "NONE") {
		return false
	}
	return hiddenByAttrs(dom.ParseAttrs(tag))
}

// hiddenByAttrs is hasHiddenAttr on parsed attributes.
func hiddenByAttrs(attrs []dom.Attr) bool {
	for _, a := range attrs {
		switch a.Key {
		case "hidden":
			return true
		case "style":
			if dom.HiddenStyle(a.Val) != "" {
				return true
			}
		}
	}
	return false
}

// outSize is the room made for the text of a page up front: an eighth of a page, or for a
// large page the bytes rendered from, which the text rarely exceeds (it is the source less
// markup and collapsed white space), so that the text of a 50 MB page is not copied over and
// over while it grows.
func outSize(html string, spans [][2]int, all bool) int {
	if len(html) <= largePage {
		return len(html) / 8
	}
	if all {
		return len(html)
	}
	n := 0
	for _, sp := range spans {
		n += sp[1] - sp[0]
	}
	return n
}

// largePage is the page size from which rendering sizes its buffer by its input.
const largePage = 1 << 20

// result returns the text. When the buffer is not much larger than the text, the string
// shares its memory (the renderer is not used afterwards) instead of copying a text that may
// be tens of megabytes.
func (r *renderer) result() string {
	if len(r.out) == 0 {
		return ""
	}
	if len(r.out) < largePage || cap(r.out)-len(r.out) > len(r.out)/4 {
		return string(r.out)
	}
	return unsafe.String(&r.out[0], len(r.out))
}

// flush writes the due break or space before a character.
func (r *renderer) flush() {
	if r.dropped {
		r.space = true
		r.dropped = false
	}
	n := len(r.out)
	if r.brk {
		if n > 0 && r.out[n-1] != '\n' {
			r.out = append(r.out, '\n')
		}
		r.brk, r.space = false, false
		return
	}
	if r.space {
		if n > 0 && r.out[n-1] != '\n' {
			r.out = append(r.out, ' ')
		}
		r.space = false
	}
}

// plain marks the ASCII bytes that are written as they are.
var plain = func() (t [256]bool) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = c != '&'
	}
	return t
}()

// text renders the characters of src starting in [i, lim) (a character
// starting before lim may end after it, but not after end) and returns
// where it stopped. Entities are decoded when decode is set. When not kept,
// the characters are only noted as dropped.
func (r *renderer) text(src string, i, lim, end int, decode, kept bool) int {
	for i < lim {
		c := src[i]
		if plain[c] {
			j := i + 1
			for j < lim && plain[src[j]] {
				j++
			}
			if kept {
				r.flush()
				r.out = append(r.out, src[i:j]...)
			} else {
				r.dropped = true
			}
			i = j
			continue
		}
		switch {
		case c == '&' && decode:
			dec, n := entity(src[i:end])
			if kept {
				r.writeString(dec)
			} else {
				r.dropped = true
			}
			i += n
		case c < 0x80:
			if kept {
				r.writeByte(c)
			} else if c > ' ' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
				r.dropped = true
			}
			i++
		default:
			_, n := utf8.DecodeRuneInString(src[i:end])
			if kept {
				r.writeRune(src[i : i+n])
			} else {
				r.dropped = true
			}
			i += n
		}
	}
	return i
}

// writeByte writes one ASCII character: whitespace becomes a due space,
// control characters are dropped.
func (r *renderer) writeByte(c byte) {
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
		r.space = true
	case c < ' ' || c == 0x7f:
	default:
		r.flush()
		r.out = append(r.out, c)
	}
}

// writeRune writes one encoded non-ASCII character (or an invalid byte).
func (r *renderer) writeRune(s string) {
	c, n := utf8.DecodeRuneInString(s)
	if c < 0xa0 || c == '€' {
		r.suspect = true // whole asks the node: a mark may be in it
	}
	switch {
	case c == utf8.RuneError && n <= 1:
		s = "\uFFFD" // each invalid byte
	case IsInvisibleChar(c):
		return
	case unicode.IsSpace(c):
		r.space = true
		return
	case c < 0xa0: // C1 controls
		return
	}
	r.flush()
	r.out = append(r.out, s...)
}

// writeString writes decoded text. A run of printable ASCII (other than the space), with
// single spaces between printable bytes, is written at once as it stands: after its first
// byte no break is due and the last byte written is not a line break, so writeByte and flush
// byte by byte would write each such space as it is and each printable byte after it.
func (r *renderer) writeString(s string) {
	for i := 0; i < len(s); {
		c := s[i]
		if c > ' ' && c < 0x7f {
			j := i + 1
			for j < len(s) {
				if d := s[j]; d > ' ' && d < 0x7f {
					j++
				} else if d == ' ' && j+1 < len(s) && s[j+1] > ' ' && s[j+1] < 0x7f {
					j += 2
				} else {
					break
				}
			}
			r.flush()
			r.out = append(r.out, s[i:j]...)
			i = j
			continue
		}
		if c < 0x80 {
			r.writeByte(c)
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		r.writeRune(s[i : i+n])
		i += n
	}
}

// BetweenTags returns the text of a piece of a page between its tags (a space where each
// tag stood), character references decoded as the renderers decode them (Unescape). A piece
// that starts inside a tag starts after it, one that ends inside a tag ends before it: for
// the byte ranges that ampl and ngramcut cut out of raw HTML, which need not fall on tag
// boundaries.
func BetweenTags(s string) string {
	var sb strings.Builder
	BetweenTagsPieces(s, func(text string) bool {
		sb.WriteString(text)
		return true
	})
	return Unescape(sb.String())
}

// BetweenTagsPieces calls f with the text of s as BetweenTags gives it before decoding,
// piece by piece (each run of text between tags, and " " for each tag), until f returns
// false: for readers that need no string built, or only part of it.
func BetweenTagsPieces(s string, f func(text string) bool) {
	if i, j := strings.IndexByte(s, '>'), strings.IndexByte(s, '<'); i >= 0 && (j < 0 || i < j) {
		s = s[i+1:]
	}
	for len(s) > 0 {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			f(s)
			return
		}
		if i > 0 && !f(s[:i]) || !f(" ") {
			return
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			return
		}
		s = s[i+j+1:]
	}
}

// FieldText is a text a page gives of itself in an attribute or its structured data (a
// title, an author, a description, an image's alt text) as one line (OneLine), repaired
// first where it shows that it is UTF-8 read as Windows-1252 or Latin-1
// (mojibake.RepairMarked: "Grandmaâ\u0080\u0099s" is "Grandma’s"), as a site's plugin
// that encodes its fields twice leaves them on a page that is otherwise right.
func FieldText(s string) string {
	s, _ = mojibake.RepairMarked(s)
	return OneLine(s)
}

// OneLine is s as one line of plain text: its runs of white space one space and none at either
// end, its control characters that are not white space (IsControlChar: a JSON-LD "\u0000", a
// C1 control of a mis-decoded page) left out, and a byte that is not UTF-8 read as U+FFFD.
// What a page says of itself (a title, an author, an image's alt text) comes out this way, so
// that a line of a line-oriented reader is one field's.
func OneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if IsControlChar(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r // an invalid byte maps as U+FFFD
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// FoldSpace lower-cases s and folds its runs of white space into one space, trimmed: the
// form in which ampl and ngramcut compare a piece's text with the page's <title>.
func FoldSpace(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// AppendFoldedPlain appends FoldSpace(BetweenTags(s)) to buf, in one pass with no string
// built, when the text of s is plain: ASCII without character references (ok); else it
// reports false, having read part of s, and buf's contents past its length are undefined.
func AppendFoldedPlain(buf []byte, s string) (_ []byte, ok bool) {
	start, space, ok := len(buf), false, true
	BetweenTagsPieces(s, func(text string) bool {
		for i := 0; i < len(text); i++ {
			c := text[i]
			switch {
			case c >= utf8.RuneSelf || c == '&':
				ok = false
				return false
			case IsASCIISpace(c):
				space = true
				continue
			case space && len(buf) > start:
				buf = append(buf, ' ')
			}
			space = false
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf = append(buf, c)
		}
		return true
	})
	return buf, ok
}

// IsInvisibleChar reports whether the text leaves out r, a character that is neither a control nor
// a space and that a reader does not see: U+200B (zero width space), U+FEFF (a byte order
// mark, or zero width no-break space) and U+00AD (the soft hyphen, seen only where a line
// breaks at it). The renderers drop it, and so do the texts built beside them (lib/content's
// preformatted text).
func IsInvisibleChar(r rune) bool { return r == '\u200b' || r == '\ufeff' || r == '\u00ad' }

// IsControlChar reports whether r is a control character: C0 (below U+0020), DEL or C1
// (U+0080-U+009F). No text the tools write holds one but a line break or a tab.
func IsControlChar(r rune) bool { return r < 0x20 || r >= 0x7f && r < 0xa0 }

// IsASCIISpace reports whether c is one of the ASCII bytes unicode.IsSpace is true of.
func IsASCIISpace(c byte) bool { return asciiSpace[c] }

var asciiSpace = [256]bool{' ': true, '\t': true, '\n': true, '\v': true, '\f': true, '\r': true}
