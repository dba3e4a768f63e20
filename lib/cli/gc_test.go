package cli

import (
	"runtime/debug"
	"testing"
)

// A command sets the collector's target it is given (gcPercent, or holdGCPercent for those
// that hold pages), unless GOGC says otherwise.
func TestTuneGC(t *testing.T) {
	t.Setenv("GOGC", "")
	old := debug.SetGCPercent(100)
	defer debug.SetGCPercent(old)
	tuneGC(gcPercent)
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	t.Setenv("GOGC", "50")
	tuneGC(gcPercent)
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set, GC percent %d, want it left alone (100)", got)
	}
}
