package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
	"github.com/chaffkit/chaff/lib/usage"
)

// corpus is a bench input: its files, how many pages and HTML bytes they
// hold (counted once through lib/stream, as the tools read them).
type corpus struct {
	Name      string
	Paths     []string
	Pages     int
	HTMLBytes int64
	FileBytes int64
}

// benchRow is one timed command.
type benchRow struct {
	Corpus, Name, Phase string
	Pages               int
	HTMLBytes           int64
	U                   cmdUsage
	Err                 string
}

func (r benchRow) pagesPerCPU() float64  { return float64(r.Pages) / max(r.U.CPU.Seconds(), 1e-6) }
func (r benchRow) pagesPerWall() float64 { return float64(r.Pages) / max(r.U.Wall.Seconds(), 1e-6) }
func (r benchRow) mbPerCPU() float64 {
	return float64(r.HTMLBytes) / 1e6 / max(r.U.CPU.Seconds(), 1e-6)
}
func (r benchRow) mbPerWall() float64 {
	return float64(r.HTMLBytes) / 1e6 / max(r.U.Wall.Seconds(), 1e-6)
}

type bencher struct {
	*env
	timeout time.Duration
	rows    []benchRow
	notes   []string
	tools   []string // the tools that built
	peersOK bool
	nodeOK  bool
}

func runBench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	heavy := fs.Bool("heavy", false, "also a synthetic dump of >= --heavy-mb MB of .warc.gz (slow)")
	heavyMB := fs.Float64("heavy-mb", 500, "size of the heavy dump in MB of .warc.gz")
	heavyPeerPages := fs.Int("heavy-peer-pages", 2000, "pages of the heavy dump the apply-vs-go-trafilatura ratio is measured on (0: none)")
	onlyHeavy := fs.Bool("only-heavy", false, "with --heavy: skip the dev sets and the 10 MB site")
	heavyTools := fs.String("heavy-tools", "", "the tools learned and applied on the whole heavy dump, comma-separated (default: all; none: only decompression and ingest)")
	timeout := fs.Duration("timeout", 20*time.Minute, "longest one command may run")
	toolList := fs.String("tools", strings.Join(tools, ","), "the tools, comma-separated")
	out := fs.String("o", "docs/BENCHMARKS.md", "the document to write (relative to the repo; - for none); a run with --goals-only, --only-heavy or --tools writes it only when -o is given")
	repeat := fs.Int("repeat", 3, "times each command of the goal tables (run against go-trafilatura, ingest against gzip) is run, interleaved; the median is reported")
	goalSet := fs.String("goal-set", "big9-2005-2013", "the set of the run-against-go-trafilatura table (a .jsonl.zst in the data folder)")
	ingestFile := fs.String("ingest-file", "trafeval-dev.warc.gz", "the .warc.gz of the ingest-against-gzip table (in the data folder)")
	memory := fs.Bool("memory", false, "also peak RSS of map and run on 1x, 3x and 10x copies of --memory-file in a row (slow)")
	memoryFile := fs.String("memory-file", "wcxb-dev.jsonl.zst", "the file copied for --memory (in the data folder)")
	memoryTool := fs.String("memory-tool", "sstclean", "the tool whose map and run --memory measures")
	stepBase := fs.String("step-base", IssueDayCommit, "the commit whose apply the content step is also measured against (the apply of the day issue 14 was filed; built from its source with git archive; '' for none)")
	goalsOnly := fs.Bool("goals-only", false, "only the goal tables (run against go-trafilatura, ingest, --memory): not the learn/apply tables of every set")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	b := &bencher{env: e, timeout: *timeout}
	for _, t := range splitList(*toolList) {
		if err := e.build(t); err != nil {
			b.notes = append(b.notes, fmt.Sprintf("%s skipped: %v", t, err))
			continue
		}
		b.tools = append(b.tools, t)
	}
	if len(b.tools) == 0 {
		return errors.New("no tool builds")
	}
	if err := e.build("peer"); err != nil {
		b.notes = append(b.notes, fmt.Sprintf("Go peers skipped: %v", err))
	} else {
		b.peersOK = true
	}
	if _, err := exec.LookPath("node"); err == nil {
		if _, err := os.Stat(filepath.Join(e.root, "scripts", "peers", "node_modules", "linkedom")); err == nil {
			b.nodeOK = true
		}
	}
	if !b.nodeOK {
		b.notes = append(b.notes, "mozilla-readability skipped: node or scripts/peers/node_modules missing (scripts/peers/install.sh)")
	}
	commit := gitCommit(e.root)
	loadStart := usage.LoadAvg()
	start := time.Now()

	var dev, devWARC *corpus
	if e.hasData() {
		var j, w []string
		for _, s := range sets {
			j = append(j, filepath.Join(e.data, s+".jsonl.zst"))
			w = append(w, filepath.Join(e.data, s+".warc.gz"))
		}
		if dev, err = count("dev sets, JSON lines (.jsonl.zst)", j); err != nil {
			return err
		}
		if devWARC, err = count("dev sets, WARC (.warc.gz)", w); err != nil {
			return err
		}
	} else {
		b.notes = append(b.notes, e.data+" is absent: the dev-set rows are on the synthetic corpus")
		p := filepath.Join(e.tmp, "synthetic.warc.gz")
		if err := e.synth("-o", p); err != nil {
			return err
		}
		if devWARC, err = count("synthetic sample (.warc.gz)", []string{p}); err != nil {
			return err
		}
		dev = devWARC
	}

	// (0) the goals, side by side.
	var rg *runGoal
	var ig *ingestGoal
	var mg *memGoal
	var sg *stepGoal
	if e.hasData() && !*onlyHeavy {
		gc, err := count(*goalSet, []string{filepath.Join(e.data, *goalSet+".jsonl.zst")})
		if err != nil {
			return err
		}
		rg = b.runVsPeer(gc, *repeat)
		sg = b.contentStep(gc, *repeat, *stepBase)
		ic, err := count(*ingestFile, []string{filepath.Join(e.data, *ingestFile)})
		if err != nil {
			return err
		}
		ig = b.ingestVsGzip(ic, *repeat)
		if *memory {
			if mg, err = b.memoryGrowth(filepath.Join(e.data, *memoryFile), []int{1, 3, 10}, *memoryTool); err != nil {
				return err
			}
		}
	}

	// (a) the dev sets: decompression floor, ingest, learn, apply, peers.
	var site10 *corpus
	if !*onlyHeavy && !*goalsOnly {
		b.floor(dev)
		b.ingest(dev)
		b.learnApply(dev)
		b.peerRows(dev)
		if devWARC != dev {
			b.floor(devWARC)
			b.ingest(devWARC)
		}

		// the learn time of one 10 MB site.
		site := filepath.Join(e.tmp, "site10.jsonl.zst")
		if err := e.synth("-sites", "1", "-cjk=false", "-mb", "10", "-o", site); err != nil {
			return err
		}
		if site10, err = count("one synthetic site, 10 MB of HTML", []string{site}); err != nil {
			return err
		}
		for _, t := range b.tools {
			b.time(site10, t, "learn", exec.Command(filepath.Join(e.bin, t), "learn", "--sample", "1000000", "--max-buffer", "1000000",
				"-o", filepath.Join(e.tmp, t+".site10.model.jsonl.zst"), site))
		}
	}

	// (b) the heavy dump.
	var heavyC, heavySub *corpus
	if *heavy {
		p := filepath.Join(e.tmp, "heavy.warc.gz")
		fmt.Fprintf(stderr, "evalrun: writing the heavy dump (%.0f MB of .warc.gz)\n", *heavyMB)
		// synth -mb counts HTML; the .warc.gz is about a third of it (measured below).
		if err := e.synth("-sites", "20", "-interleave", "-mb", fmt.Sprint(*heavyMB*3.2), "-o", p); err != nil {
			return err
		}
		if heavyC, err = count("synthetic dump (.warc.gz), 20 sites interleaved", []string{p}); err != nil {
			return err
		}
		b.floor(heavyC)
		b.ingest(heavyC)
		all := b.tools
		if *heavyTools != "" {
			var keep []string
			for _, t := range all {
				if contains(splitList(*heavyTools), t) {
					keep = append(keep, t)
				}
			}
			b.tools = keep
		}
		b.learnApply(heavyC)
		b.tools = all
		if *heavyPeerPages > 0 {
			sub := filepath.Join(e.tmp, "heavy-sub.jsonl")
			if heavySub, err = subset(p, sub, *heavyPeerPages); err != nil {
				return err
			}
			heavySub.Name = fmt.Sprintf("first %d pages of the dump (JSON lines)", heavySub.Pages)
			b.learnApply(heavySub)
			b.peerRows(heavySub)
		}
	}
	secs := time.Since(start).Seconds()
	doc := b.doc(args, commit, dev, devWARC, site10, heavyC, heavySub, loadStart, usage.LoadAvg(), secs)
	var goals strings.Builder
	if rg != nil {
		rg.doc(&goals, *repeat)
	}
	if sg != nil {
		sg.doc(&goals)
	}
	if ig != nil {
		ig.doc(&goals, *repeat)
	}
	if mg != nil {
		mg.doc(&goals)
	}
	if goals.Len() > 0 {
		// The goal tables go first, after the page's opening paragraphs.
		if i := strings.Index(doc, "\n## "); i >= 0 {
			doc = doc[:i+1] + goals.String() + doc[i+1:]
		} else {
			doc += "\n" + goals.String()
		}
	}
	fmt.Fprint(stdout, doc)
	if *out == "-" {
		return nil
	}
	if leaveDoc(fs, *out, stderr, "goals-only", "only-heavy", "tools") {
		return nil
	}
	path := filepath.Join(e.root, *out)
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "evalrun: wrote %s\n", path)
	return nil
}

func (e *env) synth(args ...string) error {
	c := exec.Command("go", append([]string{"run", "./scripts/synth"}, args...)...)
	c.Dir = e.root
	c.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("synth: %v: %s", err, out)
	}
	return nil
}

// count reads the files once through lib/stream for their pages and HTML bytes.
func count(name string, paths []string) (*corpus, error) {
	c := &corpus{Name: name, Paths: paths}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		c.FileBytes += st.Size()
	}
	r := stream.NewReader(paths, nil, stream.Options{})
	defer r.Close()
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *stream.SkipError
			if errors.As(err, &se) {
				continue
			}
			return nil, err
		}
		c.Pages++
		c.HTMLBytes += int64(len(rec.HTML))
	}
	return c, nil
}

// subset writes the first n pages of path as JSON lines {"id","url","site","html"}.
func subset(path, out string, n int) (*corpus, error) {
	r := stream.NewReader([]string{path}, nil, stream.Options{})
	defer r.Close()
	f, err := os.Create(out)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w := record.NewWriter(f)
	for pages := 0; pages < n; {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			continue
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
		pages++
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	f.Close()
	return count("", []string{out})
}

// time runs one command (or a pipeline) on a corpus, its output discarded
// unless out is set, and records a row.
func (b *bencher) time(c *corpus, name, phase string, cmds ...*exec.Cmd) benchRow {
	ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
	defer cancel()
	for i, cmd := range cmds {
		cc := exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
		cc.Dir = cmd.Dir
		cmds[i] = cc
	}
	u, errText, err := runCmds("", cmds...)
	row := benchRow{Corpus: c.Name, Name: name, Phase: phase, Pages: c.Pages, HTMLBytes: c.HTMLBytes, U: u}
	if err != nil {
		row.Err = err.Error()
		if ctx.Err() != nil {
			row.Err = fmt.Sprintf("stopped after %v", b.timeout)
		} else if l := lastLine(errText); l != "" {
			row.Err += ": " + l
		}
	}
	fmt.Fprintf(b.stderr, "evalrun: bench %-40s %-22s %-10s cpu %7.2fs wall %7.2fs rss %6.0f MB %s\n", c.Name, name, phase,
		u.CPU.Seconds(), u.Wall.Seconds(), float64(u.MaxRSSKB)/1024, row.Err)
	b.rows = append(b.rows, row)
	return row
}

func (b *bencher) floor(c *corpus) {
	tool := "gzip"
	if strings.HasSuffix(c.Paths[0], ".zst") {
		tool = "zstd"
	}
	b.time(c, tool+" -dc", "decompress", exec.Command(mustLook(tool), append([]string{"-dc"}, c.Paths...)...))
}

func (b *bencher) ingest(c *corpus) {
	t := b.tools[0]
	b.time(c, t+" map", "ingest", exec.Command(filepath.Join(b.bin, t), append([]string{"map"}, c.Paths...)...))
}

func (b *bencher) learnApply(c *corpus) {
	for _, t := range b.tools {
		model := filepath.Join(b.tmp, t+".model.jsonl.zst")
		l := b.time(c, t, "learn", exec.Command(filepath.Join(b.bin, t), append([]string{"learn", "-o", model}, c.Paths...)...))
		if l.Err != "" {
			continue
		}
		b.time(c, t, "apply", exec.Command(filepath.Join(b.bin, t), append([]string{"apply", "--drop-html", "-m", model}, c.Paths...)...))
		os.Remove(model)
	}
}

func (b *bencher) peerRows(c *corpus) {
	if b.peersOK {
		for _, p := range peers {
			if p.x == "" {
				continue
			}
			b.time(c, p.name, "extract", exec.Command(filepath.Join(b.bin, "peer"), append([]string{"-x", p.x}, c.Paths...)...))
		}
		if b.nodeOK {
			b.time(c, "mozilla-readability", "extract",
				exec.Command(filepath.Join(b.bin, "peer"), append([]string{"-x", "html"}, c.Paths...)...),
				exec.Command(mustLook("node"), filepath.Join(b.root, "scripts", "peers", "readability.mjs")))
		}
	}
}

func mustLook(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	return name
}

func (b *bencher) find(corpus, name, phase string) (benchRow, bool) {
	for _, r := range b.rows {
		if r.Corpus == corpus && r.Name == name && r.Phase == phase && r.Err == "" {
			return r, true
		}
	}
	return benchRow{}, false
}

func (b *bencher) doc(args []string, commit string, dev, devWARC, site10, heavy, heavySub *corpus, load0, load1 string, secs float64) string {
	var s strings.Builder
	cmdline := "scripts/bench"
	if len(args) > 0 {
		cmdline += " " + strings.Join(args, " ")
	}
	s.WriteString("# Benchmarks\n\n")
	fmt.Fprintf(&s, "Written by `%s` on %s at commit `%s`, in %.0f s. Machine: %d CPUs (%s), %s; load average %s at the start, %s at the end.\n\n",
		cmdline, time.Now().UTC().Format("2006-01-02 15:04 MST"), commit, secs, runtime.NumCPU(), usage.CPUModel(), runtime.Version(), load0, load1)
	s.WriteString("Every figure is one command run once, timed by the operating system (wait4 rusage of the command's processes, " +
		"the figures `/usr/bin/time -v` prints): CPU s = user + sys, wall s = elapsed, peak RSS = the largest maximum resident set of its processes. " +
		"**CPU seconds are the figures to compare**: when the machine is shared (a load average above its CPU count, as above), wall time " +
		"mostly measures waiting. The tools use `-j` = the CPU count (2) for apply; the peers are single-threaded, so wall-time ratios would " +
		"favour the tools by up to 2x on an idle machine, CPU ratios do not. Pages/s and MB/s are per CPU second (and per wall second), " +
		"MB = MB of decoded HTML (the same for every row of one input). Ratios are computed within this one run. " +
		"learn reads every page and learns each site from its first 200 (`--sample 200`); apply reads every page, extracts it and writes its " +
		"record without html (`--drop-html`) to /dev/null; ingest is `map` (read, decompress, parse WARC/JSON, decode charset, write each page " +
		"as a JSON line), the part of every tool's run that is not the algorithm; the floor is bare decompression of the same files to /dev/null.\n\n")
	printed := map[string]bool{}
	for _, c := range []*corpus{dev, devWARC, heavy, heavySub, site10} {
		if c == nil || printed[c.Name] {
			continue
		}
		printed[c.Name] = true
		var rows []benchRow
		for _, r := range b.rows {
			if r.Corpus == c.Name {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(&s, "## %s\n\n%d pages, %.1f MB of HTML, %.1f MB of files.\n\n", c.Name, c.Pages, float64(c.HTMLBytes)/1e6, float64(c.FileBytes)/1e6)
		s.WriteString("| command | phase | CPU s | wall s | pages/s (CPU) | MB/s (CPU) | pages/s (wall) | MB/s (wall) | peak RSS MB |\n|---|---|---|---|---|---|---|---|---|\n")
		for _, r := range rows {
			if r.Err != "" {
				fmt.Fprintf(&s, "| %s | %s | %.2f | %.2f | failed: %s | | | | |\n", r.Name, r.Phase, r.U.CPU.Seconds(), r.U.Wall.Seconds(), strings.ReplaceAll(r.Err, "|", "/"))
				continue
			}
			fmt.Fprintf(&s, "| %s | %s | %.2f | %.2f | %.1f | %.2f | %.1f | %.2f | %.0f |\n", r.Name, r.Phase, r.U.CPU.Seconds(), r.U.Wall.Seconds(),
				r.pagesPerCPU(), r.mbPerCPU(), r.pagesPerWall(), r.mbPerWall(), float64(r.U.MaxRSSKB)/1024)
		}
		s.WriteString("\n")
		// ratios of this corpus
		if tr, ok := b.find(c.Name, "go-trafilatura", "extract"); ok {
			s.WriteString("Apply pages/s divided by go-trafilatura's on these pages (goal: >= 20 for ngramcut and ampl, >= 5 for sstclean and rtdm):\n\n")
			s.WriteString("| tool | by CPU time | by wall time | goal |\n|---|---|---|---|\n")
			for _, t := range b.tools {
				a, ok := b.find(c.Name, t, "apply")
				if !ok {
					continue
				}
				goal := 5.0
				if t == "ngramcut" || t == "ampl" {
					goal = 20
				}
				rc := a.pagesPerCPU() / tr.pagesPerCPU()
				fmt.Fprintf(&s, "| %s | %.1fx | %.1fx | >= %.0fx %s |\n", t, rc, a.pagesPerWall()/tr.pagesPerWall(), goal, mark(rc >= goal))
			}
			s.WriteString("\n")
		}
		var floorRow, ingRow benchRow
		var okF, okI bool
		for _, r := range rows {
			if r.Phase == "decompress" && r.Err == "" {
				floorRow, okF = r, true
			}
			if r.Phase == "ingest" && r.Err == "" {
				ingRow, okI = r, true
			}
		}
		if okF && okI {
			rc := ingRow.U.CPU.Seconds() / max(floorRow.U.CPU.Seconds(), 1e-6)
			fmt.Fprintf(&s, "Ingest time divided by bare decompression (`%s` / `%s`): %.2f by CPU time, %.2f by wall time (goal <= 1.2 %s).\n\n",
				ingRow.Name, floorRow.Name, rc, ingRow.U.Wall.Seconds()/max(floorRow.U.Wall.Seconds(), 1e-6), mark(rc <= 1.2))
		}
	}
	if len(b.notes) > 0 {
		s.WriteString("## Notes\n\n")
		for _, n := range b.notes {
			s.WriteString("- " + n + "\n")
		}
	}
	return s.String()
}

func mark(ok bool) string {
	if ok {
		return "met"
	}
	return "not met"
}
