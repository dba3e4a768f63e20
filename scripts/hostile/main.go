// Command hostile writes the hostile-input corpus (lib/synth.Hostile) and,
// with -run, runs every tool over it under /usr/bin/time -v, checking the
// accounting of each summary line and reporting time and peak memory:
//
//	go run ./scripts/hostile -dir out/hostile                 # light cases only
//	go run ./scripts/hostile -dir out/hostile -heavy -run bin  # all, with the tools in bin/
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/synth"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hostile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", "out/hostile", "where to write the corpus")
	heavy := fs.Bool("heavy", false, "also write the large cases (50 MB page, 100k nesting, 1M siblings, 100 MB line, 2 GB bomb)")
	scale := fs.Float64("scale", 1, "size factor of the heavy cases")
	bin := fs.String("run", "", "run the tools found in this directory over the corpus")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cases, err := synth.Hostile(*dir, *scale, *heavy)
	if err != nil {
		fmt.Fprintf(stderr, "hostile: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "hostile: %d cases written to %s\n", len(cases), *dir)
	if *bin == "" {
		return 0
	}
	failed := false
	fmt.Fprintf(stdout, "| tool | case | exit | read | emitted | consumed | skipped | seconds | peak MB | check |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, tool := range []string{"ngramcut", "ampl", "sstclean", "rtdm"} {
		exe := filepath.Join(*bin, tool)
		if _, err := os.Stat(exe); err != nil {
			fmt.Fprintf(stderr, "hostile: %s not built, skipped\n", tool)
			continue
		}
		for _, c := range cases {
			res := Check(exe, filepath.Join(*dir, c.Name), "run", "--max-record-bytes", strconv.Itoa(64<<20))
			if res.Problem != "" {
				failed = true
			}
			fmt.Fprintf(stdout, "| %s | %s | %d | %d | %d | %d | %d | %.2f | %.0f | %s |\n", tool, c.Name, res.Exit,
				res.Read, res.Emitted, res.Consumed, res.Skipped, res.Seconds, res.PeakMB, okOr(res.Problem))
		}
	}
	if failed {
		return 1
	}
	return 0
}

func okOr(p string) string {
	if p == "" {
		return "ok"
	}
	return p
}

// Result is one tool run over one input.
type Result struct {
	Exit                             int
	Read, Emitted, Consumed, Skipped int
	Seconds, PeakMB                  float64
	Problem                          string // empty when the run kept every rule
}

var (
	summaryRE = regexp.MustCompile(`summary read=(\d+) emitted=(\d+) errors=\d+ consumed=(\d+)(?: consumed\.\S+)* skipped=(\d+)`)
	modelsRE  = regexp.MustCompile(` models=(\d+)`)
	peakRE    = regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`)
)

// Check runs exe with args on input and checks the rules every run must
// keep: exit status 0 or 1, stdout only valid JSON lines, one summary line
// with read = emitted + consumed + skipped, and as many stdout lines as
// emitted records and model lines. Time and peak memory come from /usr/bin/time -v when
// it is installed.
func Check(exe, input string, args ...string) Result {
	var res Result
	argv := append(append([]string{}, args...), input)
	var cmd *exec.Cmd
	timed := false
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		cmd = exec.Command("/usr/bin/time", append([]string{"-v", exe}, argv...)...)
		timed = true
	} else {
		cmd = exec.Command(exe, argv...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res.Seconds = time.Since(start).Seconds()
	if ee, ok := err.(*exec.ExitError); ok {
		res.Exit = ee.ExitCode()
	} else if err != nil {
		res.Problem = err.Error()
		return res
	}
	if m := peakRE.FindStringSubmatch(stderr.String()); timed && m != nil {
		kb, _ := strconv.Atoi(m[1])
		res.PeakMB = float64(kb) / 1024
	}
	var problems []string
	if res.Exit != 0 && res.Exit != 1 {
		problems = append(problems, fmt.Sprintf("exit status %d", res.Exit))
	}
	m := summaryRE.FindStringSubmatch(stderr.String())
	if m == nil {
		problems = append(problems, "no summary line")
	} else {
		n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
		res.Read, res.Emitted, res.Consumed, res.Skipped = n(1), n(2), n(3), n(4)
		if res.Read != res.Emitted+res.Consumed+res.Skipped {
			problems = append(problems, "read != emitted + consumed + skipped")
		}
	}
	lines := 0
	for _, line := range strings.Split(stdout.String(), "\n") {
		if line == "" {
			continue
		}
		lines++
		if !json.Valid([]byte(line)) {
			problems = append(problems, "invalid JSON on stdout")
			break
		}
	}
	models := 0
	if mm := modelsRE.FindStringSubmatch(stderr.String()); mm != nil {
		models, _ = strconv.Atoi(mm[1])
	}
	if m != nil && lines != res.Emitted+models {
		problems = append(problems, fmt.Sprintf("%d lines on stdout for %d records and %d models", lines, res.Emitted, models))
	}
	res.Problem = strings.Join(problems, "; ")
	return res
}
