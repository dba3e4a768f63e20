package usage

import (
	"runtime"
	"testing"
)

// Process reads this process's figures: CPU time that grows with work done, and a peak
// resident memory at least what a buffer just touched takes.
func TestProcess(t *testing.T) {
	before := Process()
	if before == nil {
		if runtime.GOOS == "linux" || runtime.GOOS == "darwin" {
			t.Fatal("no usage on", runtime.GOOS)
		}
		t.Skip("no getrusage here")
	}
	buf := make([]byte, 64<<20)
	for i := range buf {
		buf[i] = byte(i)
	}
	x := 0
	for i := 0; i < 200_000_000; i++ {
		x += i & 7
	}
	after := Process()
	if after.CPUSeconds <= before.CPUSeconds {
		t.Errorf("CPU time did not grow: %v -> %v (%d)", before.CPUSeconds, after.CPUSeconds, x)
	}
	if after.PeakRSS < 64<<20 {
		t.Errorf("peak RSS %d bytes, below the %d just touched", after.PeakRSS, len(buf))
	}
	runtime.KeepAlive(buf)
}
