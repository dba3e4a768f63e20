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

// runPath runs ngramcut with args on in and returns its exit status, stdout and stderr.
func runPath(in string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"ngramcut"}, args...), strings.NewReader(in), &out, &errb)
	return code, out.String(), errb.String()
}

// TestPathSays checks that path says how the cut point was found: the default options fix
// it (n = 20, the document-frequency cut), so the one-step path and the plot say "no
// search" and point to --faithful, while --faithful walks FindOptimal from (2, 1) and --n 0
// walks FindNPeak, each named in the plot.
func TestPathSays(t *testing.T) {
	in := clitest.SynthJSONL(t, synth.Config{Seed: 3, Sites: 2, PagesPerSite: 8, Templates: 1, PageBytes: 6000})
	dir := t.TempDir()
	svg := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}

	code, out, errs := runPath(in, "path", "--svg", filepath.Join(dir, "default.svg"))
	if code != 0 {
		t.Fatalf("path: exit %d: %s", code, errs)
	}
	rows := strings.Split(strings.TrimSpace(out), "\n")[1:]
	if len(rows) != 2 || !strings.HasSuffix(strings.Join(strings.Fields(rows[0])[1:4], " "), "0 20 0") {
		t.Fatalf("path: want one step (n = 20, a = 0) per site:\n%s", out)
	}
	if !strings.Contains(errs, "no search") || !strings.Contains(errs, "--faithful shows the paper's FindOptimal walk") || strings.Count(errs, "no search") != 1 {
		t.Errorf("path: stderr does not say once that the defaults search nothing:\n%s", errs)
	}
	if s := svg("default.svg"); !strings.Contains(s, "n = 20 fixed (no search)") || strings.Contains(s, "cut point (20, 0)") {
		t.Errorf("default.svg: the title does not say the cut point is fixed")
	}

	code, out, errs = runPath(in, "path", "--faithful", "--svg", filepath.Join(dir, "faithful.svg"))
	rows = strings.Split(strings.TrimSpace(out), "\n")[1:]
	if code != 0 || len(rows) < 3 || !strings.Contains(rows[0], "\t0\t2\t1\t") {
		t.Fatalf("path --faithful: exit %d, want FindOptimal's walks from (2, 1):\n%s", code, out)
	}
	if strings.Contains(errs, "no search") {
		t.Errorf("path --faithful: says no search:\n%s", errs)
	}
	if s := svg("faithful.svg"); !strings.Contains(s, "FindOptimal&#39;s path over (n, a)") && !strings.Contains(s, "FindOptimal's path over (n, a)") {
		t.Errorf("faithful.svg: the title does not name FindOptimal")
	}

	code, _, errs = runPath(in, "path", "--n", "0", "--max-n", "30", "--svg", filepath.Join(dir, "npeak.svg"))
	if code != 0 || strings.Contains(errs, "no search") {
		t.Fatalf("path --n 0: exit %d, stderr:\n%s", code, errs)
	}
	if s := svg("npeak.svg"); !strings.Contains(s, "FindNPeak") {
		t.Errorf("npeak.svg: the title does not name FindNPeak")
	}

	code, _, errs = runPath(in, "path", "--n", "12", "--a", "5")
	if code != 0 || !strings.Contains(errs, "no search: --n and --a fix the cut point (12, 5)") {
		t.Errorf("path --n 12 --a 5: exit %d, stderr does not say the cut point is fixed:\n%s", code, errs)
	}

	_, help, _ := runPath("", "path", "--help")
	if !strings.Contains(help, "The default options search nothing") || !strings.Contains(help, "--faithful shows the paper's FindOptimal walk") {
		t.Errorf("path --help does not say what the default searches:\n%s", help)
	}
}

// TestPathSite checks --site: a site the input does not have is an error naming it and the
// sites there are (exit 1, no table, no plot), as show --id is.
func TestPathSite(t *testing.T) {
	in := clitest.SynthJSONL(t, synth.Config{Seed: 3, Sites: 2, PagesPerSite: 8, Templates: 1, PageBytes: 6000})
	_, all, _ := runPath(in, "path")
	sites := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(all), "\n")[1:] {
		sites[strings.Split(line, "\t")[0]] = true
	}
	if len(sites) != 2 {
		t.Fatalf("path: want rows of 2 sites:\n%s", all)
	}
	for s := range sites {
		code, out, errs := runPath(in, "path", "--site", s)
		rows := strings.Split(strings.TrimSpace(out), "\n")[1:]
		if code != 0 || len(rows) != 1 || !strings.HasPrefix(rows[0], s+"\t") {
			t.Fatalf("path --site %s: exit %d, want the site's row only:\n%s%s", s, code, out, errs)
		}
	}
	svg := filepath.Join(t.TempDir(), "np.svg")
	code, out, errs := runPath(in, "path", "--site", "nosuch", "--svg", svg)
	if code != 1 {
		t.Errorf("path --site nosuch: exit %d, want 1", code)
	}
	if !strings.Contains(errs, `no page of site "nosuch"`) {
		t.Errorf("path --site nosuch: stderr does not name the site:\n%s", errs)
	}
	for s := range sites {
		if !strings.Contains(errs, s+" (8 pages)") {
			t.Errorf("path --site nosuch: stderr does not list site %s:\n%s", s, errs)
		}
	}
	if out != "" {
		t.Errorf("path --site nosuch: stdout %q, want nothing", out)
	}
	if _, err := os.Stat(svg); err == nil {
		t.Errorf("path --site nosuch wrote %s", svg)
	}
}
