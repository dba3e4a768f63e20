package ngramcut

import (
	"unicode"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/words"
)

// The cut works on n-grams of characters, so a kept run starts and ends wherever the
// nearest n-gram of W does: inside a word ("challenge" of "challenges.</p>" when
// "s.</p>\n<div class=..." is frequent) or inside a tag (after the first digits of an
// image's file name). Snapping moves such boundaries:
//
//   - out of a tag, away from the kept side (a span starting inside a tag starts after
//     its '>', one ending inside a tag ends at its '<'): a tag has no visible text, so
//     no rendered character changes, and the part of the tag left out is what made the
//     cover stop there (an id, a timestamp, a file name), not content;
//   - inside a word, outward to the word's edges, so the span keeps the whole word:
//     the n-grams of W are mostly markup, and the one that reaches into a word does so
//     because many pages have the same letters next to the same markup (a sentence
//     ending in "s." before "</p>", a paragraph starting with "Th"); the word belongs
//     to the text beside it. Trimming the fragment instead was measured too (README).
//
// A word is a run of characters other than white space, '<' and '>', and characters of
// scripts written without spaces (Han, kana, Thai, ...; there every character stands
// alone, so nothing is snapped). A "word" longer than snapWordReach bytes is code or
// data, and a boundary inside it stays where it is; a tag is looked for at most
// snapTagReach bytes on either side. Snapping costs a few short scans per span, nothing
// per unit.

// How far snapping looks.
const (
	snapWordReach = 64
	snapTagReach  = 1024
)

// snapMode says what happens to a word cut by a span boundary.
type snapMode uint8

const (
	snapExtend snapMode = iota // the span takes the whole word (the default)
	snapTrim                   // the span leaves the word out (measured against)
)

// snapSpans moves span boundaries that fall inside a tag or a word (see above) and
// returns the spans, still sorted and disjoint: spans that meet are merged, spans left
// empty are dropped. It rewrites spans in place.
func snapSpans(html string, spans [][2]int, mode snapMode) [][2]int {
	out := spans[:0]
	for _, sp := range spans {
		s, e := snapStart(html, sp[0], mode), snapEnd(html, sp[1], mode)
		if e <= s {
			continue
		}
		if k := len(out) - 1; k >= 0 && s <= out[k][1] {
			out[k][1] = max(out[k][1], e)
			continue
		}
		out = append(out, [2]int{s, e})
	}
	return out
}

// snapStart is the new start of a span starting at p.
func snapStart(html string, p int, mode snapMode) int {
	if p <= 0 || p >= len(html) {
		return p
	}
	if _, gt, ok := enclosingTag(html, p); ok {
		return gt + 1
	}
	ws, we, ok := wordAround(html, p)
	switch {
	case !ok:
		return p
	case mode == snapTrim:
		return we
	}
	return ws
}

// snapEnd is the new end of a span ending at p.
func snapEnd(html string, p int, mode snapMode) int {
	if p <= 0 || p >= len(html) {
		return p
	}
	if lt, _, ok := enclosingTag(html, p); ok {
		return lt
	}
	ws, we, ok := wordAround(html, p)
	switch {
	case !ok:
		return p
	case mode == snapTrim:
		return ws
	}
	return we
}

// enclosingTag reports whether offset p (0 < p < len(html)) lies strictly inside a tag
// or comment, html[lt] = '<' and html[gt] = '>' with lt < p <= gt: the nearest '<' or
// '>' before p is a '<' that opens a tag (a letter, '/', '!' or '?' follows it), and a
// '>' follows within snapTagReach bytes.
func enclosingTag(html string, p int) (lt, gt int, ok bool) {
	lt = -1
	for i := p - 1; i >= 0 && i >= p-snapTagReach; i-- {
		if c := html[i]; c == '>' {
			return 0, 0, false
		} else if c == '<' {
			lt = i
			break
		}
	}
	if lt < 0 || lt+1 >= len(html) || !opensTag(html[lt+1]) {
		return 0, 0, false
	}
	for i := p; i < len(html) && i < p+snapTagReach; i++ {
		switch html[i] {
		case '>':
			return lt, i, true
		case '<':
			return 0, 0, false
		}
	}
	return 0, 0, false
}

func opensTag(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '/' || c == '!' || c == '?'
}

// wordAround returns the word that offset p cuts, [ws, we) with ws < p < we, when the
// characters on both sides of p are word characters and the word is at most
// snapWordReach bytes long.
func wordAround(html string, p int) (ws, we int, ok bool) {
	ws, we = p, p
	for ws > 0 {
		r, w := utf8.DecodeLastRuneInString(html[:ws])
		if !isWordRune(r) {
			break
		}
		if ws -= w; p-ws > snapWordReach {
			return 0, 0, false
		}
	}
	for we < len(html) {
		r, w := utf8.DecodeRuneInString(html[we:])
		if !isWordRune(r) {
			break
		}
		if we += w; we-ws > snapWordReach {
			return 0, 0, false
		}
	}
	return ws, we, ws < p && p < we
}

// isWordRune reports whether r is part of a word for snapping: not white space, not '<' or
// '>', not an invalid byte, and not a character that stands alone (words.StandsAlone: the
// letters of scripts written without spaces between words, and the CJK punctuation and
// forms among them). Punctuation of spaced scripts is part of its word here ("U.S.",
// "don't", "3.5%"): a kept span never ends inside such a token.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r > ' ' && r != '<' && r != '>' && r != 0x7f
	}
	return r != utf8.RuneError && !unicode.IsSpace(r) && !words.StandsAlone(r)
}
