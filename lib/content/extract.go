package content

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/words"
	"golang.org/x/net/html/atom"
)

// Result is the content the model finds in one page.
type Result struct {
	Text   string    // the kept blocks, one per line (headings, paragraphs, list items on their own)
	Title  string    // the page's title (see Page.BestTitle)
	Page   *Page     // the segmented page
	Scores []float32 // each block's probability of being content
	Kept   []bool    // the blocks kept
}

// Threshold is the probability above which a block is kept (Balanced).
const Threshold = 0.5

// Favor says which error an extraction would rather make, as trafilatura's favor_precision
// and favor_recall do: Precision keeps fewer doubtful blocks (captions, credits, teasers),
// Recall keeps more (the short items of a grid, a post's signature). It moves the threshold
// from 0.5 to 0.6 or 0.4 (0.4 in log-odds either way). What it trades, by 5-fold CV by site: see
// lib/content/README.md.
type Favor int8

const (
	Balanced Favor = iota
	Precision
	Recall
)

// ParseFavor reads a Favor by its name: balanced, precision or recall.
func ParseFavor(s string) (Favor, error) {
	for f, name := range favorNames {
		if s == name {
			return Favor(f), nil
		}
	}
	return Balanced, fmt.Errorf("%q: want balanced, precision or recall", s)
}

var (
	favorNames      = [...]string{Balanced: "balanced", Precision: "precision", Recall: "recall"}
	favorThresholds = [...]float32{Balanced: Threshold, Precision: 0.6, Recall: 0.4}
)

func (f Favor) String() string { return favorNames[f] }

// Threshold is the probability above which a block is kept.
func (f Favor) Threshold() float32 { return favorThresholds[f] }

//go:embed model.bin
var modelFile []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
	defaultErr   error
)

// Default returns the model shipped with chaff (model.bin, trained by scripts/contentmodel
// on the dev sets of ../shared/data). It is decoded once; it is safe for concurrent use.
func Default() (*Model, error) {
	defaultOnce.Do(func() {
		m := &Model{}
		if err := m.UnmarshalBinary(modelFile); err != nil {
			defaultErr = err
			return
		}
		defaultModel = m
	})
	return defaultModel, defaultErr
}

// Extract finds the main content of the page src whose tree is root (dom.Parse). It is safe
// for concurrent use.
func (m *Model) Extract(src string, root *dom.Node, f Favor) *Result {
	p := Segment(src, root)
	s := m.Scores(p)
	return p.Select(s, f)
}

// Select keeps the blocks whose score is above f's threshold, and the title's heading
// (TitleBlock), and renders them.
func (p *Page) Select(s []float32, f Favor) *Result {
	r := &Result{Page: p, Scores: s, Kept: p.Keep(s, f.Threshold())}
	r.Text = p.Render(r.Kept)
	r.Title = p.BestTitle()
	return r
}

// Keep says which blocks Select keeps at threshold th: those scored above it, the title's
// heading, and the rest of the rows of a data table they keep a cell of (keepLabels), less
// the copies of text kept before (dropCopies).
func (p *Page) Keep(s []float32, th float32) []bool {
	kept := make([]bool, len(s))
	for i := range s {
		kept[i] = s[i] > th
	}
	p.completeKept(kept)
	return kept
}

// completeKept applies the rules that end every choice of blocks, by the page alone (Keep)
// or joined with a site (Join): the title's heading is kept, a data table's rows with a kept
// cell are kept whole (keepLabels), and a copy of text kept before is left out (dropCopies).
func (p *Page) completeKept(kept []bool) {
	first, end := p.TitleBlocks()
	for t := first; t < end; t++ {
		kept[t] = true
	}
	p.keepLabels(kept)
	p.dropCopies(kept)
}

// Render returns the text of the kept blocks, one line each (the lines of one heading on
// one: HeadingGoesOn; the cells of one row of a data table on one, a tab between them:
// RowGoesOn; a sentence that a <br> broke on one: LineGoesOn); a preformatted element's
// text (code) with its own lines, once.
func (p *Page) Render(kept []bool) string {
	n := 0
	for i, k := range kept {
		if k {
			n += len(p.Blocks[i].Text) + 1
		}
	}
	var b strings.Builder
	b.Grow(n)
	prev := -1 // the block written last, -1 when it was preformatted text or there is none
	for i := 0; i < len(kept); i++ {
		if !kept[i] {
			continue
		}
		text, first, pre := p.Blocks[i].Text, i, p.PreOf(i) != nil
		if pre {
			var next int
			text, next = p.PreText(i, kept)
			i = next - 1
		}
		switch {
		case b.Len() == 0:
		case p.HeadingGoesOn(first, kept):
			b.WriteByte(' ') // one heading's lines on one line
		case !pre && p.RowGoesOn(i, prev):
			b.WriteByte('\t') // the next cell of a table's row
		case !pre && p.LineGoesOn(i, prev):
			b.WriteByte(' ') // one sentence that a <br> broke
		default:
			b.WriteByte('\n')
		}
		b.WriteString(text)
		if prev = i; pre {
			prev = -1
		}
	}
	return b.String()
}

// RowGoesOn reports whether block i goes on the line of block prev, the block written before
// it, a tab between them, as a browser copies a table: both are cells of one row of a table
// that holds data (DataTable), and each cell of that row is one line (one block) at most. A
// cell of several lines (a list, paragraphs) keeps its lines, and so does its row; a table
// that lays out a page holds columns, not cells, and its blocks stay on lines of their own.
func (p *Page) RowGoesOn(i, prev int) bool {
	if prev < 0 || prev >= i || i >= len(p.Blocks) {
		return false
	}
	t := p.labels()
	return t.whole != nil && t.whole[i] >= 0 && t.whole[i] == t.whole[prev] && !t.tallRows[t.whole[i]]
}

// BreakInside reports whether blocks prev and i are two lines of one element that a <br>
// breaks: blocks of one element, one after the other, with a <br> and no other tag that
// breaks a line between them, neither a heading nor a data table's cell nor preformatted.
func (p *Page) BreakInside(i, prev int) bool {
	if prev < 0 || prev != i-1 || i >= len(p.Blocks) {
		return false
	}
	b, a := &p.Blocks[i], &p.Blocks[prev]
	if a.Owner != b.Owner || a.Heading > 0 || b.Heading > 0 || (a.Flags|b.Flags)&InPre != 0 {
		return false
	}
	if t := p.labels(); t.whole != nil && t.whole[i] >= 0 {
		return false // a data table's cell keeps its lines (RowGoesOn)
	}
	return a.End <= b.Start && onlyBreaks(p.Src[a.End:b.Start])
}

// LineGoesOn reports whether block i goes on the line of block prev, the block written before
// it, a space between them: a <br> broke one sentence of one element (BreakInside) where a
// narrow column wanted it ("13% of children<br>ages 5 to 19"), not where the text ends a
// line. Block prev has at least minRunningLine runes and ends in a word of prose without
// punctuation after it, and block i begins with one in lower case: a list written with <br>
// between its items, an address, a list of links or of settings or commands, a poem whose
// lines begin with capitals or end in commas keep their lines. A line that ends mid-sentence
// is one that line-based filters of text corpora drop (C4's: a line must end in
// punctuation), and a sentence cut in two reads as two.
func (p *Page) LineGoesOn(i, prev int) bool {
	if !p.BreakInside(i, prev) {
		return false
	}
	b, a := &p.Blocks[i], &p.Blocks[prev]
	lastWord := a.Text[strings.LastIndexByte(a.Text, ' ')+1:] // a block's spaces are all ' '
	firstWord, _, _ := strings.Cut(b.Text, " ")
	first, _ := utf8.DecodeRuneInString(firstWord)
	return a.Runes >= minRunningLine && unicode.IsLower(first) && plainWord(lastWord, "") && plainWord(firstWord, ",;:.!?")
}

// minRunningLine is the fewest runes of a line that a <br> breaks where a column's width
// wanted it: shorter lines are a list's items, settings or commands, written one a line.
const minRunningLine = 25

// plainWord reports whether w is a word of prose: letters, digits, hyphens and apostrophes,
// then at most one of the runes of trail; not an address ("www.", "https://"), a setting
// ("a=4") or a path.
func plainWord(w, trail string) bool {
	if r, n := utf8.DecodeLastRuneInString(w); n > 0 && strings.ContainsRune(trail, r) {
		w = w[:len(w)-n]
	}
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '\'' && r != '’' {
			return false
		}
	}
	return true
}

// onlyBreaks reports whether the markup between two runs of text holds a <br> and no other
// tag that ends a line (<hr>) or text.
func onlyBreaks(between string) bool {
	br := false
	for between != "" {
		lt := strings.IndexByte(between, '<')
		if lt < 0 || strings.TrimSpace(between[:lt]) != "" {
			return false
		}
		gt := strings.IndexByte(between[lt:], '>')
		if gt < 0 {
			return false
		}
		switch tagName(between[lt+1 : lt+gt]) {
		case atom.Br:
			br = true
		case atom.Hr:
			return false
		}
		between = between[lt+gt+1:]
	}
	return br
}

// Spans returns the byte spans of the text of the kept blocks, in page order (blocks from
// noscript content included: their spans lie in the noscript element's raw text).
func (p *Page) Spans(kept []bool) [][2]int {
	var out [][2]int
	for i, k := range kept {
		if !k {
			continue
		}
		for _, r := range p.Blocks[i].Ranges {
			if n := len(out); n > 0 && out[n-1][1] >= int(r[0]) {
				out[n-1][1] = max(out[n-1][1], int(r[1]))
				continue
			}
			out = append(out, [2]int{int(r[0]), int(r[1])})
		}
	}
	return out
}

// BestTitle returns the page's title: the first- or second-level heading that the document
// title, og:title or the JSON-LD headline agrees with (each less a part that names the site,
// so that a heading of the site's name is not taken for the page's), less a last part that
// names the site, else
// og:title or the headline less a first or last part that names it (dropSiteName), else the
// document title less the site name that pages append to it ("Title | Site"). A heading's
// first part is its own more often than the site's ("Nintendo Switch - OLED Model").
func (p *Page) BestTitle() string {
	if first, end := p.TitleBlocks(); first >= 0 {
		return p.dropSiteName(p.headingText(first, end), false) // some headings carry the site's name too
	}
	if meta := firstNonEmpty(p.Meta.OGTitle, p.Meta.LDTitle); meta != "" {
		return p.dropSiteName(meta, true)
	}
	return stripSiteName(p.Meta.DocTitle)
}

// TitleBlocks returns the blocks [first, end) of the heading that is the page's title (see
// BestTitle), -1, -1 when no heading is. A heading is one block, or more where a <br> breaks
// its lines ("Build what's next<br>on the AI Native Cloud"). Select and Join keep them: the
// headline is part of the article (the news sets' gold begins with it, and rtdm's text too).
// It is found once per page, from its address as well: set URL before asking.
func (p *Page) TitleBlocks() (first, end int) {
	if p.title == nil {
		meta := firstNonEmpty(p.Meta.OGTitle, p.Meta.LDTitle)
		meta = p.dropSiteName(meta, true)
		first, end := p.titleHeading(termSet(p.dropSiteName(p.Meta.DocTitle, true)+" "+meta), minTitleCoverage)
		if first < 0 && !p.saysTitle(firstNonEmpty(meta, stripSiteName(p.Meta.DocTitle))) {
			first, end = p.onlyH1()
		}
		p.title = &[2]int{first, end}
	}
	return p.title[0], p.title[1]
}

// titleHeading returns the blocks [first, end) of the first- or second-level heading of at
// most 40 words that ref, the terms of the page's titles, agrees with best: most of its terms
// in ref (a first-level heading ahead by 0.1, one with none of the title's lead behind by
// siteHeadingPenalty), and at least minCover of ref's terms in it; -1, -1 when none does.
func (p *Page) titleHeading(ref *termHashSet, minCover float32) (first, end int) {
	first, end = -1, -1
	bestScore := float32(0.6)
	lead := p.titleLead()
	for i := 0; i < len(p.Blocks); {
		j := p.headingEnd(i)
		b := &p.Blocks[i]
		if b.Heading == 0 || b.Heading > 2 || p.wordsIn(i, j) > 40 {
			i = j
			continue
		}
		text := p.headingText(i, j)
		if p.isSiteLogo(i, j, text) {
			i = j
			continue
		}
		s := overlap(text, ref)
		if b.Heading == 1 {
			s += 0.1
		}
		if lead != nil && coverage(text, lead) == 0 {
			s -= siteHeadingPenalty
		}
		if s > bestScore && coverage(text, ref) >= minCover {
			first, end, bestScore = i, j, s
		}
		i = j
	}
	return first, end
}

// isSiteLogo reports whether the heading [first, end) with text is the site's name as a
// link (the logo heading of a site's bar: "Arch Linux" on bbs.archlinux.org, linking home):
// it names the site, not the page, even where the page's title holds its words.
func (p *Page) isSiteLogo(first, end int, text string) bool {
	for _, b := range p.Blocks[first:end] {
		if int(b.LinkRunes) < b.Runes {
			return false
		}
	}
	return namesSite(text, []string{alnumLower(p.Meta.SiteName), hostName(p.address())})
}

// siteHeadingPenalty is what a heading loses when it holds none of the words of the title's
// lead: it names the site or the section ("The Rust Programming Language" over "What Is
// Ownership?" in "What is Ownership? - The Rust Programming Language"), as the first-level
// heading of a site's logo or menu bar does. 0.2 puts a second-level heading that is the lead
// ahead of it (0.3 measured the same; 0.5 took headlines of big9 for their kickers).
const siteHeadingPenalty = 0.2

// titleLead returns the terms of the <title> before its first separator, where titles put
// the page's own name ahead of the site's; nil for a title without a separator or words
// before it.
func (p *Page) titleLead() *termHashSet {
	t, cut := p.Meta.DocTitle, false
	for _, sep := range titleSeparators {
		if i := strings.Index(t, sep); i > 0 {
			t, cut = t[:i], true
		}
	}
	if !cut {
		return nil
	}
	if lead := termSet(t); lead.len() > 0 {
		return lead
	}
	return nil
}

// saysTitle reports whether the page's text holds most of the terms of t, the title its
// head gives: a title the page does not say is the site's slogan ("The heart of the
// internet" on every reddit thread), not the page's.
func (p *Page) saysTitle(t string) bool {
	set := termSet(t)
	if set.len() == 0 {
		return false
	}
	seen := map[uint64]struct{}{}
	for i := range p.Blocks {
		if addTerms(seen, p.Blocks[i].Text, set); 2*len(seen) > set.len() {
			return true
		}
	}
	return false
}

// onlyH1 returns the blocks [first, end) of the page's one first-level heading of at most 40
// words that is not hidden, -1, -1 when it has none or more than one.
func (p *Page) onlyH1() (first, end int) {
	first, end = -1, -1
	for i := 0; i < len(p.Blocks); {
		j := p.headingEnd(i)
		if b := &p.Blocks[i]; b.Heading == 1 && b.Flags&(InHidden|InAriaHidden) == 0 {
			if first >= 0 || p.wordsIn(i, j) > 40 {
				return -1, -1
			}
			first, end = i, j
		}
		i = j
	}
	return first, end
}

// headingEnd returns the end of the heading that starts at block i: the blocks after it that
// go on with it (HeadingGoesOn), i+1 for any other block.
func (p *Page) headingEnd(i int) int {
	j := i + 1
	for j < len(p.Blocks) && p.HeadingGoesOn(j, nil) {
		j++
	}
	return j
}

// HeadingGoesOn reports whether block i is a further line of the heading block i-1 is a line
// of: a heading of the same level and element that a <br> set on two lines ("Quality
// Engineering<br>and Digital Assurance"), and, with kept (nil: any block), block i-1 is
// kept. A reader reads one heading: the text gives its lines as one line (Render),
// Markdown as one heading.
func (p *Page) HeadingGoesOn(i int, kept []bool) bool {
	if i <= 0 || i >= len(p.Blocks) || kept != nil && !kept[i-1] {
		return false
	}
	b, prev := &p.Blocks[i], &p.Blocks[i-1]
	return b.Heading > 0 && prev.Heading == b.Heading && prev.Owner == b.Owner
}

// headingText is the text of blocks [first, end), a space between them.
func (p *Page) headingText(first, end int) string {
	if end == first+1 {
		return p.Blocks[first].Text
	}
	parts := make([]string, 0, end-first)
	for _, b := range p.Blocks[first:end] {
		parts = append(parts, b.Text)
	}
	return strings.Join(parts, " ")
}

// wordsIn is the number of words of blocks [first, end).
func (p *Page) wordsIn(first, end int) int {
	n := 0
	for _, b := range p.Blocks[first:end] {
		n += int(b.Words)
	}
	return n
}

// minTitleCoverage is the least share of the titles' own terms a heading must hold to be
// the title: a heading of one word the titles share ("science" in "Hair follicles grown in
// the lab : r/science") is not the page's title.
const minTitleCoverage = 0.2

// coverage is the share of the distinct terms of set that text holds.
func coverage(text string, set *termHashSet) float32 {
	if set.len() == 0 {
		return 0
	}
	seen := map[uint64]struct{}{}
	addTerms(seen, text, set)
	return float32(len(seen)) / float32(set.len())
}

// addTerms adds to seen the hashes of the terms of text that set holds, until it holds all
// of set's.
func addTerms(seen map[uint64]struct{}, text string, set *termHashSet) {
	words.Each(text, func(t string) bool {
		if set.mayHold(termFilterKey(t)) {
			if h := termHash(t); set.has(h) {
				seen[h] = struct{}{}
			}
		}
		return len(seen) < set.len()
	})
}

// titleSeparators are what sites put between a title and their name.
var titleSeparators = []string{" | ", " – ", " — ", " :: ", " · ", " - ", " / ", " » ", " « ", " › ", " • "}

// dropSiteName removes from a title the part at its end or start that names the site (its
// og:site_name, or the name in its host: "Beatrice Tan Rug | Ruggable US" on ruggable.com):
// sites append their name to og:title as they do to <title>. Unlike stripSiteName (the
// <title> fallback) it drops nothing it cannot tie to the site, since an og:title is more
// often the headline alone ("Spider-Man - Far From Home"). The first part is dropped only
// when leading is true.
func (p *Page) dropSiteName(t string, leading bool) string {
	names := []string{alnumLower(p.Meta.SiteName), hostName(p.address())}
	// The last separator and what follows it, then the first and what precedes it.
	last, lastSep, first, firstSep := -1, "", len(t), ""
	for _, sep := range titleSeparators {
		if i := strings.LastIndex(t, sep); i > last {
			last, lastSep = i, sep
		}
		if i := strings.Index(t, sep); i >= 0 && i < first {
			first, firstSep = i, sep
		}
	}
	switch {
	case last < 0:
		return t
	case namesSite(t[last+len(lastSep):], names):
		return strings.TrimSpace(t[:last])
	case leading && namesSite(t[:first], names):
		return strings.TrimSpace(t[first+len(firstSep):])
	}
	return t
}

// namesSite reports whether a part of a title is one of the site's names or holds one (both
// as letters and digits in lower case, at least 3 of them).
func namesSite(part string, names []string) bool {
	key := alnumLower(part)
	if len(key) < 3 {
		return false
	}
	for _, n := range names {
		if len(n) >= 3 && (strings.Contains(key, n) || strings.Contains(n, key)) {
			return true
		}
	}
	return false
}

// hostName is the name in a URL's host: the first label of its registrable domain
// ("ruggable" of shop.ruggable.com, "bbc" of www.bbc.co.uk; lib/site's public-suffix rule).
func hostName(raw string) string {
	d := site.DomainOf(raw)
	if i := strings.IndexByte(d, '.'); i > 0 {
		d = d[:i]
	}
	return alnumLower(d)
}

// alnumLower returns the letters and digits of s in lower case.
func alnumLower(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// stripSiteName drops the site's name from a document title: of the parts split at " | ",
// " - ", " – ", " — ", " :: " or " · ", the longest. Titles in scripts written without spaces
// join the name without them ("…英雄的城！-新华网", "标题_新浪网"): there a "-", "_", "|" or
// "｜" between two unspaced characters splits too, unless both sides are as long ("東京-大阪").
func stripSiteName(t string) string {
	for _, sep := range titleSeparators {
		if strings.Contains(t, sep) {
			return longestPart(strings.Split(t, sep))
		}
	}
	rs := []rune(t)
	for i := 1; i+1 < len(rs); i++ {
		switch rs[i] {
		case '-', '_', '|', '｜':
			if words.StandsAlone(rs[i-1]) && words.Unspaced(rs[i+1]) && 2*i+1 != len(rs) {
				return longestPart([]string{string(rs[:i]), string(rs[i+1:])})
			}
		}
	}
	return t
}

func longestPart(parts []string) string {
	best := ""
	for _, part := range parts {
		if part = strings.TrimSpace(part); len(part) > len(best) {
			best = part
		}
	}
	return best
}
