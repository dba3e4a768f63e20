package content

import (
	"github.com/chaffkit/chaff/lib/gbdt"
)

// Model is the content model: the weights of class and id tokens and the trees that score
// a block from its features.
type Model struct {
	Tokens Tokens
	Trees  *gbdt.Model
}

// Scores returns the probability that each block of p is main content.
func (m *Model) Scores(p *Page, x []float32) []float32 {
	x = p.Features(m.Tokens, x)
	out := make([]float32, len(p.Blocks))
	for i := range out {
		out[i] = m.Trees.Predict(x[i*NumFeatures : (i+1)*NumFeatures])
	}
	return out
}
