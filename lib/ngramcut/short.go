package ngramcut

import (
	"strings"
	"unicode"

	"github.com/chaffkit/chaff/lib/htmltext"
)

// dropShortRunsIn is MinRun without Bridge on the range string r of html: runs of 1s shorter
// than min units become 0s, but for two kinds of short run, which stay:
//
//   - the short runs between two long ones when no covered gap from the one to the other
//     holds text (template markup only, at most a word: see hasText): a subheading, the
//     cells of a table, a short paragraph inside the article, cut off by markup that many
//     pages share (</td><td>, </p>\n<h2>);
//   - the headline: the longest short run after the <title> whose text, of two words or
//     more, is part of the page's <title>. Sites name the article there; a <title> that
//     names only the site is template, and its text on the page is covered, not a run.
//
// Short runs elsewhere (dates, related links, teasers between covered markup) go as before.
// offsets translates unit positions, ascending, into byte offsets of html in place (a
// position past the last unit becomes len(html)).
func dropShortRunsIn(html string, r []byte, min int, offsets func(pos []int)) {
	runs := runsOf(r) // unit ranges of the runs of 1s
	short := false
	for _, ru := range runs {
		short = short || ru[1]-ru[0] < min
	}
	if !short {
		return
	}
	pos := make([]int, 0, 2*len(runs))
	for _, ru := range runs {
		pos = append(pos, ru[0], ru[1])
	}
	offsets(pos)
	span := func(i int) string { return html[pos[2*i]:pos[2*i+1]] }
	gap := func(i int) string { return html[pos[2*i-1]:pos[2*i]] } // before run i
	keep := make([]bool, len(runs))
	last := -1 // the last long run
	for b, ru := range runs {
		if ru[1]-ru[0] < min {
			continue
		}
		keep[b] = true
		if last >= 0 && b > last+1 {
			clean := true
			for k := last + 1; k <= b && clean; k++ {
				clean = !hasText(gap(k))
			}
			for k := last + 1; k < b && clean; k++ {
				keep[k] = true
			}
		}
		last = b
	}
	// The headline: candidates are the runs after the <title> not kept.
	if h, after := htmltext.NewHeadline(html); h != nil {
		for b := range runs {
			if !keep[b] && pos[2*b] >= after {
				h.Offer(b, span(b), wordCount)
			}
		}
		if best := h.Best(); best >= 0 {
			keep[best] = true
		}
	}
	for b, ru := range runs {
		if !keep[b] {
			clear(r[ru[0]:ru[1]])
		}
	}
}

// hasText reports whether a covered gap between two runs shows words of its own: more than
// one word outside its tags (script and style bodies count: such a gap is not kept across),
// not counting the pieces of words the runs end and start with (the cut is on characters,
// and snapping gives those letters to the runs' words). One word is allowed because the
// n-grams that cover shared markup reach a few characters into the text beside it: a
// link's `of <a href="/posts/`, a code block's `<pre><code>def `.
func hasText(s string) bool {
	if has, ok := hasTextASCII(s); ok {
		return has
	}
	return hasTextSlow(s)
}

// hasTextSlow is hasText for any piece.
func hasTextSlow(s string) bool {
	t := htmltext.BetweenTags(s)
	if s != "" && s[len(s)-1] != '>' {
		t = strings.TrimRightFunc(t, func(c rune) bool { return !unicode.IsSpace(c) })
	}
	if s != "" && s[0] != '<' {
		t = strings.TrimLeftFunc(t, func(c rune) bool { return !unicode.IsSpace(c) })
	}
	return wordCount(t) > 1
}

// wordCount counts the words of s: runs of letters and digits, a character of a script
// written without spaces (Han, kana, Hangul, Thai) counting half.
func wordCount(s string) float64 {
	n, in := 0.0, false
	for _, c := range s {
		switch {
		case c >= 0x2E80 && unicode.In(c, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Thai):
			n += 0.5
			in = false
		case unicode.IsLetter(c) || unicode.IsDigit(c):
			if !in {
				n++
			}
			in = true
		default:
			in = false
		}
	}
	return n
}

// isASCIIAlnum reports whether c is an ASCII letter or digit: wordCount's word characters
// among the ASCII bytes.
func isASCIIAlnum(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' }

// hasTextASCII is hasText, in one pass with no string built, of an s whose text is plain
// (ok: ASCII without character references, as htmltext.AppendFoldedPlain reads it),
// stopping at its second word that no trim can take: a word is the trims' only until a
// space follows it.
func hasTextASCII(s string) (has, ok bool) {
	if s == "" {
		return false, true
	}
	trimLeft, trimRight := s[0] != '<', s[len(s)-1] != '>'
	done, pending, in := 0, 0, false // words followed by a space; words since the last space
	ok = true
	htmltext.BetweenTagsPieces(s, func(text string) bool {
		for i := 0; i < len(text); i++ {
			c := text[i]
			switch {
			case c >= 0x80 || c == '&':
				ok = false
				return false
			case htmltext.IsASCIISpace(c):
				trimLeft, in = false, false
				if done, pending = done+pending, 0; done > 1 {
					return false
				}
			case trimLeft:
			case isASCIIAlnum(c):
				if !in {
					pending++
				}
				in = true
			default:
				in = false
			}
		}
		return true
	})
	if !ok {
		return false, false
	}
	if !trimRight {
		done += pending
	}
	return done > 1, true
}
