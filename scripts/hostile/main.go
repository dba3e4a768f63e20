// Command hostile writes the hostile-input corpus (lib/synth.Hostile) and,
// with -run, runs every tool over it, checking the accounting of each
// summary line (see CheckRun) and measuring CPU time and peak memory against
// the same tool on a normal synthetic dump of about the same size and
// format (the 10x rule of issue 9):
//
//	go run ./scripts/hostile -dir out/hostile                 # light cases only
//	go build -o /tmp/hbin/ ./cmd/...
//	go run ./scripts/hostile -dir out/hostile -heavy -run /tmp/hbin -o docs/HOSTILE.md
//
// score's input is extracted records: for each case it scores what
// ngramcut run emitted for it, with the page's html as gold (--gold-field
// html, gold from the same records); "score raw" reads the case itself as
// predictions against that output as --gold.
package main

import (
	"bytes"
	"cmp"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/usage"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// siteTools are the tools that learn a site: run and learn.
var siteTools = []string{"ngramcut", "ampl", "sstclean", "rtdm"}

// The tools in the order they run: chaff (extract), the site tools (run), then score, which
// reads ngramcut's output.
var tools = append(append([]string{"chaff"}, siteTools...), "score")

// modeOf is the command a tool runs over a case.
func modeOf(tool string) string {
	if tool == "chaff" {
		return "extract"
	}
	return "run"
}

// repeatBelow is the input size under which a run is repeated.
const repeatBelow = 16 << 20

// Limits of the 10x rule of issue 9.
const (
	maxRatio  = 10
	maxPeakMB = 1024
)

type options struct {
	dir, bin, out   string
	commit          string
	heavy           bool
	scale           float64
	maxRecord       int
	repeat          int
	timeout         time.Duration
	args            []string
	stderr          io.Writer
	normalPagesMemo map[string]*input
}

// input is one file the tools run over: a hostile case or a normal dump.
type input struct {
	name, what, path string
	size             int64
	records          int               // records the input holds, -1 when open (synth.HostileCase.Records)
	results          map[string]Result // by tool ("score raw" too)
	extracted        string            // ngramcut's output, score's input
	extractedSize    int64
	normal           *input // the normal dump it is compared with
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hostile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := options{stderr: stderr, args: args, normalPagesMemo: map[string]*input{}}
	fs.StringVar(&o.dir, "dir", "out/hostile", "where to write the corpus")
	fs.BoolVar(&o.heavy, "heavy", false, "also write the large cases (50 MB page, 100k nesting, 1M siblings, 100 MB line, two 2 GB bombs)")
	fs.Float64Var(&o.scale, "scale", 1, "size factor of the heavy cases")
	fs.StringVar(&o.bin, "run", "", "run the tools found in this directory over the corpus")
	fs.StringVar(&o.out, "o", "", "write the report (a markdown document) to this file instead of stdout")
	fs.IntVar(&o.maxRecord, "max-record-bytes", 64<<20, "the tools' --max-record-bytes")
	fs.IntVar(&o.repeat, "repeat", 3, "runs of each input under 16 MB (the least CPU time is kept: start-up and the shared machine's noise weigh on short runs)")
	fs.StringVar(&o.commit, "commit", "", "the commit the tools were built from, for the report (default: HEAD of the current directory's repository)")
	fs.DurationVar(&o.timeout, "timeout", 20*time.Minute, "kill a run after this long")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	cases, err := synth.Hostile(o.dir, o.scale, o.heavy)
	if err != nil {
		fmt.Fprintf(stderr, "hostile: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "hostile: %d cases written to %s\n", len(cases), o.dir)
	if o.bin == "" {
		return 0
	}
	for _, t := range tools {
		if _, err := os.Stat(filepath.Join(o.bin, t)); err != nil {
			fmt.Fprintf(stderr, "hostile: %s is not built in %s\n", t, o.bin)
			return 2
		}
	}
	for _, d := range []string{"extracted", "normal"} {
		if err := os.MkdirAll(filepath.Join(o.dir, d), 0o755); err != nil {
			fmt.Fprintf(stderr, "hostile: %v\n", err)
			return 1
		}
	}
	start, loadStart := time.Now(), usage.LoadAvg()
	var inputs []*input
	for _, c := range cases {
		in := &input{name: c.Name, what: c.What, path: filepath.Join(o.dir, c.Name), records: c.Records}
		st, err := os.Stat(in.path)
		if err != nil {
			fmt.Fprintf(stderr, "hostile: %v\n", err)
			return 1
		}
		in.size = st.Size()
		if in.normal, err = o.normalFor(in); err != nil {
			fmt.Fprintf(stderr, "hostile: normal dump for %s: %v\n", c.Name, err)
			return 1
		}
		o.runAll(in, true)
		inputs = append(inputs, in)
	}
	doc := o.report(inputs, start, loadStart)
	w := stdout
	if o.out != "" {
		if err := os.WriteFile(o.out, []byte(doc), 0o644); err != nil {
			fmt.Fprintf(stderr, "hostile: %v\n", err)
			return 1
		}
	} else {
		io.WriteString(w, doc)
	}
	for _, in := range inputs {
		for _, r := range in.results {
			if r.Problem != "" {
				return 1
			}
		}
		for _, r := range in.normal.results {
			if r.Problem != "" {
				return 1
			}
		}
	}
	return 0
}

// normalFor returns (writing and running it the first time) the normal
// synthetic dump compared with in: the same format, about the same size,
// at least one page.
func (o *options) normalFor(in *input) (*input, error) {
	format := formatOf(in.name)
	perPage, err := writeDump(io.Discard, format, normalConfig(16))
	if err != nil {
		return nil, err
	}
	cfg := normalConfig(max(1, int(math.Round(float64(in.size)/(float64(perPage)/16)))))
	n := cfg.Sites * cfg.PagesPerSite // rounded up to whole sites
	key := format + "-" + strconv.Itoa(n)
	if nd := o.normalPagesMemo[key]; nd != nil {
		return nd, nil
	}
	nd := &input{name: fmt.Sprintf("normal-%dp%s", n, format), records: -1, path: filepath.Join(o.dir, "normal", fmt.Sprintf("normal-%dp%s", n, format))}
	f, err := os.Create(nd.path)
	if err != nil {
		return nil, err
	}
	nd.size, err = writeDump(f, format, cfg)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	nd.what = fmt.Sprintf("%d synthetic pages (lib/synth)", n)
	o.runAll(nd, false)
	o.normalPagesMemo[key] = nd
	return nd, nil
}

// runAll runs every tool over in (score over ngramcut's output of it) and
// keeps the results; hostile adds the "score raw" run.
func (o *options) runAll(in *input, hostile bool) {
	in.results = map[string]Result{}
	common := []string{"--max-record-bytes", strconv.Itoa(o.maxRecord)}
	in.extracted = filepath.Join(o.dir, "extracted", in.name+".ngramcut.jsonl")
	for _, t := range tools {
		spec := Spec{Exe: filepath.Join(o.bin, t), Timeout: o.timeout}
		size := in.size
		switch t {
		case "score":
			if e := in.results["ngramcut"].Exit; e != 0 && e != 1 {
				continue // no records to score
			}
			st, err := os.Stat(in.extracted)
			if err != nil {
				continue
			}
			// score's own --max-record-bytes (256 MiB): a tool's record holds
			// the page and its text, more than the input's limit.
			in.extractedSize, size = st.Size(), st.Size()
			spec.Args = []string{"--pages", "--gold-field", "html", in.extracted}
		default:
			spec.Args = append(append([]string{modeOf(t)}, common...), in.path)
			if t == "ngramcut" {
				spec.SaveStdout = in.extracted
			}
		}
		res := o.measure(spec, size)
		if t != "score" && in.records >= 0 && res.Read != in.records {
			res.Problem = strings.TrimPrefix(res.Problem+fmt.Sprintf("; read=%d for %d records in the input", res.Read, in.records), "; ")
		}
		in.results[t] = res
		fmt.Fprintf(o.stderr, "hostile: %s %s: %.2f CPU s, %.0f MB peak %s\n", t, in.name, in.results[t].CPU, in.results[t].PeakMB, okOr(in.results[t].Problem))
	}
	if e := in.results["ngramcut"].Exit; hostile && (e == 0 || e == 1) {
		spec := Spec{Exe: filepath.Join(o.bin, "score"), Timeout: o.timeout,
			Args: append(append([]string{"--pages", "--gold", in.extracted, "--gold-field", "html"}, common...), in.path)}
		res := o.measure(spec, in.size)
		if strings.HasPrefix(formatOf(in.name), ".jsonl") && in.records >= 0 && res.Read != in.records {
			res.Problem = strings.TrimPrefix(res.Problem+fmt.Sprintf("; read=%d for %d records in the input", res.Read, in.records), "; ")
		}
		in.results["score raw"] = res
	}
}

// measure runs spec (o.repeat times when the input is under repeatBelow) and
// returns the first run's result with the least CPU time and the largest
// peak of all runs.
func (o *options) measure(spec Spec, size int64) Result {
	res := CheckRun(spec)
	if size >= repeatBelow || res.Problem != "" {
		return res
	}
	spec.SaveStdout = ""
	for i := 1; i < o.repeat; i++ {
		r := CheckRun(spec)
		if r.CPU < res.CPU {
			res.CPU, res.User = r.CPU, r.User
		}
		res.PeakMB = max(res.PeakMB, r.PeakMB)
	}
	return res
}

func okOr(p string) string {
	if p == "" {
		return "ok"
	}
	return p
}

// ratio is the run's CPU time over the normal dump's, scaled to the
// input's size (never below one normal page's time: an input smaller than
// a page is compared with the smallest normal input).
func ratio(cpu float64, size int64, normalCPU float64, normalSize int64) float64 {
	scale := max(1, float64(size)/float64(normalSize))
	return cpu / max(normalCPU*scale, 1e-6)
}

func mb(n int64) float64 { return float64(n) / 1e6 }

// report is the markdown document of the runs.
func (o *options) report(inputs []*input, start time.Time, loadStart string) string {
	var b bytes.Buffer
	secs := time.Since(start).Seconds()
	fmt.Fprintf(&b, "# Hostile inputs\n\nWritten by `go run ./scripts/hostile %s` on %s at commit `%s`, in %.0f s. Machine: %d CPUs (%s), %s; load average %s at the start, %s at the end.\n\n",
		strings.Join(o.args, " "), time.Now().UTC().Format("2006-01-02 15:04 UTC"), cmp.Or(o.commit, gitCommit()), secs, runtime.NumCPU(), usage.CPUModel(), goVersion(), loadStart, usage.LoadAvg())
	fmt.Fprintf(&b, "Every tool runs over every case of the hostile corpus (`lib/synth.Hostile`, written by the same command; never downloaded) "+
		"as `TOOL run --max-record-bytes %d FILE` (chaff: `chaff extract`); score reads what `ngramcut run` emitted for the case (`score --pages --gold-field html`: "+
		"the page's html is the gold, from the same records), and **score raw** reads the case file itself as predictions against that output "+
		"(`score --pages --gold EXTRACTED --gold-field html FILE`). Each run is checked as `scripts/hostile`'s TestAccounting checks it: exit status 0 or 1, "+
		"stdout only JSON lines, as many lines as emitted records (+ models= and rows=), and read = emitted + consumed + skipped in the summary line; "+
		"where the corpus knows how many records a case holds (records below), read= must be that many: a record may be skipped, never lost. "+
		"score reads its input with its own --max-record-bytes (256 MiB): a tool's record holds the page and its text, more than the input's limit.\n\n", o.maxRecord)
	fmt.Fprintf(&b, "CPU s = user + sys of the tool's process and peak MB its maximum resident set (wait4 rusage, the figures `/usr/bin/time -v` prints); "+
		"inputs under 16 MB run %d times and keep the least CPU time (start-up and the shared machine's noise weigh on short runs). "+
		"The **normal** input of a case is a synthetic dump (`lib/synth`, four sites of ordinary pages, one in eight an index page) in the same format "+
		"and of about the same size, never less than one page (about 20 KB): the tools run over it the same way. "+
		"**ratio** = the case's CPU s / the normal dump's CPU s scaled to the case's size (x max(1, case MB / normal MB)); "+
		"issue 9 asks for no ratio above %d and no peak above %d MB. MB = MB of the file as given (compressed for .gz/.zst). "+
		"The machine is shared: CPU seconds, not wall seconds, are the figures to compare. "+
		"**user ratio** is the same ratio of user seconds alone: on this machine memory fresh from the system is slow to touch "+
		"(%s), so sys time grows with the memory a large input needs and says more about the machine than about the tool.\n\n", o.repeat, maxRatio, maxPeakMB, faultCost())

	b.WriteString("## Cases\n\n| case | MB | records | what | normal input | normal MB |\n|---|---|---|---|---|---|\n")
	for _, in := range inputs {
		recs := "open"
		if in.records >= 0 {
			recs = strconv.Itoa(in.records)
		}
		fmt.Fprintf(&b, "| %s | %.3f | %s | %s | %s | %.3f |\n", in.name, mb(in.size), recs, in.what, in.normal.name, mb(in.normal.size))
	}

	b.WriteString("\n## Time and memory against a normal dump (the 10x rule)\n\n")
	b.WriteString("| tool | case | MB | CPU s | CPU s/MB | normal MB | normal CPU s | normal CPU s/MB | ratio | user ratio | peak MB | |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	type worst struct {
		ratio     float64
		ratioCase string
		peak      float64
		peakCase  string
	}
	worsts := map[string]*worst{}
	var broken []string
	for _, t := range tools {
		w := &worst{}
		worsts[t] = w
		for _, in := range inputs {
			r, ok := in.results[t]
			nr, nok := in.normal.results[t]
			if !ok || !nok {
				fmt.Fprintf(&b, "| %s | %s | | | | | | | | | | not run |\n", t, in.name)
				continue
			}
			size, nsize := in.size, in.normal.size
			if t == "score" {
				size, nsize = in.extractedSize, in.normal.extractedSize
			}
			q := ratio(r.CPU, size, nr.CPU, nsize)
			qu := ratio(r.User, size, nr.User, nsize)
			var flags []string
			if q > maxRatio {
				flags = append(flags, fmt.Sprintf("**over %dx**", maxRatio))
				broken = append(broken, fmt.Sprintf("%s on %s: %.1fx, user %.1fx (%.2f CPU s, %.2f user, for %.2f MB; normal %.2f CPU s, %.2f user, for %.2f MB)", t, in.name, q, qu, r.CPU, r.User, mb(size), nr.CPU, nr.User, mb(nsize)))
			}
			if r.PeakMB > maxPeakMB {
				flags = append(flags, "**over 1 GB**")
				broken = append(broken, fmt.Sprintf("%s on %s: peak %.0f MB", t, in.name, r.PeakMB))
			}
			if r.Problem != "" {
				flags = append(flags, r.Problem)
				broken = append(broken, fmt.Sprintf("%s on %s: %s", t, in.name, r.Problem))
			}
			perMB := "-" // no input: nothing to divide by
			if size > 0 {
				perMB = fmt.Sprintf("%.2f", r.CPU/mb(size))
			}
			fmt.Fprintf(&b, "| %s | %s | %.3f | %.3f | %s | %.3f | %.3f | %.2f | %.1f | %.1f | %.0f | %s |\n", t, in.name, mb(size), r.CPU, perMB,
				mb(nsize), nr.CPU, nr.CPU/max(mb(nsize), 1e-9), q, qu, r.PeakMB, strings.Join(flags, "; "))
			if q > w.ratio {
				w.ratio, w.ratioCase = q, in.name
			}
			if r.PeakMB > w.peak {
				w.peak, w.peakCase = r.PeakMB, in.name
			}
		}
	}

	b.WriteString("\n## Per tool\n\n| tool | worst ratio | on | largest peak MB | on |\n|---|---|---|---|---|\n")
	for _, t := range tools {
		w := worsts[t]
		fmt.Fprintf(&b, "| %s | %.1f | %s | %.0f | %s |\n", t, w.ratio, w.ratioCase, w.peak, w.peakCase)
	}
	if len(broken) == 0 {
		fmt.Fprintf(&b, "\nNo run is over %dx its normal dump's time or over %d MB, and every run kept the accounting.\n", maxRatio, maxPeakMB)
	} else {
		fmt.Fprintf(&b, "\nOver the limits (%dx, %d MB) or failing a check:\n\n", maxRatio, maxPeakMB)
		for _, s := range broken {
			fmt.Fprintf(&b, "- %s\n", s)
		}
	}

	b.WriteString("\n## Accounting\n\n| tool | input | exit | read | emitted | consumed | skipped | CPU s | wall s | peak MB | check |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	var normals []*input
	for _, in := range inputs {
		if !slices.Contains(normals, in.normal) {
			normals = append(normals, in.normal)
		}
	}
	for _, t := range append(slices.Clone(tools), "score raw") {
		for _, in := range append(slices.Clone(inputs), normals...) {
			r, ok := in.results[t]
			if !ok {
				continue
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %d | %.3f | %.2f | %.0f | %s |\n", t, in.name, r.Exit,
				r.Read, r.Emitted, r.Consumed, r.Skipped, r.CPU, r.Wall, r.PeakMB, okOr(r.Problem))
		}
	}
	return b.String()
}

// faultCost measures what touching memory fresh from the system costs here: 256 MB written
// one byte a page, then the same again once the runtime holds the memory.
func faultCost() string {
	const size = 256 << 20
	touch := func() time.Duration {
		start := time.Now()
		b := make([]byte, size)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		runtime.KeepAlive(b)
		return time.Since(start)
	}
	fresh := touch()
	runtime.GC()
	again := touch()
	return fmt.Sprintf("256 MB touched a page at a time took %.0f ms fresh from the system, %.0f ms once the Go runtime held the memory", float64(fresh.Microseconds())/1000, float64(again.Microseconds())/1000)
}

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}

// gitCommit is the short commit of HEAD, with "+dirty" when tracked files
// under cmd/ or lib/ differ from it.
func gitCommit() string {
	out, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	c := strings.TrimSpace(string(out))
	if d, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no", "--", "cmd", "lib").Output(); err == nil && len(bytes.TrimSpace(d)) > 0 {
		c += "+dirty"
	}
	return c
}
