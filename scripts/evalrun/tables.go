package main

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// The Markdown tables of docs/EVALUATION.md, each made from the results of one table's
// cases. Published figures are quoted from ../shared/data/README.md, marked "published",
// and never mixed with measured ones.

// wcxbTypes are wcxb-dev's page types in the order the benchmark publishes them.
var wcxbTypes = []string{"article", "documentation", "service", "forum", "collection", "listing", "product"}

// published is a figure quoted from a paper or a project's documentation.
type published struct {
	name     string
	f1, p, r float64   // NaN where not published
	byType   []float64 // wcxbTypes order, nil where not published
}

var nan = math.NaN()

// publishedWCXB are the results published on wcxb-dev (mean word F1, P, R; by page type).
var publishedWCXB = []published{
	{name: "rs-trafilatura", f1: .859, p: .863, r: .890, byType: []float64{.932, .932, .844, .808, .716, .707, .641}},
	{name: "MinerU-HTML (0.6B neural)", f1: .827, p: nan, r: nan},
	{name: "trafilatura", f1: .791, p: nan, r: nan, byType: []float64{.926, .888, .763, .585, .553, .589, .567}},
	{name: "dom-smoothie", f1: .762, p: nan, r: nan},
	{name: "ReaderLM-v2 (1.5B neural)", f1: .741, p: nan, r: nan},
	{name: "Newspaper4k", f1: .720, p: nan, r: nan},
	{name: "jusText", f1: .707, p: nan, r: nan},
	{name: "BoilerPy3", f1: .687, p: nan, r: nan},
	{name: "Readability", f1: .675, p: nan, r: nan},
}

// publishedTrafeval are the results trafilatura publishes on its whole corpus (990 pages,
// of which trafeval-dev is half): not the same pages.
var publishedTrafeval = []published{
	{name: "trafilatura 2.2 (standard)", f1: .924, p: .906, r: .943},
	{name: "trafilatura 2.2 (precision)", f1: .920, p: nan, r: nan},
	{name: "magic-html", f1: .889, p: nan, r: nan},
	{name: "jusText (custom)", f1: .862, p: nan, r: nan},
	{name: "readability-lxml", f1: .826, p: nan, r: nan},
	{name: "resiliparse", f1: .811, p: nan, r: nan},
	{name: "goose3", f1: .810, p: nan, r: nan},
	{name: "raw page text (inscriptis)", f1: .694, p: nan, r: nan},
	{name: "raw HTML", f1: .667, p: nan, r: nan},
}

// pub is a published figure, blank where none was published.
func pub(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return f3(v)
}

// pick returns the results of one table, in run order.
func pick(res []result, table string) []result {
	var out []result
	for _, r := range res {
		if r.Case.Table == table {
			out = append(out, r)
		}
	}
	return out
}

// rowKey identifies a variant across the columns of a pivot table.
func rowKey(r result) string { return r.V.Name + "\x00" + r.V.Model }

// errCell is a result's error column: the count, or why it has no figures.
func errCell(r result) string {
	switch {
	case r.Skip != "":
		return r.Skip
	case r.Err != "":
		return "FAILED: " + strings.ReplaceAll(r.Err, "|", "/")
	case r.Main.Missing > 0:
		return fmt.Sprintf("%d (%d pages missing from the output, scored as empty)", r.Errors, r.Main.Missing)
	}
	return strconv.Itoa(r.Errors)
}

// cpuCell and wallCell are a result's seconds ("-" when it did not run).
func cpuCell(r result) string {
	if r.Skip != "" {
		return "-"
	}
	return fmt.Sprintf("%.1f", r.Use.CPU.Seconds())
}

func wallCell(r result) string {
	if r.Skip != "" {
		return "-"
	}
	return fmt.Sprintf("%.1f", r.Use.Wall.Seconds())
}

// formatTable is the news table, every figure: the gate reads it (the columns set, input,
// extractor, content model and F1 are looked up by header).
func formatTable(res []result) string {
	var b strings.Builder
	b.WriteString("| set | input | extractor | content model | kind | P | R | F1 | token F1 | pages | errors | stale | CPU s | wall s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %d | %s | %s | %s | %s |\n",
			r.Case.Set, r.Case.Input, r.V.display(), modelLabel(r.V.Model), r.V.Kind, f3(r.Main.P), f3(r.Main.R), f3(r.Main.F1), f3(r.Main.TokF1),
			r.Main.Pages, errCell(r), staleCell(r), cpuCell(r), wallCell(r))
	}
	return b.String()
}

func staleCell(r result) string {
	if !r.Joined {
		return "-"
	}
	return strconv.Itoa(r.Stale)
}

// formatPivot is the F1 of each variant (a row) on each set and input (a column).
func formatPivot(res []result) string {
	var cols, rows []string
	labels := map[string]string{}
	seen := map[string]bool{}
	f1 := map[[2]string]string{}
	for _, r := range res {
		col := r.Case.Set + " (" + r.Case.Input + ")"
		if !seen["c"+col] {
			seen["c"+col] = true
			cols = append(cols, col)
		}
		k := rowKey(r)
		if !seen["r"+k] {
			seen["r"+k] = true
			rows = append(rows, k)
			labels[k] = r.V.label()
		}
		f1[[2]string{k, col}] = fig(r, r.Main.F1)
	}
	var b strings.Builder
	b.WriteString("| AEB F1 | " + strings.Join(cols, " | ") + " |\n|---|" + strings.Repeat("---|", len(cols)) + "\n")
	for _, k := range rows {
		b.WriteString("| " + labels[k])
		for _, c := range cols {
			v, ok := f1[[2]string{k, c}]
			if !ok {
				v = "-"
			}
			b.WriteString(" | " + v)
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

// fig is a figure of a result, or what replaced it.
func fig(r result, v float64) string {
	switch {
	case r.Skip != "":
		return "skipped"
	case r.Err != "":
		return "failed"
	}
	return f3(v)
}

func formatSites(res []result) string {
	var b strings.Builder
	b.WriteString("| set | input | extractor | content model | site | pages | P | R | F1 | token F1 |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		if r.V.Model == cmHeldOut || r.V.Model == cmInSample {
			continue // the per-site rows are of the out-of-sample and --content off runs
		}
		sites := append([]scoreRow(nil), r.Groups...)
		sort.Slice(sites, func(i, j int) bool { return sites[i].Group < sites[j].Group })
		for _, s := range sites {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %d | %s | %s | %s | %s |\n", r.Case.Set, r.Case.Input, r.V.display(), modelLabel(r.V.Model),
				s.Group, s.Pages, f3(s.P), f3(s.R), f3(s.F1), f3(s.TokF1))
		}
	}
	return b.String()
}

// formatWCXB is wcxb-dev in its own metric (and AEB), one row per variant, then the
// published results.
func formatWCXB(res []result) string {
	var b strings.Builder
	b.WriteString("| extractor | content model | pages | word F1 | P | R | with found | without found | AEB F1 | errors | CPU s | wall s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		aeb := nan
		if r.AEB != nil {
			aeb = r.AEB.F1
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.V.display(), modelLabel(r.V.Model), r.Main.Pages,
			fig(r, r.Main.F1), f3(r.Main.P), f3(r.Main.R), pct(r.Main.With), pct(r.Main.Without), f3(aeb), errCell(r), cpuCell(r), wallCell(r))
	}
	for _, p := range publishedWCXB {
		fmt.Fprintf(&b, "| %s | published | 1497 | %s | %s | %s | | | | | | |\n", p.name, pub(p.f1), pub(p.p), pub(p.r))
	}
	return b.String()
}

// formatWCXBTypes is the word F1 of each variant by page type.
func formatWCXBTypes(res []result) string {
	counts := map[string]int{}
	for _, r := range res {
		for _, g := range r.Groups {
			counts[g.Group] = max(counts[g.Group], g.Pages)
		}
	}
	types := append([]string{}, wcxbTypes...)
	var extra []string
	for g := range counts {
		if !contains(types, g) {
			extra = append(extra, g)
		}
	}
	sort.Strings(extra)
	types = append(types, extra...)
	several := 0 // pages of the sites of several pages
	for _, r := range res {
		if r.Several != nil {
			several = max(several, r.Several.Pages)
		}
	}
	var b strings.Builder
	b.WriteString("| word F1 | content model | all")
	for _, t := range types {
		fmt.Fprintf(&b, " | %s (%d)", t, counts[t])
	}
	cols := len(types)
	if several > 0 {
		fmt.Fprintf(&b, " | sites of %d+ pages (%d)", severalPages, several)
		cols++
	}
	b.WriteString(" |\n|---|---|---|" + strings.Repeat("---|", cols) + "\n")
	for _, r := range res {
		by := map[string]float64{}
		for _, g := range r.Groups {
			by[g.Group] = g.F1
		}
		fmt.Fprintf(&b, "| %s | %s | %s", r.V.display(), modelLabel(r.V.Model), fig(r, r.Main.F1))
		for _, t := range types {
			v, ok := by[t]
			if !ok {
				v = nan
			}
			b.WriteString(" | " + fig(r, v))
		}
		if several > 0 {
			v := nan
			if r.Several != nil {
				v = r.Several.F1
			}
			b.WriteString(" | " + fig(r, v))
		}
		b.WriteString(" |\n")
	}
	for _, p := range publishedWCXB {
		if p.byType == nil {
			continue
		}
		fmt.Fprintf(&b, "| %s | published | %s", p.name, f3(p.f1))
		for i := range types {
			v := nan
			if i < len(p.byType) {
				v = p.byType[i]
			}
			b.WriteString(" | " + f3(v))
		}
		if several > 0 {
			b.WriteString(" | " + f3(nan))
		}
		b.WriteString(" |\n")
	}
	return b.String()
}

// formatTrafeval is trafeval-dev in trafilatura's snippet metric, overall and by language
// group, then trafilatura's published figures on its whole corpus.
func formatTrafeval(res []result) string {
	pages := map[string]int{}
	for _, r := range res {
		for g, a := range snippetGroups(r.Groups) {
			pages[g] = max(pages[g], a.Pages)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| extractor | content model | pages | F | P | R | accuracy | German (%d) | English (%d) | other (%d) | errors | CPU s | wall s |\n",
		pages["de"], pages["en"], pages["other"])
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range res {
		g := snippetGroups(r.Groups)
		cell := func(name string) string {
			a, ok := g[name]
			if !ok {
				return fig(r, nan)
			}
			return fig(r, a.F1)
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", r.V.display(), modelLabel(r.V.Model), r.Main.Pages,
			fig(r, r.Main.F1), f3(r.Main.P), f3(r.Main.R), f3(r.Main.Accuracy), cell("de"), cell("en"), cell("other"), errCell(r), cpuCell(r), wallCell(r))
	}
	for _, p := range publishedTrafeval {
		fmt.Fprintf(&b, "| %s | published, all 990 pages | 990 | %s | %s | %s | | | | | | | |\n", p.name, pub(p.f1), pub(p.p), pub(p.r))
	}
	return b.String()
}

// formatKSplit is, for each set, the AEB F1 of each variant at each k.
func formatKSplit(res []result) string {
	var b strings.Builder
	for _, set := range orderedSets(res) {
		cols, rows, labels, cell := pivot(res, set)
		fmt.Fprintf(&b, "%s, AEB F1:\n\n| pages of a site learned together | %s |\n|---|%s\n", set, strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
		for _, k := range rows {
			b.WriteString("| " + labels[k])
			for _, c := range cols {
				v := "-"
				if r, ok := cell[[2]string{k, c}]; ok {
					v = fig(r, r.Main.F1)
				}
				b.WriteString(" | " + v)
			}
			b.WriteString(" |\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// pivot lays out the results of one set as a table: a column per case label and a row per
// variant (rowKey), both in the order first seen, with each row's label and each cell's result.
func pivot(res []result, set string) (cols, rows []string, labels map[string]string, cell map[[2]string]result) {
	seen := map[string]bool{}
	labels, cell = map[string]string{}, map[[2]string]result{}
	for _, r := range res {
		if r.Case.Set != set {
			continue
		}
		if !seen["c"+r.Case.Label] {
			seen["c"+r.Case.Label] = true
			cols = append(cols, r.Case.Label)
		}
		k := rowKey(r)
		if !seen["r"+k] {
			seen["r"+k] = true
			rows = append(rows, k)
			labels[k] = r.V.label()
		}
		cell[[2]string{k, r.Case.Label}] = r
	}
	return cols, rows, labels, cell
}

func orderedSets(res []result) []string {
	var out []string
	for _, r := range res {
		if !contains(out, r.Case.Set) {
			out = append(out, r.Case.Set)
		}
	}
	return out
}

// formatCrossTime is, for each set with two crawls, the AEB F1 of each variant learning on
// one crawl and applying to the other, beside a run on the target crawl's own pages, with
// the pages whose site model fits poorly (the tools' stale= count).
func formatCrossTime(res []result) string {
	var b strings.Builder
	for _, set := range orderedSets(res) {
		cols, rows, labels, cell := pivot(res, set)
		b.WriteString(set + ", AEB F1 (stale: pages whose site model fits poorly, of the pages applied to):\n\n| | ")
		var heads []string
		for _, c := range cols {
			name := c
			if from, to, ok := strings.Cut(c, " -> "); ok {
				name = "learned on " + from + ", applied to " + to
			} else if to, ok := strings.CutPrefix(c, "run on "); ok {
				name = "run on the " + to + " pages"
			}
			heads = append(heads, name, "stale")
		}
		b.WriteString(strings.Join(heads, " | ") + " |\n|---|" + strings.Repeat("---|", len(heads)) + "\n")
		for _, k := range rows {
			b.WriteString("| " + labels[k])
			for _, c := range cols {
				r, ok := cell[[2]string{k, c}]
				if !ok {
					b.WriteString(" | - | -")
					continue
				}
				st := "-"
				if r.Joined && r.Err == "" && r.Skip == "" {
					st = fmt.Sprintf("%d / %d", r.Stale, r.Main.Pages)
				}
				b.WriteString(" | " + fig(r, r.Main.F1) + " | " + st)
			}
			b.WriteString(" |\n")
		}
		b.WriteString("\n")
	}
	return b.String()
}

// headline is the one table of every set's headline metric (the README's): the tools'
// default scored out of sample and --content off, chaff extract, and the best peer of each
// column.
func formatHeadline(res []result, oos string) string {
	type col struct{ table, set, input, name string }
	var cols []col
	for _, s := range newsSets {
		cols = append(cols, col{"news", s, "jsonl", s + " (AEB F1)"})
	}
	cols = append(cols, col{"wcxb", wcxbSet, "jsonl", wcxbSet + " (word F1)"}, col{"trafeval", trafevalSet, "warc", trafevalSet + " (snippet F, WARC)"})
	find := func(c col, name, model string) (result, bool) {
		for _, r := range res {
			if r.Case.Table == c.table && r.Case.Set == c.set && r.Case.Input == c.input && r.V.Name == name && r.V.Model == model {
				return r, true
			}
		}
		return result{}, false
	}
	var live []col
	for _, c := range cols {
		for _, r := range res {
			if r.Case.Table == c.table && r.Case.Set == c.set && r.Case.Input == c.input {
				live = append(live, c)
				break
			}
		}
	}
	if len(live) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("| | ")
	for i, c := range live {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(c.name)
	}
	b.WriteString(" |\n|---|" + strings.Repeat("---|", len(live)) + "\n")
	row := func(label, name, model string) {
		var cells []string
		any := false
		for _, c := range live {
			r, ok := find(c, name, model)
			if !ok {
				cells = append(cells, "-")
				continue
			}
			any = true
			cells = append(cells, fig(r, r.Main.F1))
		}
		if any {
			b.WriteString("| " + label + " | " + strings.Join(cells, " | ") + " |\n")
		}
	}
	var toolNames []string
	for _, r := range res {
		if r.V.Kind == "tool" && !contains(toolNames, r.V.Name) {
			toolNames = append(toolNames, r.V.Name)
		}
	}
	for _, t := range toolNames {
		row(fmt.Sprintf("`%s` (%s)", t, modelLabel(oos)), t, oos)
	}
	for _, t := range toolNames {
		row(fmt.Sprintf("`%s --content off`", t), t, cmOff)
	}
	row(fmt.Sprintf("`chaff extract` (%s)", modelLabel(oos)), "chaff", oos)
	var cells []string
	anyPeer := false
	for _, c := range live {
		best := result{Main: nanRow()}
		for _, r := range res {
			if r.Case.Table == c.table && r.Case.Set == c.set && r.Case.Input == c.input && r.V.Kind == "peer" && r.Err == "" && r.Skip == "" &&
				(math.IsNaN(best.Main.F1) || r.Main.F1 > best.Main.F1) {
				best = r
			}
		}
		if math.IsNaN(best.Main.F1) {
			cells = append(cells, "-")
			continue
		}
		anyPeer = true
		cells = append(cells, fmt.Sprintf("%s (%s)", f3(best.Main.F1), best.V.Name))
	}
	if anyPeer {
		b.WriteString("| the best peer | " + strings.Join(cells, " | ") + " |\n")
	}
	return b.String()
}

// summaryText is what evalrun prints on stdout: the headline and every table, briefly.
func (ev *evaluation) summaryText() string {
	var b strings.Builder
	oos := cmCV
	if ev.Folds == nil {
		oos = cmInSample
	}
	if h := formatHeadline(ev.Res, oos); h != "" {
		b.WriteString(h + "\n")
	}
	if r := pick(ev.Res, "news"); len(r) > 0 {
		b.WriteString(formatPivot(r) + "\n")
	}
	if r := pick(ev.Res, "wcxb"); len(r) > 0 {
		b.WriteString(formatWCXBTypes(r) + "\n")
	}
	if r := pick(ev.Res, "trafeval"); len(r) > 0 {
		b.WriteString(formatTrafeval(r) + "\n")
	}
	if r := pick(ev.Res, "ksplit"); len(r) > 0 {
		b.WriteString(formatKSplit(r))
	}
	if r := pick(ev.Res, "crosstime"); len(r) > 0 {
		b.WriteString(formatCrossTime(r))
	}
	for _, n := range ev.Notes {
		b.WriteString("note: " + n + "\n")
	}
	return b.String()
}

// totalCPU is the CPU time of every run of a table.
func totalCPU(res []result) time.Duration {
	var d time.Duration
	for _, r := range res {
		d += r.Use.CPU
	}
	return d
}

// tableSections are the sections of EVALUATION.md after the news sets, each one table's
// results: a heading, what the table measures, its rows, its CPU seconds.
var tableSections = []struct {
	table, heading, intro string
	format                func([]result) string
}{
	{"wcxb", "wcxb-dev (word F1, by page type)",
		"JSON lines only (there is no WARC copy); almost every site has one page, so `run` learns nothing from a site and the content " +
			"model carries the tools. The last column of the table by page type is the mean over the pages of the sites that have " +
			"three pages or more (shops, docs, stores: the pages where a site model weighs in), each extractor on the same pages. Published rows are quoted from `../shared/data/README.md` (the benchmark's paper), not measured here; " +
			"rs-trafilatura's page-type classifier learned from these dev pages, so its figure is partly in-sample too.",
		func(r []result) string {
			out := formatWCXB(r) + "\n" + formatWCXBTypes(r)
			if q := formatQuality(r); q != "" {
				out += "\nThe content model's quality estimates (each record's `content.quality`) against the pages' word F1: how well they rank the pages, how far they are off, and what sending the pages estimated below the bound elsewhere would send.\n\n" + q
			}
			return out
		}},
	{"trafeval", "trafeval-dev (snippet F, by language, through the WARC copy)",
		"The tools and peers read `trafeval-dev.warc.gz` and decode the bytes themselves; predictions join the JSON-lines records on " +
			"`url` for their `with`/`without` snippets and `lang` (`score --metric snippets --by lang`); German is `de`, English `en`, other every " +
			"other `lang` (`?` included), their counts summed. The published rows are trafilatura's own figures on its whole corpus of 990 pages, " +
			"of which these are half: not the same pages.",
		formatTrafeval},
	{"ksplit", "Few pages per site (the k-split table)",
		"Each news site is cut into groups of k pages in input order (site `s` becomes `s#0`, `s#1`, ...: the JSON lines are written " +
			"with the `site` member rewritten), and every tool runs on the whole set so cut: at k = 1 each page is a site of its own. `all` is the set " +
			"as it is. The pages are the same at every k; a page keeps the cross-validation fold of its real site. go-trafilatura and chaff extract " +
			"never need a second page: they run on the same split files, and their rows are the same at every k.",
		formatKSplit},
	{"crosstime", "A model from another crawl (the cross-time table)",
		"A set whose records carry two values of `crawl` (big9: captures of 2005 and 2013) is cut in two: each tool `learn`s its " +
			"site models from one crawl's pages and `apply`s them to the other's, beside `run` on the target pages themselves. stale counts the " +
			"pages the tools' summary line calls stale (the site model fits them poorly, so their text is the page's own evidence alone); " +
			"`--content off` has no fit measure. go-trafilatura and chaff extract run on the target pages.",
		formatCrossTime},
}

func evalDoc(commit, cmdline string, o evalOpts, ev *evaluation) string {
	var b strings.Builder
	res := ev.Res
	b.WriteString("# Evaluation\n\n")
	fmt.Fprintf(&b, "Written by `%s` on %s, the binaries built at its start from commit `%s` "+
		"(a \"+dirty\" after it would say that files under cmd/ or lib/ differed from it).\n\n", cmdline, time.Now().UTC().Format("2006-01-02 15:04 MST"), commit)
	if ev.Synthetic {
		b.WriteString("**`../shared/data` was absent: these figures are on the synthetic corpus** (`go run ./scripts/synth`, " +
			"the default sample, JSON lines and its WARC copy), not on real pages.\n\n")
	} else {
		b.WriteString("Pages: the dev sets of `../shared/data` (see its README): the news sets big9-2005-2013 (180 pages, 9 sites, captures of 2005 and 2013), " +
			"dragnet-even (160 pages, 15 sites), cleanportaleval (71 pages, 5 site sections); wcxb-dev (1,497 pages of 2025, 1,297 sites, seven page types); " +
			"trafeval-dev (502 pages of 501 sites in many languages).\n\n")
	}
	b.WriteString("## How it is measured\n\n")
	b.WriteString("Every tool runs in `run` mode (learning each site's model from that site's pages in the same input, `--sample 200`, i.e. all of them; " +
		"the cross-time table uses `learn` and `apply`). Its default text is chosen by chaff's content model (`lib/content`) joined with the site model's " +
		"evidence (docs/DESIGN.md, \"The content join\"); `--content off` is the site algorithm's own output. `chaff extract` is the content model alone, " +
		"page by page. Input `jsonl` groups pages by the records' `site` member; input `warc` reads the `.warc.gz` copy (the tools decode the bytes " +
		"themselves) and groups by `--site-key " + o.siteKeyWARC + "` (a WARC has no site member; hosts differ from the JSON-lines sites for big9's bbc " +
		"and nymag and cleanportaleval's two washingtonpost blogs). Peers are single-page extractors, no learning, run on the same input by `bin/peer` " +
		"(go-trafilatura 1.12 with fallback, go-shiori/go-readability, readeck's go-readability) and in node on `peer -x html` " +
		"(`scripts/peers/readability.mjs`: @mozilla/readability 0.6; `scripts/peers/defuddle.mjs`: defuddle 0.19.4 with its network off; both on linkedom 0.18.14, " +
		"the article HTML rendered with a newline per block). Every prediction is scored by the same `score` against the gold " +
		"(`--gold` joined on `id`, or on `url` for WARC).\n\n")
	b.WriteString("**In-sample and out-of-sample.** The shipped content model (`lib/content/model.bin`) learned from every page of these five sets, " +
		"so the default tools' and chaff's figures with it are in-sample: rows marked \"" + modelLabel(cmInSample) + "\". ")
	if ev.Folds != nil {
		fm := ev.Folds
		how := "reused from the cache"
		if fm.TrainedNow {
			how = fmt.Sprintf("trained by this run in %.0f s", fm.TrainSeconds)
		}
		fmt.Fprintf(&b, "The honest figures are out of sample: \"%s\" runs each page with a model trained without its site's fold "+
			"(`scripts/contentmodel folds`: %d folds of the sites of all five sets, `content.FoldOf(SET/SITE, %d)`, the site being the record's `site` "+
			"member; each fold's pages run as one input with `--content-model fold-F-of-%d.bin`, the predictions of the folds scored together), and "+
			"\"%s\" runs the set with a model trained on the other four sets only (`without-SET.bin`). The models have the shipped model's size "+
			"(%d and %d trees) and sit in `%s` (key `%s`: a hash of the trainer's and the content model's sources, the shipped model, the tree counts "+
			"and the data files), %s; to make them by hand: `%s`.\n\n",
			modelLabel(cmCV), cvFolds, cvFolds, cvFolds, modelLabel(cmHeldOut), fm.Trees, fm.Ctx, fm.Dir, fm.Key, how, fm.Regenerate)
	} else {
		b.WriteString("This run made no out-of-sample rows (`--cv=false`, or no data to train the fold models on).\n\n")
	}
	b.WriteString("Metrics: **AEB** is the article-extraction-benchmark shingle metric (means of per-page precision and recall, F1 of the means; " +
		"token F1: the mean per-page F1 of `\\w+` token bags); **word F1** is WCXB's evaluate.py (the mean over pages of the F1 of lowercased " +
		"`\\w+` bags; with/without found: the mean share of a page's `with` and `without` snippets in the text); **snippet F** is trafilatura's " +
		"eval_common.py (with/without snippets counted over all pages, F = 2TP / (2TP + FP + FN)). errors: pages emitted with an `error` member " +
		"(a tool's summary `errors=`, a peer's `failed=`), scored with the text they have. stale: the tools' summary `stale=` (pages whose site model " +
		"fits poorly, fit < .5), summed over the runs of a row. CPU s: user+sys of the extractor's processes (wait4 rusage, as `/usr/bin/time` " +
		"reports; a cross-validated row adds its five runs, a cross-time row its `learn`), wall s: elapsed; they were measured with other jobs " +
		"loading the machine (two runs at a time on two shared cores), so only CPU seconds compare across rows.\n\n")
	fmt.Fprintf(&b, "The whole run took %s of wall time; its %d extractor runs used %.0f s of CPU (scoring and splitting not counted).\n\n",
		ev.Wall.Round(time.Second), len(res), totalCPU(res).Seconds())
	oos := cmCV
	if ev.Folds == nil {
		oos = cmInSample
	}
	if h := formatHeadline(res, oos); h != "" {
		b.WriteString("## Headline\n\nEach set's own metric; the tools' default and `chaff extract` ")
		if oos == cmCV {
			b.WriteString("scored out of sample (" + modelLabel(cmCV) + ")")
		} else {
			b.WriteString("with the shipped model (in-sample)")
		}
		b.WriteString("; the best peer of each column named in it.\n\n" + h + "\n")
	}
	if r := pick(res, "news"); len(r) > 0 {
		b.WriteString("## The news sets (AEB)\n\n")
		b.WriteString(formatPivot(r))
		fmt.Fprintf(&b, "\n### All figures\n\nCPU of this table: %.0f s.\n\n", totalCPU(r).Seconds())
		b.WriteString(formatTable(r))
	}
	for _, sec := range tableSections {
		r := pick(res, sec.table)
		if len(r) == 0 {
			continue
		}
		b.WriteString("\n## " + sec.heading + "\n\n" + sec.intro + "\n\n")
		b.WriteString(strings.TrimRight(sec.format(r), "\n"))
		fmt.Fprintf(&b, "\n\nCPU of this table: %.0f s.\n", totalCPU(r).Seconds())
	}
	if len(ev.Notes) > 0 {
		b.WriteString("\n## Notes\n\n")
		for _, n := range ev.Notes {
			b.WriteString("- " + n + "\n")
		}
	}
	if news := pick(res, "news"); o.bySite && len(news) > 0 {
		b.WriteString("\n## By site (news sets)\n\n")
		b.WriteString(formatSites(news))
	}
	b.WriteString("\n## Regression gate\n\n`.ci/eval-gate` (run by `.ci/run` when `../shared/data` is present) reruns the tools' defaults " +
		"(the shipped content model) on the JSON lines of the three news sets and fails when a tool's F1 on a set is more than 0.01 below its `jsonl` " +
		"row of the same content model (\"" + modelLabel(cmInSample) + "\") in \"All figures\" above.\n")
	return b.String()
}
