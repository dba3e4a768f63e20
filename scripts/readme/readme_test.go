package readme

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
)

// step is one command of the transcript and the lines the README shows under it.
type step struct {
	cmd  string
	want []string
}

// transcript reads the first ```console block of the README: lines starting with "$ " are
// commands, the lines after one, up to the next, what it prints.
func transcript(t *testing.T, readme string) []step {
	t.Helper()
	f, err := os.Open(readme)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var steps []step
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !in && line == "```console":
			in = true
		case !in:
		case line == "```":
			return steps
		case strings.HasPrefix(line, "$ "):
			steps = append(steps, step{cmd: strings.TrimPrefix(line, "$ ")})
		case len(steps) > 0:
			steps[len(steps)-1].want = append(steps[len(steps)-1].want, line)
		}
	}
	t.Fatalf("%s: no ```console block", readme)
	return nil
}

// matches reports whether got is the line the README shows as want: the same after the
// timings (clitest.Timings) are blanked and runs of white space made one space, where "…" in want stands for
// any text (the README cuts long lines).
func matches(want, got string) bool {
	want, got = clitest.Timings.ReplaceAllString(want, "$1=X"), clitest.Timings.ReplaceAllString(got, "$1=X")
	// White space as a terminal shows it: the README aligns a TSV's columns with spaces.
	want, got = strings.Join(strings.Fields(want), " "), strings.Join(strings.Fields(got), " ")
	parts := strings.Split(want, "…")
	if len(parts) == 1 {
		return want == got
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	rest := got[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 && p != "" {
			return strings.HasSuffix(rest, p) // the text after the last "…" ends the line
		}
		at := strings.Index(rest, p)
		if at < 0 {
			return false
		}
		rest = rest[at+len(p):]
	}
	return true
}

// check compares a command's output with the README's lines: every line of stdout, in
// order, with lines of stderr (a summary line) where the README shows them; the README
// may leave stderr out.
func check(want, stdout, stderr []string) error {
	i := 0
	for _, w := range want {
		if i < len(stdout) && matches(w, stdout[i]) {
			i++
			continue
		}
		found := false
		for _, e := range stderr {
			if matches(w, e) {
				found = true
				break
			}
		}
		if !found {
			if i < len(stdout) {
				return fmt.Errorf("the README shows\n\t%s\nwhere the command prints\n\t%s", w, stdout[i])
			}
			return fmt.Errorf("the README shows\n\t%s\nwhich the command does not print", w)
		}
	}
	if i < len(stdout) {
		return fmt.Errorf("the command also prints\n\t%s", strings.Join(stdout[i:], "\n\t"))
	}
	return nil
}

func lines(b []byte) []string {
	s := strings.TrimRight(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestTranscript runs the README's transcript and fails when what it prints drifts from
// what the README shows (timings aside). The first command, `go run ./scripts/synth`, runs
// from the repository's root, as the README says, writing into the test's directory; the
// others run there with the tools just built first on PATH. It needs bash, zstdcat, jq,
// awk and head, and is skipped under -short (it builds the tools).
func TestTranscript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tools and runs them: not under -short")
	}
	for _, tool := range []string{"bash", "zstdcat", "jq", "awk", "head"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the transcript needs %s: %v", tool, err)
		}
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	clitest.BuildTools(t, bin)
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	steps := transcript(t, filepath.Join(root, "README.md"))
	if len(steps) < 5 {
		t.Fatalf("the README's transcript has %d commands", len(steps))
	}
	var fresh strings.Builder
	failed := false
	for _, s := range steps {
		var c *exec.Cmd
		if strings.HasPrefix(s.cmd, "go run ./scripts/synth ") {
			args := strings.Fields(strings.SplitN(s.cmd, "#", 2)[0])
			for i := range args {
				if i > 0 && args[i-1] == "-o" {
					args[i] = filepath.Join(dir, args[i])
				}
			}
			c = exec.Command(args[0], args[1:]...)
			c.Dir = root
		} else {
			c = exec.Command("bash", "-c", s.cmd)
			c.Dir = dir
		}
		c.Env = env
		var stdout, stderr bytes.Buffer
		c.Stdout, c.Stderr = &stdout, &stderr
		if err := c.Run(); err != nil {
			t.Errorf("$ %s: %v\n%s", s.cmd, err, stderr.String())
			failed = true
			continue
		}
		fmt.Fprintf(&fresh, "$ %s\n%s", s.cmd, stdout.String())
		for _, l := range lines(stderr.Bytes()) {
			if strings.Contains(l, ": summary ") && strings.HasPrefix(s.cmd, strings.Fields(l)[0][:len(strings.Fields(l)[0])-1]+" ") {
				fmt.Fprintf(&fresh, "%s\n", l)
			}
		}
		if err := check(s.want, lines(stdout.Bytes()), lines(stderr.Bytes())); err != nil {
			t.Errorf("$ %s\n%v", s.cmd, err)
			failed = true
		}
	}
	if failed {
		t.Logf("what the transcript prints now (stdout, and the summary line of a command that starts with its tool; cut long lines by hand with …):\n%s", fresh.String())
	}
}

// TestMatches checks the comparison of README lines with output lines.
func TestMatches(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a seconds=1.2 b", "a seconds=0.33 b", true},
		{"a in_mb=1.2", "a in_mb=1.3", false},
		{`{"pages":247,…,"f1":0.9…}`, `{"pages":247,"x":1,"f1":0.97}`, true},
		{`{"pages":247,…,"f1":0.9…}`, `{"pages":246,"x":1,"f1":0.97}`, false},
		{`{"a":1,…,"c":3}`, `{"a":1,"b":2,"c":3}`, true},
		{`{"a":1,…,"c":3}`, `{"a":1,"b":2,"c":4}`, false},
		{"site  f  V", "site\tf\tV", true},
	} {
		if got := matches(c.want, c.got); got != c.ok {
			t.Errorf("matches(%q, %q) = %v", c.want, c.got, got)
		}
	}
	if err := check([]string{"x", "tool: summary read=1"}, []string{"x"}, []string{"tool: summary read=1"}); err != nil {
		t.Error(err)
	}
	if err := check([]string{"x"}, []string{"x", "y"}, nil); err == nil {
		t.Error("a line left out of the README passed")
	}
}
