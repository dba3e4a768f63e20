package ampl

import (
	"strings"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/words"
)

// isWordRune reports whether r is part of a space-separated word (words.IsWordRune): a
// character that stands alone (words.StandsAlone: Han, kana, Thai, CJK punctuation, ...) is not,
// since every such character is its own boundary.
func isWordRune(r rune) bool {
	return words.IsWordRune(r) && !words.StandsAlone(r)
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

// trimEdgeText unmarks the text at either edge of a marked span when it holds at most
// maxWords words and the span also holds markup: a template string such as "</p>\n<p>In "
// ends in the first word of a paragraph, which is content. Spans of text only are kept
// whole (a footer sentence). The output is sorted and disjoint.
func trimEdgeText(spans [][2]int, s string, maxWords int) [][2]int {
	out := make([][2]int, 0, len(spans))
	short := func(t string) bool {
		w := countWords(t)
		return w > 0 && w <= float64(maxWords)
	}
	for _, sp := range spans {
		a, b := sp[0], sp[1]
		seg := s[a:b]
		first := strings.IndexByte(seg, '<')
		last := strings.LastIndexByte(seg, '>')
		if first < 0 || last < 0 {
			out = append(out, sp)
			continue
		}
		// Leading text: after the last '>' before the first '<' (the span may start in a tag).
		ls := 0
		if gt := strings.LastIndexByte(seg[:first], '>'); gt >= 0 {
			ls = gt + 1
		}
		le := first
		// Trailing text: after the last '>' up to the next '<' (the span may end in a tag);
		// none when the last '>' comes before the first '<' (that text is the leading one).
		ts, te := len(seg), len(seg)
		if last > first {
			ts = last + 1
			if lt := strings.IndexByte(seg[ts:], '<'); lt >= 0 {
				te = ts + lt
			}
		}
		at := 0
		if le > ls && short(seg[ls:le]) {
			if ls > 0 {
				out = append(out, [2]int{a, a + ls})
			}
			at = le
		}
		if te > ts && short(seg[ts:te]) {
			if ts > at {
				out = append(out, [2]int{a + at, a + ts})
			}
			at = te
		}
		if at < len(seg) {
			out = append(out, [2]int{a + at, b})
		}
	}
	return out
}
