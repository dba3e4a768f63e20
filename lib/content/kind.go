package content

import (
	"github.com/chaffkit/chaff/lib/gbdt"
)

// What kind of page this is (an article, a list of cards, a product, a forum thread,
// documentation, a service's page): one small model per kind of PageKinds, each the
// probability of its kind against the others, from what the page says of itself as a whole:
// its size and shape (words, blocks, link share, the share of its words in repeated items,
// its longest blocks, its headings), og:type and its JSON-LD kinds, its URL's shape and the
// learned weights of its URL words and of its html and body class names for each kind. The
// kind the models find likeliest is the page's (Model.Kind). Learned from the pages whose kind
// is known (Example.KindLabel), with the URL and class weights of each page learned without
// it, as a new page meets them.

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

// NumKindFeatures is the length of a kind model's row.
var NumKindFeatures = len(pageKindFeatures)

// kindRow appends the page's row for the kind models from its blocks' features x.
func (p *Page) kindRow(dst, x []float32) []float32 {
	if len(p.Blocks) == 0 {
		return append(dst, make([]float32, NumKindFeatures)...)
	}
	for _, f := range pageKindFeatures {
		dst = append(dst, x[f])
	}
	return dst
}

// Kind returns the page's likeliest kind (an index in PageKinds) and its probability, from
// its blocks' features x (Features with the model's tokens); -1 when the model has no kind
// models or the page no blocks.
func (m *Model) Kind(p *Page, x []float32) (int, float32) {
	if len(m.Kinds) != len(PageKinds) || len(p.Blocks) == 0 {
		return -1, 0
	}
	row := p.kindRow(make([]float32, 0, NumKindFeatures), x)
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

// kindData holds the rows the kind models learn from.
type kindData struct {
	x      []float32
	labels []int
}

// add adds an example's row (its features x as a new page would have them) when its kind is
// known.
func (d *kindData) add(ex *Example) {
	if ex.KindLabel < 0 {
		return
	}
	d.x = ex.Page.kindRow(d.x, ex.X)
	d.labels = append(d.labels, ex.KindLabel)
}

// train learns one model per kind, every page weighing the same.
func (d *kindData) train(p gbdt.Params) []*gbdt.Model {
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
