package rtdm

import (
	"strings"
	"unicode"

	"github.com/chaffkit/chaff/lib/words"
)

// LabelOptions are the thresholds of the labeling heuristics (section 4.4).
type LabelOptions struct {
	BodyMinWords  int // a body has more than this many words (the paper: 100)
	TitleMaxWords int // a title has 1 to this many words (the paper: 20)
	// DocTitle first looks for the title among the passages outside <head> whose distinct
	// terms are mostly (at least half) in the page's <title>, the one with the largest share
	// times shared terms (so that a one-word tag does not beat the headline), then the closest to
	// the body; the paper's heuristic decides when none is, with the body's leading pieces
	// as candidates too (see leadingHeadline). A <title> that is the same on every page of
	// the cluster (fixed text in the pattern) is not used. Not in the paper.
	DocTitle bool
	// BodyAfterTitle, when the title was found by DocTitle in a passage of its own, takes as
	// the body the longest passage after the title with more than BodyMinWords words (not the
	// longest of the page: a teaser or a list before the headline can be longer). Not in the
	// paper.
	BodyAfterTitle bool
	// SkipComments leaves out of the body candidates the passages that look like reader
	// comments: at least 3 clock times (12:27, 11:45 PM), one per 200 words or more (each
	// comment carries its time). Not in the paper.
	SkipComments bool
	// MaxLinkShare, when positive, leaves out of the body candidates the passages of which at
	// least this share of the words are link text (a "most read" list). Not in the paper.
	MaxLinkShare float64
	// BodyFallback, when no passage has more than BodyMinWords words, takes as the body the
	// longest passage of more than BodyFallback words that is not in <head>, not reader
	// comments and not a list of links (SkipComments, MaxLinkShare); 0: off, the paper.
	// BodyMinWords is the length of a news story; a site of short articles (a paragraph of
	// 80 words) has no passage that long, and its article is still the longest passage that
	// is no title. Not in the paper.
	BodyFallback int
}

// DefaultLabelOptions are the paper's thresholds, with DocTitle, BodyAfterTitle and
// SkipComments.
var DefaultLabelOptions = LabelOptions{BodyMinWords: 100, TitleMaxWords: 20, DocTitle: true, BodyAfterTitle: true, SkipComments: true, MaxLinkShare: 0.5, BodyFallback: 20}

// Label picks the body and the title among the passages (indices, -1 when none), which must
// have their Text and Words set and be in pattern pre-order.
//
// The body is the longest passage with more than BodyMinWords words. The paper's formula
// compares with passages "1 < k < n"; it is read as every other passage.
//
// The title is the passage of 1 to TitleMaxWords words that maximises
// |t_j ∩ t_body| / |p_j - p_body|: the number of distinct terms (lower-cased words) it shares
// with the body over its distance from the body in pattern positions. The paper writes
// p_j - p_i without an absolute value and "1 < k < i" for the competitors; they are read as
// the distance and every other passage. A title must share at least one term with the body;
// ties go to the closer passage, then to the earlier one.
//
// With DocTitle, the pieces of every passage (see [Passage]) are title candidates too, so
// that a headline the pattern merged into the body passage is still found; titleText is the
// chosen passage's text or piece.
func Label(ps []Passage, docTitle string, opt LabelOptions) (title, body int, titleText string) {
	// candidate: long enough, and neither reader comments nor a list of links.
	candidate := func(p *Passage) bool {
		return p.Words > opt.BodyMinWords && !(opt.SkipComments && p.Comments) &&
			!(opt.MaxLinkShare > 0 && float64(p.LinkWords) >= opt.MaxLinkShare*float64(p.Words))
	}
	body = -1
	for i := range ps {
		if candidate(&ps[i]) && (body < 0 || ps[i].Words > ps[body].Words) {
			body = i
		}
	}
	if body < 0 && (opt.SkipComments || opt.MaxLinkShare > 0) {
		for i := range ps {
			if ps[i].Words > opt.BodyMinWords && (body < 0 || ps[i].Words > ps[body].Words) {
				body = i
			}
		}
	}
	if body < 0 && opt.BodyFallback > 0 {
		for i := range ps {
			if p := &ps[i]; p.Words > opt.BodyFallback && !p.InHead && !(opt.SkipComments && p.Comments) &&
				!(opt.MaxLinkShare > 0 && float64(p.LinkWords) >= opt.MaxLinkShare*float64(p.Words)) &&
				(body < 0 || p.Words > ps[body].Words) {
				body = i
			}
		}
	}
	if body < 0 {
		return -1, -1, ""
	}
	if opt.DocTitle && docTitle != "" {
		if t, text := byDocTitle(ps, body, docTitle, opt); t >= 0 {
			if opt.BodyAfterTitle && t != body {
				after := -1
				for k := t + 1; k < len(ps); k++ {
					if candidate(&ps[k]) {
						if after < 0 || ps[k].Words > ps[after].Words {
							after = k
						}
					}
				}
				if after >= 0 {
					body = after
				}
			}
			return t, body, text
		}
	}
	bodyTerms := make(map[string]struct{})
	for _, w := range terms(ps[body].Text) {
		bodyTerms[w] = struct{}{}
	}
	title = -1
	bestScore, bestDist := 0.0, 0
	for j := range ps {
		if j == body || ps[j].Words < 1 || ps[j].Words > opt.TitleMaxWords {
			continue
		}
		seen := make(map[string]struct{})
		common := 0
		for _, w := range terms(ps[j].Text) {
			if _, ok := seen[w]; ok {
				continue
			}
			seen[w] = struct{}{}
			if _, ok := bodyTerms[w]; ok {
				common++
			}
		}
		if common == 0 {
			continue
		}
		dist := ps[j].Pos - ps[body].Pos
		if dist < 0 {
			dist = -dist
		}
		score := float64(common) / float64(dist)
		if title < 0 || score > bestScore || (score == bestScore && dist < bestDist) {
			title, bestScore, bestDist = j, score, dist
		}
	}
	if title >= 0 {
		titleText = ps[title].Text
	}
	if opt.DocTitle {
		// The headline inside the body passage (its first pieces) competes as if adjacent.
		if text, common := leadingHeadline(ps[body], opt.TitleMaxWords); common > 0 &&
			(title < 0 || float64(common) > bestScore) {
			return body, body, text
		}
	}
	return title, body, titleText
}

// leadingHeadline looks for a headline among the pieces of the body before its text starts
// (the pieces of 1 to maxWords words before the first longer one): the piece sharing the most
// distinct terms of three letters or more with the rest of the body, the earlier on ties.
// It serves pages whose <title> does not name the article (the site's name only) and whose
// pattern merged the headline into the body passage.
func leadingHeadline(body Passage, maxWords int) (text string, common int) {
	var lead []string
	for _, pc := range body.Pieces {
		if cappedWords(pc, maxWords) > maxWords {
			break
		}
		lead = append(lead, pc)
	}
	if len(lead) == 0 || len(lead) == len(body.Pieces) {
		return "", 0
	}
	rest := make(map[string]struct{})
	for _, pc := range body.Pieces[len(lead):] {
		for _, w := range terms(pc) {
			rest[w] = struct{}{}
		}
	}
	for _, pc := range lead {
		seen := make(map[string]struct{})
		n := 0
		for _, w := range terms(pc) {
			if _, dup := seen[w]; dup || !termLike(w) {
				continue
			}
			seen[w] = struct{}{}
			if _, ok := rest[w]; ok {
				n++
			}
		}
		if n > common {
			text, common = pc, n
		}
	}
	return text, common
}

// termLike reports a term of three letters or more, or one character of an unspaced script:
// the terms that say what a text is about (not "to", "by", "5", "am").
func termLike(w string) bool {
	letters := 0
	for _, r := range w {
		if words.Unspaced(r) {
			return true
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 3
}

// terms returns the lower-cased terms of s (words.Each: runs of word runes, and each
// character of a script written without spaces by itself); countWords is words.Count, which
// counts two such characters as a word (about the mean length of a Japanese or Chinese word),
// so that the paper's word thresholds keep their meaning.
func terms(s string) []string {
	var out []string
	words.Each(s, func(t string) bool {
		out = append(out, strings.ToLower(t))
		return true
	})
	return out
}

func countWords(s string) int { return words.Count(s) }

// cappedWords is countWords(s) when that is at most max, else some count above max: a long
// text's words are counted only as far as needed. The count of a prefix is at most the
// text's (a word cut at the prefix's end counts once, a character cut in two counts none),
// so a prefix over max answers for the whole text, which the 20-word tests of titles read in
// every long passage.
func cappedWords(s string, max int) int {
	if lim := 16 * (max + 1); len(s) > 2*lim {
		if n := countWords(s[:lim]); n > max {
			return n
		}
	}
	return countWords(s)
}

func byDocTitle(ps []Passage, body int, docTitle string, opt LabelOptions) (int, string) {
	dt := make(map[string]struct{})
	for _, w := range terms(docTitle) {
		dt[w] = struct{}{}
	}
	best, bestText, bestShare, bestCommon, bestDist := -1, "", 0.0, 0, 0
	consider := func(j int, text string) {
		if n := cappedWords(text, opt.TitleMaxWords); n < 1 || n > opt.TitleMaxWords {
			return // counted before its terms are lower-cased: most passages are long
		}
		ws := terms(text)
		if len(ws) == 0 {
			return
		}
		// Distinct terms: a piece full of "the" and "of" is not the headline because the
		// <title> has them too.
		seen := make(map[string]struct{}, len(ws))
		for _, w := range ws {
			seen[w] = struct{}{}
		}
		common, n := 0, len(seen)
		for w := range seen {
			if _, ok := dt[w]; ok {
				common++
			}
		}
		share := float64(common) / float64(n)
		if share < 0.5 {
			return
		}
		dist := ps[j].Pos - ps[body].Pos
		if dist < 0 {
			dist = -dist
		}
		if best < 0 || share*float64(common) > bestShare*float64(bestCommon) || (share*float64(common) == bestShare*float64(bestCommon) && dist < bestDist) {
			best, bestText, bestShare, bestCommon, bestDist = j, text, share, common, dist
		}
	}
	for j := range ps {
		if ps[j].InHead {
			continue
		}
		if j != body {
			consider(j, ps[j].Text)
		}
		if len(ps[j].Pieces) > 1 || j == body {
			for _, p := range ps[j].Pieces {
				consider(j, p)
			}
		}
	}
	return best, bestText
}

// CommentLike reports whether a text of n words reads like a list of reader comments: at
// least 3 times of day stamped on posts (see stampTimes), one per 200 words or more.
func CommentLike(text string, n int) bool { k := stampTimes(text); return k >= 3 && k*200 >= n }
