package markdown

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The page's own text is written so that a Markdown reader (CommonMark, with GitHub's tables
// and ~~strikethrough~~) gives back its characters and no markup of its own: a character is
// backslash-escaped only where a reader would take it for markup, so that snake_case, 3 * 4,
// a <b> in prose and C:\Users read as they are written and need no escape, while **word**,
// <div>, &amp;, [a](b), a line beginning "1. " or "# " and a line of "---" do. The rules are
// CommonMark 0.31's; this package's tests and scripts/mdcheck (a reader's round trip over the
// dev sets: every page's Markdown reads back as its plain text) hold them to it.

// escapeText writes text[from:to], a piece of a block's text between the marks this package
// writes, with the markup characters in it escaped. The characters around the piece decide,
// as they do for a reader: a * or _ run is escaped when it could open or close emphasis, or
// when it touches a mark of ours (markBefore: one is written just before the piece;
// markAfter: the first byte of one written just after it, 0 if none). Outside a link of
// ours (autolinks), an address in the text that holds a character an escape would be
// written before is written as an autolink, <https://...>, instead (www.... as a link whose
// text is the address): GitHub's reader takes a bare address as a link whose backslashes it
// keeps.
func escapeText(b *strings.Builder, text string, from, to int, markBefore bool, markAfter byte, autolinks bool) {
	at := from // text[from:at] is written
	for i := from; i < to; {
		c := text[i]
		if autolinks && (c == 'h' || c == 'w') {
			if n := bareAddress(text, i, to, i == from && markBefore); n > 0 {
				b.WriteString(text[at:i])
				if addr := text[i : i+n]; c == 'h' {
					b.WriteString("<" + addr + ">")
				} else { // www.: no autolink in CommonMark, a link with the address as its text
					b.WriteByte('[')
					escapeText(b, addr, 0, n, true, ']', false)
					b.WriteString("](<http://" + addr + ">)")
				}
				i += n
				at = i
				continue
			}
		}
		n := 1 // bytes escaped together: a run of * or _ is one delimiter run
		escape := false
		switch c {
		case '\\':
			// Escapes only ASCII punctuation; before anything else it is a backslash. At the
			// piece's end a mark of ours may follow.
			escape = i+1 == to && markAfter != 0 || i+1 < to && isASCIIPunct(text[i+1])
		case '`':
			escape = true
		case '*', '_', '~':
			for i+n < to && text[i+n] == c {
				n++
			}
			switch {
			case i == from && markBefore || i+n == to && markAfter != 0:
				escape = true // beside a mark of ours, with which it would make one run
			case c == '~':
				// ~~ strikes through; GitHub's reader takes one ~ as well, between a ~ that
				// can open and one that can close (as *), so a lone ~ that can close is
				// escaped and "~5 min" and "~/.profile" stay as written.
				_, right := flanking(around(text, i, i+n))
				escape = n >= 2 || right
			default:
				escape = delimiter(text, i, i+n, c == '_')
			}
		case ']':
			escape = i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '[' || text[i+1] == ':')
		case '!':
			escape = i+1 == to && markAfter == '[' // ![...](...) is an image
		case '<':
			escape = i+1 < len(text) && (isASCIILetter(text[i+1]) || strings.IndexByte("/!?", text[i+1]) >= 0)
		case '&':
			escape = entityAt(text[i:])
		}
		if escape {
			b.WriteString(text[at:i])
			for k := 0; k < n; k++ {
				b.WriteByte('\\')
				b.WriteByte(c)
			}
			at = i + n
		}
		i += n
	}
	b.WriteString(text[at:to])
}

// bareAddress returns the length of the web address that begins text[i:to] (http://,
// https:// or www. after the text's start, white space, an opening parenthesis or a mark of
// ours, markBefore; up to white space, a bracket, < or >) when it holds a character
// escapeText would escape (\ ` * _ ~), 0 otherwise: one that must be written as an autolink
// to read as written with every reader.
func bareAddress(text string, i, to int, markBefore bool) int {
	if i > 0 && text[i-1] != '(' && !unicode.IsSpace(rune(text[i-1])) && !markBefore {
		return 0 // inside a word: most of the h and w the caller asks about
	}
	if rest := text[i:to]; !strings.HasPrefix(rest, "http://") && !strings.HasPrefix(rest, "https://") && !strings.HasPrefix(rest, "www.") {
		return 0
	}
	j := i
	for j < to && text[j] > ' ' && strings.IndexByte("<>[]\x7f", text[j]) < 0 {
		j++
	}
	if !strings.ContainsAny(text[i:j], "\\`*_~") {
		return 0
	}
	return j - i
}

// delimiter reports whether the run text[i:j] of * or _ can open or close emphasis
// (CommonMark's left- and right-flanking runs; _ inside a word does neither).
func delimiter(text string, i, j int, underscore bool) bool {
	before, after := around(text, i, j)
	left, right := flanking(before, after)
	if !underscore {
		return left || right
	}
	opens := left && (!right || isPunct(before))
	closes := right && (!left || isPunct(after))
	return opens || closes
}

// around returns the characters before and after text[i:j]; the text's ends count as white
// space.
func around(text string, i, j int) (before, after rune) {
	before, after = ' ', ' '
	if i > 0 {
		before, _ = utf8.DecodeLastRuneInString(text[:i])
	}
	if j < len(text) {
		after, _ = utf8.DecodeRuneInString(text[j:])
	}
	return before, after
}

// flanking reports whether a delimiter run between before and after is left-flanking (it can
// open) and right-flanking (it can close).
func flanking(before, after rune) (left, right bool) {
	left = !unicode.IsSpace(after) && (!isPunct(after) || unicode.IsSpace(before) || isPunct(before))
	right = !unicode.IsSpace(before) && (!isPunct(before) || unicode.IsSpace(after) || isPunct(after))
	return left, right
}

// entityAt reports whether s begins with what Markdown reads as an entity or a numeric
// character reference (&amp; &#38; &#x26;).
func entityAt(s string) bool {
	i := 1
	switch {
	case len(s) > 2 && s[1] == '#' && (s[2] == 'x' || s[2] == 'X'):
		i = 3
		for i < len(s) && i < 9 && isHex(s[i]) {
			i++
		}
		return i > 3 && i < len(s) && s[i] == ';'
	case len(s) > 1 && s[1] == '#':
		i = 2
		for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i > 2 && i < len(s) && s[i] == ';'
	}
	for i < len(s) && i < 33 && (isASCIILetter(s[i]) || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return i > 1 && isASCIILetter(s[1]) && i < len(s) && s[i] == ';'
}

// escapeLineStart escapes what would make line, a block's text as written, begin a block of
// another kind: a heading (# ), a quotation (>), a list item (- , + , * , 1. , 1) ) or a
// thematic break (--- , * * *, ___). The marks this package writes at a line's start (**, *,
// `, [) begin no such block.
func escapeLineStart(line string) string {
	if line == "" {
		return line
	}
	spaceOrEnd := func(i int) bool { return i >= len(line) || line[i] == ' ' || line[i] == '\t' }
	switch c := line[0]; {
	case c == '#':
		n := 1
		for n < len(line) && line[n] == '#' {
			n++
		}
		if n <= 6 && spaceOrEnd(n) {
			return `\` + line
		}
	case c == '>':
		return `\` + line
	case c == '-' || c == '+' || c == '*' || c == '_':
		if c != '_' && spaceOrEnd(1) || thematicBreak(line) {
			return `\` + line
		}
	case c >= '0' && c <= '9':
		n := 1
		for n < len(line) && line[n] >= '0' && line[n] <= '9' {
			n++
		}
		if n <= 9 && n < len(line) && (line[n] == '.' || line[n] == ')') && spaceOrEnd(n+1) {
			return line[:n] + `\` + line[n:]
		}
	case c == '=':
		if strings.Trim(line, "= \t") == "" { // a heading's underline, after a line of text
			return `\` + line
		}
	}
	return line
}

// thematicBreak reports whether line is three or more of one of - * _, with spaces between.
func thematicBreak(line string) bool {
	c, n := line[0], 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// escapeHeadingEnd escapes a run of # that ends a heading's text after a space, which
// Markdown would read as the heading's optional closing marks.
func escapeHeadingEnd(text string) string {
	i := len(text)
	for i > 0 && text[i-1] == '#' {
		i--
	}
	if i < len(text) && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t') {
		return text[:i] + `\` + text[i:]
	}
	return text
}

func isASCIIPunct(c byte) bool {
	return c < utf8.RuneSelf && (c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~')
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }
