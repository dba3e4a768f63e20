package metric

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Snippets are the counts of trafilatura's evaluation metric (its tests/eval_common.py):
// per page, each `with` snippet found in the extraction (whitespace-normalised, case-sensitive
// substring) is a true positive and one not found a false negative; each `without` snippet
// found is a false positive and one not found a true negative. The counts are summed over
// pages before P, R, accuracy and F are taken.
type Snippets struct {
	TP, FN, FP, TN int
}

// CountSnippets counts one page's snippets against its extraction pred (trafilatura's
// count_item). A page missing from the extractions is scored with pred "": every `with`
// snippet is then a false negative and every `without` one a true negative.
func CountSnippets(pred string, with, without []string) Snippets {
	text := NormalizeSpace(pred)
	var s Snippets
	for _, sn := range with {
		if strings.Contains(text, NormalizeSpace(sn)) {
			s.TP++
		} else {
			s.FN++
		}
	}
	for _, sn := range without {
		if strings.Contains(text, NormalizeSpace(sn)) {
			s.FP++
		} else {
			s.TN++
		}
	}
	return s
}

// Add adds o's counts to s.
func (s *Snippets) Add(o Snippets) {
	s.TP += o.TP
	s.FN += o.FN
	s.FP += o.FP
	s.TN += o.TN
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Precision is TP/(TP+FP), 0 when nothing was found.
func (s Snippets) Precision() float64 { return ratio(s.TP, s.TP+s.FP) }

// Recall is TP/(TP+FN).
func (s Snippets) Recall() float64 { return ratio(s.TP, s.TP+s.FN) }

// Accuracy is (TP+TN)/all.
func (s Snippets) Accuracy() float64 { return ratio(s.TP+s.TN, s.TP+s.TN+s.FP+s.FN) }

// F is 2TP/(2TP+FP+FN), the harmonic mean of precision and recall.
func (s Snippets) F() float64 { return ratio(2*s.TP, 2*s.TP+s.FP+s.FN) }

// NormalizeSpace replaces every run of white space in s by one space and trims both ends,
// as trafilatura's norm (re.sub(r"\s+", " ", s).strip()) and Python's ' '.join(s.split())
// do: white space is what Python's str.isspace calls so, Unicode's White_Space and the
// separators U+001C-U+001F (not U+200B or U+FEFF). It returns s itself when nothing changes.
func NormalizeSpace(s string) string {
	clean := true
	prevSpace := true // a leading space is a change
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			clean = false
			break
		}
		sp := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1f)
		if sp && (c != ' ' || prevSpace) {
			clean = false
			break
		}
		prevSpace = sp
	}
	if clean && !prevSpace || s == "" {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if pySpace(r) {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// pySpace is Python's str.isspace: Unicode white space, and the ASCII separators
// U+001C-U+001F that Python counts too.
func pySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f) || r == 0x85
}
