package main

import "os"

// withScratchTemp runs f, the whole of the process's work, with TMPDIR pointing at a fresh
// directory that is removed when f returns. Beam's loopback environment (prism, the default runner) makes an empty temporary
// file per pipeline run and never removes it (runnerlib.Execute, apache/beam#27569); without
// this every run would leave a beamloopbackworker-* file in /tmp.
func withScratchTemp(f func() int) int {
	dir, err := os.MkdirTemp("", "chaff-beam-")
	if err != nil {
		return f()
	}
	defer os.RemoveAll(dir)
	os.Setenv("TMPDIR", dir)
	return f()
}
