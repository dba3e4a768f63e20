package ampl

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
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

// opensTag reports whether the byte after a '<' makes it the start of a tag (of an element,
// an end tag, a comment or a declaration), as the HTML tokenizer reads text.
func opensTag(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c == '/' || c == '!' || c == '?'
}

// tagCursor tells whether offsets of html, asked in ascending order, lie inside a tag,
// reading the page forward once: a '<' followed by a letter, '/', '!' or '?' opens a tag and
// the next '>' closes it (a quoted '>' closes it early, so the rest of that tag reads as text).
type tagCursor struct {
	html string
	pos  int  // the next byte to read
	in   bool // the bytes before pos end inside a tag
}

// inTag reports whether the byte at offset at (not below the last asked) lies inside a tag.
func (c *tagCursor) inTag(at int) bool {
	for c.pos < at {
		if c.in {
			k := strings.IndexByte(c.html[c.pos:at], '>')
			if k < 0 {
				c.pos = at
				break
			}
			c.pos, c.in = c.pos+k+1, false
		} else {
			k := strings.IndexByte(c.html[c.pos:at], '<')
			if k < 0 {
				c.pos = at
				break
			}
			c.pos += k + 1
			c.in = c.pos < len(c.html) && opensTag(c.html[c.pos])
		}
	}
	return c.in
}

// textOf is html[a:b] as text is read from it: without the rest of a tag that a begins in
// (inTag: a span of windows or strings starts and ends anywhere, often in an attribute's
// value).
func textOf(html string, a, b int, inTag bool) string {
	if a < b && inTag {
		if k := strings.IndexByte(html[a:b], '>'); k >= 0 {
			a += k + 1
		} else {
			a = b
		}
	}
	return html[a:b]
}

// countWords counts the words of the visible text in s (tags, and script and style
// elements, skipped: htmltext.EachText), as lib/words counts them: a letter of an unspaced
// script (Han, kana, Thai, ...) counts as half a word.
func countWords(s string) float64 {
	var n float64
	inWord := false
	htmltext.EachText(s, htmltext.Scripts|htmltext.Styles, func(text string) {
		for i := 0; i < len(text); {
			// A character of an unspaced script counts half a word alone; one of a word
			// begins a word or goes on with it. ASCII (most of a page) is read without
			// decoding and is never unspaced.
			var word, unspaced bool
			if c := text[i]; c < utf8.RuneSelf {
				word = words.IsWordRune(rune(c))
				i++
			} else {
				r, size := utf8.DecodeRuneInString(text[i:])
				unspaced = words.Unspaced(r)
				word = !unspaced && isWordRune(r)
				i += size
			}
			switch {
			case unspaced:
				n += 0.5
			case word && !inWord:
				n++
			}
			inWord = word
		}
	}, func(string) { inWord = false })
	return n
}

// dropShortBlocks groups the kept spans into blocks (neighbours whose template gap holds no
// text and no block tag, such as an inline link's markup, join) and drops the blocks with
// fewer than minWords words: the variable entries of link lists and teasers between
// template strings, which no frequency can tell from content. Two kinds of short block stay:
//
//   - those between two long blocks when no gap from the one to the other holds template
//     text (markup only): a subheading, a table, a short paragraph inside the article;
//   - the headline: the longest short block of at least two words whose text is part of
//     the page's <title> (which names the article on most sites; a <title> that names only
//     the site is in the template, and a block of its text is not kept by the marks).
func dropShortBlocks(html string, kept [][2]int, minWords int) [][2]int {
	type block struct {
		from, to int // kept[from:to]
		long     bool
	}
	// Whether each kept span, and the gap after it, begins inside a tag.
	spanInTag, gapInTag := make([]bool, len(kept)), make([]bool, len(kept))
	cur := tagCursor{html: html}
	for i, s := range kept {
		spanInTag[i], gapInTag[i] = cur.inTag(s[0]), cur.inTag(s[1])
	}
	span := func(i int) string { return textOf(html, kept[i][0], kept[i][1], spanInTag[i]) }
	gap := func(i int) string { return textOf(html, kept[i][1], kept[i+1][0], gapInTag[i]) } // after span i
	var blocks []block
	start := 0
	for i := 1; i <= len(kept); i++ {
		if i == len(kept) || scanGap(gap(i-1)) {
			var words float64
			for k := start; k < i; k++ {
				words += countWords(span(k))
			}
			blocks = append(blocks, block{start, i, words >= float64(minWords)})
			start = i
		}
	}
	keep := make([]bool, len(blocks))
	last := -1 // the last long block
	for b := range blocks {
		if !blocks[b].long {
			continue
		}
		keep[b] = true
		if last >= 0 && b > last+1 {
			clean := true
			for k := last + 1; k <= b && clean; k++ {
				clean = countWords(gap(blocks[k-1].to-1)) == 0
			}
			for k := last + 1; k < b && clean; k++ {
				keep[k] = true
			}
		}
		last = b
	}
	// The headline: candidates are the blocks after the <title> not kept, their spans read
	// as one piece (a space between them).
	if h, after := htmltext.NewHeadline(html); h != nil {
		var joined []byte // reused from block to block
		for b, bl := range blocks {
			if keep[b] || kept[bl.from][0] < after {
				continue
			}
			joined = joined[:0]
			for k := bl.from; k < bl.to; k++ {
				joined = append(append(joined, span(k)...), ' ')
			}
			h.Offer(b, unsafe.String(unsafe.SliceData(joined), len(joined)), countWords)
		}
		if best := h.Best(); best >= 0 {
			keep[best] = true
		}
	}
	out := kept[:0] // aliases kept: it never gets ahead of the block being read
	for b, bl := range blocks {
		if keep[b] {
			out = append(out, kept[bl.from:bl.to]...)
		}
	}
	return out
}
