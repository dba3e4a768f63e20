//go:build !linux

package hugepage

// advise does nothing where there is no madvise(MADV_HUGEPAGE).
func advise(b []byte) bool { return false }

// limitedAddressSpace does not matter where advise does nothing.
func limitedAddressSpace() bool { return false }
