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
	if old.Cur == unlimited { // else the process is limited already
		lim := old
		lim.Cur = min(64<<30, old.Max)
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &lim); err != nil {
			t.Skip(err)
		}
		defer syscall.Setrlimit(syscall.RLIMIT_AS, &old)
	}
	if !limitedAddressSpace() {
		t.Fatal("a finite RLIMIT_AS is not seen as a limit")
	}
	was := marked.Load()
	marked.Store(false) // as in a fresh process
	defer marked.Store(was)
	if AdviseHeap(64 << 20) {
		t.Error("AdviseHeap marked the heap under an address-space limit")
	}
}
