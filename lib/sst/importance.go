package sst

import "math"

// nodeImportance is the paper's NodeImp(E) = -Σ_{i=1..l} p_i log_m p_i, with m the number
// of pages containing E and p_i the share of E's uses that took the i-th style node; 1 when
// m = 1. (In the merged modes an element can occur more than once on a page; the shares are
// then over all its occurrences, and the value is capped at 1.)
func nodeImportance(e *Element) float64 {
	if e.Pages <= 1 {
		return 1
	}
	total := 0
	for _, s := range e.Styles {
		total += s.Count
	}
	if total == 0 {
		return 0
	}
	h := 0.0
	for _, s := range e.Styles {
		if s.Count == 0 {
			continue
		}
		p := float64(s.Count) / float64(total)
		h -= p * math.Log(p)
	}
	return clamp01(h / math.Log(float64(e.Pages)))
}

// leafImportance is the paper's CompImp of a leaf: 1 - Σ_i H(a_i) / l over its l features,
// H(a_i) = -Σ_j p_ij log_m p_ij the entropy of feature a_i over the m pages; 1 when m = 1.
// A leaf without features seen on several pages carries nothing and gets 0.
func leafImportance(e *Element) float64 {
	if e.Pages <= 1 {
		return 1
	}
	if len(e.feats) == 0 {
		return 0
	}
	sum := 0.0
	for _, f := range e.feats {
		sum += f.entropy(e.Pages)
	}
	return 1 - sum/float64(len(e.feats))
}

// computeImportance fills NodeImp and CompImp of e and its descendants, bottom up:
// CompImp(E) = (1 - γ^l)·NodeImp(E) + γ^l·Σ p_i·CompImp(S_i), with
// CompImp(S) = Σ_j CompImp(E_j) / k over the k element nodes of S. A style node without
// element nodes (an empty element) has composite importance 0.
func computeImportance(e *Element, gamma float64) {
	for _, k := range e.kids {
		computeImportance(k, gamma)
	}
	if e.Leaf {
		e.NodeImp = 1
		e.CompImp = leafImportance(e)
		return
	}
	e.NodeImp = nodeImportance(e)
	total := 0
	for _, s := range e.Styles {
		total += s.Count
	}
	if total == 0 || len(e.Styles) == 0 {
		e.CompImp = e.NodeImp
		return
	}
	gl := math.Pow(gamma, float64(len(e.Styles)))
	child := 0.0
	for _, s := range e.Styles {
		p := float64(s.Count) / float64(total)
		child += p * styleImportance(s)
	}
	e.CompImp = (1-gl)*e.NodeImp + gl*child
}

// styleImportance is CompImp(S), the mean composite importance of S's element nodes.
func styleImportance(s *Style) float64 {
	if len(s.Elems) == 0 {
		return 0
	}
	sum := 0.0
	for _, e := range s.Elems {
		sum += e.CompImp
	}
	return sum / float64(len(s.Elems))
}

// markNoisy marks the noisy element nodes under e (the paper's MarkNoise) and reports
// whether e is noisy: e is noisy when all its descendants are noisy and CompImp(e) < t.
func markNoisy(e *Element, t float64) bool {
	all := true
	for _, k := range e.kids {
		if !markNoisy(k, t) {
			all = false
		}
	}
	e.Noisy = all && e.CompImp < t
	return e.Noisy
}

// markMeaningful marks the meaningful element nodes under e (neither noisy nor holding a
// noisy descendant) and reports whether e is meaningful. Run after markNoisy.
func markMeaningful(e *Element) bool {
	ok := !e.Noisy
	for _, k := range e.kids {
		if !markMeaningful(k) {
			ok = false
		}
	}
	e.Meaningful = ok
	return ok
}

// Score computes the importances and the noisy and meaningful marks of the tree under root
// with threshold t and attenuation γ.
func Score(root *Element, t, gamma float64) {
	computeImportance(root, gamma)
	markNoisy(root, t)
	markMeaningful(root)
}
