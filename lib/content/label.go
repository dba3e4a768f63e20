package content

import (
	"math"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/words"
)

// Unlabeled marks a block the gold says nothing about (NaN).
var Unlabeled = float32(math.NaN())

// Label says how much of each block of p the gold text holds, in [0, 1], for learning: the
// share of the block's term trigrams (lower-cased terms, see lib/words) found among the
// gold's; a block of one or two terms is 1 when it is a whole line of the gold or a whole
// cell of a table's row, which the gold writes with pipes or tabs between its cells
// (tableRows), else 0.
// (Labelling short blocks only from gold lines they make at least half of, so that a menu
// entry whose words recur in a gold line is not content, measured worse: WCXB word F1 .861
// -> .857 by 5-fold cross-validation, collections .674 -> .638.)
func Label(p *Page, gold string) []float32 {
	tri := map[uint64]struct{}{}
	lines := map[uint64]struct{}{}
	var all []uint64
	goldLines := strings.Split(gold, "\n")
	rows := tableRows(goldLines)
	for i, line := range goldLines {
		ts := termHashes(nil, line)
		if len(ts) > 0 {
			lines[seqHash(ts)] = struct{}{}
		}
		all = append(all, ts...) // trigrams run across lines: a block may join two gold lines
		if rows[i] {
			// A table's row ("1904 | Ivan Pavlov | ...", Markdown's "| a | b |", or cells
			// between tabs): each cell is a line of its own, as the page's cells are blocks.
			for cell := range strings.FieldsFuncSeq(line, isCellSeparator) {
				if cs := termHashes(nil, cell); len(cs) > 0 {
					lines[seqHash(cs)] = struct{}{}
				}
			}
		}
	}
	for i := 0; i+2 < len(all); i++ {
		tri[triHash(all[i:])] = struct{}{}
	}
	out := make([]float32, len(p.Blocks))
	var ts []uint64
	for i := range p.Blocks {
		ts = termHashes(ts[:0], p.Blocks[i].Text)
		switch {
		case len(ts) == 0:
		case len(ts) < 3:
			if _, ok := lines[seqHash(ts)]; ok {
				out[i] = 1
			}
		default:
			in := 0
			for k := 0; k+2 < len(ts); k++ {
				if _, ok := tri[triHash(ts[k:])]; ok {
					in++
				}
			}
			out[i] = float32(in) / float32(len(ts)-2)
		}
	}
	return out
}

// isCellSeparator reports whether r parts the cells of a table's row in a gold text.
func isCellSeparator(r rune) bool { return r == '|' || r == '\t' }

// tableRows says which of a gold text's lines are rows of a table: lines with cell separators
// whose previous or next line with text has as many. A line alone with a separator is not
// (a title's "Post | Blog", a menu's "Home | About" in a gold of the whole page): its parts
// are no more lines of their own than any phrase of the gold.
func tableRows(lines []string) []bool {
	seps := make([]int, len(lines))
	for i, l := range lines {
		seps[i] = strings.Count(l, "|") + strings.Count(l, "\t")
		if strings.TrimSpace(l) == "" {
			seps[i] = -1 // no text: rows are compared across it
		}
	}
	rows := make([]bool, len(lines))
	prev := -1 // the last line with text before i
	for i, n := range seps {
		if n < 0 {
			continue
		}
		if n > 0 && prev >= 0 && seps[prev] == n {
			rows[prev], rows[i] = true, true
		}
		prev = i
	}
	return rows
}

// LabelSnippets labels the blocks of p from snippets of the main text that an extraction
// must hold (with) and of boilerplate it must not (without): a block that holds a snippet,
// or whose text (at least 12 bytes) lies within one, is 1 (with) or 0 (without); other
// blocks are Unlabeled. Text is compared lower-cased with white space collapsed.
func LabelSnippets(p *Page, with, without []string) []float32 {
	norm := func(ss []string) []string {
		out := make([]string, 0, len(ss))
		for _, s := range ss {
			if s = strings.ToLower(htmltext.OneLine(s)); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	w, wo := norm(with), norm(without)
	out := make([]float32, len(p.Blocks))
	match := func(text string, ss []string) bool {
		for _, s := range ss {
			if strings.Contains(text, s) || len(text) >= 12 && strings.Contains(s, text) {
				return true
			}
		}
		return false
	}
	for i := range p.Blocks {
		t := strings.ToLower(htmltext.OneLine(p.Blocks[i].Text))
		switch {
		case match(t, w):
			out[i] = 1
		case match(t, wo):
			out[i] = 0
		default:
			out[i] = Unlabeled
		}
	}
	return out
}

func termHashes(dst []uint64, text string) []uint64 {
	words.Each(text, func(t string) bool {
		dst = append(dst, xxhash.Sum64String(strings.ToLower(t)))
		return true
	})
	return dst
}

func triHash(t []uint64) uint64 { return t[0]*0x9E3779B97F4A7C15 ^ t[1]*0xC2B2AE3D27D4EB4F ^ t[2] }

func seqHash(t []uint64) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range t {
		h = (h ^ x) * 1099511628211
	}
	return h
}
