package cli

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/usage"
)

// The summary line ends with the process's CPU time, pages per CPU second and peak memory
// when it has them, and leaves them out when it does not.
func TestSummaryUsage(t *testing.T) {
	s := Summary{Tool: "t", Read: 300, Emitted: 300, Sites: -1, HTMLBytes: -1, Seconds: 2,
		Usage: &usage.Usage{CPUSeconds: 1.5, PeakRSS: 123_400_000}}
	if got, want := s.String(), " seconds=2.00 in_mb_per_s=0.0 cpu_s=1.50 pages_per_cpu_s=200 peak_rss_mb=123"; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end %q", got, want)
	}
	s.Usage = nil
	if got := s.String(); strings.Contains(got, "cpu_s") || strings.Contains(got, "rss") {
		t.Errorf("no usage, got %q", got)
	}
}
