package content

import (
	"math"

	"github.com/chaffkit/chaff/lib/gbdt"
)

// The quality estimate: how good the model's own text of a page is likely to be, as a
// word F1 against what a reader calls the page's content. A pipeline can route the pages the
// model doubts elsewhere (to a second extractor, or to a person), as rs-trafilatura's
// predicted F1 lets it. The estimate reads how the blocks' scores fall (how sure they are,
// how much they keep and how it lies on the page), not the words, so it holds in any
// language. It is learned from pages the model scored without having learned from them (see
// trainQuality), and measured the same way (contentmodel cv).

// NumQualityFeatures is the number of page features the quality model reads.
const NumQualityFeatures = 12

// QualityFeatureNames names the quality model's features, in order.
var QualityFeatureNames = [NumQualityFeatures]string{
	"log_words", "log_blocks", "log_kept_words", "kept_word_share",
	"kept_mean_score", "dropped_mean_score", "doubt_share", "sureness",
	"switches_per_block", "max_score", "largest_run_share", "kept_link_share",
}

// QualityFeatures returns the quality model's features of page p from its blocks' scores s
// and which blocks are kept: those scored above Threshold (the title's heading, which Select
// keeps too, counts only if it is scored above it).
func (p *Page) QualityFeatures(s []float32, x []float32) []float32 {
	x = append(x[:0], make([]float32, NumQualityFeatures)...)
	var total, kept, keptScore, droppedScore, doubt, sure, maxS float64
	var run, bestRun, keptRunes, keptLinkRunes float64
	switches := 0
	for i, b := range p.Blocks {
		w := float64(max(b.Words, 1))
		si := float64(s[i])
		total += w
		in := s[i] > Threshold
		if in {
			kept += w
			keptScore += w * si
			run += w
			bestRun = max(bestRun, run)
			keptRunes += float64(b.Runes)
			keptLinkRunes += float64(b.LinkRunes)
		} else {
			droppedScore += w * si
			run = 0
		}
		if i > 0 && in != (s[i-1] > Threshold) {
			switches++
		}
		if si > 0.2 && si < 0.8 {
			doubt += w
		}
		sure += w * math.Abs(si-0.5) * 2
		maxS = max(maxS, si)
	}
	if total == 0 {
		return x
	}
	x[0] = float32(math.Log1p(total))
	x[1] = float32(math.Log1p(float64(len(p.Blocks))))
	x[2] = float32(math.Log1p(kept))
	x[3] = float32(kept / total)
	if kept > 0 {
		x[4] = float32(keptScore / kept)
		x[10] = float32(bestRun / kept)
	}
	if kept < total {
		x[5] = float32(droppedScore / (total - kept))
	}
	x[6] = float32(doubt / total)
	x[7] = float32(sure / total)
	x[8] = float32(switches) / float32(len(p.Blocks))
	x[9] = float32(maxS)
	if keptRunes > 0 {
		x[11] = float32(keptLinkRunes / keptRunes)
	}
	return x
}

// Quality returns the model's estimate of the word F1 of its own text of p (Select at the
// balanced threshold) from the blocks' scores s: NaN when the model has no quality model
// or the page no blocks.
func (m *Model) Quality(p *Page, s []float32) float32 {
	if m.QualityTrees == nil || len(p.Blocks) == 0 {
		return float32(math.NaN())
	}
	return m.QualityTrees.Predict(p.QualityFeatures(s, nil))
}

// selectionF1 is the F1 of the blocks Select keeps from scores s against the example's
// labels, each labelled block weighed as the page's metric weighs it (weights): the target
// of the quality model. A page without labelled blocks has none (false); a page whose
// labelled blocks hold no content scores 1 when nothing labelled is kept, as the word-bag
// metric scores an empty text against an empty gold.
func (ex *Example) selectionF1(s []float32) (float32, bool) {
	kept := ex.Page.Keep(s, Threshold)
	var tp, keptW, goldW float64
	labelled := false
	for i, w := range ex.weights() {
		y := ex.Labels[i]
		if isNaN(y) || w == 0 {
			continue
		}
		labelled = true
		goldW += float64(w * y)
		if kept[i] {
			keptW += float64(w)
			tp += float64(w * y)
		}
	}
	if !labelled {
		return 0, false
	}
	if keptW+goldW == 0 {
		return 1, true
	}
	return float32(2 * tp / (keptW + goldW)), true
}

// trainQuality learns the quality model. Its rows must be pages scored as new pages are:
// ctx[i] are example i's second-stage features from first-stage scores by a first stage that
// did not learn from its group (Train's inner folds); for each inner fold a second stage
// learns from the other folds' rows and scores the fold's pages, and each page's features and
// target come from those scores.
func trainQuality(exs []*Example, ctx [][]float32, opt TrainOptions) *gbdt.Model {
	final := make([][]float32, len(exs))
	for f := 0; f < opt.Folds; f++ {
		stage := gbdt.Train(contextData(exs, ctx, opt, func(ex *Example) bool { return FoldOf(ex.Group, opt.Folds) != f }), opt.contextParams())
		for i, ex := range exs {
			if FoldOf(ex.Group, opt.Folds) == f {
				final[i] = stage.Predicts(ctx[i], nil)
				loneBlock(final[i])
			}
		}
	}
	d := &gbdt.Data{NumFeatures: NumQualityFeatures}
	for i, ex := range exs {
		if y, ok := ex.selectionF1(final[i]); ok && len(ex.Page.Blocks) > 0 {
			d.Add(ex.Page.QualityFeatures(final[i], nil), y, 1)
		}
	}
	q := opt.Trees
	q.Trees, q.Depth = opt.QualityTrees, opt.QualityDepth
	return gbdt.Train(d, q)
}

// contextData is the second stage's training rows of the examples in, from their
// second-stage features ctx.
func contextData(exs []*Example, ctx [][]float32, opt TrainOptions, in func(*Example) bool) *gbdt.Data {
	d := &gbdt.Data{NumFeatures: NumContextFeatures}
	for i, ex := range exs {
		if !in(ex) {
			continue
		}
		w, page := ex.weights(), opt.pageWeight(ex)
		for b, y := range ex.Labels {
			if isNaN(y) || w[b] == 0 {
				continue
			}
			d.Add(ctx[i][b*NumContextFeatures:(b+1)*NumContextFeatures], y, w[b]*page)
		}
	}
	return d
}
