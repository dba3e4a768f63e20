// Package words is chaff's one definition of what a word is, in every script: which runes
// make words, which scripts are written without spaces between words (Chinese, Japanese,
// Thai, ...), how many words and sentences a text holds. The algorithms, the content model
// and the metrics all count with it, so that a threshold in words means the same in each.
//
// A word is a run of word runes (letters, numbers, combining marks and '_') of a spaced
// script; in an unspaced script every character stands alone as a term, and Count reckons
// two such characters as one word (about the mean length of a Chinese or Japanese word), so
// that thresholds in words keep their meaning on CJK text. Hangul is spaced (Korean puts
// spaces between words).
//
// All functions are safe for concurrent use and allocate nothing unless they return a slice.
package words

import (
	"unicode"
	"unicode/utf8"
)

// asciiClass classifies ASCII bytes: 1 = word rune, 2 = sentence end.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for c := '0'; c <= '9'; c++ {
		t[c] = 1
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 1
		t[c-'a'+'A'] = 1
	}
	t['_'] = 1
	t['.'], t['!'], t['?'] = 2, 2, 2
	return t
}()

// IsWordRune reports whether r is part of a word: a letter, number or combining mark of any
// script, or '_'. (Python's \w, which the published metrics use, leaves marks out: see
// IsPythonWordRune.)
func IsWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && asciiClass[r] == 1
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

// IsPythonWordRune reports whether r belongs to Python's re \w class on str (a Unicode
// letter or number, general categories L* and N*, or '_'): the tokens of the benchmarks'
// metrics (article-extraction-benchmark, WCXB), which the scores must reproduce exactly.
func IsPythonWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && asciiClass[r] == 1
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// Unspaced reports whether r is a letter of a script written without spaces between words:
// Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar and Tibetan. Each such character is a
// term by itself.
func Unspaced(r rune) bool {
	return r >= 0x0E00 && unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana,
		unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar, unicode.Tibetan)
}

// StandsAlone reports whether r stands alone between its neighbours, with no space needed
// around it: a letter of an unspaced script (Unspaced), or any character of the blocks of
// the CJK scripts (radicals, CJK symbols and punctuation such as 、。「」, kana, bopomofo,
// Hangul compatibility jamo, Han, compatibility ideographs, fullwidth and halfwidth forms,
// the supplementary ideographic planes). A span of text may begin or end on either side of
// such a character without cutting a word.
func StandsAlone(r rune) bool {
	switch {
	case r < 0x0E00:
		return false
	case r >= 0x2e80 && r <= 0x9fff, // CJK radicals, symbols and punctuation, kana, Han
		r >= 0xf900 && r <= 0xfaff, // CJK compatibility ideographs
		r >= 0xff00 && r <= 0xffef, // halfwidth and fullwidth forms
		r >= 0x20000:               // supplementary ideographs and beyond
		return true
	}
	return Unspaced(r)
}

// IsSentenceEnd reports whether r ends a sentence in some script: . ! ? and their forms in
// other scripts (。 ！ ？ ． of CJK, ؟ ۔ of Arabic and Urdu, । ॥ of Indic scripts, ። of
// Ethiopic, ။ of Myanmar, ។ of Khmer, ։ of Armenian, ; as the Greek question mark is not
// counted: it is also the ASCII semicolon).
func IsSentenceEnd(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 0 && asciiClass[r] == 2
	}
	switch r {
	case '。', '！', '？', '．', '｡', '؟', '۔', '।', '॥', '።', '၊', '။', '។', '։', '‼', '⁇', '⁈', '⁉', '…':
		return true
	}
	return false
}

// Stats are the counts of a text that the tools weigh.
type Stats struct {
	Words     int // spaced words, plus unspaced characters counted two to a word (rounded up)
	Unspaced  int // characters of unspaced scripts
	WordRunes int // runes that are part of words (both kinds)
	Runes     int // all runes
	Sentences int // runs of sentence-ending punctuation that follow a word
}

// Measure counts the words, runes and sentences of text in one pass.
func Measure(text string) Stats {
	var s Stats
	in, sawWord := false, false
	for i := 0; i < len(text); {
		c := text[i]
		s.Runes++
		if c < utf8.RuneSelf { // ASCII: as below, by its class alone (never unspaced)
			i++
			switch asciiClass[c] {
			case 1:
				if !in {
					s.Words++
				}
				s.WordRunes++
				in, sawWord = true, true
			case 2:
				in = false
				if sawWord {
					s.Sentences++
					sawWord = false
				}
			default:
				in = false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch {
		case r >= 0x0E00 && Unspaced(r):
			s.Unspaced++
			s.WordRunes++
			in, sawWord = false, true
		case IsWordRune(r):
			if !in {
				s.Words++
			}
			s.WordRunes++
			in, sawWord = true, true
		default:
			in = false
			if sawWord && IsSentenceEnd(r) {
				s.Sentences++
				sawWord = false
			}
		}
	}
	s.Words += (s.Unspaced + 1) / 2
	return s
}

// Count returns the number of words of text (Stats.Words).
func Count(text string) int { return Measure(text).Words }

// Each calls yield with each term of text in order, as substrings of text: a run of word
// runes of spaced scripts, or one character of an unspaced script. It stops when yield
// returns false.
func Each(text string, yield func(term string) bool) {
	EachTerm(text, func(term string, _ bool) bool { return yield(term) })
}

// EachTerm is Each, telling yield too whether the term is all ASCII (a caller that treats
// ASCII terms faster need not look at their bytes again).
func EachTerm(text string, yield func(term string, ascii bool) bool) {
	start, ascii := -1, true
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf { // ASCII: a word rune or not (IsWordRune), never unspaced
			if asciiClass[c] == 1 {
				if start < 0 {
					start, ascii = i, true
				}
			} else if start >= 0 {
				if !yield(text[start:i], ascii) {
					return
				}
				start = -1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r >= 0x0E00 && Unspaced(r):
			if start >= 0 {
				if !yield(text[start:i], ascii) {
					return
				}
				start = -1
			}
			if !yield(text[i:i+size], false) {
				return
			}
		case IsWordRune(r):
			if start < 0 {
				start = i
			}
			ascii = false
		default:
			if start >= 0 {
				if !yield(text[start:i], ascii) {
					return
				}
				start = -1
			}
		}
		i += size
	}
	if start >= 0 {
		yield(text[start:], ascii)
	}
}

// Terms returns the terms of text (see Each) as substrings of text.
func Terms(text string) []string {
	var out []string
	Each(text, func(t string) bool { out = append(out, t); return true })
	return out
}
