package hugepage

import (
	"syscall"
	"testing"
)

// TestAdviseHeapLimited: under an address-space limit (here a finite one far above what
// the test uses) nothing is mapped ahead, since the runtime dies when a mapping is refused.
func TestAdviseHeapLimited(t *testing.T) {
	t.Setenv(Env, "")
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &old); err != nil {
		t.Skip(err)
	}
	lim := old
	lim.Cur = 64 << 30
	if old.Cur != unlimited && old.Cur < lim.Cur || lim.Cur > old.Max {
		lim.Cur = old.Cur
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
		t.Skip(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	if !limitedAddressSpace() {
		t.Fatalf("RLIMIT_AS %d not seen as a limit", lim.Cur)
	}
	was := marked.Load()
	marked.Store(false) // as in a fresh process
	defer marked.Store(was)
	if AdviseHeap(64 << 20) {
		t.Error("AdviseHeap marked the heap under an address-space limit")
	}
}
