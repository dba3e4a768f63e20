package content

import (
	"math"

	"github.com/chaffkit/chaff/lib/gbdt"
)

// Site is what a site model says of one page, in the terms of the page's bytes: the spans
// it keeps as content and the spans it calls template, each with a strength in (0, 1], and
// how well the model fits the page at all.
type Site struct {
	Kept     [][2]int
	Template []Weighted
	// Fit is how well the site model fits the page, in [0, 1] (NaN: unknown, read as 0).
	Fit float64
	// Pages is the number of distinct pages the site model learned from: a template seen on
	// one page is no evidence at all (every part of a lone page repeats on all its pages).
	Pages int
}

// Weighted is a byte span with a strength.
type Weighted struct {
	Start, End int
	Strength   float32
}

// EvidenceWeight is how far, in log-odds, a site model that fits a page and learned from
// enough pages pushes down a block it calls template. First chosen (3) on the news sets, where
// weights 1.5 to 6 score alike; with content models that never saw the page's site, the sites
// of three or more pages of wcxb-dev (shops, docs, forums: 165 pages) lose to it what a
// template call there wrongly takes (a shop's grid of items whose words recur from page to
// page), and 1.5 keeps the news sets' figures and most of that: see lib/content/README.md.
const EvidenceWeight = 1.5

// Trust is how much a site model's verdicts count, before the page's blocks are read: its fit
// to the page times a factor that grows with the pages it learned from (none from one page,
// full from five). Join weighs it by the page's own agreement with it (Agreement).
func (s *Site) Trust() float64 {
	fit := s.Fit
	if math.IsNaN(fit) {
		fit = 0
	}
	return min(max(fit, 0), 1) * min(max(float64(s.Pages-1)/4, 0), 1)
}

// The bounds of Agreement: the share of the words the content model is sure of (a score
// above sureContent) that a site model may call template with full trust, and the share at
// which it has none. On the news sets' sites, where the template is the site's frame, the
// share is under .01 on nine pages of ten and under .07 on 97 of 100 (sstclean, all pages of
// each site); on a site of several kinds of pages (a shop's items, listings and help pages
// in one sample) a template learned mostly from pages of other kinds covers this one's
// content too, and the share runs to .5 (twenty-ninth stop, lib/content/README.md).
const (
	sureContent    = 0.8
	agreementFrom  = 0.1
	agreementUntil = 0.3
)

// Agreement is how far the page's own evidence lets a site model speak, in [0, 1]: 1 where
// the site calls template at most agreementFrom of the words whose blocks the content model
// scores above sureContent (the strength-weighted share, from the verdicts), falling to 0
// at agreementUntil. A site model that calls template much of what the page plainly holds
// as content does not describe this page, however well its frame fits.
func (p *Page) Agreement(s, verdicts []float32) float64 {
	var sure, template float64
	for i := range s {
		if s[i] > sureContent {
			w := float64(max(p.Blocks[i].Words, 1))
			sure += w
			template -= float64(verdicts[i]) * w
		}
	}
	if sure == 0 {
		return 1
	}
	return min(max((agreementUntil-template/sure)/(agreementUntil-agreementFrom), 0), 1)
}

// Verdicts returns, for each block, the site's verdict in [-1, 0]: minus the strength-weighted
// share of the block's text the site calls template, and the share of it the site keeps, in
// [0, 1]. Only the first moves a score: a site model is right when it calls a block template
// (the block repeats on the site's pages) but not when it keeps one (what varies from page to
// page is not all content: related links, comments, teasers). Letting the kept share push
// scores up measured worse on every news set but one (see EvidenceWeight).
func (p *Page) Verdicts(s *Site) (verdicts, keptShare []float32) {
	verdicts = make([]float32, len(p.Blocks))
	keptShare = make([]float32, len(p.Blocks))
	kept := cover{spans: s.Kept}
	tmpl := weightedCover{spans: s.Template}
	for i := range p.Blocks {
		b := &p.Blocks[i]
		var total, k, t float64
		for _, r := range b.Ranges {
			a, e := int(r[0]), int(r[1])
			total += float64(e - a)
			k += float64(kept.overlap(a, e))
			t += tmpl.overlap(a, e)
		}
		if total > 0 {
			verdicts[i] = float32(-t / total)
			keptShare[i] = float32(k / total)
		}
	}
	return verdicts, keptShare
}

// Join decides each block from the content model's score s and the site's verdict: the
// score's log-odds moved by EvidenceWeight times the verdict times the trust, kept above the
// log-odds of f's threshold; the trust is the site's Trust times the page's Agreement with
// it, and Join returns it. A block that both call content (score above the threshold, at
// least half of it kept by the site) is always kept, and so is the title's heading
// (TitleBlocks), as Select keeps it: the page's own headline is what a site's other pages
// repeat in their links to it (a blog's "related posts"), which an n-gram count calls
// template; so are the short lines under it that the page keeps (keepHeader); a data
// table's rows are kept whole (keepLabels), and a copy of text kept before is left out
// (dropCopies).
func (p *Page) Join(s []float32, site *Site, f Favor) (kept []bool, verdicts []float32, trust float64) {
	verdicts, keptShare := p.Verdicts(site)
	if trust = site.Trust(); trust > 0 {
		trust *= p.Agreement(s, verdicts)
	}
	weight := float32(trust * EvidenceWeight)
	th := f.Threshold()
	bias := gbdt.Logit(th)
	kept = make([]bool, len(s))
	for i := range s {
		z := gbdt.Logit(s[i]) + weight*verdicts[i]
		kept[i] = z > bias || (s[i] > th && keptShare[i] >= 0.5)
	}
	p.keepHeader(kept, s, th)
	p.completeKept(kept)
	return kept, verdicts, trust
}

// maxHeaderWords is the most words of a line of an article's header: a byline, a dateline.
const maxHeaderWords = 20

// keepHeader keeps the article's header whatever the site says: the short blocks right after
// the title's heading that the page's own evidence keeps (score above th), up to the first
// that is long or that it does not keep. A byline or a dateline is a frame the site repeats
// ("by Paulo Coelho on") around a date its other pages list too, so a site model calls it
// template, as it calls the headline; both are part of the article.
func (p *Page) keepHeader(kept []bool, s []float32, th float32) {
	_, end := p.TitleBlocks()
	if end < 0 {
		return
	}
	for i := end; i < len(s) && s[i] > th && p.Blocks[i].Words <= maxHeaderWords; i++ {
		kept[i] = true
	}
}

// cover measures the overlap of byte ranges with sorted, disjoint spans, for ranges asked
// in increasing order.
type cover struct {
	spans [][2]int
	k     int
}

func (c *cover) overlap(a, e int) int {
	for c.k < len(c.spans) && c.spans[c.k][1] <= a {
		c.k++
	}
	n := 0
	for j := c.k; j < len(c.spans) && c.spans[j][0] < e; j++ {
		n += max(0, min(e, c.spans[j][1])-max(a, c.spans[j][0]))
	}
	return n
}

type weightedCover struct {
	spans []Weighted
	k     int
}

func (c *weightedCover) overlap(a, e int) float64 {
	for c.k < len(c.spans) && c.spans[c.k].End <= a {
		c.k++
	}
	var n float64
	for j := c.k; j < len(c.spans) && c.spans[j].Start < e; j++ {
		n += float64(max(0, min(e, c.spans[j].End)-max(a, c.spans[j].Start))) * float64(c.spans[j].Strength)
	}
	return n
}
