// Package hugepage has Go's heap backed by transparent huge pages where Linux gives them only
// on request.
//
// The tools hold and probe tens to hundreds of MB (a site's pages, n-gram tables, sorted
// windows, trees) in an order no cache follows. Backed by 4 KB pages, every page of heap
// costs a page fault when first written (several microseconds on a virtual machine: a
// third of a `run`'s CPU time was the kernel's) and most probes of a large table a TLB miss;
// a 2 MB page costs one fault and covers 512 times the memory. Linux backs all anonymous
// memory with huge pages when its THP setting is "always", and only memory a program marks
// with madvise(MADV_HUGEPAGE) when it is "madvise", the default of most distributions. Go's
// runtime marks none of its heap since Go 1.21.4 (golang/go#61718, #64342): with the default
// THP defrag setting a first touch of marked memory may wait while the kernel compacts memory
// into a free huge page, an unbounded stall for a server's latency. A batch filter cares for
// throughput, and marks only the first HeapBytes; where the machine's memory is fragmented
// and runs stall in the kernel, CHAFF_HUGEPAGES=0 turns the mark off. Measured on big9 (`run
// -j 1 --drop-html --content off`, CPU s, medians of 7 runs): ngramcut 1.07 -> 0.61, ampl
// 1.00 -> 0.64, sstclean 0.71 -> 0.52, rtdm 0.74 -> 0.56, `chaff extract` 0.45 -> 0.33, the
// same peak RSS but for ngramcut's (140 -> 154 MB). What a huge page costs depends on the
// machine under the kernel: on the Intel Xeon virtual machine of 2026-12-06 the kernel's
// zeroing of each new huge page (clear_page_erms under do_huge_pmd_anonymous_page, a third
// of `ngramcut run`'s samples in perf) is slow when the process starts after a few seconds
// of idle (the host has taken back the free memory): `ngramcut run -j 1` on big9 spent
// 0.44-0.51 s in the kernel marked and 0.07-0.10 s unmarked, the same user time; over five
// interleaved rounds of each site tool, CPU s marked / unmarked: ngramcut 1.19 / 1.07, ampl
// 1.17 / 1.09, rtdm 0.88 / 0.83, sstclean 0.76 / 0.85. Neither wins on every tool there, and
// the mark halved the tools' time where it was chosen, so it stays; CHAFF_HUGEPAGES=0 is the
// switch to measure on one's own machine.
package hugepage

import (
	"os"
	"runtime"
	"strings"
	"sync/atomic"
)

// HeapBytes is how much of the heap AdviseHeap marks: what a run over a site's pages holds.
// A larger mark measured faster still on large inputs (wcxb-dev's rtdm run 7.2 -> 6.0 CPU s
// for 1 GB) but held more at its peak (800 MB -> 1.04 GB): Go's soft memory limit returns
// memory to the kernel in pieces smaller than a huge page, which then stays whole.
const HeapBytes = 256 << 20

// Env names the environment variable that turns AdviseHeap off when set to "0" or "off".
const Env = "CHAFF_HUGEPAGES"

// AdviseHeap has the next n bytes of Go's heap backed by huge pages, when the kernel gives
// huge pages on request only (THP "madvise"), commits memory lazily and sets the process no
// address-space limit (under `ulimit -v` of 1.8 GB the n bytes mapped left too little for
// the runtime, which then died at start: "out of memory"): it allocates n bytes,
// which the runtime maps fresh and leaves untouched, marks them, and lets them go. The
// runtime keeps the memory mapped and places later allocations in it, lowest addresses
// first; the mark stays with the mapping when the runtime returns its pages to the kernel.
// Memory is not touched, so nothing is resident until used. It reports whether it marked;
// a process marks once (the first call that marks), later calls report false.
func AdviseHeap(n int) bool {
	if v := os.Getenv(Env); v == "0" || v == "off" || n <= 0 || !onRequest() || strictCommit() || limitedAddressSpace() {
		return false
	}
	if !marked.CompareAndSwap(false, true) {
		return false
	}
	s := make([]byte, n)
	ok := advise(s)
	runtime.KeepAlive(s)
	s = nil
	runtime.GC()
	return ok
}

// marked is set by the first AdviseHeap that marks.
var marked atomic.Bool

// onRequest reports whether the kernel gives huge pages to marked memory only.
func onRequest() bool {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && strings.Contains(string(b), "[madvise]")
}

// strictCommit reports whether the kernel counts every mapped page against a commit limit
// (vm.overcommit_memory 2): there n bytes mapped and never used could refuse the runtime
// memory it needs later.
func strictCommit() bool {
	b, err := os.ReadFile("/proc/sys/vm/overcommit_memory")
	return err == nil && strings.TrimSpace(string(b)) == "2"
}
