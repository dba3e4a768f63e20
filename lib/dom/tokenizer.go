package dom

import (
	"strings"

	"golang.org/x/net/html"
)

// tokenizer cuts HTML source into tokens: where each token ends and what kind it is,
// nothing more (the Scanner reads tag names and text from the source itself, and
// attributes are read by appendAttrs). It draws the same boundaries as the
// golang.org/x/net/html Tokenizer, quirks included (TestTokenizerAgrees checks it against
// that tokenizer on generated, fuzzed and real pages), but over a string in memory: runs of
// text, raw text and comments are skipped with strings.IndexByte instead of byte by byte,
// and no attribute or name is copied. Parsing is most of what the content model costs, and
// every page of every tool is parsed.
type tokenizer struct {
	src  string
	pos  int // the next token starts here
	done bool
	// raw is the element whose content the next token is (script, style, title, ...; ""
	// for none), as the x/net/html tokenizer sets it after such a start tag.
	raw        string
	allowCDATA bool
}

func newTokenizer(src string) *tokenizer { return &tokenizer{src: src} }

// AllowCDATA says whether "<![CDATA[...]]>" is text (in foreign content) or a bogus comment.
func (z *tokenizer) AllowCDATA(allow bool) { z.allowCDATA = allow }

// NextIsNotRawText makes the next token ordinary markup even after a raw-text start tag
// (in foreign content, a <title> or <style> holds elements).
func (z *tokenizer) NextIsNotRawText() { z.raw = "" }

// Next returns the kind of the next token and its end (it starts where the last one ended).
// At the end of input, and at a tag cut off by the end of input, it returns
// html.ErrorToken; end is then the end of input.
func (z *tokenizer) Next() (html.TokenType, int) {
	if z.done {
		return html.ErrorToken, len(z.src)
	}
	start := z.pos
	if z.raw != "" {
		end := len(z.src)
		if z.raw == "script" {
			end = scriptEnd(z.src, start)
		} else if z.raw != "plaintext" {
			end = rawTextEnd(z.src, start, z.raw)
		}
		if z.raw != "plaintext" || end == start {
			z.raw = ""
		}
		if end > start {
			return z.emit(html.TextToken, end)
		}
	}
	src := z.src
	for i := start; ; {
		lt := strings.IndexByte(src[i:], '<')
		if lt < 0 || i+lt+1 >= len(src) {
			break
		}
		lt += i
		c := src[lt+1]
		if !isLetter(c) && c != '/' && c != '!' && c != '?' {
			i = lt + 1
			continue
		}
		if lt > start {
			return z.emit(html.TextToken, lt)
		}
		switch {
		case isLetter(c):
			return z.startTag(lt)
		case c == '/':
			return z.endTag(lt)
		case c == '!':
			return z.markupDeclaration(lt)
		default: // "<?": a bogus comment
			return z.emit(html.CommentToken, closeAngle(src, lt+1))
		}
	}
	if start < len(src) {
		return z.emit(html.TextToken, len(src))
	}
	return z.fail()
}

// emit ends the current token at end.
func (z *tokenizer) emit(tt html.TokenType, end int) (html.TokenType, int) {
	z.pos = end
	return tt, end
}

// fail ends the input: its end, and a token cut off by it, are an error, as in x/net/html.
func (z *tokenizer) fail() (html.TokenType, int) {
	z.pos, z.done = len(z.src), true
	return html.ErrorToken, len(z.src)
}

// foldsTo reports whether s is lower, ASCII letters compared without case (lower is in
// lower case; only ASCII folds, as in x/net/html).
func foldsTo(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// closeAngle returns the end of a token that runs to the next '>' at or after i (the end
// of input when there is none).
func closeAngle(src string, i int) int {
	if k := strings.IndexByte(src[i:], '>'); k >= 0 {
		return i + k + 1
	}
	return len(src)
}

// rawTextNames are the elements whose content is one text token.
var rawTextNames = [...]string{"iframe", "noembed", "noframes", "noscript", "plaintext", "script", "style", "textarea", "title", "xmp"}

// startTag reads the start tag at lt ("<" and a letter).
func (z *tokenizer) startTag(lt int) (html.TokenType, int) {
	nameEnd, end, ok := tagEnd(z.src, lt+1)
	if !ok {
		return z.fail()
	}
	name := z.src[lt+1 : nameEnd]
	for _, r := range rawTextNames {
		if foldsTo(name, r) {
			z.raw = r
			break
		}
	}
	tt := html.StartTagToken
	if z.src[end-2] == '/' && selfClosing(z.src, nameEnd, end) {
		tt = html.SelfClosingTagToken
	}
	return z.emit(tt, end)
}

// endTag reads the token at lt ("</").
func (z *tokenizer) endTag(lt int) (html.TokenType, int) {
	src := z.src
	if lt+2 >= len(src) { // "</" at the end: text
		return z.emit(html.TextToken, len(src))
	}
	switch c := src[lt+2]; {
	case c == '>': // "</>": no tag; x/net/html gives an empty comment
		return z.emit(html.CommentToken, lt+3)
	case isLetter(c):
		_, end, ok := tagEnd(src, lt+2)
		if !ok {
			return z.fail()
		}
		return z.emit(html.EndTagToken, end)
	}
	return z.emit(html.CommentToken, closeAngle(src, lt+2))
}

// tagEnd reads a tag whose name starts at i: it returns the end of the name and of the tag
// (after its '>'), and false when the input ends inside the tag. Attribute values in quotes
// may hold '>'.
func tagEnd(src string, i int) (nameEnd, end int, ok bool) {
	n := len(src)
	for i < n && tagClass[src[i]]&(tcSpace|tcSlash|tcGT) == 0 {
		i++
	}
	nameEnd = i
	for {
		// Between attributes: white space, then '>' ends the tag.
		for i < n && isTagSpace(src[i]) {
			i++
		}
		if i >= n {
			return nameEnd, n, false
		}
		if src[i] == '>' {
			return nameEnd, i + 1, true
		}
		i = attrEnd(src, i, nil)
	}
}

// attr is one attribute as x/net/html's tokenizer delimits it: key [ks, ke), value
// [vs, ve).
type attr struct{ ks, ke, vs, ve int }

// attrEnd reads the attribute (key, then "= value" if any) at i, which is neither white
// space nor '>', and returns where reading goes on. With a, it records the spans.
func attrEnd(src string, i int, a *attr) int {
	n := len(src)
	// The key: up to white space, '/', '>' or '=' (an '=' first is part of the key).
	ks := i
	for i < n {
		c := src[i]
		if c == '=' && i == ks {
			i++
			continue
		}
		if tagClass[c] != 0 {
			break
		}
		i++
	}
	if a != nil {
		*a = attr{ks: ks, ke: i, vs: i, ve: i}
	}
	// The value.
	for i < n && isTagSpace(src[i]) {
		i++
	}
	if i >= n {
		return n
	}
	switch src[i] {
	case '/':
		return i + 1
	case '=':
		i++
	default:
		return i
	}
	for i < n && isTagSpace(src[i]) {
		i++
	}
	if i >= n {
		return n
	}
	switch q := src[i]; q {
	case '>':
		return i
	case '"', '\'':
		k := strings.IndexByte(src[i+1:], q)
		if k < 0 {
			if a != nil {
				a.vs, a.ve = i+1, n
			}
			return n
		}
		if a != nil {
			a.vs, a.ve = i+1, i+1+k
		}
		return i + 1 + k + 1
	default:
		vs := i
		for i < n && tagClass[src[i]]&(tcSpace|tcGT) == 0 {
			i++
		}
		if a != nil {
			a.vs, a.ve = vs, i
		}
		if i < n && src[i] != '>' {
			return i + 1 // the white space after the value is read with it
		}
		return i
	}
}

// selfClosing reports whether the start tag ending at end (its "/>") is self-closing: its
// '/' is not the last character of the last attribute's value. The attributes counted are
// those x/net/html keeps: a non-empty key not seen before in the tag (case-insensitively).
// It reads the attributes again, which only tags ending in "/>" need.
func selfClosing(src string, nameEnd, end int) bool {
	var keys []string        // in lower case
	var many map[string]bool // past 16 keys, so that a tag of thousands stays linear
	last := -1               // ve of the last kept attribute
	for i := nameEnd; ; {
		for i < end && isTagSpace(src[i]) {
			i++
		}
		if i >= end-1 || src[i] == '>' {
			break
		}
		var a attr
		i = attrEnd(src, i, &a)
		if a.ke == a.ks {
			continue
		}
		key := asciiLower(src[a.ks:a.ke])
		seen := many[key]
		for _, k := range keys {
			seen = seen || k == key
		}
		if seen {
			continue
		}
		if len(keys) < 16 {
			keys = append(keys, key)
		} else {
			if many == nil {
				many = make(map[string]bool)
			}
			many[key] = true
		}
		last = a.ve
	}
	return last < 0 || end-2 != last-1
}

// markupDeclaration reads the token at lt ("<!"): a comment, a doctype, CDATA (in foreign
// content) or a bogus comment.
func (z *tokenizer) markupDeclaration(lt int) (html.TokenType, int) {
	src := z.src
	i := lt + 2
	if i+2 > len(src) { // fewer than two characters left: a bogus comment to the end
		return z.emit(html.CommentToken, len(src))
	}
	if src[i] == '-' && src[i+1] == '-' {
		return z.emit(html.CommentToken, commentEnd(src, i+2))
	}
	if len(src)-i >= 7 && foldsTo(src[i:i+7], "doctype") {
		return z.emit(html.DoctypeToken, closeAngle(src, i+7))
	}
	if z.allowCDATA && strings.HasPrefix(src[i:], "[CDATA[") {
		if k := strings.Index(src[i+7:], "]]>"); k >= 0 {
			return z.emit(html.TextToken, i+7+k+3)
		}
		return z.emit(html.TextToken, len(src))
	}
	return z.emit(html.CommentToken, closeAngle(src, i))
}

// commentEnd returns the end of the comment whose data starts at i (after "<!--"): after
// "-->", "--!>", or a '>' right at the start ("<!-->", "<!--->"); the end of input when
// none comes. A character after "--!" other than '>' and '-' is passed over unread, as in
// x/net/html.
func commentEnd(src string, i int) int {
	n := len(src)
	dashes, beginning := 0, true
	for i < n {
		if dashes == 0 && !beginning {
			// Nothing but a '-' can start an end: skip to it.
			k := strings.IndexByte(src[i:], '-')
			if k < 0 {
				return n
			}
			i += k
		}
		c := src[i]
		i++
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i
			}
		case '!':
			if dashes >= 2 {
				if i >= n {
					return n
				}
				c = src[i]
				i++
				if c == '>' {
					return i
				}
				if c == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return n
}

// rawTextEnd returns where the raw text starting at i ends: at the "</name" followed by
// white space, '/' or '>' (name case-insensitive), or at the end of input.
func rawTextEnd(src string, i int, name string) int {
	for {
		k := strings.IndexByte(src[i:], '<')
		if k < 0 {
			return len(src)
		}
		i += k
		if endTagAt(src, i, name) {
			return i
		}
		i++
	}
}

// endTagAt reports whether "</name" and white space, '/' or '>' start at i.
func endTagAt(src string, i int, name string) bool {
	j := i + 2 + len(name)
	return j < len(src) && src[i+1] == '/' && foldsTo(src[i+2:j], name) &&
		(isTagSpace(src[j]) || src[j] == '/' || src[j] == '>')
}

// scriptEnd returns where a script's content starting at i ends, following HTML's states
// for "<!--" and "<script" inside scripts (as x/net/html implements them: after "<" and a
// character that is neither '/' nor a letter, escaped script data goes back to plain script
// data).
func scriptEnd(src string, i int) int {
	const (
		data    = iota // script data
		escaped        // after "<!--"
		double         // after "<!--" and "<script": "</script>" goes back to escaped
	)
	n := len(src)
	mode, dashes := data, 0 // dashes: the '-' just read in escaped or double mode, up to 2
	for i < n {
		if mode == data {
			k := strings.IndexByte(src[i:], '<')
			if k < 0 {
				return n
			}
			i += k + 1
			if i >= n {
				return n
			}
			switch src[i] {
			case '/':
				if endTagAt(src, i-1, "script") {
					return i - 1
				}
				i++
			case '!':
				i++
				if i+1 < n && src[i] == '-' && src[i+1] == '-' {
					i += 2
					mode, dashes = escaped, 2
				} else if i < n && src[i] == '-' {
					i++
				}
			}
			continue
		}
		if dashes == 0 {
			// Only '-' and '<' change anything: skip to them.
			k := strings.IndexAny(src[i:], "-<")
			if k < 0 {
				return n
			}
			i += k
		}
		c := src[i]
		i++
		switch {
		case c == '-':
			dashes = min(dashes+1, 2)
		case c == '>' && dashes == 2:
			mode, dashes = data, 0
		case c == '<':
			dashes = 0
			if i >= n {
				return n
			}
			d := src[i]
			switch {
			case d == '/' && endTagAt(src, i-1, "script"):
				if mode == escaped {
					return i - 1
				}
				i += 1 + len("script") + 1 // "</script" and its end: escaped again
				mode = escaped
			case d == '/':
				i++
			case mode == escaped && isLetter(d):
				// "<script" and its end: double-escaped. Anything else (a mismatch, or
				// the end of input within it) is read on as escaped data.
				if i+6 < n && foldsTo(src[i:i+6], "script") && (isTagSpace(src[i+6]) || src[i+6] == '/' || src[i+6] == '>') {
					i += 7
					mode = double
				}
			case mode == escaped:
				mode = data
			}
		default:
			dashes = 0
		}
	}
	return n
}
