package cli

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// Profiling for people measuring the tools: CHAFF_CPUPROFILE=FILE writes a CPU profile of
// the whole command to FILE, CHAFF_MEMPROFILE=FILE an allocation profile at its end (go tool
// pprof reads both). Environment variables rather than flags, so that every command of every
// tool (score and chaff extract too) can be profiled as it is run, with its output unchanged.
const (
	EnvCPUProfile = "CHAFF_CPUPROFILE"
	EnvMemProfile = "CHAFF_MEMPROFILE"
)

// startProfiles starts what the environment asks for and returns the function that ends
// it; a profile that cannot be written is reported on stderr and left out.
func startProfiles(stderr io.Writer) (stop func()) {
	var cpu *os.File
	if path := os.Getenv(EnvCPUProfile); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", EnvCPUProfile, err)
		} else {
			cpu = f
		}
	}
	return func() {
		if cpu != nil {
			pprof.StopCPUProfile()
			cpu.Close()
		}
		if path := os.Getenv(EnvMemProfile); path != "" {
			f, err := os.Create(path)
			if err == nil {
				runtime.GC()
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", EnvMemProfile, err)
			}
		}
	}
}
