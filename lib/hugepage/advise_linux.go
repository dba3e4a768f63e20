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
