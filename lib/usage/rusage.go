//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package usage

import (
	"runtime"
	"syscall"
)

func process() *Usage {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return nil
	}
	rss := int64(ru.Maxrss) * 1024 // kilobytes ...
	if runtime.GOOS == "darwin" {
		rss = int64(ru.Maxrss) // ... but bytes on macOS
	}
	cpu := float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
	return &Usage{CPUSeconds: cpu, PeakRSS: rss}
}
