package main

import (
	"os"
	"runtime/debug"
)

// softMemoryLimit bounds the heap of a run unless GOMEMLIMIT is set. score's live memory is
// one batch of texts and the metric's buffers: a few hundred MB on a 50 MB page, where the
// collector's default pacing would let the heap grow to twice that (1.1 GB peak on the
// hostile corpus's 50 MB page, 0.7 GB with the limit, the same CPU time). Ordinary runs
// never come near it.
const softMemoryLimit = 768 << 20

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softMemoryLimit)
	}
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
