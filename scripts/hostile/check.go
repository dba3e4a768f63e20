package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Result is one tool run over one input.
type Result struct {
	Exit                             int
	Read, Emitted, Consumed, Skipped int
	// CPU is user + sys seconds of the run (wait4 rusage), User the user
	// part; PeakMB its maximum resident set (as /usr/bin/time -v prints it).
	CPU, User, Wall, PeakMB float64
	Problem                 string // empty when the run kept every rule
}

// Spec is one run for CheckRun.
type Spec struct {
	Exe  string
	Args []string // the input file(s) included
	// SaveStdout, when set, is where the run's stdout is written (the input
	// of a later run, e.g. score's).
	SaveStdout string
	Timeout    time.Duration // 0: none
}

var (
	summaryRE = regexp.MustCompile(`summary read=(\d+) emitted=(\d+) errors=\d+ consumed=(\d+)(?: consumed\.\S+)* skipped=(\d+)`)
	modelsRE  = regexp.MustCompile(` models=(\d+)`)
	rowsRE    = regexp.MustCompile(` rows=(\d+)`)
	goldRE    = regexp.MustCompile(` gold_read=(\d+) gold_loaded=(\d+) gold_skipped=(\d+)`)
)

// Check runs exe with args on input and checks the rules every run must
// keep (see CheckRun).
func Check(exe, input string, args ...string) Result {
	return CheckRun(Spec{Exe: exe, Args: append(append([]string{}, args...), input)})
}

// CheckRun runs s and checks the rules every run must keep: exit status 0
// or 1, stdout only valid JSON lines, one summary line with read = emitted +
// consumed + skipped, and as many stdout lines as emitted records, model
// lines (models=) and other rows (rows=, score's site and overall rows);
// when the line has score's gold_read=, gold_read = gold_loaded +
// gold_skipped. CPU time comes from the wait4 rusage, peak memory from
// /usr/bin/time -v when it is installed (else from the rusage, which then
// holds this process's own peak too).
func CheckRun(s Spec) Result {
	var res Result
	ctx := context.Background()
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	// /usr/bin/time -v reports the tool's own peak: the rusage of a process
	// started from this one also holds this process's peak, which the kernel
	// folds in when the child (sharing our memory until exec) execs.
	timed := false
	cmd := exec.CommandContext(ctx, s.Exe, s.Args...)
	if _, err := os.Stat(timeCmd); err == nil {
		cmd = exec.CommandContext(ctx, timeCmd, append([]string{"-v", s.Exe}, s.Args...)...)
		timed = true
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a timeout kills the tool, not only time
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	// stdout goes to a file, not to memory: a run may write hundreds of MB.
	outPath := s.SaveStdout
	if outPath == "" {
		f, err := os.CreateTemp("", "hostile-stdout-*")
		if err != nil {
			res.Problem = err.Error()
			return res
		}
		f.Close()
		outPath = f.Name()
		defer os.Remove(outPath)
	}
	outFile, err := os.Create(outPath)
	if err != nil {
		res.Problem = err.Error()
		return res
	}
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = outFile, &stderr
	start := time.Now()
	err = cmd.Run()
	outFile.Close()
	res.Wall = time.Since(start).Seconds()
	if ru, ok := rusage(cmd); ok { // time's own use is a millisecond or two
		res.CPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
		res.User = time.Duration(ru.Utime.Nano()).Seconds()
		res.PeakMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
	}
	if m := peakRE.FindStringSubmatch(stderr.String()); timed && m != nil {
		res.PeakMB = float64(atoi(m[1])) / 1024
	}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		res.Exit = -1
		res.Problem = fmt.Sprintf("killed after the %v timeout", s.Timeout)
		return res
	case errors.As(err, &ee):
		res.Exit = ee.ExitCode()
	case err != nil:
		res.Exit = -1
		res.Problem = err.Error()
		return res
	}
	errText := stderr.String()
	var problems []string
	if res.Exit != 0 && res.Exit != 1 {
		problems = append(problems, fmt.Sprintf("exit status %d", res.Exit))
	}
	m := summaryRE.FindStringSubmatch(errText)
	if m == nil {
		problems = append(problems, "no summary line")
	} else {
		res.Read, res.Emitted, res.Consumed, res.Skipped = atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4])
		if res.Read != res.Emitted+res.Consumed+res.Skipped {
			problems = append(problems, "read != emitted + consumed + skipped")
		}
	}
	if g := goldRE.FindStringSubmatch(errText); g != nil && atoi(g[1]) != atoi(g[2])+atoi(g[3]) {
		problems = append(problems, "gold_read != gold_loaded + gold_skipped")
	}
	lines, valid, err := jsonLines(outPath)
	switch {
	case err != nil:
		problems = append(problems, err.Error())
	case !valid:
		problems = append(problems, "invalid JSON on stdout")
	}
	other := 0
	for _, re := range []*regexp.Regexp{modelsRE, rowsRE} {
		if mm := re.FindStringSubmatch(errText); mm != nil {
			other += atoi(mm[1])
		}
	}
	if m != nil && lines != res.Emitted+other {
		problems = append(problems, fmt.Sprintf("%d lines on stdout for %d records and %d model lines or rows", lines, res.Emitted, other))
	}
	res.Problem = strings.Join(problems, "; ")
	return res
}

// timeCmd measures a run's peak memory when it is installed.
const timeCmd = "/usr/bin/time"

var peakRE = regexp.MustCompile(`Maximum resident set size \(kbytes\): (\d+)`)

// jsonLines counts the non-empty lines of the file at path and says whether
// each is valid JSON.
func jsonLines(path string) (lines int, valid bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	valid = true
	for {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			lines++
			if valid && !json.Valid(line) {
				valid = false
			}
		}
		if err == io.EOF {
			return lines, valid, nil
		}
		if err != nil {
			return lines, valid, err
		}
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// rusage is the ended process's resource use.
func rusage(cmd *exec.Cmd) (*syscall.Rusage, bool) {
	if cmd.ProcessState == nil {
		return nil, false
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return ru, ok && ru != nil
}
