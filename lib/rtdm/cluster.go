package rtdm

import (
	"runtime"
	"sync"
)

// Linkage is how the similarity of two clusters follows from their pages' similarities.
type Linkage uint8

// Linkages.
const (
	Complete   Linkage = iota // the least similar pair
	Average                   // the mean over all pairs
	SingleLink                // the most similar pair
)

// Similarity is 1 - d / (|a| + |b|) for the RTDM distance d under [Unit] costs: 1 for
// identical trees and 0 when nothing maps but the roots' replacement, since d <= |a| + |b| - 1
// (delete all of a but its root, insert all of b). It is the share of the two trees' nodes
// that the mapping keeps, so that one threshold serves small and large pages alike.
func Similarity(a, b *Tree, threshold float64) float64 {
	n := float64(a.Len() + b.Len())
	eps := (1 - threshold) * n
	d := Distance(a, b, Unit{}, eps)
	return 1 - d/n
}

// Similarities returns the matrix of pairwise [Similarity] values, computed with the cut-off
// at threshold (values below it are some value below it), on up to workers goroutines
// (0: GOMAXPROCS).
func Similarities(trees []*Tree, threshold float64, workers int) [][]float64 {
	n := len(trees)
	sim := make([][]float64, n)
	for i := range sim {
		sim[i] = make([]float64, n)
		sim[i][i] = 1
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Similarity's distances, with each tree's unit nodes made once and each worker's
	// solver arenas reused from pair to pair.
	units := make([][]unitNode, n)
	for i, t := range trees {
		units[i] = unitNodes(t)
	}
	type job struct{ i, j int }
	jobs := make(chan job, 256)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var us unitSolver
			for jb := range jobs {
				a, b := units[jb.i], units[jb.j]
				nn := float64(len(a) + len(b))
				us.a, us.b, us.eps = a, b, (1-threshold)*nn
				s := 1 - us.pair(0, 0)/nn
				sim[jb.i][jb.j] = s
				sim[jb.j][jb.i] = s
			}
		}()
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			jobs <- job{i, j}
		}
	}
	close(jobs)
	wg.Wait()
	return sim
}

// Cluster groups the trees by hierarchical agglomerative clustering (section 4.1): start from
// one cluster per tree and merge the two most similar clusters while their similarity is at
// least threshold (the paper: 0.8). It returns a cluster number per tree, numbered from 0 in
// order of first appearance.
//
// With Complete linkage (the default) two clusters merge only when every pair of their pages
// is at least threshold similar, so the RTDM cut-off at threshold never changes a decision.
func Cluster(trees []*Tree, threshold float64, link Linkage, workers int) []int {
	return ClusterMatrix(Similarities(trees, threshold, workers), threshold, link)
}

// ClusterMatrix is [Cluster] on a precomputed similarity matrix.
func ClusterMatrix(sim [][]float64, threshold float64, link Linkage) []int {
	n := len(sim)
	// members of each live cluster; cs[a][b] the cluster similarity.
	members := make([][]int, n)
	alive := make([]bool, n)
	cs := make([][]float64, n)
	for i := range members {
		members[i] = []int{i}
		alive[i] = true
		cs[i] = append([]float64(nil), sim[i]...)
	}
	for {
		ba, bb, best := -1, -1, threshold
		for a := 0; a < n; a++ {
			if !alive[a] {
				continue
			}
			for b := a + 1; b < n; b++ {
				if alive[b] && cs[a][b] >= best && (ba < 0 || cs[a][b] > best) {
					ba, bb, best = a, b, cs[a][b]
				}
			}
		}
		if ba < 0 {
			break
		}
		// Merge bb into ba and update ba's similarities (Lance-Williams).
		na, nb := float64(len(members[ba])), float64(len(members[bb]))
		for c := 0; c < n; c++ {
			if !alive[c] || c == ba || c == bb {
				continue
			}
			var v float64
			switch link {
			case Average:
				v = (na*cs[ba][c] + nb*cs[bb][c]) / (na + nb)
			case SingleLink:
				v = max(cs[ba][c], cs[bb][c])
			default:
				v = min(cs[ba][c], cs[bb][c])
			}
			cs[ba][c], cs[c][ba] = v, v
		}
		members[ba] = append(members[ba], members[bb]...)
		alive[bb] = false
	}
	label := make([]int, n)
	for i := range label {
		label[i] = -1
	}
	next := 0
	for i := 0; i < n; i++ {
		if label[i] >= 0 {
			continue
		}
		for a := 0; a < n; a++ {
			if !alive[a] {
				continue
			}
			found := false
			for _, m := range members[a] {
				if m == i {
					found = true
				}
			}
			if found {
				for _, m := range members[a] {
					label[m] = next
				}
				next++
				break
			}
		}
	}
	return label
}
