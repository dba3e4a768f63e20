package hugepage

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// anonHugeKB is the process's memory in huge pages (smaps_rollup's AnonHugePages).
func anonHugeKB(t *testing.T) int {
	b, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip("no /proc/self/smaps_rollup:", err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "AnonHugePages:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Skip("smaps_rollup has no AnonHugePages")
	return 0
}

// After AdviseHeap, memory the program then allocates and writes is in huge pages (without
// the mark, with THP on request only, fresh memory is in 4 KB pages).
func TestAdviseHeap(t *testing.T) {
	if runtime.GOOS != "linux" || !onRequest() || strictCommit() {
		t.Skip("the kernel does not give huge pages on request only here")
	}
	t.Setenv(Env, "")
	touch := func() int {
		before := anonHugeKB(t)
		s := make([]uint64, 32<<20/8)
		for i := range s {
			s[i] = uint64(i)
		}
		after := anonHugeKB(t)
		runtime.KeepAlive(s)
		return after - before
	}
	if !AdviseHeap(128 << 20) {
		t.Fatal("AdviseHeap did not mark the heap")
	}
	if got := touch(); got < 16<<10 {
		t.Errorf("32 MB allocated after AdviseHeap: %d KB in huge pages, want at least 16 MB", got)
	}
}

func TestAdviseHeapOff(t *testing.T) {
	for _, v := range []string{"0", "off"} {
		t.Setenv(Env, v)
		if AdviseHeap(64 << 20) {
			t.Errorf("%s=%s: AdviseHeap marked the heap", Env, v)
		}
	}
}
