package hugepage

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a huge page on x86-64 and arm64 with 4 KB base pages.
const hugePage = 2 << 20

// advise marks the whole huge pages inside b for huge pages.
func advise(b []byte) bool {
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	start := (p + hugePage - 1) &^ (hugePage - 1)
	end := (p + uintptr(len(b))) &^ (hugePage - 1)
	if end <= start {
		return false
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, start, end-start, syscall.MADV_HUGEPAGE)
	return errno == 0
}

// limitedAddressSpace reports whether the process's address space or data segment is
// capped (ulimit -v, ulimit -d; RLIMIT_AS, RLIMIT_DATA): mapped memory counts against those
// caps whether used or not, and Go's runtime dies, not fails, when a mapping is refused.
func limitedAddressSpace() bool {
	for _, res := range []int{syscall.RLIMIT_AS, syscall.RLIMIT_DATA} {
		var l syscall.Rlimit
		if syscall.Getrlimit(res, &l) == nil && l.Cur != unlimited {
			return true
		}
	}
	return false
}

// unlimited is RLIM_INFINITY as the kernel returns it (syscall's constant is an untyped -1).
const unlimited = ^uint64(0)
