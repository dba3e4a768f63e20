package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

// TestAccounting runs every tool over the light hostile cases (the heavy
// ones with CHAFF_LONG=1) and checks each run keeps the rules of Check.
func TestAccounting(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every tool")
	}
	dir := t.TempDir()
	cases, err := synth.Hostile(filepath.Join(dir, "in"), 0.05, os.Getenv("CHAFF_LONG") != "")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	for _, tool := range []string{"ngramcut", "ampl", "sstclean", "rtdm"} {
		build := exec.Command("go", "build", "-o", filepath.Join(bin, tool), "github.com/chaffkit/chaff/cmd/"+tool)
		if out, err := build.CombinedOutput(); err != nil {
			t.Errorf("%s does not build: %v\n%s", tool, err, out)
			continue
		}
		for _, c := range cases {
			for _, mode := range [][]string{{"run", "--sample", "3"}, {"learn"}} {
				res := Check(filepath.Join(bin, tool), filepath.Join(dir, "in", c.Name), append(mode, "--max-record-bytes", "4000000")...)
				if res.Problem != "" {
					t.Errorf("%s %s %s: %s (exit %d)", tool, mode[0], c.Name, res.Problem, res.Exit)
				}
			}
		}
	}
}
