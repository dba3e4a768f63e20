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

// tuneGC sets the collector's target to gcPercent unless GOGC is set.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}
