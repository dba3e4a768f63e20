package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/synth"
)

// TestPeaksSite checks --site: a site of the input gets its rows only; a site the input
// does not have is an error naming it and the sites there are (exit 1, no table, no plot),
// as show --id is, not an empty table with exit 0.
func TestPeaksSite(t *testing.T) {
	in := clitest.SynthJSONL(t, synth.Config{Seed: 3, Sites: 2, PagesPerSite: 10, Templates: 1, PageBytes: 10000})
	var all bytes.Buffer
	if code := run([]string{"ampl", "peaks"}, strings.NewReader(in), &all, &bytes.Buffer{}); code != 0 {
		t.Fatalf("peaks: exit %d", code)
	}
	sites := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(all.String()), "\n")[1:] {
		sites[strings.Split(line, "\t")[0]] = true
	}
	if len(sites) != 2 {
		t.Fatalf("peaks: want rows of 2 sites, have %v", sites)
	}
	for s := range sites {
		var out, errb bytes.Buffer
		if code := run([]string{"ampl", "peaks", "--site", s}, strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("peaks --site %s: exit %d: %s", s, code, errb.String())
		}
		rows := strings.Split(strings.TrimSpace(out.String()), "\n")[1:]
		if len(rows) == 0 {
			t.Fatalf("peaks --site %s: no rows", s)
		}
		for _, r := range rows {
			if !strings.HasPrefix(r, s+"\t") {
				t.Fatalf("peaks --site %s: a row of another site: %q", s, r)
			}
		}
	}

	dir := t.TempDir()
	svg := filepath.Join(dir, "np.svg")
	var out, errb bytes.Buffer
	code := run([]string{"ampl", "peaks", "--site", "nosuch", "--svg", svg}, strings.NewReader(in), &out, &errb)
	if code != 1 {
		t.Errorf("peaks --site nosuch: exit %d, want 1", code)
	}
	if !strings.Contains(errb.String(), `no page of site "nosuch"`) {
		t.Errorf("peaks --site nosuch: stderr does not name the site:\n%s", errb.String())
	}
	for s := range sites {
		if !strings.Contains(errb.String(), s+" (10 pages)") {
			t.Errorf("peaks --site nosuch: stderr does not list site %s:\n%s", s, errb.String())
		}
	}
	if out.Len() != 0 {
		t.Errorf("peaks --site nosuch: stdout %q, want nothing", out.String())
	}
	if _, err := os.Stat(svg); err == nil {
		t.Errorf("peaks --site nosuch wrote %s", svg)
	}
}
