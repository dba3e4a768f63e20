package record

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// parseObject splits one JSON object into its members, keeping each value's
// bytes as written. Nested values are validated, not decoded.
func parseObject(line []byte) ([]member, error) {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return nil, errors.New("not a JSON object")
	}
	i = skipSpace(line, i+1)
	var fields []member
	if i < len(line) && line[i] == '}' {
		if j := skipSpace(line, i+1); j != len(line) {
			return nil, fmt.Errorf("unexpected data after the object at byte %d", j)
		}
		return fields, nil
	}
	for {
		if i >= len(line) || line[i] != '"' {
			return nil, fmt.Errorf("expected a member name at byte %d", i)
		}
		end, _, err := scanString(line, i)
		if err != nil {
			return nil, err
		}
		key, err := unquote(line[i:end])
		if err != nil {
			return nil, err
		}
		i = skipSpace(line, end)
		if i >= len(line) || line[i] != ':' {
			return nil, fmt.Errorf("expected ':' after member %q", key)
		}
		i = skipSpace(line, i+1)
		vend, flags, err := scanValue(line, i)
		if err != nil {
			return nil, fmt.Errorf("member %q: %w", key, err)
		}
		raw := line[i:vend:vend]
		if flags&strUnsound != 0 {
			raw = appendSound(nil, raw)
			flags = flags&^strUnsound | strEscape | strValidUTF8
		}
		fields = append(fields, member{key: key, raw: raw, flags: flags})
		i = skipSpace(line, vend)
		if i < len(line) && line[i] == ',' {
			i = skipSpace(line, i+1)
			continue
		}
		if i < len(line) && line[i] == '}' {
			if j := skipSpace(line, i+1); j != len(line) {
				return nil, fmt.Errorf("unexpected data after the object at byte %d", j)
			}
			return fields, nil
		}
		return nil, fmt.Errorf("expected ',' or '}' at byte %d", i)
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// String flags: what scanString saw in the strings of a value.
const (
	strEscape    uint8 = 1 << iota // a backslash escape
	strNonASCII                    // a byte >= 0x80
	strUnsound                     // invalid UTF-8 or a \u escape of a lone surrogate
	strValidUTF8                   // the bytes were checked: valid UTF-8 (set with strNonASCII)
)

// scanString returns the index just past the JSON string starting at b[i],
// and flags saying whether it holds escapes and non-ASCII bytes, and whether
// it is unsound: invalid UTF-8, or a \u escape of a surrogate that is not
// half of a pair (both are valid JSON syntax, but not Unicode, and jq
// rejects them).
func scanString(b []byte, i int) (int, uint8, error) {
	var acc byte
	var acc8 uint64
	var flags uint8
	for j := i + 1; j < len(b); j++ {
		// Eight bytes at a time while none is a quote, a backslash or a
		// control character (the bit tricks are exact for "any byte").
		for j+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[j:])
			if m := (x-lo8*0x20)&^x&hi8 | hasZero(x^(lo8*'"')) | hasZero(x^(lo8*'\\')); m != 0 {
				// The lowest marked byte is the first special one (the
				// tricks only mark bytes wrongly above a true mark).
				k := bits.TrailingZeros64(m) >> 3
				acc8 |= x & (1<<(8*k) - 1)
				j += k
				break
			}
			acc8 |= x
			j += 8
		}
		if j >= len(b) {
			break
		}
		c := b[j]
		if c >= 0x20 && c != '"' && c != '\\' {
			acc |= c
			continue
		}
		switch {
		case c == '"':
			if acc >= 0x80 || acc8&hi8 != 0 {
				flags |= strNonASCII
				if utf8.Valid(b[i+1 : j]) {
					flags |= strValidUTF8
				} else {
					flags |= strUnsound
				}
			}
			return j + 1, flags, nil
		case c == '\\':
			flags |= strEscape
			if j+1 >= len(b) {
				return 0, 0, errors.New("unterminated string")
			}
			switch b[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j++
			case 'u':
				r, ok := hex4(b[j+2:])
				if !ok {
					return 0, 0, fmt.Errorf("bad \\u escape at byte %d", j)
				}
				j += 5
				if r >= 0xD800 && r <= 0xDFFF {
					if r <= 0xDBFF && j+6 < len(b) && b[j+1] == '\\' && b[j+2] == 'u' {
						if r2, ok := hex4(b[j+3:]); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
							j += 6 // a pair
							continue
						}
					}
					flags |= strUnsound
				}
			default:
				return 0, 0, fmt.Errorf("bad escape at byte %d", j)
			}
		default:
			return 0, 0, fmt.Errorf("control character in string at byte %d", j)
		}
	}
	return 0, 0, errors.New("unterminated string")
}

const (
	lo8 = 0x0101010101010101
	hi8 = 0x8080808080808080
)

// hasZero is non-zero when a byte of x is zero.
func hasZero(x uint64) uint64 { return (x - lo8) &^ x & hi8 }

// scanValue returns the index just past the JSON value starting at b[i],
// and the flags of scanString over the strings in it.
// Strings are scanned here; other values are delimited and then checked
// with json.Valid, which is cheap since page content lives in strings.
func scanValue(b []byte, i int) (int, uint8, error) {
	if i >= len(b) {
		return 0, 0, errors.New("missing value")
	}
	if b[i] == '"' {
		return scanString(b, i)
	}
	var flags uint8
	depth := 0
	j := i
	for ; j < len(b); j++ {
		c := b[j]
		switch c {
		case '"':
			end, f, err := scanString(b, j)
			if err != nil {
				return 0, 0, err
			}
			flags |= f
			j = end - 1
			continue
		case '{', '[':
			depth++
			continue
		case '}', ']':
			if depth == 0 {
				goto done
			}
			depth--
			if depth == 0 {
				j++
				goto done
			}
			continue
		case ',':
			if depth == 0 {
				goto done
			}
		}
	}
done:
	v := trimSpace(b[i:j])
	if len(v) == 0 || !json.Valid(v) {
		return 0, 0, fmt.Errorf("invalid value at byte %d", i)
	}
	// Flags of nested strings are not kept per string: strValidUTF8 only
	// speaks for a single string.
	return i + len(v), flags &^ strValidUTF8, nil
}

// appendSound appends the JSON value raw (valid JSON syntax) to dst with
// every string made valid Unicode: each byte of invalid UTF-8 and each \u
// escape of a lone surrogate becomes \ufffd (U+FFFD), as unquote decodes
// them; everything else is copied byte for byte.
func appendSound(dst, raw []byte) []byte {
	const repl = `\ufffd`
	in := false
	start := 0
	for j := 0; j < len(raw); {
		c := raw[j]
		if !in {
			if c == '"' {
				in = true
			}
			j++
			continue
		}
		switch {
		case c == '"':
			in = false
			j++
		case c == '\\':
			if raw[j+1] != 'u' {
				j += 2
				continue
			}
			r, _ := hex4(raw[j+2:])
			if r < 0xD800 || r > 0xDFFF {
				j += 6
				continue
			}
			if r <= 0xDBFF && j+12 <= len(raw) && raw[j+6] == '\\' && raw[j+7] == 'u' {
				if r2, ok := hex4(raw[j+8:]); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
					j += 12
					continue
				}
			}
			dst = append(dst, raw[start:j]...)
			dst = append(dst, repl...)
			j += 6
			start = j
		case c < utf8.RuneSelf:
			j++
		default:
			r, size := utf8.DecodeRune(raw[j:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, raw[start:j]...)
				dst = append(dst, repl...)
				j++
				start = j
				continue
			}
			j += size
		}
	}
	return append(dst, raw[start:]...)
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 {
		switch b[len(b)-1] {
		case ' ', '\t', '\r', '\n':
			b = b[:len(b)-1]
			continue
		}
		break
	}
	return b
}

// unquote decodes a JSON string literal (with its quotes). Invalid UTF-8
// becomes U+FFFD, as encoding/json does.
func unquote(raw []byte) (string, error) { return unquoteFlags(raw, 0) }

// unquoteFlags is unquote knowing scanString's flags for raw: with
// strValidUTF8 (or no non-ASCII byte) the bytes are not checked again.
func unquoteFlags(raw []byte, flags uint8) (string, error) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", errors.New("not a JSON string")
	}
	body := raw[1 : len(raw)-1]
	if indexByte(body, '\\') < 0 {
		if utf8.Valid(body) {
			return string(body), nil
		}
		return replaceInvalid(body), nil
	}
	out, err := unescape(make([]byte, 0, len(body)), body)
	if err != nil {
		return "", err
	}
	// unescape writes valid UTF-8 for every escape, so its output is valid
	// when its input was.
	sound := flags&strValidUTF8 != 0 || (flags != 0 && flags&strNonASCII == 0)
	if !sound && !utf8.Valid(out) {
		return replaceInvalid(out), nil
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), nil
}

// replaceInvalid replaces each byte of an invalid UTF-8 sequence with
// U+FFFD, as encoding/json does (strings.ToValidUTF8 would merge runs).
func replaceInvalid(b []byte) string {
	out := make([]byte, 0, len(b)+8)
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		if r == utf8.RuneError && size == 1 {
			out = append(out, "\uFFFD"...)
		} else {
			out = append(out, b[:size]...)
		}
		b = b[size:]
	}
	return string(out)
}

// unescape appends the decoded JSON string body b to out.
func unescape(out, b []byte) ([]byte, error) {
	for len(b) > 0 {
		i := indexByte(b, '\\')
		if i < 0 {
			return append(out, b...), nil
		}
		out = append(out, b[:i]...)
		if i+1 >= len(b) {
			return nil, errors.New("bad escape at end of string")
		}
		c := b[i+1]
		b = b[i+2:]
		switch c {
		case '"', '\\', '/':
			out = append(out, c)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := hex4(b)
			if !ok {
				return nil, errors.New("bad \\u escape")
			}
			b = b[4:]
			if utf16.IsSurrogate(r) {
				r2, ok2 := rune(-1), false
				if len(b) >= 6 && b[0] == '\\' && b[1] == 'u' {
					r2, ok2 = hex4(b[2:])
				}
				if dec := utf16.DecodeRune(r, r2); ok2 && dec != utf8.RuneError {
					b = b[6:]
					r = dec
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			return nil, fmt.Errorf("bad escape \\%c", c)
		}
	}
	return out, nil
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func indexByte(b []byte, c byte) int { return bytes.IndexByte(b, c) }

const hex = "0123456789abcdef"

// appendQuoted appends s as a JSON string: quotes, backslashes and control
// characters escaped, <, > and & left as they are, invalid UTF-8 replaced by
// U+FFFD, U+2028 and U+2029 escaped as encoding/json does. Pages are long
// runs of plain ASCII with a quote every few dozen bytes (HTML's attributes), so
// the scan stores each word of eight bytes as it reads it, before it knows
// whether one of them needs a look: the output from the first such byte on is
// then written over. A plain run costs no copy call of its own, an escape a few
// stores, and a character outside ASCII is checked where it stands (one pass,
// where validating the whole string first was a second).
func appendQuoted(buf []byte, s string) []byte {
	buf = append(buf, '"')
	// out[o:] is to be written; room for the bytes left, a word stored past them,
	// and the longest escape (six bytes) ahead of each write.
	o := len(buf)
	out := slices.Grow(buf, len(s)+len(s)/8+16)
	out = out[:cap(out)]
	i := 0
	for {
		for i+8 <= len(s) {
			w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
			binary.LittleEndian.PutUint64(out[o:], w)
			m := notPlain(w)
			if m == 0 {
				i += 8
				o += 8
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			i += k
			o += k
			c := s[i]
			if c >= utf8.RuneSelf {
				break
			}
			// An escape where it stands, without leaving the scan: a page has one
			// every twenty bytes or so (its attributes' quotes, its lines' ends).
			if len(out)-o < len(s)-i+16 { // escapes have used up the room
				out = slices.Grow(out[:o], len(s)-i+len(s)/8+16)
				out = out[:cap(out)]
			}
			if e := shortEscape[c]; e != 0 { // two stores, the common case
				out[o], out[o+1] = '\\', e
				o += 2
			} else {
				o = len(appendEscaped(out[:o], c)) // in place: the room is there
			}
			i++
		}
		for i < len(s) && i+8 > len(s) && plainByte[s[i]] {
			out[o] = s[i]
			i++
			o++
		}
		if i >= len(s) {
			break
		}
		if len(out)-o < len(s)-i+16 { // escapes have used up the room
			out = slices.Grow(out[:o], len(s)-i+len(s)/8+16)
			out = out[:cap(out)]
		}
		c := s[i]
		if c < utf8.RuneSelf {
			e := appendEscaped(out[:o], c)
			out, o = e[:cap(e)], len(e)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			// Invalid UTF-8: the rest rune by rune, each bad byte as U+FFFD.
			return append(appendQuotedSlow(out[:o], s[i:]), '"')
		case r == '\u2028' || r == '\u2029':
			o += copy(out[o:], `\u202`)
			out[o] = hex[r&0xf]
			o++
		default:
			o += copy(out[o:], s[i:i+size])
		}
		i += size
	}
	return append(out[:o], '"')
}

// shortEscape is the second byte of an ASCII character's two-byte escape (\" \\ \n \r \t),
// 0 for the controls written as \u00XX and the bytes not escaped.
var shortEscape = [utf8.RuneSelf]byte{'"': '"', '\\': '\\', '\n': 'n', '\r': 'r', '\t': 't'}

// ones and highs are a word of eight bytes 0x01 and eight 0x80.
const ones, highs = 0x0101010101010101, 0x8080808080808080

// notPlain returns a mask whose lowest set bit is the high bit of the first byte of w (little
// endian) that is not plainByte (below 0x20, a quote, a backslash or outside ASCII), 0 when
// all eight are (the SWAR tests of "has a byte less than n" and "has a zero byte" of Hacker's
// Delight: bits above the first such byte may be set wrongly, the lowest is exact). Their
// "and not the byte" terms are left out: a byte outside ASCII is flagged by its own high bit
// anyway, and below the first flagged byte no subtraction borrows.
func notPlain(w uint64) uint64 {
	return ((w - 0x20*ones) | (w ^ ('"' * ones) - ones) | (w ^ ('\\' * ones) - ones) | w) & highs
}

// plainByte marks the bytes copied as they are without a look: ASCII other than
// controls, quote and backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendEscaped appends the escape of ASCII byte c: two bytes (shortEscape), else \u00XX.
func appendEscaped(buf []byte, c byte) []byte {
	if e := shortEscape[c]; e != 0 {
		return append(buf, '\\', e)
	}
	return append(buf, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
}

// appendQuotedSlow is appendQuoted for strings with invalid UTF-8.
func appendQuotedSlow(buf []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			buf = appendEscaped(buf, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(buf, s[start:]...)
}
