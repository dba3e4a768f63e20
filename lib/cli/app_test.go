package cli_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

// countModel is a toy model: it remembers its site and how many pages it
// was learned from, and keeps the whole page.
type countModel struct {
	Site  string `json:"site"`
	Pages int    `json:"pages"`
}

func (m *countModel) Apply(p *page.Page) (cli.Found, error) {
	if strings.Contains(p.HTML, "FAIL") {
		return cli.Found{}, errors.New("page says FAIL")
	}
	if strings.Contains(p.HTML, "PANIC") {
		panic("page says PANIC")
	}
	return cli.Found{Kept: [][2]int{{0, len(p.HTML)}}, Fit: math.NaN(), Detail: map[string]any{"site": m.Site, "pages": m.Pages}}, nil
}

func (m *countModel) View(w io.Writer, p *page.Page, f cli.Found) error {
	_, err := fmt.Fprintf(w, "<pre>%s</pre>\n", html.EscapeString(p.HTML))
	return err
}

// toy is the toy algorithm; --level must not be negative (checked once, by configure).
type toyAlgo struct{}

func (toyAlgo) Version() int { return 3 }

func (toyAlgo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	if site == "bad" {
		return nil, errors.New("cannot learn a bad site")
	}
	return &countModel{Site: site, Pages: len(pages)}, nil
}

func (toyAlgo) Decode(raw []byte) (cli.Model, error) {
	var m countModel
	return &m, json.Unmarshal(raw, &m)
}

func toyTool() *cli.Tool {
	return &cli.Tool{
		Name: "toy", Usage: "a toy tool for the shared app's tests",
		Flags: []ucli.Flag{&ucli.IntFlag{Name: "level", Usage: "a toy option (>= 0)"}},
		Configure: func(c *ucli.Context) (cli.Algorithm, error) {
			if c.Int("level") < 0 {
				return nil, fmt.Errorf("--level must not be negative")
			}
			return toyAlgo{}, nil
		},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return cli.Run(toyTool(), args, stdin, stdout, stderr)
}

const pages = `{"id":"1","site":"a","html":"<p>one</p>","keep":{"x":[1, 2]}}
{"id":"2","site":"b","html":"<p>two</p>"}
{"id":"3","site":"a","html":"<p>three</p>"}
not json
{"id":"5","site":"a"}
{"id":"6","site":"b","html":"FAIL"}
{"id":"7","site":"bad","html":"x"}
{"id":"8","site":"a","html":42}
{"id":"9","site":"b","html":"PANIC"}
`

func TestCLI(t *testing.T) {
	model := `{"site":"a","tool":"toy","version":3,"pages":2,"model":{"site":"a","pages":2}}
{"site":"b","tool":"toy","version":3,"pages":1,"model":{"site":"b","pages":1}}
`
	clitest.Run(t, run, "toy", []clitest.Case{
		{Name: "run", Args: []string{"run", "--content", "off"}, Stdin: pages},
		{Name: "run-sample1", Args: []string{"run", "--sample", "1", "--content", "off"}, Stdin: pages},
		{Name: "run-skip", Args: []string{"run", "--on-error", "skip", "--content", "off"}, Stdin: pages},
		{Name: "run-fail", Args: []string{"run", "--on-error", "fail", "--content", "off"}, Stdin: pages, Exit: 1},
		{Name: "run-drop-html", Args: []string{"run", "--drop-html", "--site-key", "none", "--content", "off"}, Stdin: pages},
		{Name: "learn", Args: []string{"learn"}, Stdin: pages},
		{Name: "apply", Args: []string{"apply", "--model", "m.jsonl", "in.jsonl", "--content", "off"}, Files: map[string]string{"m.jsonl": model, "in.jsonl": pages}},
		{Name: "apply-old-model", Args: []string{"apply", "--model", "m.jsonl"}, Stdin: pages, Files: map[string]string{"m.jsonl": strings.ReplaceAll(model, `"version":3`, `"version":2`)}, Exit: 1},
		{Name: "apply-no-model-flag", Args: []string{"apply"}, Stdin: pages, Exit: 2},
		{Name: "show", Args: []string{"show", "--id", "3", "--content", "off"}, Stdin: pages},
		{Name: "missing-file", Args: []string{"run", "nope.jsonl", "in.jsonl", "--content", "off"}, Files: map[string]string{"in.jsonl": pages}, Exit: 1},
		{Name: "bad-flag", Args: []string{"run", "--bogus"}, Exit: 2},
		{Name: "bad-choice", Args: []string{"run", "--on-error", "maybe"}, Exit: 2},
		{Name: "bad-option", Args: []string{"run", "--level", "-1", "-o", "out.jsonl"}, Stdin: pages, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if _, err := os.Stat(dir + "/out.jsonl"); err == nil {
					t.Error("a bad option value created the -o file")
				}
			}},
		{Name: "markdown-content-off", Args: []string{"run", "--markdown", "--content", "off"}, Stdin: pages, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if stdout != "" || !strings.Contains(stderr, "--markdown writes the content model's blocks: not with --content off") {
					t.Errorf("stdout %q stderr %q", stdout, stderr)
				}
			}},
		{Name: "no-command", Args: []string{"frobnicate"}, Exit: 2},
		{Name: "empty-input", Args: []string{"run"}, Stdin: ""},
		// The content join (on by default): a page its site model fails on, or whose site has
		// no model, is extracted from the page alone, without an error; the summary counts it.
		// (A site of one page is not learned: its model would have no say. Site "bad" has a
		// second page here, so that its learning fails; b's model learned from three pages.)
		{Name: "run-content", Args: []string{"run"}, Stdin: pages + `{"id":"10","site":"bad","html":"y"}` + "\n"},
		{Name: "apply-content", Args: []string{"apply", "--model", "m.jsonl", "in.jsonl"}, Files: map[string]string{"m.jsonl": strings.ReplaceAll(model, `"pages":1`, `"pages":3`), "in.jsonl": pages}},
		// A model learned from one page has no say in the join: apply does not apply it, as
		// run does not learn it.
		{Name: "apply-content-lone", Args: []string{"apply", "--model", "m.jsonl", "in.jsonl"}, Files: map[string]string{"m.jsonl": model, "in.jsonl": pages}},
		{Name: "bad-content", Args: []string{"run", "--content", "maybe"}, Exit: 2},
		// A usage error found after the flags are read leaves no -o file, not even a
		// temporary one.
		{Name: "bad-content-model", Args: []string{"run", "--content-model", "nonexistent", "-o", "out.jsonl"}, Stdin: pages, Exit: 2,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if left, _ := filepath.Glob(filepath.Join(dir, "*out.jsonl")); len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			}},
		{Name: "html-file", Args: []string{"run", "page.html", "--content", "off"}, Files: map[string]string{"page.html": "<html><body><p>caf\xe9</p>"}},
		// One HTML file: nothing can be learned from one page, which a line says, and what
		// the text is then.
		{Name: "html-file-joined", Args: []string{"run", "page.html"}, Files: map[string]string{"page.html": "<html><body><p>caf\xe9</p>"}},
		{Name: "html-file-learn", Args: []string{"learn", "page.html"}, Files: map[string]string{"page.html": "<html><body><p>caf\xe9</p>"}},
		// Pages that are copies of one (numbers aside) are one page to learn from: the line
		// says how many copies it did not count.
		{Name: "copies-joined", Args: []string{"run"}, Stdin: `{"id":"1","site":"a","html":"<p>Page 1 of the site</p>"}
{"id":"2","site":"a","html":"<p>Page 2 of the site</p>"}
{"id":"3","site":"a","html":"<div><p>Page 3 of the site</p></div>"}
`},
		{Name: "copies-sites-joined", Args: []string{"run"}, Stdin: `{"id":"1","site":"a","html":"<p>Page 1 of the site</p>"}
{"id":"2","site":"a","html":"<p>Page 2 of the site</p>"}
{"id":"3","site":"b","html":"<p>Another site</p>"}
`},
		// --max-buffer-bytes: past it the site with the most pages waiting is learned early,
		// with a line saying so; a negative bound is a usage error.
		{Name: "run-max-buffer-bytes", Args: []string{"run", "--max-buffer-bytes", "150", "--content", "off"}, Stdin: pages},
		{Name: "bad-max-buffer-bytes", Args: []string{"run", "--max-buffer-bytes", "-1"}, Stdin: pages, Exit: 2},
		// --max-models-bytes: the models kept for later pages are bounded; past the bound the
		// least recently used is let go, and its site, seen again, is learned again from its
		// later pages. Every page comes out once.
		{Name: "run-max-models-bytes", Args: []string{"run", "--sample", "1", "--max-models-bytes", "40", "--content", "off"},
			Stdin: `{"id":"1","site":"a","html":"<p>one</p>"}
{"id":"2","site":"b","html":"<p>two</p>"}
{"id":"3","site":"b","html":"<p>three</p>"}
{"id":"4","site":"c","html":"<p>four</p>"}
{"id":"5","site":"a","html":"<p>five</p>"}
`,
			Check: func(t *testing.T, dir, stdout, stderr string) {
				if got := strings.Count(stdout, "\n"); got != 5 {
					t.Errorf("%d records out, want 5:\n%s", got, stdout)
				}
				// {"site":"a","pages":1} encodes in 23 bytes: a is let go when b is learned, b
				// when c is, c when a comes back; b's second page still finds its model.
				if !strings.Contains(stderr, " models_let_go=3 ") {
					t.Errorf("summary does not count 3 models let go:\n%s", stderr)
				}
			}},
		{Name: "bad-max-models-bytes", Args: []string{"run", "--max-models-bytes", "-1"}, Stdin: pages, Exit: 2},
		// Versions, help with examples, the manual page.
		{Name: "version", Args: []string{"version"}},
		{Name: "version-flag", Args: []string{"--version"}},
		{Name: "help-run", Args: []string{"run", "--help"},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, want := range []string{"Examples:", "toy run crawl.warc.gz | jq -r .text", "Memory: ", "--max-buffer-bytes BYTES", "chaff extract"} {
					if !strings.Contains(stdout, want) {
						t.Errorf("run --help lacks %q", want)
					}
				}
			}},
		{Name: "man", Args: []string{"man"},
			Check: func(t *testing.T, dir, stdout, stderr string) {
				for _, want := range []string{".TH toy 1", "toy run crawl.warc.gz | jq -r .text", "SITE<TAB>1<TAB>JSON", "\\fB--max-buffer-bytes\\fP"} {
					if !strings.Contains(stdout, want) {
						t.Errorf("the manual page lacks %q", want)
					}
				}
			}},
		// show without --id shows the first page and says so, and how to see the others.
		{Name: "show-first", Args: []string{"show", "--content", "off"}, Stdin: pages},
		// A WARC of three records, two of them not pages, the third unreadable: the line
		// saying nothing came out of it counts all three.
		{Name: "warc-nothing-out", Args: []string{"run", "x.warc"}, Files: map[string]string{"x.warc": brokenWARC}},
	})
}

// brokenWARC has a warcinfo record, a request record and a response whose Content-Length
// is wrong.
var brokenWARC = warcRecord("warcinfo", "application/warc-fields", "software: test\r\n", 0) +
	warcRecord("request", "application/http; msgtype=request", "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n", 0) +
	warcRecord("response", "application/http; msgtype=response", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hi</p>", 7)

// warcRecord is one WARC record of type typ with block; its Content-Length is off by wrong.
func warcRecord(typ, contentType, block string, wrong int) string {
	return fmt.Sprintf("WARC/1.0\r\nWARC-Type: %s\r\nWARC-Record-ID: <urn:uuid:%s>\r\nWARC-Target-URI: http://example.com/\r\nWARC-Date: 2024-01-01T00:00:00Z\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n",
		typ, typ, contentType, len(block)-wrong, block)
}

var summaryRE = regexp.MustCompile(`summary read=(\d+) emitted=(\d+) errors=\d+ consumed=(\d+).* skipped=(\d+)`)

// TestAccounting checks read = emitted + consumed + skipped in every mode
// and policy, from the summary line alone.
func TestAccounting(t *testing.T) {
	for _, args := range [][]string{{"run"}, {"run", "--on-error", "skip"}, {"learn"}, {"show"}, {"run", "--sample", "1", "--max-buffer", "1"}} {
		var out, errOut strings.Builder
		run(append([]string{"toy"}, args...), strings.NewReader(pages), &out, &errOut)
		m := summaryRE.FindStringSubmatch(errOut.String())
		if m == nil {
			t.Fatalf("%v: no summary in %q", args, errOut.String())
		}
		n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
		if n(1) != 9 || n(1) != n(2)+n(3)+n(4) {
			t.Errorf("%v: read %s != emitted %s + consumed %s + skipped %s", args, m[1], m[2], m[3], m[4])
		}
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if line != "" && args[0] != "show" && !json.Valid([]byte(line)) {
				t.Errorf("%v: invalid output line %q", args, line)
			}
		}
	}
}

// TestLearnApplyEqualsRun: learning models and applying them gives the
// records run gives in one pass.
func TestLearnApplyEqualsRun(t *testing.T) {
	in := `{"id":"1","site":"a","html":"x"}
{"id":"2","site":"b","html":"y"}
{"id":"3","site":"a","html":"z"}
`
	dir := t.TempDir()
	var models, errOut strings.Builder
	if code := run([]string{"toy", "learn", "-o", dir + "/m.jsonl.zst"}, strings.NewReader(in), &models, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	var applied, ran strings.Builder
	if code := run([]string{"toy", "apply", "-m", dir + "/m.jsonl.zst"}, strings.NewReader(in), &applied, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	run([]string{"toy", "run"}, strings.NewReader(in), &ran, &errOut)
	sorted := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		slicesSort(lines)
		return strings.Join(lines, "\n")
	}
	if sorted(applied.String()) != sorted(ran.String()) {
		t.Fatalf("apply:\n%s\nrun:\n%s", applied.String(), ran.String())
	}
}

func slicesSort(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// brokenPipe fails every write like a closed pipe.
type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, errBrokenPipe }

func TestBrokenPipeQuiet(t *testing.T) {
	var errOut strings.Builder
	in := strings.Repeat(`{"id":"1","site":"a","html":"x"}`+"\n", 100000)
	code := run([]string{"toy", "run", "--sample", "1"}, strings.NewReader(in), brokenPipe{}, &errOut)
	if code != 0 || strings.Contains(errOut.String(), "write") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

func TestFlagsAfterFiles(t *testing.T) {
	dir := t.TempDir()
	in := dir + "/in.jsonl"
	if err := os.WriteFile(in, []byte(`{"id":"1","site":"a","html":"x"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut strings.Builder
	code := run([]string{"toy", "run", in, "--drop-html", "--sample", "1", "-"}, strings.NewReader(`{"id":"2","html":"y"}`), &out, &errOut)
	if code != 0 || strings.Contains(out.String(), `"html"`) || strings.Count(out.String(), "\n") != 2 {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, out.String(), errOut.String())
	}
}

// A page's html member is written as read (its escapes too) unless --drop-html leaves it out:
// only then, or where no page record is written (learn), does a page let its input line go
// (record.DetachHTML), and the output is the same as when it kept it.
func TestHTMLMemberAsRead(t *testing.T) {
	in := `{"id":"1","site":"a","html":"<p>caf\u00e9 \/ \"x\"</p>\n","gold":"caf\u00e9"}
{"id":"2","site":"a","html":"<p>two\ttabs</p>"}
`
	var out, errOut strings.Builder
	if code := run([]string{"toy", "run", "--content", "off"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	for _, want := range []string{`"html":"<p>caf\u00e9 \/ \"x\"</p>\n"`, `"gold":"caf\u00e9"`, `"html":"<p>two\ttabs</p>"`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %s as read:\n%s", want, out.String())
		}
	}
	var dropped strings.Builder
	if code := run([]string{"toy", "run", "--content", "off", "--drop-html"}, strings.NewReader(in), &dropped, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	recs := clitest.Records(t, dropped.String())
	if len(recs) != 2 || recs[0]["text"] != `café / "x"` || recs[0]["html"] != nil || !strings.Contains(dropped.String(), `"gold":"caf\u00e9"`) {
		t.Errorf("--drop-html output (text from the HTML decoded, other members as read):\n%s", dropped.String())
	}
}
