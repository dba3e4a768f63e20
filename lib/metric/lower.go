package metric

import (
	"unicode"
	"unicode/utf8"
)

// Lower returns s lowercased as Python's str.lower() lowercases it, which is what the WCXB
// benchmark's evaluate.py compares: the simple lowercase mapping of each rune (Go's
// unicode.ToLower) but for the two rules of Unicode's full mapping that Python applies:
// U+0130 (İ) becomes "i\u0307" (two runes: the combining dot is a mark, so it ends a \w
// token), and U+03A3 (Σ) becomes final sigma ς at the end of a word (Final_Sigma: a cased
// letter before it and none after it, case-ignorable runes skipped both ways), else σ.
// Invalid UTF-8 becomes U+FFFD. Python and Go may differ on runes added to Unicode after
// the older of their versions (Go 1.26: Unicode 15.0; Python 3.11: 14.0).
func Lower(s string) string {
	i := 0
	for i < len(s) { // the common case: nothing to change
		c := s[i]
		if c >= utf8.RuneSelf || (c >= 'A' && c <= 'Z') {
			break
		}
		i++
	}
	if i == len(s) {
		return s
	}
	return string(appendLower(make([]byte, 0, len(s)+8), s, i))
}

// appendLower appends Lower(s) to dst, copying s[:start] (which needs no change) as it is.
func appendLower(dst []byte, s string, start int) []byte {
	dst = append(dst, s[:start]...)
	for i := start; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch r {
		case 0x130:
			dst = append(dst, "i\u0307"...)
		case 0x3A3:
			if finalSigma(s, i, i+size) {
				r = 0x3C2
			} else {
				r = 0x3C3
			}
			dst = utf8.AppendRune(dst, r)
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
		i += size
	}
	return dst
}

// finalSigma reports whether the Σ at s[at:end] is in the Final_Sigma context, as Python's
// handle_capital_sigma decides it: the first rune before it that is not case-ignorable is
// cased, and the first rune after it that is not case-ignorable is not cased (or there is
// none).
func finalSigma(s string, at, end int) bool {
	before := false
	for j := at; j > 0; {
		r, size := utf8.DecodeLastRuneInString(s[:j])
		if !caseIgnorable(r) {
			before = cased(r)
			break
		}
		j -= size
	}
	if !before {
		return false
	}
	for j := end; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		if !caseIgnorable(r) {
			return !cased(r)
		}
		j += size
	}
	return true
}

// cased is Unicode's Cased property: Lowercase, Uppercase or a titlecase letter.
func cased(r rune) bool {
	return unicode.In(r, unicode.Ll, unicode.Lu, unicode.Lt, unicode.Other_Lowercase, unicode.Other_Uppercase)
}

// caseIgnorable is Unicode's Case_Ignorable property: general category Mn, Me, Cf, Lm or
// Sk, or Word_Break MidLetter, MidNumLet or Single_Quote (the runes listed).
func caseIgnorable(r rune) bool {
	switch r {
	case '\'', '.', ':', 0xB7, 0x387, 0x55F, 0x5F4, 0x2018, 0x2019, 0x2024, 0x2027,
		0xFE13, 0xFE52, 0xFE55, 0xFF07, 0xFF0E, 0xFF1A:
		return true
	}
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk)
}
