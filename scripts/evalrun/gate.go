package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// runGate is the regression gate of .ci/eval-gate: the tools in run mode, with
// their defaults (the content join with the shipped content model), on the JSON
// lines of the news sets, each F1 compared with the jsonl row of the same
// content model recorded in docs/EVALUATION.md. It fails when one drops more than the
// tolerance below, or when a tool with a recorded figure fails or is gone.
// Without ../shared/data it says so and passes.
func runGate(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	tol := fs.Float64("tolerance", 0.01, "largest accepted drop of F1 below the recorded value")
	doc := fs.String("doc", "docs/EVALUATION.md", "the document holding the recorded figures")
	setList := fs.String("sets", "", "only these sets (default: all)")
	jobs := fs.Int("jobs", 2, "extractor runs at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	if !e.hasData() {
		fmt.Fprintf(stdout, "eval-gate: skipped: %s is absent (the gate needs the dev sets)\n", e.data)
		return nil
	}
	docPath := *doc
	if !filepath.IsAbs(docPath) {
		docPath = filepath.Join(e.root, docPath)
	}
	recorded, err := readRecorded(docPath)
	if err != nil {
		return err
	}
	start := time.Now()
	ev, err := evaluate(e, evalOpts{sets: splitList(*setList), tools: tools, jobs: max(*jobs, 1), tables: []string{"news"},
		onlyModels: []string{cmInSample}, noChaff: true})
	if err != nil {
		return err
	}
	for _, n := range ev.Notes {
		fmt.Fprintln(stdout, "eval-gate: note:", n)
	}
	got := map[[2]string]result{}
	for _, r := range ev.Res {
		got[[2]string{r.Case.Set, r.V.Name}] = r
	}
	failed := 0
	for _, s := range sets {
		if l := splitList(*setList); len(l) > 0 && !contains(l, s) {
			continue
		}
		for _, t := range tools {
			want, ok := recorded[[3]string{s, "jsonl", t}]
			r, ran := got[[2]string{s, t}]
			switch {
			case !ok && !ran:
				continue
			case !ok:
				fmt.Fprintf(stdout, "eval-gate: %-16s %-9s F1 %.3f (no recorded value: not checked)\n", s, t, r.Main.F1)
			case !ran || r.Err != "" || math.IsNaN(r.Main.F1):
				why := "did not run (see the notes above)"
				if ran {
					why = "failed: " + r.Err
				}
				fmt.Fprintf(stdout, "eval-gate: %-16s %-9s FAIL: recorded F1 %.3f, %s\n", s, t, want, why)
				failed++
			case r.Main.F1 < want-*tol-1e-9:
				fmt.Fprintf(stdout, "eval-gate: %-16s %-9s FAIL: F1 %.3f, recorded %.3f (drop %.3f > %.3f)\n", s, t, r.Main.F1, want, want-r.Main.F1, *tol)
				failed++
			default:
				fmt.Fprintf(stdout, "eval-gate: %-16s %-9s ok: F1 %.3f, recorded %.3f\n", s, t, r.Main.F1, want)
			}
		}
	}
	fmt.Fprintf(stdout, "eval-gate: %d checks failed; %.0f s\n", failed, time.Since(start).Seconds())
	if failed > 0 {
		return fmt.Errorf("eval-gate: F1 fell more than %.2f below docs/EVALUATION.md on %d set x tool pairs", *tol, failed)
	}
	return nil
}

// readRecorded reads the rows of the "All figures" table of EVALUATION.md
// (not the per-site table) made with the shipped content model, the one the
// gate runs (a table without a "content model" column is of that model too):
// (set, input, extractor) -> F1, the columns found by their headers.
func readRecorded(path string) (map[[3]string]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("eval-gate needs the recorded figures: %v", err)
	}
	defer f.Close()
	out := map[[3]string]float64{}
	col := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			col = map[string]int{}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(col) == 0 {
			for i, c := range cells {
				col[c] = i
			}
			continue
		}
		si, ok1 := col["set"]
		ii, ok2 := col["input"]
		xi, ok3 := col["extractor"]
		fi, ok4 := col["F1"]
		_, perSite := col["site"] // the per-site table has the same columns
		if !ok1 || !ok2 || !ok3 || !ok4 || perSite || fi >= len(cells) {
			continue
		}
		if mi, ok := col["content model"]; ok && (mi >= len(cells) || cells[mi] != modelLabel(cmInSample)) {
			continue
		}
		v, err := strconv.ParseFloat(cells[fi], 64)
		if err != nil {
			continue
		}
		out[[3]string{cells[si], cells[ii], cells[xi]}] = v
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no set/input/extractor/F1 table", path)
	}
	return out, sc.Err()
}
