// Package usage measures what a run costs and says on what machine it ran: the process's
// CPU time and peak resident memory (getrusage), and the processor and load average a
// figure was taken under. The tools' summary lines, the benchmarks' CPU-second rates and
// the evaluation scripts' reports read them here.
//
// CPU time, not wall time, is what a batch over a large dump pays, and what a shared machine
// disturbs least; peak memory is what sizes the machine it runs on.
package usage

import (
	"os"
	"runtime"
	"strings"
	"time"
)

// Usage is what the process has used so far.
type Usage struct {
	CPUSeconds float64 // user and system time of all the process's threads
	PeakRSS    int64   // the most resident memory at any time, in bytes
}

// Process returns the process's usage so far, or nil where the system does not say (no
// getrusage).
func Process() *Usage { return process() }

// CPUTime returns the process's CPU time so far (user and system, all threads), 0 where the
// system does not say.
func CPUTime() time.Duration {
	if u := Process(); u != nil {
		return time.Duration(u.CPUSeconds * 1e9)
	}
	return 0
}

// CPUModel names the processor (Linux's /proc/cpuinfo "model name"), else the architecture.
func CPUModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for _, l := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// LoadAvg returns the 1, 5 and 15 minute load averages as Linux's /proc/loadavg gives them
// ("0.12 0.30 0.25"), or "?": a speed figure is a figure only when nothing else ran.
func LoadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}
