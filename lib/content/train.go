package content

import (
	"math"
	"sort"

	"github.com/cespare/xxhash/v2"
	"github.com/chaffkit/chaff/lib/gbdt"
)

// Example is one page to learn from: its blocks, their features (token features left to
// TokenFeatures), their labels (Label, LabelSnippets) and the group the page belongs to (its
// site: a page's own site is never in the training fold it is scored with).
type Example struct {
	Page   *Page
	X      []float32
	Labels []float32
	Group  string
	// PerBlock weighs each labeled block the same within the page, as a metric that counts
	// snippets does (LabelSnippets), rather than by its words, as a word-bag metric does.
	PerBlock bool
	// Kind is the page's kind (an index in PageKinds; KindOf), or -1 when it is not known:
	// the words of URLs are learned from the pages of a known kind.
	Kind int
	// KindLabel is the page's kind for the page-kind models (an index in PageKinds), or -1
	// when it is not known: a news page is an article without its kind taking part in the
	// URL words' weights.
	KindLabel int
}

// NewExample segments nothing itself: it computes the features of a segmented page and
// drops its dom nodes, so that thousands of examples fit in memory.
func NewExample(p *Page, labels []float32, group string) *Example {
	x := p.Features(nil, nil)
	p.labels() // Keep needs them, and they are read from the tree
	for i := range p.Elements {
		p.Elements[i].Node = nil
	}
	return &Example{Page: p, X: x, Labels: labels, Group: group, Kind: -1, KindLabel: -1}
}

// weights gives each labeled block the share of the page's labeled terms it holds (at
// least one term), so that every page weighs the same, as in a mean over pages (learning
// weighs pages by TrainOptions.pageWeight on top).
func (ex *Example) weights() []float32 {
	w := make([]float32, len(ex.Labels))
	var total float32
	for i, y := range ex.Labels {
		if isNaN(y) {
			continue
		}
		w[i] = 1
		if !ex.PerBlock {
			w[i] = float32(max(ex.Page.Blocks[i].Words, 1))
		}
		total += w[i]
	}
	if total > 0 {
		for i := range w {
			w[i] *= 1 / total
		}
	}
	return w
}

func isNaN(f float32) bool { return f != f }

// LearnTokens learns the weights of class and id tokens from examples: for each token, the
// smoothed log-odds, against the base rate, that text under an element carrying it (the
// block's owner and up to four ancestors) is content, pages weighing the same. Only tokens
// seen in at least opt.MinGroups groups (sites) are kept, so that what is learned holds
// beyond the sites it was learned on.
func LearnTokens(exs []*Example, opt TrainOptions) Tokens {
	type acc struct {
		pos, neg float64
		groups   map[string]struct{}
	}
	accs := map[uint32]*acc{}
	var pos, neg float64
	seen := map[uint32]struct{}{}
	for _, ex := range exs {
		w, page := ex.weights(), opt.pageWeight(ex)
		es := ex.Page.Elements
		for i, y := range ex.Labels {
			if isNaN(y) || w[i] == 0 {
				continue
			}
			clear(seen)
			o := ex.Page.Blocks[i].Owner
			for lvl := 0; lvl < 5 && o >= 0; lvl, o = lvl+1, es[o].Parent {
				for _, t := range ex.Page.tokens[es[o].tokens[0]:es[o].tokens[1]] {
					seen[t] = struct{}{}
				}
			}
			pw, nw := float64(w[i]*page*y), float64(w[i]*page*(1-y))
			pos += pw
			neg += nw
			for t := range seen {
				a := accs[t]
				if a == nil {
					a = &acc{groups: map[string]struct{}{}}
					accs[t] = a
				}
				a.pos += pw
				a.neg += nw
				a.groups[ex.Group] = struct{}{}
			}
		}
	}
	prior := pos / max(pos+neg, 1e-12)
	base := math.Log(prior / (1 - prior))
	const pseudo = 1.0 // pages' worth of the base rate
	tok := Tokens{}
	keys := make([]uint32, 0, len(accs))
	for t := range accs {
		keys = append(keys, t)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, t := range keys {
		a := accs[t]
		if len(a.groups) < opt.MinGroups {
			continue
		}
		lo := math.Log((a.pos+pseudo*prior)/(a.neg+pseudo*(1-prior))) - base
		if math.Abs(lo) < 0.05 {
			continue
		}
		tok[t] = float32(lo)
	}
	return tok
}

// TrainOptions are the options of Train.
type TrainOptions struct {
	Trees        gbdt.Params
	ContextTrees int // trees of the second stage (its other parameters are the first's)
	KindTrees    int // trees of each page-kind model (depth KindDepth; 0: no kind models)
	KindDepth    int
	// QualityTrees are the trees of the quality model (depth QualityDepth; 0: none; it needs
	// the second stage).
	QualityTrees int
	QualityDepth int
	Folds        int // folds for the first stage's scores the second learns from (< 2: no second stage)
	MinGroups    int // sites a token must be seen on (LearnTokens)
	// TextMinGroups is the sites a word of a short line must be seen on to weigh in the kind
	// models (CountTextKinds): a page's lines say more, and more of it by chance, than its
	// address and class names.
	TextMinGroups int
	// KindWeight is the weight of a page of a known kind other than an article (wcxb-dev's
	// collections, listings, products, forums, documentation and service pages) against an
	// article's: the dev sets are four fifths articles (the news sets, trafeval-dev, half of
	// wcxb-dev), a crawl's one-page sites are not.
	KindWeight float32
}

// pageWeight is ex's weight in learning against other pages' (KindWeight for a page of a
// known kind other than an article, else 1).
func (opt TrainOptions) pageWeight(ex *Example) float32 {
	if ex.Kind > 0 && opt.KindWeight > 0 {
		return opt.KindWeight
	}
	return 1
}

// DefaultTrainOptions are the options the shipped model is trained with: 100 trees of depth 6
// in the first stage and 80 in the second keep the model at about 150 KB and its trees at
// about a third of the content step's time; the 5-fold cross-validated WCXB word F1 of
// wcxb-dev was .860 with them (200 and 100 trees: .858 under an earlier feature set).
var DefaultTrainOptions = TrainOptions{Trees: gbdt.Params{Trees: 100, Depth: 6, LearningRate: 0.08,
	Lambda: 1, MinHessian: 1e-4, Subsample: 0.7, Bins: 64, Seed: 1, Workers: 2},
	ContextTrees: 80, Folds: 4, MinGroups: 3, TextMinGroups: 20, KindTrees: 60, KindDepth: 4, QualityTrees: 60, QualityDepth: 3,
	KindWeight: 2}

// Train learns a content model from examples: the first stage on all of them, and the
// second on the first stage's scores of each example by a first stage that did not learn
// from the example's group (Folds folds split by group), as it will meet new pages; then the
// quality model (trainQuality).
func Train(exs []*Example, opt TrainOptions) *Model {
	var kinds *kindData
	if opt.KindTrees > 0 {
		kinds = newKindData(exs, opt)
	}
	m := trainBlocks(exs, opt, kinds)
	if kinds != nil {
		kinds.train(m, opt)
	}
	if opt.Folds < 2 {
		return m
	}
	scores := make([][]float32, len(exs))
	for f := 0; f < opt.Folds; f++ {
		var in []*Example
		for _, ex := range exs {
			if FoldOf(ex.Group, opt.Folds) != f {
				in = append(in, ex)
			}
		}
		inner := trainBlocks(in, opt, nil)
		for i, ex := range exs {
			if FoldOf(ex.Group, opt.Folds) == f {
				ex.Page.TokenFeatures(inner.Tokens, ex.X)
				scores[i] = inner.BlockScores(ex.Page, ex.X)
			}
		}
	}
	// Each example's second-stage features, from the final first stage's token features and
	// the out-of-fold scores: the second stage and the quality model learn from the same rows.
	ctx := make([][]float32, len(exs))
	for i, ex := range exs {
		ex.Page.TokenFeatures(m.Tokens, ex.X)
		ctx[i] = ex.Page.ContextFeatures(ex.X, scores[i], nil)
	}
	m.Context = gbdt.Train(contextData(exs, ctx, opt, func(*Example) bool { return true }), opt.contextParams())
	if opt.QualityTrees > 0 {
		m.QualityTrees = trainQuality(exs, ctx, opt)
	}
	return m
}

// contextParams are the second stage's training parameters: the first's, with ContextTrees
// trees.
func (opt TrainOptions) contextParams() gbdt.Params {
	p := opt.Trees
	p.Trees = opt.ContextTrees
	return p
}

// TrainKinds learns the page-kind models alone, as Train learns them, with the token
// weights their rows read and no block trees: for measuring them quickly
// (scripts/contentmodel cv -kinds).
func TrainKinds(exs []*Example, opt TrainOptions) *Model {
	kd := newKindData(exs, opt)
	m := &Model{Tokens: learnTokenFeatures(exs, opt, kd)}
	kd.train(m, opt)
	return m
}

// trainBlocks learns the token weights (class and id tokens, URL words) and the first stage;
// kd, when not nil, gets each page's row for the kind models.
func trainBlocks(exs []*Example, opt TrainOptions, kd *kindData) *Model {
	tok := learnTokenFeatures(exs, opt, kd)
	d := &gbdt.Data{NumFeatures: NumFeatures}
	for _, ex := range exs {
		w, page := ex.weights(), opt.pageWeight(ex)
		for i, y := range ex.Labels {
			if isNaN(y) || w[i] == 0 {
				continue
			}
			d.Add(ex.X[i*NumFeatures:(i+1)*NumFeatures], y, w[i]*page)
		}
	}
	return &Model{Tokens: tok, Trees: gbdt.Train(d, opt.Trees)}
}

// learnTokenFeatures learns the token weights (class and id tokens, URL words) and writes
// each example's token features with them. The URL kind features a page learns from are
// those of weights learned without the page, as a new page meets them; kd, when not nil,
// gets each page's row for the kind models with them.
func learnTokenFeatures(exs []*Example, opt TrainOptions, kd *kindData) Tokens {
	tok := LearnTokens(exs, opt)
	st := CountURLKinds(exs)
	st.Learn(tok, opt.MinGroups)
	for _, ex := range exs {
		ex.Page.TokenFeatures(tok, ex.X)
		var kinds, body [numPageKinds]float32
		st.looFeatures(ex, ex.Page.urlHashes(), opt.MinGroups, kinds[:])
		st.looFeatures(ex, ex.Page.bodyHashes(), opt.MinGroups, body[:])
		ex.Page.setKindFeatures(ex.X, kinds, body)
		if kd != nil {
			kd.add(ex)
		}
	}
	return tok
}

// FoldOf assigns a group to one of k folds by a hash of its name.
func FoldOf(group string, k int) int {
	return int(xxhash.Sum64String(group) % uint64(k))
}
