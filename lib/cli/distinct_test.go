package cli

import (
	"fmt"
	"math"
	"testing"
)

// The count is exact up to exactSites, whatever the repeats, and within 3% (four standard
// errors) past it, where it holds 2^14 bytes instead of every key.
func TestDistinctCount(t *testing.T) {
	var d distinctCount
	for round := 0; round < 3; round++ {
		for i := range 1000 {
			d.add(fmt.Sprintf("site%d.example", i))
		}
	}
	if got := d.count(); got != 1000 {
		t.Fatalf("1000 sites thrice: %d", got)
	}
	for _, n := range []int{exactSites, exactSites + 1, 300_000, 1_000_000} {
		var d distinctCount
		for i := range n {
			d.add(fmt.Sprintf("https://www.site%d.example/", i))
			if i%7 == 0 {
				d.add(fmt.Sprintf("https://www.site%d.example/", i/2)) // seen before
			}
		}
		got := d.count()
		if n <= exactSites && got != n {
			t.Errorf("%d sites: %d, want it exact", n, got)
		}
		if n > exactSites {
			if d.exact != nil || len(d.regs) != 1<<hllBits {
				t.Errorf("%d sites: still a set of %d", n, len(d.exact))
			}
			if e := math.Abs(float64(got-n)) / float64(n); e > 0.03 {
				t.Errorf("%d sites: estimated %d, off by %.1f%%", n, got, 100*e)
			}
		}
	}
}
