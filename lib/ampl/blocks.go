package ampl

import (
	"strings"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/words"
	"golang.org/x/net/html/atom"
)

// isBlockTag reports whether the tag name (lower case) ends a run of text: a kept span on
// either side of a template gap that holds one belongs to another block. Those are the
// elements lib/htmltext renders as a line break (dom.IsBlock), those whose content is not
// page text (dom.IsHidden: script, style, title, select, ...), and buttons.
func isBlockTag(name string) bool {
	a := atom.Lookup([]byte(name))
	return dom.IsBlock(a) || dom.IsHidden(a) || a == atom.Button
}

// scanGap reports whether a template gap separates blocks: it holds visible text (template
// text such as a label) or a block-level tag.
func scanGap(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '<' {
			j := i + 1
			if j < len(s) && s[j] == '/' {
				j++
			}
			k := j
			for k < len(s) && (s[k] >= 'a' && s[k] <= 'z' || s[k] >= 'A' && s[k] <= 'Z' || s[k] >= '0' && s[k] <= '9') {
				k++
			}
			if k > j && isBlockTag(strings.ToLower(s[j:k])) {
				return true
			}
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				return false
			}
			i += end
			continue
		}
		if c != ' ' && c != '\n' && c != '\t' && c != '\r' {
			return true
		}
	}
	return false
}

// countWords counts the words of the visible text in s (tags, and the bodies of script and
// style elements, skipped), as lib/words counts them: a letter of an unspaced script (Han,
// kana, Thai, ...) counts as half a word.
func countWords(s string) float64 {
	var n float64
	inWord := false
	for i := 0; i < len(s); {
		c := s[i]
		if c == '<' {
			inWord = false
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				return n
			}
			tag := s[i+1 : i+end]
			i += end + 1
			for _, raw := range [...]string{"script", "style"} {
				if len(tag) >= len(raw) && strings.EqualFold(tag[:len(raw)], raw) {
					close := indexFold(s[i:], "</"+raw)
					if close < 0 {
						return n
					}
					i += close
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case words.Unspaced(r):
			n += 0.5
			inWord = false
		case isWordRune(r):
			if !inWord {
				n++
			}
			inWord = true
		default:
			inWord = false
		}
	}
	return n
}

// dropShortBlocks groups the kept spans into blocks (neighbours whose template gap holds no
// text and no block tag, such as an inline link's markup, join) and drops the blocks with
// fewer than minWords words: the variable entries of link lists and teasers between
// template strings, which no frequency can tell from content.
func dropShortBlocks(html string, kept [][2]int, minWords int) [][2]int {
	out := kept[:0]
	start := 0
	flush := func(end int) {
		var words float64
		for _, s := range kept[start:end] {
			words += countWords(html[s[0]:s[1]])
		}
		if words >= float64(minWords) {
			out = append(out, kept[start:end]...)
		}
	}
	// out aliases kept: it never gets ahead of the group being read.
	for i := 1; i <= len(kept); i++ {
		if i == len(kept) || scanGap(html[kept[i-1][1]:kept[i][0]]) {
			flush(i)
			start = i
		}
	}
	return out
}

// indexFold is strings.Index for an ASCII lower-case needle, ignoring ASCII case, without
// copying the haystack.
func indexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		j := i
		if j = strings.IndexByte(s[i:], needle[0]); j < 0 {
			return -1
		}
		i += j
		if i+len(needle) <= len(s) && strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}
