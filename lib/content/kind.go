package content

import (
	"github.com/chaffkit/chaff/lib/gbdt"
)

// What kind of page this is (an article, a list of cards, a product, a forum thread,
// documentation, a service's page): one small model per kind of PageKinds, each the
// probability of its kind against the others, from what the page says of itself as a whole:
// its size and shape (words, blocks, link share, the share of its words in repeated items,
// its longest blocks, its headings), og:type and its JSON-LD kinds, its URL's shape and the
// learned weights of its URL words, of its html and body class names and of the words of its
// short lines (textHashes: "Add to cart", "Reply", "Sort by"; Model.TextKinds, which only the
// kind models read) for each kind. The kind the models find likeliest is the page's
// (Model.Kind). Learned from the pages whose kind is known (Example.KindLabel), with the
// word weights of each page learned without it, as a new page meets them.

// pageKindFeatures lists the block features that describe the page as a whole (every block
// carries the same value), in the order of a kind model's row.
var pageKindFeatures = func() []int {
	fs := []int{fPageWords, fPageBlocks, fPageLinkDensity, fLDType, fPageRepeatShare,
		fPageMaxBlock, fPageTop5Share, fPageHeadings, fOGType}
	for f := fLDKinds; f < fFlags; f++ { // JSON-LD kinds, URL shape, URL and body kinds
		fs = append(fs, f)
	}
	return fs
}()

// MinKindP is the least probability of the likeliest kind for a page's kind to be said (the
// record's content member): below it the models favour no kind over the others together.
const MinKindP = 0.5

// NumKindFeatures is the length of a kind model's row: the page's block features of
// pageKindFeatures, then the sums of its short lines' word weights for each kind.
var NumKindFeatures = len(pageKindFeatures) + numPageKinds

// kindRow appends the page's row for the kind models from its blocks' features x and the
// sums of its short lines' word weights, text.
func (p *Page) kindRow(dst, x []float32, text [numPageKinds]float32) []float32 {
	if len(p.Blocks) == 0 {
		return append(dst, make([]float32, NumKindFeatures)...)
	}
	for _, f := range pageKindFeatures {
		dst = append(dst, x[f])
	}
	return append(dst, text[:]...)
}

// Kind returns the page's likeliest kind (an index in PageKinds) and its probability, from
// its blocks' features x (Features with the model's tokens); -1 when the model has no kind
// models or the page no blocks.
func (m *Model) Kind(p *Page, x []float32) (int, float32) {
	if len(m.Kinds) != len(PageKinds) || len(p.Blocks) == 0 {
		return -1, 0
	}
	var text [numPageKinds]float32
	m.TextKinds.sums(p.textHashes(), text[:])
	row := p.kindRow(make([]float32, 0, NumKindFeatures), x, text)
	best, bestP := -1, float32(-1)
	var sum float32
	ps := make([]float32, len(m.Kinds))
	for k, km := range m.Kinds {
		ps[k] = km.Predict(row)
		sum += ps[k]
		if ps[k] > bestP {
			best, bestP = k, ps[k]
		}
	}
	return best, bestP / max(sum, 1e-6) // the one-against-the-rest probabilities normalised
}

// kindData holds the rows the kind models learn from, and the counts of the short lines'
// words of the pages they learn from.
type kindData struct {
	x         []float32
	labels    []int
	text      *URLKindStats
	minGroups int
}

// newKindData returns the kind models' data for learning from exs, their short lines'
// words counted.
func newKindData(exs []*Example, opt TrainOptions) *kindData {
	return &kindData{text: CountTextKinds(exs), minGroups: opt.TextMinGroups}
}

// add adds an example's row (its features x and its short lines' word weights as a new page
// would have them, learned without it) when its kind is known.
func (d *kindData) add(ex *Example) {
	if ex.KindLabel < 0 {
		return
	}
	var text [numPageKinds]float32
	d.text.looFeatures(ex, ex.Page.textHashes(), d.minGroups, text[:])
	d.x = ex.Page.kindRow(d.x, ex.X, text)
	d.labels = append(d.labels, ex.KindLabel)
}

// train learns m's kind models, one per kind, every page weighing the same, and the weights
// of the short lines' words they read.
func (d *kindData) train(m *Model, opt TrainOptions) {
	p := opt.Trees
	p.Trees, p.Depth = opt.KindTrees, opt.KindDepth
	m.Kinds = d.models(p)
	m.TextKinds = d.text.LearnKindWeights(d.minGroups)
}

// models learns one model per kind.
func (d *kindData) models(p gbdt.Params) []*gbdt.Model {
	if len(d.labels) == 0 {
		return nil
	}
	out := make([]*gbdt.Model, len(PageKinds))
	for k := range PageKinds {
		data := &gbdt.Data{NumFeatures: NumKindFeatures, X: d.x, W: make([]float32, len(d.labels)), Y: make([]float32, len(d.labels))}
		for i, l := range d.labels {
			data.W[i] = 1
			if l == k {
				data.Y[i] = 1
			}
		}
		out[k] = gbdt.Train(data, p)
	}
	return out
}
