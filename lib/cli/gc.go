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

// tuneGC sets the collector's target to percent unless GOGC is set.
func tuneGC(percent int) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(percent)
	}
}
