package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

// TestAccounting runs every tool over the light hostile cases (the heavy
// ones with CHAFF_LONG=1) and checks each run keeps the rules of CheckRun.
// score reads what ngramcut run emitted for the case, with the page's html
// as gold from the same records, and the case itself as predictions against
// that output as --gold.
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
	for _, tool := range tools {
		build := exec.Command("go", "build", "-o", filepath.Join(bin, tool), "github.com/chaffkit/chaff/cmd/"+tool)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("%s does not build: %v\n%s", tool, err, out)
		}
	}
	limit := []string{"--max-record-bytes", "4000000"}
	for _, c := range cases {
		in := filepath.Join(dir, "in", c.Name)
		extracted := filepath.Join(dir, c.Name+".ngramcut.jsonl")
		for _, tool := range tools[:4] {
			for _, mode := range [][]string{{"run", "--sample", "3"}, {"learn"}} {
				spec := Spec{Exe: filepath.Join(bin, tool), Args: append(append(append([]string{}, mode...), limit...), in)}
				if tool == "ngramcut" && mode[0] == "run" {
					spec.SaveStdout = extracted
				}
				if res := CheckRun(spec); res.Problem != "" {
					t.Errorf("%s %s %s: %s (exit %d)", tool, mode[0], c.Name, res.Problem, res.Exit)
				}
			}
		}
		score := filepath.Join(bin, "score")
		for _, args := range [][]string{
			{"--pages", "--gold-field", "html", extracted},
			{"--by", "site", "--gold-field", "html", extracted},
			{"--pages", "--by", "site", "--gold", extracted, "--gold-field", "html", in},
			{"--pred-field", "html", "--gold-field", "html", in},
		} {
			if res := CheckRun(Spec{Exe: score, Args: append(append([]string{}, limit...), args...)}); res.Problem != "" {
				t.Errorf("score %v on %s: %s (exit %d)", args, c.Name, res.Problem, res.Exit)
			}
		}
	}
}
