package ampl

import (
	"unicode"
	"unicode/utf8"
)

// isWordRune reports whether r is part of a space-separated word: letters and digits of
// alphabetic scripts. Han, kana, Hangul and Thai characters are not (those scripts do not
// separate words by spaces, so every character is its own boundary).
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) {
		return false
	}
	return !unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai)
}

// wordBefore reports whether the rune ending at i is a word rune; wordAt, the one starting at i.
func wordBefore(s string, i int) bool {
	if i <= 0 {
		return false
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return isWordRune(r)
}

func wordAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return isWordRune(r)
}

// snapWords shrinks each span so that it starts and ends at word boundaries: a start inside
// a word moves to the end of that word, an end inside a word moves to its start. Spans that
// vanish are dropped. The input is sorted and disjoint, and so is the output (in place).
func snapWords(spans [][2]int, s string) [][2]int {
	out := spans[:0]
	for _, sp := range spans {
		a, b := sp[0], sp[1]
		for a < b && wordBefore(s, a) && wordAt(s, a) {
			_, n := utf8.DecodeRuneInString(s[a:])
			a += n
		}
		for b > a && wordBefore(s, b) && wordAt(s, b) {
			_, n := utf8.DecodeLastRuneInString(s[:b])
			b -= n
		}
		if a < b {
			out = append(out, [2]int{a, b})
		}
	}
	return out
}
