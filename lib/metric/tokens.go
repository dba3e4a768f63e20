package metric

import (
	"iter"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"

	"github.com/chaffkit/chaff/lib/words"
)

// IsWordRune reports whether r belongs to Python's re \w class on str, the tokens of the
// published metrics: words.IsPythonWordRune, chaff's one definition of it.
func IsWordRune(r rune) bool { return words.IsPythonWordRune(r) }

// Words yields the \w+ tokens of text in order, as substrings of text (no copies).
func Words(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1
		for i := 0; i < len(text); {
			r, size := rune(text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
			word := words.IsPythonWordRune(r)
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
