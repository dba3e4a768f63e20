package content

import (
	"math"
	"slices"

	"github.com/chaffkit/chaff/lib/gbdt"
)

// The second stage sees each block in the light of the first stage's scores of the blocks
// around it: its containers, its neighbours, the page's best region and the items of a list
// it belongs to. A menu link and a product card look alike alone; among their neighbours
// they do not.
const (
	cP = iota
	cLogit
	cOwnerMean
	cUp1Mean
	cUp2Mean
	cUp3Mean
	cUp5Mean
	cInBest
	cInBestAdaptive
	cBestShare
	cBestAdaptiveShare
	cWindow1
	cWindow3
	cWindow8
	cPageMean
	cPageMax
	cPageKeptShare
	cRelMax
	cRank
	cGroupMean
	cGroupItems
	cWords
	cLinkDensity
	cHeading
	cRepeatCount
	cPosWords
	cHidden
	cTitleDist
	cPathMean
	cPathItems
	NumContextFeatures
)

// ContextFeatureNames name the second stage's features, for reports.
var ContextFeatureNames = []string{"p", "logit", "owner-mean", "up1-mean", "up2-mean", "up3-mean",
	"up5-mean", "in-best", "in-best-adaptive", "best-share", "best-adaptive-share", "window1",
	"window3", "window8", "page-mean", "page-max", "page-kept-share", "rel-max", "rank",
	"group-mean", "group-items", "words", "link-density", "heading", "repeat-count", "pos-words",
	"hidden", "title-dist", "path-mean", "path-items"}

// ContextFeatures computes the second stage's feature vectors from the first stage's
// features x and scores s of the page's blocks.
func (p *Page) ContextFeatures(x, s []float32, dst []float32) []float32 {
	n := len(p.Blocks)
	dst = zeroed(dst, n*NumContextFeatures)
	if n == 0 {
		return dst
	}
	firsts := make([]firstFeatures, n)
	for i := range firsts {
		firsts[i] = firstFeaturesOf(x[i*NumFeatures : (i+1)*NumFeatures])
	}
	p.newContextRows(s, firsts).fill(0, n, dst)
	return dst
}

// firstFeatures are the first stage's features of a block that the second stage reads as
// they are (cWords ... cTitleDist), kept for every block while its first-stage row is let go
// (Model.Predict).
type firstFeatures [7]float32

// The second stage's features cWords ... cTitleDist are firstFeatures, in order (a compile
// error when the two lists differ in length).
var _ = [1]int{}[len(firstFeatures{})-(cTitleDist-cWords+1)]

func firstFeaturesOf(x []float32) firstFeatures {
	return firstFeatures{x[fWords], x[fLinkDensity], x[fHeading], x[fRepeatCount], x[fPosWords],
		x[fFlags+14], // in-hidden
		x[fTitleDist]}
}

// contextRows fills the second stage's rows of a page's blocks a range at a time, as
// featureRows fills the first's: what the first stage's scores say of the page and of each
// element is computed once (newContextRows).
type contextRows struct {
	p                        *Page
	s                        []float32
	firsts                   []firstFeatures
	sw, ww                   []float32
	pageW, pageMax, pageKept float32
	pageMean                 float32
	best05, bestAd           int32
	paths                    map[uint64]pathAgg
	pathOf                   []uint64
	cw, cs                   []float32
	order                    []float32
	groupMean, groupItems    []float32
}

// pathAgg sums the scores of the blocks of one path (contextRows).
type pathAgg struct {
	sw, ww float32
	n      int32
}

// newContextRows computes the page's and its elements' figures from the first stage's
// scores s; firsts are the blocks' firstFeatures. The page has blocks.
func (p *Page) newContextRows(s []float32, firsts []firstFeatures) *contextRows {
	n := len(p.Blocks)
	es := p.Elements
	r := &contextRows{p: p, s: s, firsts: firsts}
	// Word-weighted sums of scores per element subtree.
	sw := make([]float32, len(es)) // sum of words*p
	ww := make([]float32, len(es)) // sum of words
	var pageSW float32
	// The blocks of each path: those whose owners have the same shape and the same two
	// ancestors' shapes, the page's one kind of block wherever it stands (a card in each row,
	// a post at each depth, a paragraph between ads).
	paths := make(map[uint64]pathAgg, n)
	pathOf := make([]uint64, n)
	for i := range p.Blocks {
		b := &p.Blocks[i]
		w := float32(max(b.Words, 1))
		h := es[b.Owner].Sig
		for e, k := es[b.Owner].Parent, 0; e >= 0 && k < 2; e, k = es[e].Parent, k+1 {
			h = h*0x100000001B3 ^ es[e].Sig
		}
		pathOf[i] = h
		a := paths[h]
		a.sw += w * s[i]
		a.ww += w
		a.n++
		paths[h] = a
		sw[b.Owner] += w * s[i]
		ww[b.Owner] += w
		r.pageW += w
		pageSW += w * s[i]
		r.pageMax = max(r.pageMax, s[i])
		if s[i] > 0.5 {
			r.pageKept += w
		}
	}
	for i := len(es) - 1; i > 0; i-- {
		if par := es[i].Parent; par >= 0 {
			sw[par] += sw[i]
			ww[par] += ww[i]
		}
	}
	r.sw, r.ww, r.paths, r.pathOf = sw, ww, paths, pathOf
	r.pageMean = pageSW / max(r.pageW, 1)
	// The best region: the element whose subtree maximises sum(words*(p - tau)).
	best := func(tau float32) int32 {
		b, bv := int32(0), float32(math.Inf(-1))
		for i := range es {
			v := sw[i] - tau*ww[i]
			if v > bv {
				b, bv = int32(i), v
			}
		}
		return b
	}
	r.best05 = best(0.5)
	r.bestAd = best(min(max(r.pageMean*1.5, 0.15), 0.5))
	// Windows of neighbours, word-weighted (prefix sums).
	r.cw = make([]float32, n+1)
	r.cs = make([]float32, n+1)
	for i := range p.Blocks {
		w := float32(max(p.Blocks[i].Words, 1))
		r.cw[i+1] = r.cw[i] + w
		r.cs[i+1] = r.cs[i] + w*s[i]
	}
	// Rank of each score among the page's blocks.
	r.order = make([]float32, n)
	copy(r.order, s)
	sortFloats(r.order)
	// The items of repeated groups: the mean score of the group of each element's nearest
	// repeated ancestor.
	r.groupMean, r.groupItems = p.groupScores(sw, ww)
	return r
}

// fill writes the second stage's rows of blocks [from, to) into dst (zeroed,
// (to-from)*NumContextFeatures values).
func (r *contextRows) fill(from, to int, dst []float32) {
	p, es, s, n := r.p, r.p.Elements, r.s, len(r.p.Blocks)
	sw, ww, cw, cs := r.sw, r.ww, r.cw, r.cs
	mean := func(e int32) float32 {
		if ww[e] == 0 {
			return 0
		}
		return sw[e] / ww[e]
	}
	inside := func(e, anc int32) bool {
		for ; e >= 0; e = es[e].Parent {
			if e == anc {
				return true
			}
		}
		return false
	}
	window := func(i, k int) float32 {
		a, b := max(i-k, 0), min(i+k+1, n)
		return (cs[b] - cs[a]) / max(cw[b]-cw[a], 1)
	}
	for i := from; i < to; i++ {
		b := &p.Blocks[i]
		f := dst[(i-from)*NumContextFeatures : (i-from+1)*NumContextFeatures]
		x1 := &r.firsts[i]
		f[cP] = s[i]
		f[cLogit] = gbdt.Logit(s[i])
		f[cOwnerMean] = mean(b.Owner)
		up1 := up(es, b.Owner, 1)
		up2 := up(es, up1, 1)
		up3 := up(es, up2, 1)
		f[cUp1Mean] = mean(up1)
		f[cUp2Mean] = mean(up2)
		f[cUp3Mean] = mean(up3)
		f[cUp5Mean] = mean(up(es, up3, 2))
		f[cInBest] = b2f(inside(b.Owner, r.best05))
		f[cInBestAdaptive] = b2f(inside(b.Owner, r.bestAd))
		f[cBestShare] = ww[r.best05] / max(r.pageW, 1)
		f[cBestAdaptiveShare] = ww[r.bestAd] / max(r.pageW, 1)
		f[cWindow1] = window(i, 1)
		f[cWindow3] = window(i, 3)
		f[cWindow8] = window(i, 8)
		f[cPageMean] = r.pageMean
		f[cPageMax] = r.pageMax
		f[cPageKeptShare] = r.pageKept / max(r.pageW, 1)
		f[cRelMax] = s[i] / max(r.pageMax, 1e-6)
		f[cRank] = float32(searchFloats(r.order, s[i])) / float32(n)
		f[cGroupMean] = r.groupMean[b.Owner]
		f[cGroupItems] = r.groupItems[b.Owner]
		copy(f[cWords:cTitleDist+1], x1[:])
		f[cPathMean], f[cPathItems] = -1, 0
		if a := r.paths[r.pathOf[i]]; a.n > 1 {
			w := float32(max(b.Words, 1))
			f[cPathMean] = (a.sw - w*s[i]) / max(a.ww-w, 1)
			f[cPathItems] = log1p(float32(a.n - 1))
		}
	}
}

// groupScores returns, for each element, the word-weighted mean score of the group of
// same-shape siblings its nearest repeated ancestor (up to 6 levels) belongs to, and the
// group's size (log); -1 and 0 when there is none.
func (p *Page) groupScores(sw, ww []float32) (mean, items []float32) {
	es := p.Elements
	type agg struct {
		sw, ww float32
		n      int32
	}
	groups := make([]agg, p.numGroups)
	for i := 1; i < len(es); i++ {
		e := &es[i]
		if e.Words == 0 {
			continue
		}
		g := &groups[e.group]
		g.sw += sw[i]
		g.ww += ww[i]
		g.n++
	}
	mean = make([]float32, len(es))
	items = make([]float32, len(es))
	for i := range es {
		mean[i] = -1
		d := 0
		for j := int32(i); j > 0 && d <= 6; j, d = es[j].Parent, d+1 {
			if g := &groups[es[j].group]; g.n >= 3 {
				mean[i] = g.sw / max(g.ww, 1)
				items[i] = log1p(float32(g.n))
				break
			}
		}
	}
	return mean, items
}

func sortFloats(a []float32) { slices.Sort(a) }

// searchFloats returns the number of values in sorted a below v.
func searchFloats(a []float32, v float32) int {
	lo, hi := 0, len(a)
	for lo < hi {
		m := (lo + hi) / 2
		if a[m] < v {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}
