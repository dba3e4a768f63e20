package htmltext

import "strings"

// Headline picks a page's headline among pieces of it that lie after its <title>: the
// longest whose text between tags, folded (FoldSpace), is part of the page's folded
// <title> and has at least two words by the caller's count. Sites name the article there,
// so ampl and ngramcut keep that piece when they drop short ones (a <title> that names only
// the site is template, and its text on the page is not a candidate).
type Headline struct {
	title         string // the page's <title>, folded
	buf           []byte // the folded text of the last plain piece offered
	best, bestLen int
}

// NewHeadline reads the page's <title> (the page up to its end tag only: a page without
// one is read once more, not parsed) and returns a picker with the offset that candidates
// start at or after; nil when the page has no <title> or an empty one.
func NewHeadline(html string) (h *Headline, after int) {
	after = IndexFold(html, "</title")
	if after < 0 {
		return nil, 0
	}
	title := FoldSpace(Title(html[:after+len("</title>")]))
	if title == "" {
		return nil, 0
	}
	return &Headline{title: title, best: -1}, after
}

// Offer considers piece, candidate i; words counts the words of its folded text. piece is
// not kept. A plain piece (AppendFoldedPlain) is folded into a buffer kept from piece to
// piece, and a string is made only for one longer than the best so far.
func (h *Headline) Offer(i int, piece string, words func(string) float64) {
	var t string
	if folded, ok := AppendFoldedPlain(h.buf[:0], piece); ok {
		if h.buf = folded; len(folded) <= h.bestLen {
			return
		}
		t = string(folded)
	} else {
		t = FoldSpace(BetweenTags(piece))
	}
	if len(t) > h.bestLen && strings.Contains(h.title, t) && words(t) >= 2 {
		h.best, h.bestLen = i, len(t)
	}
}

// Best is the candidate picked, or -1.
func (h *Headline) Best() int { return h.best }
