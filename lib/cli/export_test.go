package cli

import "time"

// SetProgressClock makes the progress line of the runs that follow take the time from now
// and tick when ticks sends, for a test; restore puts the real clock back.
func SetProgressClock(now func() time.Time, ticks chan time.Time) (restore func()) {
	old := progressClock
	progressClock = clock{now: now, ticks: func(time.Duration) (<-chan time.Time, func()) { return ticks, func() {} }}
	return func() { progressClock = old }
}
