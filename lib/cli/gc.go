package cli

import (
	"os"
	"runtime/debug"
)

// gcPercent is the garbage collector's target (GOGC) when the user sets none: a collection
// starts when the heap has grown by twice what was live after the last one, not once as by
// Go's default. The tools stream: what stays live is a few pages and their buffers, while
// every page allocates its HTML, tree and text anew, so at the default the collector ran
// every few MB of input. Measured (CPU s, medians of 5-9 interleaved runs, idle machine):
// `map` of trafeval-dev.warc.gz 0.48 -> 0.41 (peak RSS 32 -> 37 MB), `chaff extract -j 1`
// of big9's WARC 0.41 -> 0.38 (22 -> 27 MB); `run` the same CPU, and on wcxb-dev the same
// peak RSS (819 MB): its soft memory limit (boundHeap) caps the heap whatever the target.
const gcPercent = 200

// holdGCPercent is the target of the commands that hold pages until their site is learned
// (learn, run, show): Go's default. What they hold is live, and a heap three times it is
// memory the kernel maps in page by page: the page faults of the larger heap cost more than
// the collections it saves. Measured (CPU s, medians of 5 runs, `run -j 1 --drop-html` of
// big9, idle machine), 200 -> 100: JSON lines (zstd) sstclean 0.90 -> 0.79 (peak RSS 110 ->
// 71 MB), ngramcut 1.38 -> 1.31 (196 -> 172 MB); WARC ngramcut 1.23 -> 1.11, sstclean 0.82
// -> 0.79, rtdm and ampl within their noise (0.96 -> 0.98, 1.22 -> 1.29), each 20-35% less
// peak RSS.
const holdGCPercent = 100

// tuneHolding sets the Go runtime's memory for a command that holds pages until their site
// is learned (learn, run, show): the collector's target holdGCPercent, and the soft memory
// limit from --max-buffer-bytes (boundHeap).
func tuneHolding(maxBufferBytes int) {
	tuneGC(holdGCPercent)
	boundHeap(maxBufferBytes)
}

// boundHeap sets the Go runtime's soft memory limit to what the pages waiting for their site
// may hold, half as much again (the models kept, within --max-models-bytes, the pages in
// flight, buffers) and 64 MiB, at least 256 MiB: the collector then runs more often as the
// buffer fills, where by default it lets the heap grow to twice what is live. A run of
// sstclean over three copies of wcxb-dev held 1.3 GB at its peak without it, 0.85 GB with
// it, in the same CPU time. A GOMEMLIMIT the user sets wins; --max-buffer-bytes 0 (no bound)
// sets none.
func boundHeap(maxBytes int) {
	if maxBytes <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(max(int64(maxBytes)*3/2+64<<20, 256<<20))
}

// tuneGC sets the collector's target to percent unless GOGC is set.
func tuneGC(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}
