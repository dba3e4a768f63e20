package content

import (
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/mojibake"
	"golang.org/x/net/html/atom"
)

// PreOf returns the pre element around block i, or nil when the block is not in one.
func (p *Page) PreOf(i int) *dom.Node {
	b := &p.Blocks[i]
	if b.Flags&InPre == 0 || b.Owner < 0 {
		return nil
	}
	for n := p.Elements[b.Owner].Node; n != nil; n = n.Parent {
		if n.Type == dom.ElementNode && n.Tag == "pre" {
			return n
		}
	}
	return nil
}

// PreText returns the text of the kept blocks of the pre element around block i (PreOf),
// from block i on, with the element's own lines and indentation, and the index of the
// first block after the element's. A block's text joins the lines of a pre (white space is
// one space in it, and the tree leaves out text nodes of white space alone); here the text
// nodes the blocks hold are read from the source as they are, and between two of them the
// line breaks (br elements, and a block element's start or end where there is none) and
// the indentation after the last break are kept, while
// markup, scripts, styles and hidden text there are not. The line breaks at the start and
// end and white space at the end of each line are dropped.
func (p *Page) PreText(i int, kept []bool) (string, int) {
	el := p.PreOf(i)
	j := i
	for j < len(p.Blocks) && p.PreOf(j) == el {
		j++
	}
	return p.preLines(i, j, kept), j
}

// preLines is PreText of the kept blocks among i to j-1 (kept nil: all of them), blocks of
// one pre element.
func (p *Page) preLines(i, j int, kept []bool) string {
	var b strings.Builder
	prev := -1
	for k := i; k < j; k++ {
		if kept != nil && !kept[k] {
			continue
		}
		for _, r := range p.Blocks[k].Ranges {
			if prev >= 0 && int(r[0]) >= prev {
				writeGap(&b, p.Src[prev:r[0]])
			}
			// Each text node cleaned alone, as the tree decodes it: the bytes of two nodes
			// never join into a character that is in neither ("\xe1<b>\x9b\x84" is three
			// U+FFFD, not "ᛄ"), nor a carriage return and a line feed into one break.
			text, _ := mojibake.RepairMarked(htmltext.Unescape(p.Src[r[0]:r[1]])) // as segmenter.text
			b.WriteString(clean(text))
			prev = int(r[1])
		}
	}
	lines := strings.Split(strings.Trim(b.String(), "\n"), "\n")
	for k, l := range lines {
		lines[k] = strings.TrimRight(l, " \t\r")
	}
	return strings.Join(lines, "\n")
}

// writeGap writes the line breaks of gap, the source between two text nodes of a pre
// element (a br is one; block elements make one where there is none), and the spaces after
// the last of them (the next line's indentation); a gap without a break is a space when it
// holds any white space.
func writeGap(b *strings.Builder, gap string) {
	breaks, indent, space, block := 0, 0, false, false
	htmltext.EachText(gap, htmltext.AllInvisible, func(t string) {
		for k := 0; k < len(t); k++ {
			switch t[k] {
			case '\n':
				breaks, indent = breaks+1, 0
			case ' ', '\t':
				indent++
				space = true
			default:
				indent = 0 // text the blocks left out (hidden): not indentation
			}
		}
	}, func(tag string) {
		switch name := tagName(tag); {
		case name == atom.Br:
			breaks, indent = breaks+1, 0
		case dom.IsBlock(name):
			block = true // a line of its own, as the blocks have it
		}
	})
	if block && breaks == 0 {
		breaks, indent = 1, 0
	}
	switch {
	case breaks > 0:
		b.WriteString(strings.Repeat("\n", breaks))
		b.WriteString(strings.Repeat(" ", indent))
	case space:
		b.WriteByte(' ')
	}
}

// tagName is the element of a tag's source between its < and >, start or end tag.
func tagName(tag string) atom.Atom {
	tag = strings.TrimPrefix(tag, "/")
	end := 0
	for end < len(tag) && ('a' <= tag[end]|0x20 && tag[end]|0x20 <= 'z' || '0' <= tag[end] && tag[end] <= '9') {
		end++
	}
	return atom.Lookup([]byte(strings.ToLower(tag[:end])))
}

// clean makes the source's text plain as the blocks' text is (htmltext.Line): a carriage
// return (with a line feed after it or not) is a line break, as HTML reads it; bytes that
// are not UTF-8 become U+FFFD; NUL (which the tree drops from HTML text), other control
// characters but the tab, and the characters htmltext.IsInvisibleChar names go.
func clean(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i, r := range s {
		switch {
		case r == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				continue
			}
			b.WriteByte('\n')
		case htmltext.IsControlChar(r) && r != '\n' && r != '\t', htmltext.IsInvisibleChar(r):
		default:
			b.WriteRune(r) // an invalid byte decodes as U+FFFD
		}
	}
	return b.String()
}
