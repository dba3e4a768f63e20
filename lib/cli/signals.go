package cli

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// signals turns the first SIGINT or SIGTERM of a run into a stop at the next record; a second
// one ends the process as usual, for when the run is busy (learning a large site, say) and
// the user will not wait. On a terminal the stop is announced at once.
type signals struct {
	ch  chan os.Signal
	got atomic.Int32 // the number of the SIGINT or SIGTERM received, 0 before
}

// watch starts watching; announce, when not nil, gets the announcement.
func (s *signals) watch(tool string, announce io.Writer) {
	s.ch = make(chan os.Signal, 1)
	signal.Notify(s.ch, os.Interrupt, syscall.SIGTERM)
	go func(ch <-chan os.Signal) {
		for sig := range ch {
			n, ok := sig.(syscall.Signal)
			if !ok || !s.got.CompareAndSwap(0, int32(n)) {
				continue
			}
			signal.Reset(os.Interrupt, syscall.SIGTERM)
			if announce != nil {
				fmt.Fprintf(announce, "%s: %s: stopping after the current step (again to stop at once)\n", tool, signalName(int(n)))
			}
		}
	}(s.ch)
}

// received returns the signal received, 0 for none.
func (s *signals) received() int { return int(s.got.Load()) }

// stop stops watching.
func (s *signals) stop() {
	signal.Stop(s.ch)
	close(s.ch)
}

func signalName(n int) string {
	switch syscall.Signal(n) {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return fmt.Sprintf("signal %d", n)
}
