package suffix

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user+system CPU time: on a shared machine wall time overstates
// what the code costs, so benchmarks also report throughput per CPU-second (cpu-MB/s).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loopCPU runs fn in b.Loop and reports cpu-MB/s for size bytes per iteration.
func loopCPU(b *testing.B, size int64, fn func()) {
	n := 0
	c0 := cpuTime()
	for b.Loop() {
		fn()
		n++
	}
	if d := (cpuTime() - c0).Seconds(); d > 0 {
		b.ReportMetric(float64(size)*float64(n)/1e6/d, "cpu-MB/s")
	}
}
