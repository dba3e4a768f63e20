package cli_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
)

// summaryCounts parses the summary line's key=value pairs.
func summaryCounts(t *testing.T, stderr string) map[string]int {
	t.Helper()
	i := strings.LastIndex(stderr, "summary ")
	if i < 0 {
		t.Fatalf("no summary in %q", stderr)
	}
	line, _, _ := strings.Cut(stderr[i+len("summary "):], "\n")
	counts := map[string]int{}
	for _, kv := range strings.Fields(line) {
		k, v, _ := strings.Cut(kv, "=")
		if n, err := strconv.Atoi(v); err == nil {
			counts[k] = n
		}
	}
	if counts["read"] != counts["emitted"]+counts["consumed"]+counts["skipped"] {
		t.Errorf("read != emitted + consumed + skipped: %s", line)
	}
	return counts
}

// readCounter records whether its reader was read from.
type readCounter struct {
	r    io.Reader
	read bool
}

func (rc *readCounter) Read(p []byte) (int, error) {
	rc.read = true
	return rc.r.Read(p)
}

// TestOutputFileAtStart: -o is created (or refused, exit 1, naming the
// path) before any input is read, and written even when empty.
func TestOutputFileAtStart(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "m.zst")
	var out, errOut bytes.Buffer
	if code := run([]string{"toy", "learn", "-o", m}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	raw, err := os.ReadFile(m)
	if err != nil {
		t.Fatalf("learn on empty input wrote no -o file: %v", err)
	}
	zr, _ := zstd.NewReader(bytes.NewReader(raw))
	if body, err := io.ReadAll(zr); err != nil || len(body) != 0 {
		t.Fatalf("empty model file: %q, %v", body, err)
	}
	var applied bytes.Buffer
	if code := run([]string{"toy", "apply", "-m", m}, strings.NewReader(pages), &applied, &errOut); code != 0 {
		t.Fatalf("apply with the empty model file: exit %d: %s", code, errOut.String())
	}

	for _, args := range [][]string{
		{"run", "-o", filepath.Join(dir, "no", "such", "x.jsonl")},
		{"learn", "-o", filepath.Join(dir, "no", "x.zst")},
		{"run", "-o", dir}, // a directory
	} {
		errOut.Reset()
		in := &readCounter{r: strings.NewReader(pages)}
		code := run(append([]string{"toy"}, args...), in, &out, &errOut)
		if code != 1 || in.read || !strings.Contains(errOut.String(), "-o "+args[2]+":") {
			t.Errorf("%v: exit %d, input read %v, stderr %q", args, code, in.read, errOut.String())
		}
	}
	// apply without its models does nothing and writes no file.
	applied.Reset()
	errOut.Reset()
	outPath := filepath.Join(dir, "out.jsonl")
	if code := run([]string{"toy", "apply", "-m", filepath.Join(dir, "none.zst"), "-o", outPath}, strings.NewReader(pages), &applied, &errOut); code != 1 {
		t.Fatalf("apply with a missing model file: exit %d: %s", code, errOut.String())
	}
	if _, err := os.Stat(outPath); err == nil {
		t.Error("apply with a missing model file wrote its -o file")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".chaff-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestOutputFileReplacedOnlyOnSuccess: a run that stops early leaves the
// previous -o file as it was and no temporary file.
func TestOutputFileReplacedOnlyOnSuccess(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(path, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"toy", "run", "-j", "1", "--sample", "1", "--on-error", "fail", "-o", path}, strings.NewReader(pages), &out, &errOut); code != 1 {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Fatalf("a failed run changed -o: %q", b)
	}
	if code := run([]string{"toy", "run", "-o", path}, strings.NewReader(pages), &out, &errOut); code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if strings.Count(string(b), "\n") != 8 || st.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, output %q", st.Mode(), b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".chaff-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}

	// The temporary name keeps the suffix that picks the compression.
	gz := filepath.Join(dir, "out.jsonl.gz")
	if code := run([]string{"toy", "run", "-o", gz}, strings.NewReader(pages), &out, &errOut); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(gz); len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("-o %s is not gzip: % x", gz, b[:min(len(b), 8)])
	}

	// -o a symbolic link: its target is replaced, the link stays.
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink("out.jsonl", link); err != nil {
		t.Skip(err)
	}
	if code := run([]string{"toy", "run", "-o", link}, strings.NewReader(`{"id":"1","html":"x"}`), &out, &errOut); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("-o a link replaced the link: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(path); strings.Count(string(b), "\n") != 1 {
		t.Fatalf("the link's target holds %q", b)
	}
}

// TestStopAccounting: pages buffered or in flight when a run stops early
// are counted as skipped.abandoned, and only the error that stopped the
// run is reported.
func TestStopAccounting(t *testing.T) {
	var in strings.Builder
	for i := range 20 {
		fmt.Fprintf(&in, `{"id":"%d","site":"a","html":"x"}`+"\n", i)
	}
	in.WriteString("{bad json\n")
	var out, errOut bytes.Buffer
	code := run([]string{"toy", "run", "--on-error", "fail"}, strings.NewReader(in.String()), &out, &errOut)
	c := summaryCounts(t, errOut.String())
	if code != 1 || c["read"] != 21 || c["skipped.abandoned"] != 20 || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out.String(), errOut.String())
	}

	in.Reset()
	for i := range 200 {
		html := "x"
		if i%10 == 3 {
			html = "FAIL"
		}
		fmt.Fprintf(&in, `{"id":"%d","site":"a","html":"%s"}`+"\n", i, html)
	}
	out.Reset()
	errOut.Reset()
	code = run([]string{"toy", "run", "--content", "off", "--on-error", "fail", "-j", "4", "--sample", "2"}, strings.NewReader(in.String()), &out, &errOut)
	c = summaryCounts(t, errOut.String())
	if code != 1 || strings.Count(errOut.String(), "page says FAIL") != 1 || c["emitted"] != 3 || c["skipped.error"] != 1 {
		t.Fatalf("exit %d, %d lines out, stderr %s", code, strings.Count(out.String(), "\n"), errOut.String())
	}
}

// fullDisk fails every write like a full disk.
type fullDisk struct{ writes int }

func (f *fullDisk) Write(p []byte) (int, error) {
	f.writes++
	return 0, &os.PathError{Op: "write", Path: "/dev/full", Err: syscall.ENOSPC}
}

// TestWriteFailure: pages count as emitted only once written; the error is
// printed once and the exit status is 1.
func TestWriteFailure(t *testing.T) {
	var errOut bytes.Buffer
	full := &fullDisk{}
	code := run([]string{"toy", "run"}, strings.NewReader(pages), full, &errOut)
	c := summaryCounts(t, errOut.String())
	if code != 1 || c["emitted"] != 0 || c["skipped.unwritten"] != 8 || strings.Count(errOut.String(), "no space left") != 1 || full.writes != 1 {
		t.Fatalf("exit %d, %d writes, stderr %s", code, full.writes, errOut.String())
	}
	errOut.Reset()
	code = run([]string{"toy", "map"}, strings.NewReader(pages), &fullDisk{}, &errOut)
	c = summaryCounts(t, errOut.String())
	if code != 1 || c["emitted"] != 0 || c["skipped.unwritten"] != 8 {
		t.Fatalf("map: exit %d, stderr %s", code, errOut.String())
	}
}

// TestInterrupt: SIGINT stops the run at the next record: no -o file (nor
// temporary file) is left, the summary adds up, the exit status is 130.
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.zst")
	pr, pw := io.Pipe()
	var out, errOut bytes.Buffer
	done := make(chan int)
	go func() {
		done <- run([]string{"toy", "learn", "--sample", "100000000", "--max-buffer", "100000000", "-o", path}, pr, &out, &errOut)
	}()
	line := func(i int) []byte { return fmt.Appendf(nil, `{"id":"%d","site":"s%d","html":"x"}`+"\n", i, i%3) }
	// The first write returns once the run reads, after Open set up the
	// signal handler.
	if _, err := pw.Write(line(0)); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	go func() {
		for i := 1; ; i++ {
			if _, err := pw.Write(line(i)); err != nil {
				return
			}
		}
	}()
	var code int
	select {
	case code = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the run did not stop on SIGINT")
	}
	pr.Close()
	c := summaryCounts(t, errOut.String())
	if code != 130 || c["skipped.abandoned"] == 0 || !strings.Contains(errOut.String(), "SIGINT") {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("an interrupted learn left its -o file")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".chaff-*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestKeyedNotGrouped: a key that comes back after another key stops
// learn, run and apply --keyed with a message saying to sort.
func TestKeyedNotGrouped(t *testing.T) {
	in := "a\t1\t{\"id\":\"1\",\"html\":\"x\"}\nb\t1\t{\"id\":\"2\",\"html\":\"y\"}\na\t1\t{\"id\":\"3\",\"html\":\"z\"}\n"
	for _, mode := range []string{"learn", "run", "apply"} {
		var out, errOut bytes.Buffer
		code := run([]string{"toy", mode, "--keyed"}, strings.NewReader(in), &out, &errOut)
		summaryCounts(t, errOut.String())
		if code != 1 || !strings.Contains(errOut.String(), `<stdin>:3: key "a" comes back after other keys`) || !strings.Contains(errOut.String(), "sort") {
			t.Errorf("%s: exit %d, stderr %s", mode, code, errOut.String())
		}
	}
	// Grouped but not sorted is fine.
	grouped := "b\t1\t{\"id\":\"2\",\"html\":\"y\"}\na\t1\t{\"id\":\"1\",\"html\":\"x\"}\na\t1\t{\"id\":\"3\",\"html\":\"z\"}\n"
	if out := toy(t, grouped, "learn", "--keyed"); strings.Count(out, "\n") != 2 {
		t.Fatalf("models %q", out)
	}
}

// TestNoArguments: the tool's help on stderr, exit status 2.
func TestNoArguments(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"toy"}, strings.NewReader(""), &out, &errOut)
	if code != 2 || out.Len() != 0 || !strings.Contains(errOut.String(), "toy - a toy tool") || !strings.Contains(errOut.String(), "toy [global options] command") || !strings.Contains(errOut.String(), "learn") {
		t.Fatalf("exit %d\nstdout %q\nstderr %q", code, out.String(), errOut.String())
	}
}

// TestShowOutput: show writes its view to -o, and lists no -z.
func TestShowOutput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "view.html")
	var out, errOut bytes.Buffer
	if code := run([]string{"toy", "show", "--content", "off", "--id", "3", "-o", path}, strings.NewReader(pages), &out, &errOut); code != 0 || out.Len() != 0 {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out.String(), errOut.String())
	}
	if b, _ := os.ReadFile(path); string(b) != "<pre>&lt;p&gt;three&lt;/p&gt;</pre>\n" {
		t.Fatalf("view %q", b)
	}
	// With the content join, the view is the page's blocks as the text is made of them.
	if code := run([]string{"toy", "show", "--id", "3", "-o", path}, strings.NewReader(pages), &out, &errOut); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut.String())
	}
	if b, _ := os.ReadFile(path); !strings.Contains(string(b), "blocks kept") || !strings.Contains(string(b), ">three</div>") || !strings.Contains(string(b), "Content-Security-Policy") {
		t.Fatalf("content view %q", b)
	}
	out.Reset()
	run([]string{"toy", "show", "--help"}, strings.NewReader(""), &out, &errOut)
	if strings.Contains(out.String(), "--zstd") || !strings.Contains(out.String(), "--output") {
		t.Fatalf("show --help: %s", out.String())
	}
	if code := run([]string{"toy", "show", "-o", path, "--out-dir", t.TempDir()}, strings.NewReader(pages), &out, &errOut); code != 2 {
		t.Fatalf("show -o with --out-dir: exit %d", code)
	}
}

// TestErrorLinesLimited: after --max-errors-shown lines of one kind from
// one input the rest are counted only, and an input whose every record
// failed is named at the end.
func TestErrorLinesLimited(t *testing.T) {
	in := strings.Repeat("not json\n", 50) + strings.Repeat(`{"id":"x"}`+"\n", 3)
	var out, errOut bytes.Buffer
	code := run([]string{"toy", "run", "--format", "jsonl"}, strings.NewReader(in), &out, &errOut)
	c := summaryCounts(t, errOut.String())
	stderr := errOut.String()
	if code != 0 || strings.Count(stderr, "invalid JSON") != 20+2 || strings.Count(stderr, `no "html" member`) != 3 ||
		!strings.Contains(stderr, "more errors like \"invalid JSON: not a JSON object\" are counted in the summary but not shown (--max-errors-shown 20)") ||
		!strings.Contains(stderr, "<stdin>: every one of its 53 records failed") || c["skipped.unreadable"] != 50 || c["errors"] != 3 {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	errOut.Reset()
	run([]string{"toy", "run", "--format", "jsonl"}, strings.NewReader("not json\n"), &out, &errOut)
	if !strings.Contains(errOut.String(), "<stdin>: its one record failed (invalid JSON") {
		t.Fatalf("one record: %s", errOut.String())
	}
	errOut.Reset()
	run([]string{"toy", "run", "--format", "jsonl", "--max-errors-shown", "0"}, strings.NewReader(in), &out, &errOut)
	if n := strings.Count(errOut.String(), "not a JSON object"); n != 51 {
		t.Fatalf("--max-errors-shown 0 printed %d lines", n)
	}

	// Sites learned early by --max-buffer are one kind too.
	var sites strings.Builder
	for i := range 60 {
		fmt.Fprintf(&sites, `{"id":"%d","site":"s%d","html":"x"}`+"\n", i, i)
	}
	errOut.Reset()
	run([]string{"toy", "learn", "--max-buffer", "1"}, strings.NewReader(sites.String()), &out, &errOut)
	if n := strings.Count(errOut.String(), "learned early from"); n != 20 || !strings.Contains(errOut.String(), "further sites learned early are not shown") {
		t.Fatalf("%d lines about sites learned early: %s", n, errOut.String())
	}
}

// TestErrorRecordsHaveText: a record emitted with "error" has "text": "",
// also when the input had a text member of its own.
func TestErrorRecordsHaveText(t *testing.T) {
	in := `{"id":"1","site":"a","html":"FAIL","text":"gold"}` + "\n" + `{"id":"2","site":"a"}` + "\n"
	for _, line := range strings.Split(strings.TrimSpace(toy(t, in, "run", "--content", "off")), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if text, ok := rec["text"].(string); !ok || text != "" || rec["error"] == nil {
			t.Errorf("error record %s", line)
		}
	}
}

// TestFlagChecks: --sample and --max-buffer below 1 and negative -j are
// usage errors; --keyed is listed only where it works; -j says 0 = one
// per core instead of this machine's count.
func TestFlagChecks(t *testing.T) {
	for _, args := range [][]string{
		{"run", "--sample", "0"}, {"learn", "--sample", "-3"}, {"run", "--max-buffer", "0"},
		{"apply", "-m", "x", "-j", "-1"}, {"run", "--max-errors-shown", "-1"},
	} {
		var out, errOut bytes.Buffer
		if code := run(append([]string{"toy"}, args...), strings.NewReader(pages), &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "must be at least") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut.String())
		}
	}
	for cmd, keyed := range map[string]bool{"learn": true, "apply": true, "run": true, "map": false, "show": false} {
		var out, errOut bytes.Buffer
		run([]string{"toy", cmd, "--help"}, strings.NewReader(""), &out, &errOut)
		if regexp.MustCompile(`(?m)^\s+--keyed\s`).MatchString(out.String()) != keyed { // a flag's line, not an example
			t.Errorf("%s --help lists --keyed: %v, want %v", cmd, !keyed, keyed)
		}
		if cmd == "run" && !strings.Contains(out.String(), "0 = one per core (the output does not depend on it) (default: 0)") {
			t.Errorf("run --help: %s", out.String())
		}
	}
}

// TestChainedOwnMembers: a tool replaces the members it owns (text, title, error), so a page
// that an earlier tool in a pipe failed on does not keep that tool's error once extracted.
func TestChainedOwnMembers(t *testing.T) {
	in := `{"id":"1","site":"a","html":"<p>one</p>","text":"","title":"old","error":"not extracted (rtdm)"}` + "\n"
	for _, args := range [][]string{{"run"}, {"run", "--content", "off"}} {
		var rec map[string]any
		if err := json.Unmarshal([]byte(toy(t, in, args...)), &rec); err != nil {
			t.Fatal(err)
		}
		if rec["error"] != nil || rec["text"] != "one" || rec["title"] == "old" {
			t.Errorf("%v: %v", args, rec)
		}
	}
}
