package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// sets are the evaluation sets of ../shared/data, in table order.
var sets = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}

// peers are the single-page extractors compared with the tools: the name in
// the tables and the peer binary's -x ("" for Mozilla Readability in node).
var peers = []struct{ name, x string }{
	{"go-trafilatura", "trafilatura"},
	{"go-shiori-readability", "go-readability"},
	{"readeck-readability", "readeck-readability"},
	{"mozilla-readability", ""},
}

// evalCase is one set read in one form: its pages and where its gold is.
type evalCase struct {
	Set, Input string // Input: "jsonl" or "warc"
	Path       string // the pages
	Gold, Key  string // the gold records and the member joining them to predictions
}

// extractor is one tool or peer: the commands that turn a case's pages into
// prediction lines ({"id","url","site","text",...}).
type extractor struct {
	Name, Kind string // Kind: "tool" or "peer"
	cmds       func(c evalCase) []*exec.Cmd
}

type siteRow struct {
	Site            string
	Pages           int
	P, R, F1, TokF1 float64
}

type result struct {
	Case            evalCase
	Name, Kind      string
	P, R, F1, TokF1 float64
	Pages, Missing  int
	Errors          int
	Use             usage
	Err             string
	Sites           []siteRow
}

type evalOpts struct {
	warc, bySite, peers bool
	sets, tools         []string
	jobs                int
	siteKeyWARC         string
}

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	warc := fs.Bool("warc", false, "also run on the .warc.gz copies, scored against *.gold.jsonl.zst joined on url")
	bySite := fs.Bool("by-site", false, "also one row per site")
	withPeers := fs.Bool("peers", false, "add the peers' rows (bin/peer and Mozilla Readability; scripts/peers/install.sh)")
	setList := fs.String("sets", "", "only these sets, comma-separated (default: all)")
	toolList := fs.String("tools", strings.Join(tools, ","), "the tools, comma-separated")
	jobs := fs.Int("jobs", 2, "extractor runs at once")
	siteKey := fs.String("warc-site-key", "host", "--site-key of the tools on WARC input (a WARC has no site member)")
	out := fs.String("o", "docs/EVALUATION.md", "the document to write (relative to the repo; - for none)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	o := evalOpts{warc: *warc, bySite: *bySite, peers: *withPeers, sets: splitList(*setList),
		tools: splitList(*toolList), jobs: max(*jobs, 1), siteKeyWARC: *siteKey}
	commit := gitCommit(e.root) // before building: the binaries are of this tree
	res, notes, synthetic, err := evaluate(e, o)
	if err != nil {
		return err
	}
	table := formatTable(res)
	fmt.Fprint(stdout, table)
	if o.bySite {
		fmt.Fprint(stdout, "\n", formatSites(res))
	}
	for _, n := range notes {
		fmt.Fprintln(stdout, "note:", n)
	}
	if *out == "-" {
		return nil
	}
	cmdline := "scripts/eval"
	if len(args) > 0 {
		cmdline += " " + strings.Join(args, " ")
	}
	doc := evalDoc(commit, o, res, notes, synthetic, cmdline)
	path := filepath.Join(e.root, *out)
	if filepath.IsAbs(*out) {
		path = *out
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "evalrun: wrote %s\n", path)
	return nil
}

// evaluate builds what is needed, runs every extractor on every case and
// scores it. notes say what was skipped and why.
func evaluate(e *env, o evalOpts) (res []result, notes []string, synthetic bool, err error) {
	if err := e.build("score"); err != nil {
		return nil, nil, false, fmt.Errorf("score is needed: %v", err)
	}
	cases, synthetic, err := e.cases(o)
	if err != nil {
		return nil, nil, false, err
	}
	var exs []extractor
	for _, t := range o.tools {
		if err := e.build(t); err != nil {
			notes = append(notes, fmt.Sprintf("%s skipped: %v", t, err))
			continue
		}
		exs = append(exs, e.toolExtractor(t, o))
	}
	if o.peers {
		pe, pnotes := e.peerExtractors()
		exs = append(exs, pe...)
		notes = append(notes, pnotes...)
	}
	type job struct {
		c  evalCase
		x  extractor
		at int
	}
	var jobsList []job
	for _, c := range cases {
		for _, x := range exs {
			jobsList = append(jobsList, job{c, x, len(jobsList)})
		}
	}
	res = make([]result, len(jobsList))
	ch := make(chan job)
	var wg sync.WaitGroup
	for range o.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				r := e.evalOne(j.c, j.x, o.bySite)
				fmt.Fprintf(e.stderr, "evalrun: %-16s %-5s %-22s F1 %.3f pages %d errors %d cpu %.1fs wall %.1fs%s\n",
					j.c.Set, j.c.Input, j.x.Name, r.F1, r.Pages, r.Errors, r.Use.CPU.Seconds(), r.Use.Wall.Seconds(), errSuffix(r.Err))
				res[j.at] = r
			}
		}()
	}
	for _, j := range jobsList {
		ch <- j
	}
	close(ch)
	wg.Wait()
	return res, notes, synthetic, nil
}

func errSuffix(s string) string {
	if s == "" {
		return ""
	}
	return " FAILED: " + s
}

// cases lists the sets to run: ../shared/data, or the synthetic corpus.
func (e *env) cases(o evalOpts) ([]evalCase, bool, error) {
	var cases []evalCase
	if !e.hasData() {
		fmt.Fprintf(e.stderr, "evalrun: %s is absent: running on the synthetic corpus (go run ./scripts/synth)\n", e.data)
		j := filepath.Join(e.tmp, "synthetic.jsonl.zst")
		w := filepath.Join(e.tmp, "synthetic.warc.gz")
		for _, p := range []string{j, w} {
			c := exec.Command("go", "run", "./scripts/synth", "-o", p)
			c.Dir = e.root
			c.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
			if out, err := c.CombinedOutput(); err != nil {
				return nil, true, fmt.Errorf("synth: %v: %s", err, out)
			}
		}
		cases = append(cases, evalCase{"synthetic", "jsonl", j, j, "id"})
		if o.warc {
			cases = append(cases, evalCase{"synthetic", "warc", w, filepath.Join(e.tmp, "synthetic.gold.jsonl"), "url"})
		}
		return cases, true, nil
	}
	for _, s := range sets {
		if len(o.sets) > 0 && !contains(o.sets, s) {
			continue
		}
		j := filepath.Join(e.data, s+".jsonl.zst")
		cases = append(cases, evalCase{s, "jsonl", j, j, "id"})
		if o.warc {
			cases = append(cases, evalCase{s, "warc", filepath.Join(e.data, s+".warc.gz"), filepath.Join(e.data, s+".gold.jsonl.zst"), "url"})
		}
	}
	if len(cases) == 0 {
		return nil, false, usageErr{fmt.Errorf("no set among %v matches --sets", sets)}
	}
	return cases, false, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (e *env) toolExtractor(t string, o evalOpts) extractor {
	return extractor{Name: t, Kind: "tool", cmds: func(c evalCase) []*exec.Cmd {
		args := []string{"run", "--drop-html"}
		if c.Input == "warc" {
			args = append(args, "--site-key", o.siteKeyWARC)
		}
		return []*exec.Cmd{exec.Command(filepath.Join(e.bin, t), append(args, c.Path)...)}
	}}
}

// peerExtractors builds bin/peer and checks for node and the npm folder.
func (e *env) peerExtractors() ([]extractor, []string) {
	var exs []extractor
	var notes []string
	if err := e.build("peer"); err != nil {
		return nil, []string{fmt.Sprintf("Go peers skipped: %v", err)}
	}
	peerBin := filepath.Join(e.bin, "peer")
	script := filepath.Join(e.root, "scripts", "peers", "readability.mjs")
	nodeOK := false
	if _, err := exec.LookPath("node"); err != nil {
		notes = append(notes, "mozilla-readability skipped: node is not installed")
	} else if _, err := os.Stat(filepath.Join(e.root, "scripts", "peers", "node_modules", "linkedom")); err != nil {
		notes = append(notes, "mozilla-readability skipped: run scripts/peers/install.sh first (npm packages missing)")
	} else {
		nodeOK = true
	}
	for _, p := range peers {
		if p.x == "" {
			if !nodeOK {
				continue
			}
			exs = append(exs, extractor{Name: p.name, Kind: "peer", cmds: func(c evalCase) []*exec.Cmd {
				return []*exec.Cmd{exec.Command(peerBin, "-x", "html", c.Path), exec.Command("node", script)}
			}})
			continue
		}
		x := p.x
		exs = append(exs, extractor{Name: p.name, Kind: "peer", cmds: func(c evalCase) []*exec.Cmd {
			return []*exec.Cmd{exec.Command(peerBin, "-x", x, c.Path)}
		}})
	}
	return exs, notes
}

// evalOne runs one extractor on one case and scores its predictions.
func (e *env) evalOne(c evalCase, x extractor, bySite bool) result {
	r := result{Case: c, Name: x.Name, Kind: x.Kind, F1: math.NaN(), P: math.NaN(), R: math.NaN(), TokF1: math.NaN()}
	pred := filepath.Join(e.tmp, fmt.Sprintf("%s.%s.%s.jsonl", c.Set, c.Input, x.Name))
	use, errText, err := runCmds(pred, x.cmds(c)...)
	r.Use = use
	if err != nil {
		r.Err = fmt.Sprintf("%v: %s", err, lastLine(errText))
		return r
	}
	if x.Kind == "tool" {
		r.Errors, _ = strconv.Atoi(summaryField(errText, "errors"))
	} else {
		for _, line := range strings.Split(errText, "\n") {
			if strings.Contains(line, " summary ") {
				n, _ := strconv.Atoi(summaryField(line, "failed"))
				r.Errors += n
			}
		}
	}
	args := []string{"-q", "--gold", c.Gold, "--key", c.Key}
	if bySite {
		args = append(args, "--by", "site")
	}
	sc := exec.Command(filepath.Join(e.bin, "score"), append(args, pred)...)
	var out, serr bytes.Buffer
	sc.Stdout, sc.Stderr = &out, &serr
	if err := sc.Run(); err != nil {
		r.Err = fmt.Sprintf("score: %v: %s", err, lastLine(serr.String()))
		return r
	}
	sr := bufio.NewScanner(&out)
	sr.Buffer(nil, 1<<20)
	for sr.Scan() {
		var row map[string]any
		if err := json.Unmarshal(sr.Bytes(), &row); err != nil {
			r.Err = "score output: " + err.Error()
			return r
		}
		if s, ok := row["site"].(string); ok {
			r.Sites = append(r.Sites, siteRow{Site: s, Pages: num(row["pages"]), P: flt(row["precision"]),
				R: flt(row["recall"]), F1: flt(row["f1"]), TokF1: flt(row["token_f1"])})
			continue
		}
		r.Pages, r.Missing = num(row["pages"]), num(row["missing"])
		r.P, r.R, r.F1, r.TokF1 = flt(row["precision"]), flt(row["recall"]), flt(row["f1"]), flt(row["token_f1"])
	}
	os.Remove(pred)
	return r
}

func num(v any) int {
	f, _ := v.(float64)
	return int(f)
}

func flt(v any) float64 {
	if f, ok := v.(float64); ok {
		return f
	}
	return math.NaN()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func f3(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

// formatTable is the set x extractor table in Markdown (the gate parses it:
// the columns set, input, extractor and F1 are looked up by header).
func formatTable(res []result) string {
	var b strings.Builder
	b.WriteString("| set | input | extractor | kind | P | R | F1 | token F1 | pages | errors | CPU s | wall s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		errs := strconv.Itoa(r.Errors)
		if r.Err != "" {
			errs = "FAILED: " + strings.ReplaceAll(r.Err, "|", "/")
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %d | %s | %.1f | %.1f |\n",
			r.Case.Set, r.Case.Input, r.Name, r.Kind, f3(r.P), f3(r.R), f3(r.F1), f3(r.TokF1), r.Pages, errs,
			r.Use.CPU.Seconds(), r.Use.Wall.Seconds())
	}
	return b.String()
}

// formatPivot is F1 only: one row per extractor, one column per set/input.
func formatPivot(res []result) string {
	var cols []string
	seen := map[string]bool{}
	var names []string
	f1 := map[[2]string]float64{}
	for _, r := range res {
		col := r.Case.Set + " (" + r.Case.Input + ")"
		if !seen[col] {
			seen[col] = true
			cols = append(cols, col)
		}
		if !seen["x:"+r.Name] {
			seen["x:"+r.Name] = true
			names = append(names, r.Name)
		}
		f1[[2]string{r.Name, col}] = r.F1
	}
	var b strings.Builder
	b.WriteString("| F1 | " + strings.Join(cols, " | ") + " |\n|---|" + strings.Repeat("---|", len(cols)) + "\n")
	for _, n := range names {
		b.WriteString("| " + n)
		for _, c := range cols {
			v, ok := f1[[2]string{n, c}]
			if !ok {
				v = math.NaN()
			}
			b.WriteString(" | " + f3(v))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

func formatSites(res []result) string {
	var b strings.Builder
	b.WriteString("| set | input | extractor | site | pages | P | R | F1 | token F1 |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		sites := append([]siteRow(nil), r.Sites...)
		sort.Slice(sites, func(i, j int) bool { return sites[i].Site < sites[j].Site })
		for _, s := range sites {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s | %s | %s | %s |\n", r.Case.Set, r.Case.Input, r.Name,
				s.Site, s.Pages, f3(s.P), f3(s.R), f3(s.F1), f3(s.TokF1))
		}
	}
	return b.String()
}

func evalDoc(commit string, o evalOpts, res []result, notes []string, synthetic bool, cmdline string) string {
	var b strings.Builder
	b.WriteString("# Evaluation\n\n")
	fmt.Fprintf(&b, "Written by `%s` on %s, the binaries built at its start from commit `%s` "+
		"(\"+dirty\": with uncommitted changes under cmd/ or lib/ in the working tree).\n\n", cmdline, time.Now().UTC().Format("2006-01-02 15:04 MST"), commit)
	if synthetic {
		b.WriteString("**`../shared/data` was absent: these figures are on the synthetic corpus** (`go run ./scripts/synth`, " +
			"the default sample, JSON lines and its WARC copy), not on real pages.\n\n")
	} else {
		b.WriteString("Pages: the dev sets of `../shared/data` (see its README): big9-2005-2013 (180 pages, 9 news sites), " +
			"dragnet-even (160 pages, 15 sites), cleanportaleval (71 pages, 5 site sections).\n\n")
	}
	b.WriteString("Every tool runs in `run` mode (learning each site's model from that site's pages in the same set, " +
		"`--sample 200`, i.e. all of them) with its default options; input `jsonl` groups by the records' `site` member, " +
		"input `warc` reads the `.warc.gz` copy and groups by `--site-key " + o.siteKeyWARC + "` (a WARC has no site member; " +
		"hosts differ from the JSONL sites for big9's bbc and nymag and cleanportaleval's two washingtonpost blogs). " +
		"Peers (`--peers`) are single-page extractors, no learning, run on the same input by `bin/peer` " +
		"(go-trafilatura 1.12 with fallback, go-shiori/go-readability, readeck's go-readability) and " +
		"`scripts/peers/readability.mjs` (@mozilla/readability 0.6 on linkedom 0.18.14, the article DOM rendered with a newline per block). " +
		"Every prediction is scored by the same `score` against the gold text (`--gold` joined on `id`, or on `url` for WARC).\n\n")
	b.WriteString("P, R, F1: the article-extraction-benchmark shingle metric (means of per-page precision and recall, F1 of the means); " +
		"token F1: mean per-page F1 of `\\w+` token bags. errors: pages emitted with an `error` member (a tool's summary `errors=`, a peer's `failed=`); " +
		"such a page has empty text and is scored as such. CPU s: user+sys of the extractor's processes (wait4 rusage, as `/usr/bin/time` reports), " +
		"wall s: elapsed; they were measured while other jobs loaded the machine, so only CPU seconds compare across rows.\n\n")
	b.WriteString("## F1 by set\n\n")
	b.WriteString(formatPivot(res))
	b.WriteString("\n## All figures\n\n")
	b.WriteString(formatTable(res))
	if len(notes) > 0 {
		b.WriteString("\n")
		for _, n := range notes {
			b.WriteString("- " + n + "\n")
		}
	}
	if o.bySite {
		b.WriteString("\n## By site\n\n")
		b.WriteString(formatSites(res))
	}
	b.WriteString("\n## Regression gate\n\n`.ci/eval-gate` (run by `.ci/run` when `../shared/data` is present) reruns the tools on the JSON lines " +
		"of the three sets and fails when a tool's F1 on a set is more than 0.01 below its `jsonl` row above.\n")
	return b.String()
}
