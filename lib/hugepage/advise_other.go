//go:build !linux

package hugepage

// advise does nothing where there is no madvise(MADV_HUGEPAGE).
func advise(b []byte) bool { return false }
