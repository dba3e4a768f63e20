package cli

import (
	"runtime"
	"strings"
	"testing"
)

// The summary line ends with the process's CPU time, pages per CPU second and peak memory
// when it has them, and leaves them out when it does not.
func TestSummaryUsage(t *testing.T) {
	s := Summary{Tool: "t", Read: 300, Emitted: 300, Sites: -1, HTMLBytes: -1, Seconds: 2,
		Usage: &Usage{CPUSeconds: 1.5, PeakRSS: 123_400_000}}
	if got, want := s.String(), " seconds=2.00 in_mb_per_s=0.0 cpu_s=1.50 pages_per_cpu_s=200 peak_rss_mb=123"; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end %q", got, want)
	}
	s.Usage = nil
	if got := s.String(); strings.Contains(got, "cpu_s") || strings.Contains(got, "rss") {
		t.Errorf("no usage, got %q", got)
	}
}

// ProcessUsage reads this process's figures: CPU time that grows with work done, and a peak
// resident memory at least what a buffer just touched takes.
func TestProcessUsage(t *testing.T) {
	before, ok := ProcessUsage()
	if !ok {
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
	after, _ := ProcessUsage()
	if after.CPUSeconds <= before.CPUSeconds {
		t.Errorf("CPU time did not grow: %v -> %v (%d)", before.CPUSeconds, after.CPUSeconds, x)
	}
	if after.PeakRSS < 64<<20 {
		t.Errorf("peak RSS %d bytes, below the %d just touched", after.PeakRSS, len(buf))
	}
	runtime.KeepAlive(buf)
}
