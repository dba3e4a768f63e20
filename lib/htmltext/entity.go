package htmltext

import (
	"unicode/utf8"

	"golang.org/x/net/html"

	"github.com/chaffkit/chaff/lib/dom"
)

// Unescape decodes the character references of s as the text of this package's renderers
// has them (entity): a reference the standard library leaves alone, such as "&#0" with no
// ';' before a letter, reads here as a browser reads it.
func Unescape(s string) string { return dom.ReplaceReferences(s, entity) }

// entity decodes the character reference at the start of s (s[0] == '&')
// and returns its text and length in s. Something that is not a reference
// is a literal "&" of length 1.
func entity(s string) (string, int) {
	if len(s) < 2 {
		return "&", 1
	}
	if s[1] == '#' {
		return numericEntity(s)
	}
	j := 1
	for j < len(s) && isAlnum(s[j]) {
		j++
	}
	if j == 1 {
		return "&", 1
	}
	if j < len(s) && s[j] == ';' {
		if t, ok := common[s[1:j]]; ok {
			return t, j + 1
		}
		j++
	}
	// Rare names and legacy references without ';' (a prefix such as
	// "&copy" in "&copy2024"): the x/net/html decoder knows them all.
	dec := html.UnescapeString(s[:j])
	if dec == s[:j] {
		return "&", 1
	}
	return dec, j
}

var common = map[string]string{
	"amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'", "nbsp": "\u00a0",
	"copy": "©", "reg": "®", "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…",
	"lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»",
	"bull": "•", "middot": "·", "eacute": "é", "egrave": "è", "agrave": "à", "uuml": "ü",
	"ouml": "ö", "auml": "ä", "szlig": "ß", "ccedil": "ç", "euro": "€", "pound": "£",
	"deg": "°", "times": "×", "shy": "\u00ad", "thinsp": "\u2009", "ensp": "\u2002", "emsp": "\u2003",
	"zwnj": "\u200c", "zwj": "\u200d",
}

// windows1252 maps the references &#128; to &#159; as browsers do (the HTML standard's table
// of numeric character references): to windows-1252's characters, but for the five that
// windows-1252 leaves undefined (&#129; &#141; &#143; &#144; &#157;), which stay the C1
// controls they name, shown as nothing (writeRune drops them); U+FFFD here put a visible
// "\uFFFD" in the text where a browser shows none.
var windows1252 = [32]rune{
	'\u20AC', '\u0081', '\u201A', '\u0192', '\u201E', '\u2026', '\u2020', '\u2021',
	'\u02C6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008D', '\u017D', '\u008F',
	'\u0090', '\u2018', '\u2019', '\u201C', '\u201D', '\u2022', '\u2013', '\u2014',
	'\u02DC', '\u2122', '\u0161', '\u203A', '\u0153', '\u009D', '\u017E', '\u0178',
}

func numericEntity(s string) (string, int) {
	j := 2
	hex := false
	if j < len(s) && (s[j] == 'x' || s[j] == 'X') {
		hex = true
		j++
	}
	digits := j
	v := 0
	for j < len(s) {
		c := s[j]
		d := -1
		switch {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case hex && 'a' <= c && c <= 'f':
			d = int(c-'a') + 10
		case hex && 'A' <= c && c <= 'F':
			d = int(c-'A') + 10
		}
		if d < 0 {
			break
		}
		if v <= utf8.MaxRune {
			if hex {
				v = v*16 + d
			} else {
				v = v*10 + d
			}
		}
		j++
	}
	if j == digits {
		return "&", 1
	}
	if j < len(s) && s[j] == ';' {
		j++
	}
	var r rune
	switch {
	case 0x80 <= v && v <= 0x9f:
		r = windows1252[v-0x80]
	case v == 0 || v > utf8.MaxRune || 0xd800 <= v && v <= 0xdfff:
		r = '\uFFFD'
	default:
		r = rune(v)
	}
	if r < 0x80 {
		return asciiStrings[r], j
	}
	return string(r), j
}

var asciiStrings = func() (t [128]string) {
	for i := range t {
		t[i] = string(rune(i))
	}
	return t
}()

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
