// Package clitest runs a command's cases in-process through its Run
// function and compares stdout, stderr and the exit status with expected
// files under testdata/cli/, which `go test -update` rewrites for review.
// A stdout over MaxGolden (4 KB) is kept as its Digest, so that every golden
// file can be read in a diff; such a case checks its records with Check.
// CheckEvidence, CheckOneParse and CheckMaxDepth test what every algorithm
// tool must do, on synthetic sites. BuildTools builds the commands for tests that run them
// as a user does, in a shell.
package clitest

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/synth"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of CLI cases")

// RunFunc is a command's entry point: Run(args, stdin, stdout, stderr) int.
type RunFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Case is one invocation. Args exclude the program name. Files are written
// into a fresh directory that is the working directory of the case; $DIR in
// Args is replaced by it.
type Case struct {
	Name  string
	Args  []string
	Stdin string
	Files map[string]string
	Exit  int
	// Terminal makes stderr a fake terminal (a Screen, 200 columns): the expected stderr is
	// what the terminal shows at the end, and Check gets every byte written to it, escapes
	// included.
	Terminal bool
	// Check, when set, runs extra assertions on the outputs.
	Check func(t *testing.T, dir, stdout, stderr string)
}

// Normalise replaces what changes between runs (timings, temp dirs) so
// that outputs can be compared byte for byte.
func Normalise(s, dir string) string {
	if dir != "" {
		s = strings.ReplaceAll(s, dir, "$DIR")
	}
	s = Timings.ReplaceAllString(s, "$1=X")
	return s
}

// Timings matches the figures of a summary or log line that depend on the machine and the
// moment (wall and CPU time, rates, peak memory); tests blank them as "$1=X".
var Timings = regexp.MustCompile(`\b(seconds|in_mb_per_s|html_mb_per_s|cpu_s|pages_per_cpu_s|peak_rss_mb|ms|ns|time)=[0-9.e+-]+`)

// Run runs the cases as subtests. Expected outputs live in
// testdata/cli/<name>.stdout, .stderr and .exit, relative to the test.
func Run(t *testing.T, run RunFunc, prog string, cases []Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			expected := filepath.Join("testdata", "cli", c.Name)
			if abs, err := filepath.Abs(expected); err == nil {
				expected = abs
			}
			dir := t.TempDir()
			for name, body := range c.Files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			args := []string{prog}
			for _, a := range c.Args {
				args = append(args, strings.ReplaceAll(a, "$DIR", dir))
			}
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			var errW io.Writer = &stderr
			screen := &Screen{Width: 200}
			if c.Terminal {
				errW = screen
			}
			code := run(args, strings.NewReader(c.Stdin), &stdout, errW)
			shown, raw := stderr.String(), stderr.String()
			if c.Terminal {
				shown, raw = screen.Text(), screen.Raw()
			}
			if code != c.Exit {
				t.Errorf("exit status %d, want %d\nstderr:\n%s", code, c.Exit, shown)
			}
			out, errOut := Normalise(stdout.String(), dir), Normalise(shown, dir)
			compareOut(t, expected+".stdout", out)
			compare(t, expected+".stderr", errOut)
			if c.Check != nil {
				c.Check(t, dir, stdout.String(), raw)
			}
		})
	}
}

// MaxGolden is the largest stdout kept whole in a golden file. A larger one is kept as its
// Digest, in <name>.stdout.digest, so that every golden file can be read in a review; its
// content is then checked by the case's assertions (Case.Check).
const MaxGolden = 4 << 10

// compareOut compares stdout with its golden file: whole up to MaxGolden bytes, else as its
// Digest.
func compareOut(t *testing.T, path, got string) {
	t.Helper()
	whole, digest := path, path+".digest"
	if len(got) > MaxGolden {
		whole, digest = digest, whole // the one to compare is the digest; the other goes
		got = Digest(got)
	}
	if *update {
		os.Remove(digest)
	}
	compare(t, whole, got)
}

func compare(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -update rewrites it)\n--- got:\n%s\n--- want:\n%s", path, clip(got), clip(string(want)))
	}
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "\n...[clipped]"
	}
	return s
}

// SynthJSONL returns the synthetic sites of cfg as JSON lines, a tool's
// input in CLI cases.
func SynthJSONL(t *testing.T, cfg synth.Config) string {
	t.Helper()
	var b bytes.Buffer
	if err := synth.WriteJSONL(&b, cfg); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Records decodes a command's JSON-lines output, failing on a bad line.
func Records(t *testing.T, out string) []map[string]any {
	t.Helper()
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("bad output line %q: %v", line, err)
		}
		recs = append(recs, m)
	}
	return recs
}

// CheckMaxDepth runs a tree-building tool (`run --drop-html`) over a synthetic site one of
// whose article pages has its body wrapped in depth extra divs, and checks --max-depth: with
// the default limit the page gets one note naming it (notes=1 in the summary) and keeps its
// content (shingle recall of its gold at least 0.9), and the other pages get none; with
// --max-depth 0 no page gets a note.
func CheckMaxDepth(t *testing.T, run RunFunc, prog string, depth int) {
	t.Helper()
	pages, err := synth.Generate(synth.Config{Seed: 7, Sites: 1, PagesPerSite: 8, Templates: 1, PageBytes: 8000})
	if err != nil {
		t.Fatal(err)
	}
	deep := -1
	var in bytes.Buffer
	for i, p := range pages {
		if deep < 0 && p.Kind == "article" {
			deep = i
			at := strings.Index(p.HTML, "<body")
			at += strings.IndexByte(p.HTML[at:], '>') + 1
			end := strings.LastIndex(p.HTML, "</body>")
			p.HTML = p.HTML[:at] + strings.Repeat("<div>", depth) + p.HTML[at:end] + strings.Repeat("</div>", depth) + p.HTML[end:]
		}
		b, _ := json.Marshal(p)
		in.Write(b)
		in.WriteByte('\n')
	}
	if deep < 0 {
		t.Fatal("no article page")
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{prog, "run", "--drop-html"}, bytes.NewReader(in.Bytes()), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	note := regexp.MustCompile(`(?m)^` + prog + `: <stdin>:(\d+): (\d+) elements nested deeper than --max-depth 512 flattened`)
	notes := note.FindAllStringSubmatch(stderr.String(), -1)
	// (Other notes may come too: a site model that fits the page poorly says so.)
	if len(notes) != 1 || notes[0][1] != strconv.Itoa(deep+1) || !strings.Contains(stderr.String(), " notes=") {
		t.Errorf("want one note for record %d; stderr:\n%s", deep+1, stderr.String())
	}
	recs := Records(t, stdout.String())
	if len(recs) != len(pages) {
		t.Fatalf("%d records for %d pages", len(recs), len(pages))
	}
	text, _ := recs[deep]["text"].(string)
	if r, _ := metric.ShingleCounts(text, pages[deep].Gold).Recall(); r < 0.9 {
		t.Errorf("the flattened page lost content (recall %.2f): %.300q", r, text)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{prog, "run", "--drop-html", "--max-depth", "0"}, bytes.NewReader(in.Bytes()), &stdout, &stderr); code != 0 || strings.Contains(stderr.String(), "flattened") {
		t.Errorf("--max-depth 0: exit %d, stderr:\n%s", code, stderr.String())
	}
}

// CheckHelp checks what every chaff tool's help must have: `prog --help` lists the
// commands, and each command's help (`prog CMD --help`, `version` and `help` aside) shows
// at least two example command lines that start with prog; `prog --version` and `prog
// version` print the same line, "prog version ...". Every CheckHelp runs its own commands
// in-process.
func CheckHelp(t *testing.T, run RunFunc, prog string) {
	t.Helper()
	call := func(args ...string) (string, int) {
		var out, errOut bytes.Buffer
		code := run(append([]string{prog}, args...), strings.NewReader(""), &out, &errOut)
		return out.String() + errOut.String(), code
	}
	help, code := call("--help")
	if code != 0 {
		t.Fatalf("%s --help: exit %d\n%s", prog, code, help)
	}
	v1, c1 := call("--version")
	v2, c2 := call("version")
	if c1 != 0 || c2 != 0 || v1 != v2 || !strings.HasPrefix(v1, prog+" version ") || strings.Count(v1, "\n") != 1 {
		t.Errorf("%s --version (exit %d): %q; %s version (exit %d): %q", prog, c1, v1, prog, c2, v2)
	}
	_, commands, _ := strings.Cut(help, "COMMANDS:\n")
	commands, _, _ = strings.Cut(commands, "\n\n")
	n := 0
	for _, line := range strings.Split(commands, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		name := strings.TrimSuffix(f[0], ",")
		if name == "help" || name == "version" {
			continue
		}
		n++
		h, code := call(name, "--help")
		if code != 0 {
			t.Errorf("%s %s --help: exit %d", prog, name, code)
			continue
		}
		if got := examplesIn(h, prog); got < 2 {
			t.Errorf("%s %s --help: %d example lines, want 2 or more:\n%s", prog, name, got, h)
		}
	}
	if n == 0 && examplesIn(help, prog) < 2 {
		// A tool that is one command (score): its own help has the examples.
		t.Errorf("%s --help: no command, and fewer than 2 example lines:\n%s", prog, help)
	}
}

// examplesIn counts the lines of help after "Examples:" that run prog.
func examplesIn(help, prog string) int {
	_, ex, ok := strings.Cut(help, "Examples:")
	if !ok {
		return 0
	}
	n := 0
	for _, l := range strings.Split(ex, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, prog+" ") || strings.Contains(l, "| "+prog+" ") || strings.Contains(l, "xargs "+prog+" ") {
			n++
		}
	}
	return n
}
