package rtdm

// DistanceNoPrune is Distance without the bound that skips pairs whose diagonal alone is no
// better than a deletion or an insertion: Fig. 5 as printed, for the benchmarks.
func DistanceNoPrune(a, b *Tree, c Costs, eps float64) float64 {
	s := newSolver(a, b, c, eps, false)
	s.noPrune = true
	d, _ := s.pair(0, 0)
	return d
}

// PruneLinks exports nodeStats.pruneLinks for the tests.
func PruneLinks(t *Tree, roots []int32, density float64, minWords int) []int32 {
	return statsOf(t).pruneLinks(roots, density, minWords)
}

// PruneTeasers exports nodeStats.pruneTeasers for the tests.
func PruneTeasers(t *Tree, roots []int32, minRun, maxWords int) []int32 {
	return statsOf(t).pruneTeasers(roots, minRun, maxWords)
}
