package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
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
	clitest.BuildTools(t, bin, tools...)
	limit := []string{"--max-record-bytes", "4000000"}
	for _, c := range cases {
		in := filepath.Join(dir, "in", c.Name)
		extracted := filepath.Join(dir, c.Name+".ngramcut.jsonl")
		for _, tool := range append([]string{"chaff"}, siteTools...) {
			modes := [][]string{{modeOf(tool)}}
			if slices.Contains(siteTools, tool) {
				modes = [][]string{{"run", "--sample", "3"}, {"learn"}}
			}
			for _, mode := range modes {
				spec := Spec{Exe: filepath.Join(bin, tool), Args: append(append(append([]string{}, mode...), limit...), in)}
				if tool == "ngramcut" && mode[0] == "run" {
					spec.SaveStdout = extracted
				}
				res := CheckRun(spec)
				if res.Problem != "" {
					t.Errorf("%s %s %s: %s (exit %d)", tool, mode[0], c.Name, res.Problem, res.Exit)
				}
				if c.Records >= 0 && res.Read != c.Records {
					lost(t, c.Name, "%s %s %s: read=%d for %d records in the input", tool, mode[0], c.Name, res.Read, c.Records)
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
			res := CheckRun(Spec{Exe: score, Args: append(append([]string{}, limit...), args...)})
			if res.Problem != "" {
				t.Errorf("score %v on %s: %s (exit %d)", args, c.Name, res.Problem, res.Exit)
			}
			if args[len(args)-1] == in && strings.HasPrefix(formatOf(c.Name), ".jsonl") && c.Records >= 0 && res.Read != c.Records {
				lost(t, c.Name, "score %v on %s: read=%d for %d records in the input", args, c.Name, res.Read, c.Records)
			}
		}
	}
}

// knownLoss are the cases whose records some reader still loses, with why;
// they are logged, not failed, until the reader is fixed.
var knownLoss = map[string]string{}

// lost reports a run that did not count every record of its input.
func lost(t *testing.T, name, format string, args ...any) {
	t.Helper()
	if why, ok := knownLoss[name]; ok {
		t.Logf("known loss (%s): "+format, append([]any{why}, args...)...)
		return
	}
	t.Errorf(format, args...)
}
