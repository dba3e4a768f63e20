// Package usagetest is for benchmarks: throughput per CPU second, which a shared machine
// disturbs far less than the wall-clock rate. Only test files import it.
package usagetest

import (
	"testing"

	"github.com/chaffkit/chaff/lib/usage"
)

// LoopCPU runs fn in b.Loop and reports cpu-MB/s for size bytes per iteration.
func LoopCPU(b *testing.B, size int64, fn func()) {
	n := 0
	c0 := usage.CPUTime()
	for b.Loop() {
		fn()
		n++
	}
	if d := (usage.CPUTime() - c0).Seconds(); d > 0 {
		b.ReportMetric(float64(size)*float64(n)/1e6/d, "cpu-MB/s")
	}
}
