// Command evalrun is the project's evaluation and benchmark driver, behind
// scripts/eval, scripts/bench and .ci/eval-gate:
//
//	evalrun eval  [--warc] [--by-site] [--peers] [--sets a,b] [--tables news,wcxb,trafeval,ksplit,crosstime]
//	              [--tools a,b] [--cv=false] [--skip NAME@SET] [--ks 1,2,4,8,all]   (writes docs/EVALUATION.md)
//	evalrun gate  [--tolerance 0.01]          (a small eval checked against docs/EVALUATION.md)
//	evalrun bench [--heavy]                   (writes docs/BENCHMARKS.md)
//	evalrun paper [ngramcut|ampl|rtdm|sstclean ...]   (the papers' experiments, into docs/paper/)
//	evalrun views                             (each tool's show view in headless Chromium, docs/views/)
//	evalrun meta  [-o FILE]                   (the meta member against the peers, docs/METADATA.md)
//
// It builds the tools (and, with --peers, the peers) into bin/ once, runs
// each extractor on the same pages and scores every one with the same
// cmd/score. Tools whose cmd/<tool> does not build are skipped, with a line
// saying so in the output and in the document. CPU time and peak memory come
// from the operating system's accounting of each child (wait4 rusage: the
// same figures /usr/bin/time -v prints), so that figures stay comparable on a
// loaded machine.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/chaffkit/chaff/lib/gobuild"
)

// tools are the algorithm tools, in the order of the tables.
var tools = []string{"ngramcut", "ampl", "sstclean", "rtdm"}

func main() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) < 2 {
		fmt.Fprintln(stderr, "usage: evalrun eval|gate|bench|paper|views|meta [flags] (see -h of each)")
		return 2
	}
	var err error
	switch args[1] {
	case "eval":
		err = runEval(args[2:], stdout, stderr)
	case "gate":
		err = runGate(args[2:], stdout, stderr)
	case "bench":
		err = runBench(args[2:], stdout, stderr)
	case "paper":
		err = runPaper(args[2:], stdout, stderr)
	case "views":
		err = runViews(args[2:], stdout, stderr)
	case "meta":
		err = runMeta(args[2:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "evalrun: no command %q (eval, gate, bench, paper, views or meta)\n", args[1])
		return 2
	}
	var ue usageErr
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "evalrun: %v\n", err)
		return 2
	default:
		fmt.Fprintf(stderr, "evalrun: %v\n", err)
		return 1
	}
}

type usageErr struct{ error }

// env is what every command shares: the repo root, the data folder, bin/.
type env struct {
	root, data, bin, tmp string
	stderr               io.Writer
	built                map[string]error // tool or "peer" -> build error (nil: built)
}

func commonFlags(fs *flag.FlagSet) (data, bin *string) {
	data = fs.String("data", "", "folder of the evaluation sets (default: ../shared/data beside the repo)")
	bin = fs.String("bin", "", "where to build the binaries (default: bin/ in the repo)")
	return
}

func newEnv(data, bin string, stderr io.Writer) (*env, error) {
	root, err := gobuild.ModuleRoot(".")
	if err != nil {
		return nil, err
	}
	if data == "" {
		data = filepath.Join(filepath.Dir(root), "shared", "data")
	}
	if bin == "" {
		bin = filepath.Join(root, "bin")
	}
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "chaff-eval-")
	if err != nil {
		return nil, err
	}
	return &env{root: root, data: data, bin: bin, tmp: tmp, stderr: stderr, built: map[string]error{}}, nil
}

func (e *env) close() { os.RemoveAll(e.tmp) }

// hasData reports whether the evaluation sets are there.
func (e *env) hasData() bool {
	_, err := os.Stat(filepath.Join(e.data, "big9-2005-2013.jsonl.zst"))
	return err == nil
}

// build builds cmd/<name> (or the peers, name "peer") into bin/ once and
// reports whether it is usable.
func (e *env) build(name string) error {
	if err, ok := e.built[name]; ok {
		return err
	}
	dir, pkg := e.root, "./cmd/"+name
	if name == "peer" {
		dir, pkg = filepath.Join(e.root, "scripts", "peers"), "./cmd/peer"
	} else if _, err := os.Stat(filepath.Join(e.root, "cmd", name)); err != nil {
		e.built[name] = fmt.Errorf("cmd/%s does not exist yet", name)
		return e.built[name]
	}
	err := goBuild(dir, filepath.Join(e.bin, name), pkg)
	if err != nil {
		err = fmt.Errorf("cmd/%s does not build: %v", name, err)
		fmt.Fprintf(e.stderr, "evalrun: skipping %s: %v\n", name, err)
	}
	e.built[name] = err
	return err
}

// cmdUsage is what the operating system accounted for a finished command (or
// pipeline): wall time, CPU time of all its processes, the largest peak RSS.
type cmdUsage struct {
	Wall, CPU time.Duration
	MaxRSSKB  int64
}

func (u *cmdUsage) add(ps *os.ProcessState) {
	u.CPU += ps.UserTime() + ps.SystemTime()
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > u.MaxRSSKB {
		u.MaxRSSKB = ru.Maxrss // kilobytes on Linux
	}
}

// runCmds runs a pipeline of commands (each one's stdout into the next's
// stdin; the last writes to out, or is discarded when out is ""), with the
// stderr of all of them captured and returned.
func runCmds(out string, cmds ...*exec.Cmd) (cmdUsage, string, error) {
	var u cmdUsage
	var errBuf strings.Builder
	for i, c := range cmds {
		c.Stderr = &errBuf
		if i > 0 {
			p, err := cmds[i-1].StdoutPipe()
			if err != nil {
				return u, "", err
			}
			c.Stdin = p
		}
	}
	last := cmds[len(cmds)-1]
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return u, "", err
		}
		defer f.Close()
		last.Stdout = f
	}
	start := time.Now()
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			return u, errBuf.String(), err
		}
	}
	var firstErr error
	for _, c := range cmds {
		if err := c.Wait(); err != nil && firstErr == nil {
			firstErr = fmt.Errorf("%s: %v", filepath.Base(c.Path), err)
		}
		if c.ProcessState != nil {
			u.add(c.ProcessState)
		}
	}
	u.Wall = time.Since(start)
	return u, errBuf.String(), firstErr
}

// summaryField returns the value of key=... in the "<name>: summary" line of
// a tool's stderr ("" if absent).
func summaryField(stderr, key string) string {
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.Contains(line, " summary ") {
			continue
		}
		for _, f := range strings.Fields(line) {
			if v, ok := strings.CutPrefix(f, key+"="); ok {
				return v
			}
		}
	}
	return ""
}

// goBuild builds the package pkg of the module in dir into out (without VCS stamping); its
// error is the build's first line of output.
func goBuild(dir, out, pkg string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if b, err := cmd.CombinedOutput(); err != nil {
		return errors.New(strings.SplitN(strings.TrimSpace(string(b)), "\n", 2)[0])
	}
	return nil
}

// gitCommit is the short commit of HEAD, with "+dirty" when tracked files
// under cmd/ or lib/ differ from it.
func gitCommit(root string) string {
	out, err := exec.Command("git", "-C", root, "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	if d, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no", "--", "cmd", "lib").Output(); err == nil && len(strings.TrimSpace(string(d))) > 0 {
		c += "+dirty"
	}
	return c
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
