package metric

import (
	"iter"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// asciiWord marks the ASCII word bytes: letters, digits and '_'.
var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	t['_'] = true
	return t
}()

// IsWordRune reports whether r belongs to Python's re \w class on str: a Unicode letter or
// number (general categories L* and N*) or '_'.
func IsWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && asciiWord[r]
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// Words yields the \w+ tokens of text in order, as substrings of text (no copies).
func Words(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(text); {
			c := text[i]
			var word bool
			size := 1
			if c < utf8.RuneSelf {
				word = asciiWord[c]
			} else {
				var r rune
				r, size = utf8.DecodeRuneInString(text[i:])
				word = unicode.IsLetter(r) || unicode.IsNumber(r)
			}
			if word {
				if start < 0 {
					start = i
				}
			} else if start >= 0 {
				if !yield(text[start:i]) {
					return
				}
				start = -1
			}
			i += size
		}
		if start >= 0 {
			yield(text[start:])
		}
	}
}

// Tokens returns the \w+ tokens of text (substrings of text).
func Tokens(text string) []string {
	var out []string
	for w := range Words(text) {
		out = append(out, w)
	}
	return out
}

// appendTokenHashes appends the 64-bit hash of each token of text to dst.
func appendTokenHashes(dst []uint64, text string) []uint64 {
	for w := range Words(text) {
		dst = append(dst, xxhash.Sum64String(w))
	}
	return dst
}
