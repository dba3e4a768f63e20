package ngramcut

import (
	"strings"
	"testing"
)

// TestKeptAndWarning checks Model.Kept against the range strings and that Warning
// names the cut points whose pages come out empty or as fragments, and only those.
func TestKeptAndWarning(t *testing.T) {
	pages := sitePages(8, 3)
	for _, c := range []struct {
		opt  Options
		want string // substring of the warning, "" for none
	}{
		{Options{N: 2, A: 100}, "covers every character of the 8 sample pages"},
		{Options{N: 9, A: 7}, ""},
		{Options{N: 3, A: 30}, "in runs of"},
		{Options{}, ""},
		{Default(), ""},
	} {
		m, err := Learn(pages, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		m.MinRun, m.Snap = 0, false // the range string as the cut leaves it
		var kept, runs int64
		for _, p := range pages {
			r := m.RangeString(p)
			kept += int64(strings.Count(r, "1"))
			for j := 0; j < len(r); j++ {
				if r[j] == '1' && (j == 0 || r[j-1] == '0') {
					runs++
				}
			}
		}
		if m.Kept != kept {
			t.Errorf("%+v: Kept %d, want %d (the 1s of the range strings)", c.opt, m.Kept, kept)
		}
		w := m.Warning()
		switch {
		case c.want == "" && w != "":
			t.Errorf("%+v (%d runs of %d units): unexpected warning %q", c.opt, runs, kept, w)
		case c.want != "" && !strings.Contains(w, c.want):
			t.Errorf("%+v (%d runs of %d units): warning %q, want it to say %q", c.opt, runs, kept, w, c.want)
		}
		if c.want != "" && kept > 0 && float64(kept)/float64(runs) >= fragmentRun {
			t.Errorf("%+v: the test case keeps runs of %.1f units, not fragments", c.opt, float64(kept)/float64(runs))
		}
	}
}
