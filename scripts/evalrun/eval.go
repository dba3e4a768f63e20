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

	"github.com/chaffkit/chaff/lib/metric"
)

// The evaluation (scripts/eval) runs every tool, chaff extract and the peers on the dev sets
// of ../shared/data and writes docs/EVALUATION.md: the news sets (AEB metric, JSON lines and
// WARC), wcxb-dev (its word metric and AEB, by page type), trafeval-dev through its WARC copy
// (trafilatura's snippet metric, by language group), the k-split table (each news site cut
// into groups of k pages) and the cross-time table (a model learned on one crawl applied to
// another). The tools' default text comes from the content model joined with the site
// model; that model learned from every dev page, so the default is scored out of sample by
// cross-validation (each page run with a content model that never saw its site) and with
// its set held out, and in-sample (the shipped model) only where labelled so.

// Sets of ../shared/data, in table order.
var (
	newsSets    = []string{"big9-2005-2013", "dragnet-even", "cleanportaleval"}
	wcxbSet     = "wcxb-dev"
	trafevalSet = "trafeval-dev"
	// sets is every set evalrun knows, for --sets and the other commands.
	sets = newsSets
)

// Tables of the document, in order (--tables).
var allTables = []string{"news", "wcxb", "trafeval", "ksplit", "crosstime"}

// peers are the single-page extractors compared with the tools: the name in the tables, the
// peer binary's -x, or the node script run on `peer -x html`.
var peers = []struct{ name, x, node string }{
	{"go-trafilatura", "trafilatura", ""},
	{"go-shiori-readability", "go-readability", ""},
	{"readeck-readability", "readeck-readability", ""},
	{"mozilla-readability", "", "readability.mjs"},
	{"defuddle", "", "defuddle.mjs"},
}

// Content-model settings of a tool or chaff run.
const (
	cmCV       = "cv"        // each page with the fold model that did not learn its site
	cmHeldOut  = "held-out"  // the model trained on the other sets
	cmInSample = "in-sample" // the shipped model, which learned every dev page
	cmOff      = "off"       // --content off: the site algorithm alone
)

// modelLabel is how the tables name a content-model setting.
func modelLabel(cm string) string {
	switch cm {
	case cmCV:
		return fmt.Sprintf("%d-fold CV by site", cvFolds)
	case cmHeldOut:
		return "set held out"
	case cmInSample:
		return "shipped model, in-sample"
	case cmOff:
		return "--content off"
	}
	return "-"
}

// evalCase is one input of one table: pages, where their gold is, how they are scored.
type evalCase struct {
	Table     string // news, wcxb, trafeval, ksplit, crosstime
	Set       string // the dev set the pages are from (its fold and held-out models)
	Input     string // jsonl or warc
	Label     string // the column within the table ("k=2", "2005 -> 2013"...), "" for one
	Path      string // the pages
	Gold, Key string // the gold records and the member joining them to predictions
	Metric    string // score --metric: aeb, wcxb or snippets
	By        string // score --by ("" for none)
	AlsoAEB   bool   // also score with the AEB metric (wcxb-dev)
	LearnFrom string // tools learn from these pages and apply to Path (cross-time), else run
	// Folds are the pages of Path cut by cross-validation fold (nil: not made yet),
	// FoldPages their page counts; FoldNote says what the WARC split met.
	Folds     []string
	FoldPages []int
	FoldNote  string
}

// variant is one way of extracting: a tool with a content-model setting, chaff extract, or
// a peer.
type variant struct {
	Name, Kind string // Kind: tool, chaff or peer
	Model      string // the content-model setting (cm*), "" for a peer
	// cmds are the commands turning the pages in into prediction lines, with the content
	// model file cm ("" for the default) and, for apply, the learned site models.
	cmds func(in, cm, learned string, c *evalCase) []*exec.Cmd
}

// display is the extractor's name in the tables: the command for chaff.
func (v variant) display() string {
	if v.Kind == "chaff" {
		return "chaff extract"
	}
	return v.Name
}

// label is the variant's name in pivot tables.
func (v variant) label() string {
	switch {
	case v.Kind == "peer":
		return v.Name
	case v.Name == "chaff":
		return "chaff extract (" + modelLabel(v.Model) + ")"
	case v.Model == cmOff:
		return v.Name + " --content off"
	}
	return v.Name + " (" + modelLabel(v.Model) + ")"
}

// scoreRow is one row of score's output in the metric of its case.
type scoreRow struct {
	Group           string // the --by value ("" for the overall row)
	Pages, Missing  int
	P, R, F1, TokF1 float64
	With, Without   float64 // wcxb
	TP, FP, FN, TN  float64 // snippets
	Accuracy        float64 // snippets
}

type result struct {
	Case   *evalCase
	V      variant
	Main   scoreRow   // the case's metric, overall
	Groups []scoreRow // its --by rows
	AEB    *scoreRow  // AlsoAEB
	// Several is the case's metric over the pages of wcxb-dev's sites of severalPages pages or
	// more (where run learns a site model that weighs in), nil for other sets.
	Several *scoreRow
	Errors  int  // pages emitted with an error (a tool's errors=, a peer's failed=)
	Stale   int  // the tools' stale= (pages whose site model fits poorly)
	Joined  bool // stale is known (the content join ran)
	// Quality compares chaff extract's quality estimates with the pages' scores (wcxb-dev).
	Quality *metric.Estimates
	Use     cmdUsage
	Err     string
	Skip    string // why the run was skipped (--skip)
}

type evalOpts struct {
	warc, bySite, peers bool
	sets, tools, tables []string
	jobs                int
	siteKeyWARC         string
	cv, inSample        bool // rows with the fold/held-out models; rows with the shipped model
	foldCache           string
	trainFolds          bool
	skip                []string // NAME@SET (or NAME@TABLE) pairs not run
	ks                  []int
	onlyModels          []string // only these content-model settings (nil: all); the gate's
	noChaff             bool     // no chaff extract rows (the gate)
}

func (o evalOpts) table(t string) bool { return len(o.tables) == 0 || contains(o.tables, t) }

func (o evalOpts) set(s string) bool { return len(o.sets) == 0 || contains(o.sets, s) }

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	warc := fs.Bool("warc", false, "news sets: also the .warc.gz copies, scored against *.gold.jsonl.zst joined on url (trafeval-dev is always read from its WARC copy)")
	bySite := fs.Bool("by-site", false, "news sets: also one row per site")
	withPeers := fs.Bool("peers", false, "add the peers' rows (bin/peer, Mozilla Readability and Defuddle in node; scripts/peers/install.sh)")
	setList := fs.String("sets", "", "only these sets, comma-separated (default: all: "+strings.Join(append(append([]string{}, newsSets...), wcxbSet, trafevalSet), ",")+")")
	tableList := fs.String("tables", strings.Join(allTables, ","), "the tables to make, comma-separated")
	toolList := fs.String("tools", strings.Join(tools, ","), "the tools, comma-separated")
	jobs := fs.Int("jobs", 2, "extractor runs at once")
	siteKey := fs.String("warc-site-key", "host", "--site-key of the tools on WARC input (a WARC has no site member)")
	cv := fs.Bool("cv", true, "score the content join out of sample: 5-fold CV by site and one set held out (fold models from scripts/contentmodel folds, cached)")
	inSample := fs.Bool("in-sample", true, "also the rows of the shipped content model (in-sample on these pages) in the news, wcxb-dev and trafeval-dev tables")
	foldCache := fs.String("fold-models", "", "the cache of fold models: a directory holding one directory per key (default: the user cache dir, chaff/content-folds)")
	noTrain := fs.Bool("no-train", false, "fail instead of training the fold models when they are not in the cache")
	skip := fs.String("skip", "", "runs to leave out, comma-separated NAME@SET or NAME@TABLE (e.g. ampl@wcxb-dev, defuddle@ksplit)")
	ksList := fs.String("ks", "1,2,4,8,all", "the k of the k-split table")
	out := fs.String("o", "docs/EVALUATION.md", "the document to write (relative to the repo; - for none); a run of some --tables, --sets or --tools, or with --skip, writes it only when -o is given")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ks, err := parseKs(*ksList)
	if err != nil {
		return usageErr{err}
	}
	for _, t := range splitList(*tableList) {
		if !contains(allTables, t) {
			return usageErr{fmt.Errorf("--tables: no table %q (%s)", t, strings.Join(allTables, ", "))}
		}
	}
	for _, s := range splitList(*skip) {
		if !strings.Contains(s, "@") {
			return usageErr{fmt.Errorf("--skip %q: want NAME@SET or NAME@TABLE", s)}
		}
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	o := evalOpts{warc: *warc, bySite: *bySite, peers: *withPeers, sets: splitList(*setList), tables: splitList(*tableList),
		tools: splitList(*toolList), jobs: max(*jobs, 1), siteKeyWARC: *siteKey, cv: *cv, inSample: *inSample,
		foldCache: *foldCache, trainFolds: !*noTrain, skip: splitList(*skip), ks: ks}
	commit := gitCommit(e.root) // before building: the binaries are of this tree
	ev, err := evaluate(e, o)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, ev.summaryText())
	if *out == "-" {
		return nil
	}
	if leaveDoc(fs, *out, stderr, "tables", "sets", "tools", "skip") {
		return nil
	}
	cmdline := "scripts/eval"
	if len(args) > 0 {
		cmdline += " " + strings.Join(args, " ")
	}
	doc := evalDoc(commit, cmdline, o, ev)
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

func parseKs(s string) ([]int, error) {
	var ks []int
	for _, f := range splitList(s) {
		if f == "all" {
			ks = append(ks, 0)
			continue
		}
		k, err := strconv.Atoi(f)
		if err != nil || k < 1 {
			return nil, fmt.Errorf("--ks: %q is not a k (1, 2, ... or all)", f)
		}
		ks = append(ks, k)
	}
	return ks, nil
}

func kLabel(k int) string {
	if k == 0 {
		return "all"
	}
	return "k=" + strconv.Itoa(k)
}

// evaluation is everything a run measured.
type evaluation struct {
	Res       []result
	Notes     []string
	Synthetic bool
	Folds     *foldModels // nil: no out-of-sample rows
	Crawls    map[string][2]string
	Wall      time.Duration // of the whole evaluation, fold models included
}

// evaluate builds what is needed, makes the cases, runs every variant on every case and
// scores it. Notes say what was skipped and why.
func evaluate(e *env, o evalOpts) (*evaluation, error) {
	ev := &evaluation{Crawls: map[string][2]string{}}
	start := time.Now()
	defer func() { ev.Wall = time.Since(start) }()
	if err := e.build("score"); err != nil {
		return nil, fmt.Errorf("score is needed: %v", err)
	}
	cases, synthetic, err := e.cases(o, ev)
	if err != nil {
		return nil, err
	}
	ev.Synthetic = synthetic
	if synthetic && o.cv {
		o.cv = false
		ev.Notes = append(ev.Notes, "no cross-validation: the fold models learn from ../shared/data, which is absent; the shipped model never saw the synthetic pages")
	}
	if o.cv {
		fm, err := e.ensureFoldModels(o.foldCache, o.trainFolds)
		if err != nil {
			return nil, err
		}
		ev.Folds = fm
	}
	var tl []variant
	for _, t := range o.tools {
		if err := e.build(t); err != nil {
			ev.Notes = append(ev.Notes, fmt.Sprintf("%s skipped: %v", t, err))
			continue
		}
		tl = append(tl, e.toolVariants(t, o)...)
	}
	var chaff []variant
	if !o.noChaff {
		if err := e.build("chaff"); err != nil {
			ev.Notes = append(ev.Notes, fmt.Sprintf("chaff extract skipped: %v", err))
		} else {
			chaff = e.chaffVariants(o)
		}
	}
	var pl []variant
	if o.peers {
		var pnotes []string
		pl, pnotes = e.peerVariants()
		ev.Notes = append(ev.Notes, pnotes...)
	}
	type job struct {
		c  *evalCase
		v  variant
		at int
	}
	var jobsList []job
	for _, c := range cases {
		for _, v := range variantsFor(c, o, tl, chaff, pl) {
			jobsList = append(jobsList, job{c, v, len(jobsList)})
		}
	}
	// The fold parts are made before the runs, once per case.
	if ev.Folds != nil {
		for _, c := range cases {
			needs := false
			for _, j := range jobsList {
				needs = needs || (j.c == c && j.v.Model == cmCV)
			}
			if needs && c.Folds == nil {
				if err := e.splitFolds(c); err != nil {
					return nil, err
				}
			}
			if c.FoldNote != "" {
				ev.Notes = append(ev.Notes, c.FoldNote)
			}
		}
	}
	ev.Res = make([]result, len(jobsList))
	ch := make(chan job)
	var wg sync.WaitGroup
	for range o.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range ch {
				var r result
				if why := skipped(o, j.c, j.v); why != "" {
					r = result{Case: j.c, V: j.v, Skip: why, Main: nanRow()}
				} else {
					r = e.evalOne(j.c, j.v, ev.Folds, j.at)
				}
				fmt.Fprintf(e.stderr, "evalrun: %-9s %-15s %-5s %-12s %-24s %-18s %s %.3f pages %d errors %d cpu %.1fs wall %.1fs%s\n",
					j.c.Table, j.c.Set, j.c.Input, j.c.Label, j.v.Name, modelLabel(j.v.Model), j.c.Metric, r.Main.F1, r.Main.Pages, r.Errors,
					r.Use.CPU.Seconds(), r.Use.Wall.Seconds(), errSuffix(r.Err+r.Skip))
				ev.Res[j.at] = r
			}
		}()
	}
	for _, j := range jobsList {
		ch <- j
	}
	close(ch)
	wg.Wait()
	return ev, nil
}

// skipped says why --skip leaves a run out ("" when it does not).
func skipped(o evalOpts, c *evalCase, v variant) string {
	for _, s := range o.skip {
		name, where, _ := strings.Cut(s, "@")
		if name == v.Name && (where == c.Set || where == c.Table) {
			return "skipped (--skip " + s + ")"
		}
	}
	return ""
}

// variantsFor lists the variants of a case: every table has the tools with the content
// join (out of sample, and in-sample where asked) and --content off, chaff extract, and the
// peers; the k-split and cross-time tables only the out-of-sample join and go-trafilatura.
func variantsFor(c *evalCase, o evalOpts, tl, chaff, pl []variant) []variant {
	want := func(v variant) bool {
		if o.onlyModels != nil && v.Kind != "peer" && !contains(o.onlyModels, v.Model) {
			return false
		}
		switch v.Model {
		case cmCV, cmHeldOut:
			if !o.cv {
				return false
			}
		case cmInSample:
			if o.cv && !o.inSample {
				return false
			}
		}
		switch c.Table {
		case "ksplit", "crosstime":
			if v.Kind != "tool" && c.LearnFrom != "" {
				return false // chaff and the peers learn nothing: their rows are runs on the target pages
			}
			if v.Kind == "peer" {
				return v.Name == "go-trafilatura"
			}
			if o.cv {
				return v.Model == cmCV || v.Model == cmOff
			}
			return v.Model == cmInSample || v.Model == cmOff
		}
		return true
	}
	var out []variant
	for _, list := range [][]variant{tl, chaff, pl} {
		for _, v := range list {
			if want(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func errSuffix(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

// cases lists the inputs of every table: ../shared/data, or the synthetic corpus.
func (e *env) cases(o evalOpts, ev *evaluation) ([]*evalCase, bool, error) {
	var cases []*evalCase
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
		by := ""
		if o.bySite {
			by = "site"
		}
		cases = append(cases, &evalCase{Table: "news", Set: "synthetic", Input: "jsonl", Path: j, Gold: j, Key: "id", Metric: "aeb", By: by})
		if o.warc {
			cases = append(cases, &evalCase{Table: "news", Set: "synthetic", Input: "warc", Path: w, Gold: filepath.Join(e.tmp, "synthetic.gold.jsonl"), Key: "url", Metric: "aeb", By: by})
		}
		ev.Notes = append(ev.Notes, "wcxb-dev, trafeval-dev, the k-split and the cross-time tables need ../shared/data")
		return cases, true, nil
	}
	known := append(append([]string{}, newsSets...), wcxbSet, trafevalSet)
	for _, s := range o.sets {
		if !contains(known, s) {
			return nil, false, usageErr{fmt.Errorf("--sets: no set %q (%s)", s, strings.Join(known, ", "))}
		}
	}
	by := ""
	if o.bySite {
		by = "site"
	}
	if o.table("news") {
		for _, s := range newsSets {
			if !o.set(s) {
				continue
			}
			j := filepath.Join(e.data, s+".jsonl.zst")
			cases = append(cases, &evalCase{Table: "news", Set: s, Input: "jsonl", Path: j, Gold: j, Key: "id", Metric: "aeb", By: by})
			if o.warc {
				cases = append(cases, &evalCase{Table: "news", Set: s, Input: "warc", Path: filepath.Join(e.data, s+".warc.gz"),
					Gold: filepath.Join(e.data, s+".gold.jsonl.zst"), Key: "url", Metric: "aeb", By: by})
			}
		}
	}
	if o.table("wcxb") && o.set(wcxbSet) {
		j := filepath.Join(e.data, wcxbSet+".jsonl.zst")
		cases = append(cases, &evalCase{Table: "wcxb", Set: wcxbSet, Input: "jsonl", Path: j, Gold: j, Key: "id", Metric: "wcxb", By: "page_type", AlsoAEB: true})
	}
	if o.table("trafeval") && o.set(trafevalSet) {
		cases = append(cases, &evalCase{Table: "trafeval", Set: trafevalSet, Input: "warc", Path: filepath.Join(e.data, trafevalSet+".warc.gz"),
			Gold: filepath.Join(e.data, trafevalSet+".jsonl.zst"), Key: "url", Metric: "snippets", By: "lang"})
	}
	if o.table("ksplit") {
		for _, s := range newsSets {
			if !o.set(s) {
				continue
			}
			cs, err := e.kSplitCases(s, o.ks)
			if err != nil {
				return nil, false, err
			}
			cases = append(cases, cs...)
		}
	}
	if o.table("crosstime") {
		for _, s := range newsSets {
			if !o.set(s) {
				continue
			}
			cs, crawls, err := e.crossTimeCases(s)
			if err != nil {
				return nil, false, err
			}
			if cs != nil {
				ev.Crawls[s] = crawls
				cases = append(cases, cs...)
			}
		}
	}
	if len(cases) == 0 {
		return nil, false, usageErr{fmt.Errorf("no table has a set among --sets %s", strings.Join(o.sets, ","))}
	}
	return cases, false, nil
}

// kSplitCases writes a news set with each site cut into groups of k pages in input order
// (site s becomes s#0, s#1, ...), for every k, with the fold parts made from the sites
// before the cut (a page keeps the fold of its real site).
func (e *env) kSplitCases(set string, ks []int) ([]*evalCase, error) {
	src := filepath.Join(e.data, set+".jsonl.zst")
	var cases []*evalCase
	for _, k := range ks {
		c := &evalCase{Table: "ksplit", Set: set, Input: "jsonl", Label: kLabel(k), Path: src, Gold: src, Key: "id", Metric: "aeb"}
		if k > 0 {
			c.Path = filepath.Join(e.tmp, fmt.Sprintf("%s.k%d.jsonl.zst", set, k))
			if _, err := splitJSONL(src, []string{c.Path}, func(pageMeta) int { return 0 }, newKSplitter(k).site); err != nil {
				return nil, err
			}
			c.Folds = foldPaths(c.Path)
			n, err := splitJSONL(src, c.Folds, func(m pageMeta) int { return foldOfSite(set, siteOf(m)) }, newKSplitter(k).site)
			if err != nil {
				return nil, err
			}
			c.FoldPages = n
		}
		cases = append(cases, c)
	}
	return cases, nil
}

// crossTimeCases cuts a news set by its records' crawl member: with exactly two crawls A <
// B, the tools learn A and apply to B and the other way round, beside a run on each crawl's
// own pages. A set with one crawl has no such table (nil).
func (e *env) crossTimeCases(set string) ([]*evalCase, [2]string, error) {
	src := filepath.Join(e.data, set+".jsonl.zst")
	seen := map[string]int{}
	if err := readPages(src, func(_ []byte, m pageMeta) error { seen[m.Crawl]++; return nil }); err != nil {
		return nil, [2]string{}, err
	}
	var crawls []string
	for c := range seen {
		if c != "" {
			crawls = append(crawls, c)
		}
	}
	if len(crawls) != 2 {
		return nil, [2]string{}, nil
	}
	sort.Strings(crawls)
	paths := []string{filepath.Join(e.tmp, set+".crawl-"+crawls[0]+".jsonl.zst"), filepath.Join(e.tmp, set+".crawl-"+crawls[1]+".jsonl.zst")}
	if _, err := splitJSONL(src, paths, func(m pageMeta) int {
		switch m.Crawl {
		case crawls[0]:
			return 0
		case crawls[1]:
			return 1
		}
		return -1
	}, nil); err != nil {
		return nil, [2]string{}, err
	}
	var cases []*evalCase
	for i := range 2 {
		from, to := i, 1-i
		mk := func(label, learn string) *evalCase {
			return &evalCase{Table: "crosstime", Set: set, Input: "jsonl", Label: label, Path: paths[to], Gold: paths[to], Key: "id", Metric: "aeb", LearnFrom: learn}
		}
		cases = append(cases, mk(crawls[from]+" -> "+crawls[to], paths[from]), mk("run on "+crawls[to], ""))
	}
	return cases, [2]string{crawls[0], crawls[1]}, nil
}

func foldPaths(path string) []string {
	base := strings.TrimSuffix(strings.TrimSuffix(path, ".zst"), ".jsonl")
	out := make([]string, cvFolds)
	for f := range out {
		out[f] = fmt.Sprintf("%s.fold%d.jsonl.zst", base, f)
	}
	return out
}

// splitFolds writes the pages of a case by cross-validation fold: a JSON-lines set by its
// records' site member, a WARC by the site its gold record gives each URL.
func (e *env) splitFolds(c *evalCase) error {
	name := fmt.Sprintf("%s.%s.%s%s", c.Table, c.Set, c.Input, strings.NewReplacer(" ", "", ">", "", "=", "").Replace(c.Label))
	if c.Input == "warc" {
		c.Folds = make([]string, cvFolds)
		for f := range c.Folds {
			c.Folds[f] = filepath.Join(e.tmp, fmt.Sprintf("%s.fold%d.warc.gz", name, f))
		}
		m, err := urlFolds(c.Gold, c.Set)
		if err != nil {
			return err
		}
		ws, err := splitWARC(c.Path, c.Folds, m)
		if err != nil {
			return err
		}
		c.FoldPages = ws.Counts
		if ws.Unassigned > 0 || ws.Straddling > 0 {
			c.FoldNote = fmt.Sprintf("%s (WARC), cross-validation: %d pages without a gold URL ran in fold 0; %d hosts have pages of sites in different folds, "+
				"so that with --site-key host their pages were learned in separate runs", c.Set, ws.Unassigned, ws.Straddling)
		}
		return nil
	}
	c.Folds = foldPaths(filepath.Join(e.tmp, name+".jsonl.zst"))
	n, err := splitJSONL(c.Path, c.Folds, func(m pageMeta) int { return foldOfSite(c.Set, siteOf(m)) }, nil)
	c.FoldPages = n
	return err
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// toolVariants are a tool with the content join (each model setting) and --content off.
func (e *env) toolVariants(t string, o evalOpts) []variant {
	bin := filepath.Join(e.bin, t)
	mk := func(cm string) variant {
		return variant{Name: t, Kind: "tool", Model: cm, cmds: func(in, model, learned string, c *evalCase) []*exec.Cmd {
			args := []string{"run", "--drop-html"}
			if learned != "" {
				args = []string{"apply", "--drop-html", "-m", learned}
			}
			if c.Input == "warc" {
				args = append(args, "--site-key", o.siteKeyWARC)
			}
			if cm == cmOff {
				args = append(args, "--content", "off")
			} else if model != "" {
				args = append(args, "--content-model", model)
			}
			return []*exec.Cmd{exec.Command(bin, append(args, in)...)}
		}}
	}
	return []variant{mk(cmCV), mk(cmHeldOut), mk(cmInSample), mk(cmOff)}
}

// chaffVariants are chaff extract with each content-model setting.
func (e *env) chaffVariants(o evalOpts) []variant {
	bin := filepath.Join(e.bin, "chaff")
	mk := func(cm string) variant {
		return variant{Name: "chaff", Kind: "chaff", Model: cm, cmds: func(in, model, _ string, _ *evalCase) []*exec.Cmd {
			args := []string{"extract", "--drop-html"}
			if model != "" {
				args = append(args, "--content-model", model)
			}
			return []*exec.Cmd{exec.Command(bin, append(args, in)...)}
		}}
	}
	return []variant{mk(cmCV), mk(cmHeldOut), mk(cmInSample)}
}

// peerVariants builds bin/peer and checks for node and the npm folder.
func (e *env) peerVariants() ([]variant, []string) {
	var out []variant
	var notes []string
	if err := e.build("peer"); err != nil {
		return nil, []string{fmt.Sprintf("Go peers skipped: %v", err)}
	}
	peerBin := filepath.Join(e.bin, "peer")
	nodeOK := ""
	if _, err := exec.LookPath("node"); err != nil {
		nodeOK = "node is not installed"
	} else if _, err := os.Stat(filepath.Join(e.root, "scripts", "peers", "node_modules", "linkedom")); err != nil {
		nodeOK = "run scripts/peers/install.sh first (npm packages missing)"
	}
	for _, p := range peers {
		if p.node != "" {
			mod := strings.TrimSuffix(p.node, ".mjs")
			if mod == "readability" {
				mod = "@mozilla/readability"
			}
			if nodeOK == "" {
				if _, err := os.Stat(filepath.Join(e.root, "scripts", "peers", "node_modules", mod)); err != nil {
					notes = append(notes, fmt.Sprintf("%s skipped: run scripts/peers/install.sh first (npm package %s missing)", p.name, mod))
					continue
				}
			} else {
				notes = append(notes, fmt.Sprintf("%s skipped: %s", p.name, nodeOK))
				continue
			}
			script := filepath.Join(e.root, "scripts", "peers", p.node)
			out = append(out, variant{Name: p.name, Kind: "peer", cmds: func(in, _, _ string, _ *evalCase) []*exec.Cmd {
				return []*exec.Cmd{exec.Command(peerBin, "-x", "html", in), exec.Command("node", script)}
			}})
			continue
		}
		x := p.x
		out = append(out, variant{Name: p.name, Kind: "peer", cmds: func(in, _, _ string, _ *evalCase) []*exec.Cmd {
			return []*exec.Cmd{exec.Command(peerBin, "-x", x, in)}
		}})
	}
	return out, notes
}

// evalOne runs one variant on one case (each fold's pages with its fold's model, for
// cross-validation) and scores its predictions.
func (e *env) evalOne(c *evalCase, v variant, fm *foldModels, at int) result {
	r := result{Case: c, V: v, Main: nanRow()}
	tag := fmt.Sprintf("%d.%s", at, v.Name)
	learned := ""
	if c.LearnFrom != "" && v.Kind == "tool" {
		learned = filepath.Join(e.tmp, tag+".models.jsonl.zst")
		defer os.Remove(learned)
		use, errText, err := runCmds("", exec.Command(filepath.Join(e.bin, v.Name), "learn", "-o", learned, c.LearnFrom))
		r.Use.addUsage(use)
		if err != nil {
			r.Err = fmt.Sprintf("learn: %v: %s", err, lastLine(errText))
			return r
		}
	}
	type run struct{ in, model string }
	var runs []run
	switch v.Model {
	case cmCV:
		if fm == nil || len(c.Folds) != cvFolds {
			r.Err = "no fold models or fold parts"
			return r
		}
		for f, p := range c.Folds {
			if c.FoldPages[f] > 0 {
				runs = append(runs, run{p, fm.fold(f)})
			}
		}
	case cmHeldOut:
		if fm == nil {
			r.Err = "no held-out models"
			return r
		}
		runs = []run{{c.Path, fm.without(c.Set)}}
	default:
		runs = []run{{c.Path, ""}}
	}
	var preds []string
	defer func() {
		for _, p := range preds {
			os.Remove(p)
		}
	}()
	for i, rn := range runs {
		pred := filepath.Join(e.tmp, fmt.Sprintf("%s.%d.pred.jsonl", tag, i))
		preds = append(preds, pred)
		use, errText, err := runCmds(pred, v.cmds(rn.in, rn.model, learned, c)...)
		r.Use.addUsage(use)
		if err != nil {
			r.Err = fmt.Sprintf("%v: %s", err, lastLine(errText))
			return r
		}
		if v.Kind == "peer" {
			r.Errors += sumSummaryField(errText, "failed")
		} else {
			r.Errors += sumSummaryField(errText, "errors")
			if s := summaryField(errText, "stale"); s != "" && v.Kind == "tool" { // chaff has no site model to go stale
				n, _ := strconv.Atoi(s)
				r.Stale += n
				r.Joined = true
			}
		}
	}
	rows, err := e.score(c.Metric, c, c.By, preds)
	if err != nil {
		r.Err = err.Error()
		return r
	}
	r.Main, r.Groups = rows[len(rows)-1], rows[:len(rows)-1]
	if c.Set == wcxbSet && c.Metric == "wcxb" {
		if r.Several, err = e.scoreSeveral(c, preds); err != nil {
			r.Err = err.Error()
			return r
		}
	}
	if v.Kind == "chaff" && c.Metric == "wcxb" {
		if r.Quality, err = e.quality(c, preds); err != nil {
			r.Err = "quality: " + err.Error()
			return r
		}
	}
	if c.AlsoAEB {
		rows, err := e.score("aeb", c, "", preds)
		if err != nil {
			r.Err = err.Error()
			return r
		}
		r.AEB = &rows[len(rows)-1]
	}
	return r
}

func (u *cmdUsage) addUsage(o cmdUsage) {
	u.Wall += o.Wall
	u.CPU += o.CPU
	u.MaxRSSKB = max(u.MaxRSSKB, o.MaxRSSKB)
}

// sumSummaryField adds key=N over every summary line of stderr (one per process).
func sumSummaryField(stderr, key string) int {
	n := 0
	for _, line := range strings.Split(stderr, "\n") {
		if strings.Contains(line, " summary ") {
			v, _ := strconv.Atoi(summaryField(line, key))
			n += v
		}
	}
	return n
}

func nanRow() scoreRow {
	n := math.NaN()
	return scoreRow{P: n, R: n, F1: n, TokF1: n, With: n, Without: n, Accuracy: n}
}

// severalPages is the fewest pages of a site for wcxb-dev's "sites of several pages" figure:
// from three a site model is trusted at least half-way (content.Site.Trust: its fit times
// (pages-1)/4).
const severalPages = 3

// scoreSeveral scores the predictions by site and returns the mean over the pages of the
// sites of severalPages pages or more (each site's row is a mean over its pages).
func (e *env) scoreSeveral(c *evalCase, preds []string) (*scoreRow, error) {
	rows, err := e.score(c.Metric, c, "site", preds)
	if err != nil {
		return nil, err
	}
	out := scoreRow{}
	for _, g := range rows[:len(rows)-1] {
		if g.Pages < severalPages {
			continue
		}
		w := float64(g.Pages)
		out.Pages += g.Pages
		out.P += g.P * w
		out.R += g.R * w
		out.F1 += g.F1 * w
	}
	if out.Pages == 0 {
		none := nanRow()
		return &none, nil
	}
	n := float64(out.Pages)
	out.P, out.R, out.F1 = out.P/n, out.R/n, out.F1/n
	return &out, nil
}

// score runs cmd/score on the predictions and returns its rows, the overall one last.
func (e *env) score(metric string, c *evalCase, by string, preds []string) ([]scoreRow, error) {
	args := []string{"-q", "--metric", metric, "--gold", c.Gold, "--key", c.Key}
	if by != "" {
		args = append(args, "--by", by)
	}
	sc := exec.Command(filepath.Join(e.bin, "score"), append(args, preds...)...)
	var out, serr bytes.Buffer
	sc.Stdout, sc.Stderr = &out, &serr
	if err := sc.Run(); err != nil {
		return nil, fmt.Errorf("score: %v: %s", err, lastLine(serr.String()))
	}
	return parseScoreRows(&out, by)
}

// parseScoreRows reads score's JSON rows: the --by rows (their member by) and the overall
// row, which comes last.
func parseScoreRows(r io.Reader, by string) ([]scoreRow, error) {
	var rows []scoreRow
	sr := bufio.NewScanner(r)
	sr.Buffer(nil, 1<<20)
	for sr.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sr.Bytes(), &m); err != nil {
			return nil, fmt.Errorf("score output: %v", err)
		}
		row := scoreRow{Pages: num(m["pages"]), Missing: num(m["missing"]), P: flt(m["precision"]), R: flt(m["recall"]),
			F1: flt(m["f1"]), TokF1: flt(m["token_f1"]), With: flt(m["with"]), Without: flt(m["without"]), Accuracy: flt(m["accuracy"])}
		if _, ok := m["tn"]; ok { // the snippet metric's counts
			row.TP, row.FP, row.FN, row.TN = flt(m["tp"]), flt(m["fp"]), flt(m["fn"]), flt(m["tn"])
		}
		if by != "" {
			if v, ok := m[by]; ok {
				if v == nil {
					row.Group = "(none)"
				} else {
					row.Group = fmt.Sprint(v)
				}
				rows = append(rows, row)
				continue
			}
		}
		if _, ok := m["unmatched"]; !ok {
			continue // not the overall row
		}
		rows = append(rows, row)
	}
	if err := sr.Err(); err != nil {
		return nil, err
	}
	if len(rows) == 0 || rows[len(rows)-1].Group != "" {
		return nil, fmt.Errorf("score output has no overall row")
	}
	return rows, nil
}

// langGroup is the trafeval-dev language group of a lang value: German, English, other.
func langGroup(lang string) string {
	switch lang {
	case "de", "en":
		return lang
	}
	return "other"
}

// snippetGroups sums the snippet counts of score's per-language rows into the groups of
// langGroup, and computes their F (2TP / (2TP + FP + FN), as score does).
func snippetGroups(rows []scoreRow) map[string]scoreRow {
	out := map[string]scoreRow{}
	for _, r := range rows {
		g := langGroup(r.Group)
		a := out[g]
		a.Group = g
		a.Pages += r.Pages
		a.Missing += r.Missing
		a.TP += r.TP
		a.FP += r.FP
		a.FN += r.FN
		a.TN += r.TN
		out[g] = a
	}
	for g, a := range out {
		a.F1 = ratio(2*a.TP, 2*a.TP+a.FP+a.FN)
		a.P = ratio(a.TP, a.TP+a.FP)
		a.R = ratio(a.TP, a.TP+a.FN)
		a.Accuracy = ratio(a.TP+a.TN, a.TP+a.FP+a.FN+a.TN)
		out[g] = a
	}
	return out
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
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

func pct(v float64) string {
	if math.IsNaN(v) {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*v)
}
