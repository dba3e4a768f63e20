// Package gbdt is gradient-boosted decision trees for binary targets: a small, deterministic
// trainer (histograms over quantile bins, depth-wise growth, logistic loss with soft targets
// and weights) and a fast predictor, with a compact binary form to embed a model in a
// program. It exists so that chaff's content model can learn from gold pages and run
// without any inference dependency outside Go.
//
// Training is deterministic: the same data and parameters give the same model, bit for bit,
// on every machine (sums run in a fixed order; the row sampler has a fixed seed).
package gbdt

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
)

// Params are the training parameters.
type Params struct {
	Trees        int     // boosting rounds
	Depth        int     // maximum depth of a tree (a tree of depth d has at most 2^d leaves)
	LearningRate float64 // shrinkage of each tree's values
	Lambda       float64 // L2 regularisation of leaf values
	MinHessian   float64 // least sum of hessians (weighted p(1-p)) in a leaf
	Subsample    float64 // share of rows each tree is grown on, in (0, 1]
	Bins         int     // most bins per feature (at most 256)
	Seed         uint64  // of the row sampler
	Workers      int     // goroutines building histograms (the result does not depend on it)
}

// DefaultParams are parameters that work for a few hundred thousand rows.
var DefaultParams = Params{Trees: 200, Depth: 6, LearningRate: 0.1, Lambda: 1, MinHessian: 1e-3,
	Subsample: 0.7, Bins: 64, Seed: 1, Workers: 2}

// Data is a training set: N rows of NumFeatures values each (row after row), a target in
// [0, 1] and a weight for each row.
type Data struct {
	NumFeatures int
	X           []float32
	Y, W        []float32
}

// Rows returns the number of rows.
func (d *Data) Rows() int { return len(d.Y) }

// Add appends one row.
func (d *Data) Add(x []float32, y, w float32) {
	d.X = append(d.X, x...)
	d.Y = append(d.Y, y)
	d.W = append(d.W, w)
}

// Node is a node of a tree: an inner node sends a row whose value of Feature is at most
// Threshold to Left, others to Right; a leaf (Feature < 0) holds Value, added to the margin.
type Node struct {
	Feature     int16
	Threshold   float32
	Left, Right int32
	Value       float32
}

// Tree is one tree, its root at index 0.
type Tree []Node

// Model is a trained ensemble.
type Model struct {
	NumFeatures int
	Base        float32 // the margin before any tree
	Trees       []Tree

	flat *flat // the trees laid out for prediction (Decode builds it; see flat)
}

// Margin returns the model's raw score (log-odds) for one row x.
func (m *Model) Margin(x []float32) float32 {
	if m.flat.valid(m) {
		return m.flat.margin(m.Base, x)
	}
	return m.walkMargin(x)
}

// walkMargin is Margin by walking Trees (a model made by Train, or changed after Decode).
func (m *Model) walkMargin(x []float32) float32 {
	s := m.Base
	for _, t := range m.Trees {
		i := int32(0)
		for {
			n := &t[i]
			if n.Feature < 0 {
				s += n.Value
				break
			}
			if x[n.Feature] <= n.Threshold {
				i = n.Left
			} else {
				i = n.Right
			}
		}
	}
	return s
}

// Margins returns the model's raw score of each row of x (NumFeatures values a row, row after
// row) into out (nil, or too short: a new slice), bit for bit what Margin gives for each row,
// faster for many rows (see flat.margins).
func (m *Model) Margins(x []float32, out []float32) []float32 {
	n := len(x) / max(m.NumFeatures, 1)
	if cap(out) < n {
		out = make([]float32, n)
	}
	out = out[:n]
	if m.flat.valid(m) {
		m.flat.margins(m.Base, x, m.NumFeatures, out)
		return out
	}
	for i := range out {
		out[i] = m.walkMargin(x[i*m.NumFeatures : (i+1)*m.NumFeatures])
	}
	return out
}

// Predicts returns the probability of the positive class for each row of x into out (see
// Margins).
func (m *Model) Predicts(x []float32, out []float32) []float32 {
	out = m.Margins(x, out)
	for i, z := range out {
		out[i] = Sigmoid(z)
	}
	return out
}

// Predict returns the probability of the positive class for x.
func (m *Model) Predict(x []float32) float32 { return Sigmoid(m.Margin(x)) }

// Sigmoid is the logistic function.
func Sigmoid(z float32) float32 { return float32(1 / (1 + math.Exp(-float64(z)))) }

// Logit is Sigmoid's inverse, the log-odds of p, with p held within [1e-4, 1-1e-4] so that a
// score of 0 or 1 stays finite.
func Logit(p float32) float32 {
	p = min(max(p, 1e-4), 1-1e-4)
	return float32(math.Log(float64(p / (1 - p))))
}

// Uses returns how many splits of the model's trees use each feature, for reports.
func (m *Model) Uses() []int {
	u := make([]int, m.NumFeatures)
	for _, t := range m.Trees {
		for _, n := range t {
			if n.Feature >= 0 {
				u[n.Feature]++
			}
		}
	}
	return u
}

// binned is the training matrix cut into bins, column by column.
type binned struct {
	rows  int
	edges [][]float32 // per feature: the upper bound of each bin but the last
	cols  [][]uint8
}

func binData(d *Data, maxBins int) *binned {
	rows, nf := d.Rows(), d.NumFeatures
	b := &binned{rows: rows, edges: make([][]float32, nf), cols: make([][]uint8, nf)}
	// Quantiles from at most 100k rows, taken at a fixed stride.
	stride := max(1, rows/100000)
	vals := make([]float32, 0, rows/stride+1)
	for f := 0; f < nf; f++ {
		vals = vals[:0]
		for r := 0; r < rows; r += stride {
			vals = append(vals, d.X[r*nf+f])
		}
		slices.Sort(vals)
		var edges []float32
		for k := 1; k < maxBins; k++ {
			v := vals[k*len(vals)/maxBins]
			if k*len(vals)/maxBins >= len(vals) {
				break
			}
			// The edge is the largest value below v, so that v starts the next bin.
			i, _ := slices.BinarySearch(vals, v)
			if i == 0 {
				continue
			}
			e := vals[i-1]
			if len(edges) == 0 || e > edges[len(edges)-1] {
				edges = append(edges, e)
			}
		}
		b.edges[f] = edges
		col := make([]uint8, rows)
		for r := 0; r < rows; r++ {
			x := d.X[r*nf+f]
			i, _ := slices.BinarySearch(edges, x) // first edge >= x
			col[r] = uint8(i)
		}
		b.cols[f] = col
	}
	return b
}

type hist struct{ g, h []float64 } // per feature, per bin (feature*256+bin)

// Train fits a model to d with logistic loss.
func Train(d *Data, p Params) *Model {
	if p.Bins <= 1 || p.Bins > 256 {
		p.Bins = 256
	}
	p.Workers = max(p.Workers, 1)
	nf, rows := d.NumFeatures, d.Rows()
	b := binData(d, p.Bins)
	// The base margin: the weighted log-odds of the targets.
	var sy, sw float64
	for i := 0; i < rows; i++ {
		sy += float64(d.Y[i] * d.W[i])
		sw += float64(d.W[i])
	}
	prior := min(max(sy/max(sw, 1e-12), 1e-6), 1-1e-6)
	m := &Model{NumFeatures: nf, Base: float32(math.Log(prior / (1 - prior)))}
	margin := make([]float32, rows)
	for i := range margin {
		margin[i] = m.Base
	}
	g := make([]float64, rows)
	h := make([]float64, rows)
	rng := rand.New(rand.NewPCG(p.Seed, 0x9e3779b97f4a7c15))
	sample := make([]int32, 0, rows)
	for t := 0; t < p.Trees; t++ {
		for i := 0; i < rows; i++ {
			pr := 1 / (1 + math.Exp(-float64(margin[i])))
			w := float64(d.W[i])
			g[i] = (pr - float64(d.Y[i])) * w
			h[i] = max(pr*(1-pr), 1e-6) * w
		}
		sample = sample[:0]
		for i := 0; i < rows; i++ {
			if p.Subsample >= 1 || rng.Float64() < p.Subsample {
				sample = append(sample, int32(i))
			}
		}
		tree := grow(b, g, h, sample, p)
		for i := 0; i < rows; i++ {
			margin[i] += leafOf(tree, b, i)
		}
		for k := range tree {
			tree[k].Left &= 0xffffff // drop the bin kept for leafOf
		}
		m.Trees = append(m.Trees, tree)
	}
	return m
}

// leafOf returns the value of the leaf the binned row i falls into.
func leafOf(t Tree, b *binned, i int) float32 {
	k := int32(0)
	for {
		n := &t[k]
		if n.Feature < 0 {
			return n.Value
		}
		// Thresholds are bin edges: a row goes left when its bin is at most the edge's.
		if b.cols[n.Feature][i] <= uint8(uint32(n.Left)>>24) {
			k = n.Left & 0xffffff
		} else {
			k = n.Right
		}
	}
}

// growNode is a node being grown.
type growNode struct {
	rows  []int32
	depth int
	index int32 // in the tree
	hist  *hist
	g, h  float64
}

func grow(b *binned, g, h []float64, rows []int32, p Params) Tree {
	nf := len(b.cols)
	tree := Tree{{Feature: -1}}
	var sg, sh float64
	for _, r := range rows {
		sg += g[r]
		sh += h[r]
	}
	rootHist := buildHist(b, g, h, rows, p.Workers)
	queue := []growNode{{rows: rows, depth: 0, index: 0, hist: rootHist, g: sg, h: sh}}
	leaf := func(n growNode) {
		tree[n.index] = Node{Feature: -1, Value: float32(-n.g / (n.h + p.Lambda) * p.LearningRate)}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n.depth >= p.Depth || len(n.rows) < 2 {
			leaf(n)
			continue
		}
		bestGain, bestF, bestBin := 0.0, -1, 0
		var bestGL, bestHL float64
		parent := n.g * n.g / (n.h + p.Lambda)
		for f := 0; f < nf; f++ {
			nb := len(b.edges[f]) + 1
			var gl, hl float64
			hg, hh := n.hist.g[f*256:f*256+nb], n.hist.h[f*256:f*256+nb]
			for k := 0; k < nb-1; k++ {
				gl += hg[k]
				hl += hh[k]
				hr := n.h - hl
				if hl < p.MinHessian || hr < p.MinHessian {
					continue
				}
				gr := n.g - gl
				gain := gl*gl/(hl+p.Lambda) + gr*gr/(hr+p.Lambda) - parent
				if gain > bestGain+1e-12 {
					bestGain, bestF, bestBin, bestGL, bestHL = gain, f, k, gl, hl
				}
			}
		}
		if bestF < 0 {
			leaf(n)
			continue
		}
		col := b.cols[bestF]
		var left, right []int32
		for _, r := range n.rows {
			if int(col[r]) <= bestBin {
				left = append(left, r)
			} else {
				right = append(right, r)
			}
		}
		li, ri := int32(len(tree)), int32(len(tree)+1)
		tree = append(tree, Node{Feature: -1}, Node{Feature: -1})
		// Left holds the child's index and, in its top byte, the bin for leafOf; Margin
		// reads the float threshold instead (fixed below by finish).
		tree[n.index] = Node{Feature: int16(bestF), Threshold: b.edges[bestF][bestBin], Left: li | int32(bestBin)<<24, Right: ri}
		// The smaller child's histogram is built, the larger's is the parent's less it.
		small, large := left, right
		if len(right) < len(left) {
			small, large = right, left
		}
		hs := buildHist(b, g, h, small, p.Workers)
		hl := &hist{g: n.hist.g, h: n.hist.h} // reuse the parent's arrays for the larger child
		for i := range hl.g {
			hl.g[i] -= hs.g[i]
			hl.h[i] -= hs.h[i]
		}
		lh, rh := hs, hl
		if len(right) < len(left) {
			lh, rh = hl, hs
		}
		queue = append(queue,
			growNode{rows: left, depth: n.depth + 1, index: li, hist: lh, g: bestGL, h: bestHL},
			growNode{rows: right, depth: n.depth + 1, index: ri, hist: rh, g: n.g - bestGL, h: n.h - bestHL})
		_ = large
	}
	return tree
}

// buildHist sums the gradients and hessians of rows per feature and bin; features are
// shared out among workers, each feature summed in row order, so the result does not
// depend on the number of workers.
func buildHist(b *binned, g, h []float64, rows []int32, workers int) *hist {
	nf := len(b.cols)
	hs := &hist{g: make([]float64, nf*256), h: make([]float64, nf*256)}
	var wg sync.WaitGroup
	next := make(chan int, nf)
	for f := 0; f < nf; f++ {
		next <- f
	}
	close(next)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				col := b.cols[f]
				hg, hh := hs.g[f*256:(f+1)*256], hs.h[f*256:(f+1)*256]
				for _, r := range rows {
					k := col[r]
					hg[k] += g[r]
					hh[k] += h[r]
				}
			}
		}()
	}
	wg.Wait()
	return hs
}
