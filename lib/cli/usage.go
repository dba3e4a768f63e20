package cli

// Usage is what the process has used so far, for the summary line: a batch over terabytes
// is sized by its pages per CPU second and its peak memory, which the wall time and the
// input's MB/s do not tell on a shared or many-core machine.
type Usage struct {
	CPUSeconds float64 // user and system time of all the process's threads
	PeakRSS    int64   // the most resident memory at any time, in bytes
}

// ProcessUsage returns the process's usage so far, and false where the system does not
// say (no getrusage).
func ProcessUsage() (Usage, bool) { return processUsage() }
