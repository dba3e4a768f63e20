package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
)

// runPaper runs the papers' experiments (all, or those named) and writes
// their tables and figures under docs/paper/.
func runPaper(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("paper", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	outDir := fs.String("o", "docs/paper", "output folder (relative to the repo)")
	timeout := fs.Duration("timeout", 20*time.Minute, "longest one command may run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	p := &paper{env: e, out: filepath.Join(e.root, *outDir), timeout: *timeout}
	if err := os.MkdirAll(p.out, 0o755); err != nil {
		return err
	}
	if err := e.build("score"); err != nil {
		return err
	}
	which := fs.Args()
	if len(which) == 0 {
		which = []string{"ngramcut", "ampl", "rtdm", "sstclean"}
	}
	for _, w := range which {
		f := map[string]func() (string, error){"ngramcut": p.ngramcut, "ampl": p.ampl, "rtdm": p.rtdm, "sstclean": p.sstclean}[w]
		if f == nil {
			return usageErr{fmt.Errorf("no experiment %q (ngramcut, ampl, rtdm, sstclean)", w)}
		}
		if err := e.build(w); err != nil {
			fmt.Fprintf(stdout, "%s: skipped: %v\n", w, err)
			continue
		}
		start := time.Now()
		doc, err := f()
		if err != nil {
			return fmt.Errorf("%s: %v", w, err)
		}
		head := fmt.Sprintf("Written by `scripts/paper/run.sh %s` on %s at commit `%s` in %.0f s.\n\n", w,
			time.Now().UTC().Format("2006-01-02 15:04 MST"), gitCommit(e.root), time.Since(start).Seconds())
		doc = strings.Replace(doc, "\n\n", "\n\n"+head, 1)
		path := filepath.Join(p.out, w+".md")
		if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
			return err
		}
		fmt.Fprint(stdout, doc, "\n")
		fmt.Fprintf(stderr, "evalrun: wrote %s\n", path)
	}
	return nil
}

type paper struct {
	*env
	out     string
	timeout time.Duration
}

// run runs bin/<tool> args with stdout into the file out; stderr is returned.
func (p *paper) run(out, tool string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), p.timeout)
	defer cancel()
	u, errText, err := runCmds(out, exec.CommandContext(ctx, filepath.Join(p.bin, tool), args...))
	if ctx.Err() != nil {
		return errText, fmt.Errorf("stopped after %v (--timeout)", p.timeout)
	}
	fmt.Fprintf(p.stderr, "evalrun: paper %s %s: cpu %.1fs wall %.1fs\n", tool, strings.Join(args, " "), u.CPU.Seconds(), u.Wall.Seconds())
	if err != nil {
		return errText, fmt.Errorf("%v: %s", err, lastLine(errText))
	}
	return errText, nil
}

// score returns score's rows (by site, then overall) for a predictions file.
func (p *paper) score(pred string, extra ...string) ([]map[string]any, error) {
	c := exec.Command(filepath.Join(p.bin, "score"), append(append([]string{"-q"}, extra...), pred)...)
	var out bytes.Buffer
	c.Stdout = &out
	if err := c.Run(); err != nil {
		return nil, fmt.Errorf("score: %v", err)
	}
	var rows []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			return nil, err
		}
		rows = append(rows, m)
	}
	return rows, nil
}

// readRecords decodes a predictions file, giving each record's members.
func readRecords(path string, each func(m map[string]json.RawMessage)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := br.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var m map[string]json.RawMessage
			if jerr := json.Unmarshal(line, &m); jerr != nil {
				return jerr
			}
			each(m)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

func str(raw json.RawMessage) string {
	var s string
	json.Unmarshal(raw, &s)
	return s
}

// filterPages writes the pages of in for which keep(record) holds, as JSON lines.
func filterPages(in, out string, keep func(*record.Record) bool) (int, error) {
	r := stream.NewReader([]string{in}, nil, stream.Options{})
	defer r.Close()
	f, err := os.Create(out)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	w := record.NewWriter(f)
	n := 0
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			continue
		}
		if keep(rec) {
			if err := w.Write(rec); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, w.Flush()
}

func fv(m map[string]any, k string) string {
	v, ok := m[k].(float64)
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%.3f", v)
}

// ngramcut: the shape of Table 1 of Ikeda et al. 2001: per site (same-site
// sets) and for all sites mixed (--site-key none), the cut point (n, a)
// FindOptimal chose and the character accuracy/recall/precision against the
// gold spans of the synthetic corpus; on the real sets F1 (no gold spans).
func (p *paper) ngramcut() (string, error) {
	var b strings.Builder
	b.WriteString("# ngramcut: same-site and mixed-site sets (the shape of Table 1 of Ikeda et al. 2001)\n\n")
	b.WriteString("Each set is cut per site (`ngramcut run`, the sites as the records name them) and with all its pages as one set " +
		"(`--site-key none`, the paper's mixed-site experiment), with ngramcut's default options (n = 20, W = the n-grams in >= 20% of the sample's pages, " +
		"kept runs of >= 150 characters) and with `--faithful` (the paper: W = the top a% by count, FindOptimal's search from (2, 1), every kept run). " +
		"The cut point is the (n, a) used for the set (FindOptimal's choice under `--faithful`). " +
		"On the synthetic corpus (`go run ./scripts/synth`: 4 sites, one Japanese-like, with the gold byte spans of the content) the " +
		"paper's character measures are computed by `score` from the kept byte spans: accuracy = correctly classified bytes / all bytes, " +
		"recall = kept content bytes / content bytes, precision = kept content bytes / kept bytes. The real sets have gold text only: F1 is the shingle F1.\n\n")
	syn := filepath.Join(p.tmp, "synthetic.jsonl.zst")
	if err := p.synth("-o", syn); err != nil {
		return "", err
	}
	type set struct{ name, path string }
	all := []set{{"synthetic", syn}}
	if p.hasData() {
		for _, s := range sets {
			all = append(all, set{s, filepath.Join(p.data, s+".jsonl.zst")})
		}
	} else {
		b.WriteString("(`../shared/data` is absent: the synthetic corpus only.)\n\n")
	}
	b.WriteString("| options | set | grouping | site | pages | cut point (n, a) | char accuracy | char recall | char precision | P | R | F1 |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, cfg := range []struct {
		name string
		args []string
	}{{"default", nil}, {"--faithful", []string{"--faithful"}}} {
		for _, s := range all {
			for _, mixed := range []bool{false, true} {
				pred := filepath.Join(p.tmp, "ngramcut.jsonl")
				args := append([]string{"run", "--drop-html"}, cfg.args...)
				group := "per site"
				if mixed {
					args = append(args, "--site-key", "none")
					group = "mixed (--site-key none)"
				}
				if _, err := p.run(pred, "ngramcut", append(args, s.path)...); err != nil {
					fmt.Fprintf(&b, "| %s | %s | %s | | | failed: %v | | | | | | |\n", cfg.name, s.name, group, err)
					continue
				}
				cut := map[string]string{}
				err := readRecords(pred, func(m map[string]json.RawMessage) {
					var d struct{ N, A int }
					json.Unmarshal(m["ngramcut"], &d)
					site := str(m["site"])
					c := fmt.Sprintf("(%d, %d)", d.N, d.A)
					if d.A == 0 {
						c = fmt.Sprintf("(%d, W by df)", d.N)
					}
					if _, ok := cut[site]; !ok && d.N > 0 {
						cut[site] = c
					}
					if _, ok := cut["*"]; mixed && !ok && d.N > 0 {
						cut["*"] = c
					}
				})
				if err != nil {
					return "", err
				}
				gold := []string{}
				if s.name == "synthetic" {
					// the html is needed for the character measures: score reads it from the gold file.
					gold = []string{"--gold", s.path, "--key", "id"}
				}
				extra := append([]string{"--by", "site"}, gold...)
				if mixed {
					extra = gold
				}
				rows, err := p.score(pred, extra...)
				if err != nil {
					return "", err
				}
				for _, r := range rows {
					site, _ := r["site"].(string)
					c := cut[site]
					if site == "" {
						site = "all"
						if mixed {
							c = cut["*"]
						} else {
							c = "per site"
						}
					}
					fmt.Fprintf(&b, "| %s | %s | %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |\n", cfg.name, s.name, group, site, int(flt(r["pages"])), c,
						fv(r, "char_accuracy"), fv(r, "char_recall"), fv(r, "char_precision"), fv(r, "precision"), fv(r, "recall"), fv(r, "f1"))
				}
				os.Remove(pred)
			}
		}
	}
	return b.String(), nil
}

// ampl: F(f) plots (Figs. 2, 5, 6 of Ikeda et al. 2003) for one site, three
// sites mixed and a list-heavy page set, by `ampl peaks --svg`.
func (p *paper) ampl() (string, error) {
	var b strings.Builder
	b.WriteString("# ampl: F(f) for one site, three sites mixed, and a list-heavy set (Figs. 2, 5, 6 of Ikeda et al. 2003)\n\n")
	b.WriteString("Each figure is `ampl peaks --svg` (log-log F(f), default options) on one page set; the table gives the maximal peak f_p " +
		"and the set's number of pages |S| (the paper: f_p = |S| when every page shares one template; several templates or lists give peaks below it, " +
		"and list items repeated within pages give peaks at multiples).\n\n")
	syn := filepath.Join(p.tmp, "synthetic.jsonl.zst")
	if err := p.synth("-o", syn); err != nil {
		return "", err
	}
	list := filepath.Join(p.tmp, "list.jsonl.zst")
	if err := p.synth("-sites", "1", "-cjk=false", "-pages", "30", "-index", "30", "-seed", "7", "-o", list); err != nil {
		return "", err
	}
	type fig struct{ name, what, in string }
	var figs []fig
	one := filepath.Join(p.tmp, "one.jsonl")
	three := filepath.Join(p.tmp, "three.jsonl")
	var siteNames []string
	if p.hasData() {
		big9 := filepath.Join(p.data, "big9-2005-2013.jsonl.zst")
		if _, err := filterPages(big9, one, func(r *record.Record) bool { return r.Site == "arstechnica.com" }); err != nil {
			return "", err
		}
		siteNames = []string{"arstechnica.com", "www.bbc.co.uk", "www.cnn.com"}
		// pick the first three sites present
		seen := map[string]bool{}
		var order []string
		filterPages(big9, filepath.Join(p.tmp, "scan.jsonl"), func(r *record.Record) bool {
			if !seen[r.Site] {
				seen[r.Site] = true
				order = append(order, r.Site)
			}
			return false
		})
		if len(order) >= 3 {
			siteNames = order[:3]
		}
		if !seen["arstechnica.com"] && len(order) > 0 {
			filterPages(big9, one, func(r *record.Record) bool { return r.Site == order[0] })
		}
		if _, err := filterPages(big9, three, func(r *record.Record) bool {
			return r.Site == siteNames[0] || r.Site == siteNames[1] || r.Site == siteNames[2]
		}); err != nil {
			return "", err
		}
		figs = append(figs, fig{"ampl-one-site", "one real site (big9 arstechnica.com: 10 pages of 2005, 10 of 2013)", one},
			fig{"ampl-three-sites", "three real sites mixed (big9 " + strings.Join(siteNames, ", ") + ", `--site-key none`)", three})
	}
	// synthetic counterparts
	synOne := filepath.Join(p.tmp, "synone.jsonl")
	synThree := filepath.Join(p.tmp, "synthree.jsonl")
	var synSites []string
	seen := map[string]bool{}
	filterPages(syn, filepath.Join(p.tmp, "scan2.jsonl"), func(r *record.Record) bool {
		if !seen[r.Site] {
			seen[r.Site] = true
			synSites = append(synSites, r.Site)
		}
		return false
	})
	filterPages(syn, synOne, func(r *record.Record) bool { return r.Site == synSites[0] })
	filterPages(syn, synThree, func(r *record.Record) bool {
		return len(synSites) >= 3 && (r.Site == synSites[0] || r.Site == synSites[1] || r.Site == synSites[2])
	})
	figs = append(figs, fig{"ampl-synthetic-one-site", "one synthetic site (" + synSites[0] + ", two article templates and index pages)", synOne},
		fig{"ampl-synthetic-three-sites", "three synthetic sites mixed (`--site-key none`)", synThree},
		fig{"ampl-list-heavy", "a list-heavy set: 30 synthetic index pages of one site (lists of links)", list})
	b.WriteString("| figure | page set | pages | maximal peak f_p | F(f_p) | G(f_p) |\n|---|---|---|---|---|---|\n")
	for _, f := range figs {
		svg := filepath.Join(p.out, f.name+".svg")
		tsv := filepath.Join(p.tmp, f.name+".tsv")
		args := []string{"peaks", "--svg", svg, "--site-key", "none"}
		if _, err := p.run(tsv, "ampl", append(args, f.in)...); err != nil {
			fmt.Fprintf(&b, "| %s | %s | | failed: %v | | |\n", f.name, f.what, err)
			continue
		}
		pages, _ := countPages(f.in)
		peak, F, G := "-", "-", "-"
		data, _ := os.ReadFile(tsv)
		for _, l := range strings.Split(string(data), "\n") {
			c := strings.Split(l, "\t")
			if len(c) >= 6 && c[5] == "max" {
				peak, F, G = c[1], c[3], c[4]
			}
		}
		fmt.Fprintf(&b, "| [%s](%s.svg) | %s | %d | %s | %s | %s |\n", f.name, f.name, f.what, pages, peak, F, G)
	}
	b.WriteString("\nThe page sets are put together with `--site-key none` so that each figure is one curve of exactly that set.\n")
	return b.String(), nil
}

func countPages(path string) (int, error) {
	c, err := count("", []string{path})
	if err != nil {
		return 0, err
	}
	return c.Pages, nil
}

// rtdm: Table 1 of Reis et al. 2004 (correct / erroneous / not extracted)
// and the RTDM vs top-down timing curve of Fig. 10.
func (p *paper) rtdm() (string, error) {
	var b strings.Builder
	b.WriteString("# rtdm: extraction outcome per set (Table 1 of Reis et al. 2004) and RTDM vs top-down time (Fig. 10)\n\n")
	b.WriteString("`rtdm run` on each set (learning per site). A page is *not extracted* when rtdm emits it with an `error` " +
		"(no pattern and no passage long enough) or an empty text, *correct* when its body's shingle F1 against the gold is at least 0.8, " +
		"*erroneous* otherwise (the paper judged by hand; 0.8 is our stand-in). Title: rtdm's `title` against `gold_title` " +
		"(where the gold marks one: big9, cleanportaleval, synthetic), equal after collapsing spaces and case.\n\n")
	type set struct{ name, path string }
	syn := filepath.Join(p.tmp, "synthetic.jsonl.zst")
	if err := p.synth("-o", syn); err != nil {
		return "", err
	}
	all := []set{{"synthetic", syn}}
	if p.hasData() {
		for _, s := range sets {
			all = append(all, set{s, filepath.Join(p.data, s+".jsonl.zst")})
		}
	}
	b.WriteString("| set | pages | correct | erroneous | not extracted | titles correct / with gold title | F1 |\n|---|---|---|---|---|---|---|\n")
	space := regexp.MustCompile(`\s+`)
	norm := func(s string) string { return strings.ToLower(strings.TrimSpace(space.ReplaceAllString(s, " "))) }
	for _, s := range all {
		pred := filepath.Join(p.tmp, "rtdm.jsonl")
		if _, err := p.run(pred, "rtdm", "run", "--drop-html", s.path); err != nil {
			fmt.Fprintf(&b, "| %s | failed: %v |\n", s.name, err)
			continue
		}
		type pg struct {
			failed, empty         bool
			titleOK, hasGoldTitle bool
		}
		pages := map[string]*pg{}
		var order []string
		readRecords(pred, func(m map[string]json.RawMessage) {
			id := str(m["id"])
			x := &pg{failed: m["error"] != nil, empty: strings.TrimSpace(str(m["text"])) == ""}
			if gt := str(m["gold_title"]); gt != "" {
				x.hasGoldTitle = true
				x.titleOK = norm(gt) == norm(str(m["title"]))
			}
			pages[id] = x
			order = append(order, id)
		})
		rows, err := p.score(pred, "--pages")
		if err != nil {
			return "", err
		}
		correct, wrong, none, tOK, tAll := 0, 0, 0, 0, 0
		var overall map[string]any
		for _, r := range rows {
			id, ok := r["id"].(string)
			if !ok {
				overall = r
				continue
			}
			x := pages[id]
			if x == nil {
				continue
			}
			switch {
			case x.failed || x.empty:
				none++
			case flt(r["f1"]) >= 0.8:
				correct++
			default:
				wrong++
			}
			if x.hasGoldTitle {
				tAll++
				if x.titleOK {
					tOK++
				}
			}
		}
		n := correct + wrong + none
		pct := func(k int) string { return fmt.Sprintf("%d (%.1f%%)", k, 100*float64(k)/math.Max(float64(n), 1)) }
		titles := "-"
		if tAll > 0 {
			titles = fmt.Sprintf("%d / %d", tOK, tAll)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %s | %s | %s |\n", s.name, n, pct(correct), pct(wrong), pct(none), titles, fv(overall, "f1"))
		os.Remove(pred)
	}

	// timing: page pairs of one site, of growing size.
	b.WriteString("\n## RTDM vs top-down time\n\n`rtdm dist --algo both` on pairs of pages of one site (consecutive pages of the same site, " +
		"sorted by size), the time of each algorithm as it reports it on stderr. x = nodes of the two trees together.\n\n")
	src := syn
	if p.hasData() {
		src = filepath.Join(p.data, "dragnet-even.jsonl.zst")
	}
	pairs, err := pagePairs(src, p.tmp, 14)
	if err != nil {
		return "", err
	}
	type pt struct {
		nodes         int
		rtdm, topdown float64
		dist1, dist2  float64
	}
	var pts []pt
	msRe := regexp.MustCompile(`rtdm: (rtdm|topdown) ms=([0-9.]+)`)
	for _, pair := range pairs {
		var out bytes.Buffer
		var errb bytes.Buffer
		c := exec.Command(filepath.Join(p.bin, "rtdm"), "dist", "--algo", "both", pair)
		c.Stdout, c.Stderr = &out, &errb
		if err := c.Run(); err != nil {
			continue
		}
		var d map[string]float64
		json.Unmarshal(out.Bytes(), &d)
		x := pt{nodes: int(d["size_a"] + d["size_b"]), dist1: d["rtdm"], dist2: d["topdown"]}
		for _, m := range msRe.FindAllStringSubmatch(errb.String(), -1) {
			v, _ := strconv.ParseFloat(m[2], 64)
			if m[1] == "rtdm" {
				x.rtdm = v
			} else {
				x.topdown = v
			}
		}
		pts = append(pts, x)
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i].nodes < pts[j].nodes })
	b.WriteString("| nodes (both trees) | RTDM ms | top-down ms | top-down / RTDM | RTDM distance | top-down distance |\n|---|---|---|---|---|---|\n")
	var s1, s2 [][2]float64
	for _, x := range pts {
		fmt.Fprintf(&b, "| %d | %.2f | %.2f | %.0fx | %.0f | %.0f |\n", x.nodes, x.rtdm, x.topdown, x.topdown/math.Max(x.rtdm, 1e-3), x.dist1, x.dist2)
		s1 = append(s1, [2]float64{float64(x.nodes), x.rtdm})
		s2 = append(s2, [2]float64{float64(x.nodes), x.topdown})
	}
	svg := lineSVG("RTDM vs top-down tree edit distance", "nodes of both trees", "ms", []series{{"RTDM", "#1f77b4", s1}, {"top-down", "#d62728", s2}})
	if err := os.WriteFile(filepath.Join(p.out, "rtdm-timing.svg"), []byte(svg), 0o644); err != nil {
		return "", err
	}
	b.WriteString("\n![RTDM vs top-down](rtdm-timing.svg)\n\nThe times are single runs on a shared, loaded machine (wall clock inside the tool); the ratio within a pair is what compares.\n")
	return b.String(), nil
}

// pagePairs writes n files of two same-site pages each, spread over page
// sizes, and returns their paths.
func pagePairs(src, dir string, n int) ([]string, error) {
	r := stream.NewReader([]string{src}, nil, stream.Options{})
	defer r.Close()
	bySite := map[string][]*record.Record{}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			continue
		}
		bySite[rec.Site] = append(bySite[rec.Site], rec)
	}
	var pairs [][2]*record.Record
	for _, recs := range bySite {
		for i := 0; i+1 < len(recs); i += 2 {
			pairs = append(pairs, [2]*record.Record{recs[i], recs[i+1]})
		}
	}
	sort.Slice(pairs, func(i, j int) bool {
		return len(pairs[i][0].HTML)+len(pairs[i][1].HTML) < len(pairs[j][0].HTML)+len(pairs[j][1].HTML)
	})
	var out []string
	for k := 0; k < n && len(pairs) > 0; k++ {
		i := k * (len(pairs) - 1) / max(n-1, 1)
		path := filepath.Join(dir, fmt.Sprintf("pair%02d.jsonl", k))
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		w := record.NewWriter(f)
		w.Write(pairs[i][0])
		w.Write(pairs[i][1])
		w.Flush()
		f.Close()
		out = append(out, path)
	}
	return out, nil
}

type series struct {
	name, color string
	pts         [][2]float64
}

// lineSVG draws series as lines with points on linear axes.
func lineSVG(title, xl, yl string, ss []series) string {
	const W, H, L, R, T, B = 640.0, 400.0, 70.0, 20.0, 40.0, 50.0
	maxX, maxY := 1.0, 1.0
	for _, s := range ss {
		for _, p := range s.pts {
			maxX, maxY = math.Max(maxX, p[0]), math.Max(maxY, p[1])
		}
	}
	x := func(v float64) float64 { return L + (W-L-R)*v/maxX }
	y := func(v float64) float64 { return H - B - (H-T-B)*v/maxY }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="12">`+"\n", W, H)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/><text x="%.0f" y="22" font-size="14">%s</text>`+"\n", L, title)
	fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/><line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="black"/>`+"\n",
		L, H-B, W-R, H-B, L, T, L, H-B)
	for i := 0; i <= 4; i++ {
		vx, vy := maxX*float64(i)/4, maxY*float64(i)/4
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">%.0f</text>`, x(vx), H-B+16, vx)
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="end">%.1f</text>`+"\n", L-6, y(vy)+4, vy)
	}
	fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" text-anchor="middle">%s</text><text x="16" y="%.0f" transform="rotate(-90 16 %.0f)" text-anchor="middle">%s</text>`+"\n",
		(L+W-R)/2, H-12, xl, (T+H-B)/2, (T+H-B)/2, yl)
	for k, s := range ss {
		var pts []string
		for _, p := range s.pts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p[0]), y(p[1])))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`, x(p[0]), y(p[1]), s.color)
		}
		fmt.Fprintf(&b, "\n"+`<polyline fill="none" stroke="%s" points="%s"/>`+"\n", s.color, strings.Join(pts, " "))
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="12" height="3" fill="%s"/><text x="%.0f" y="%.0f">%s</text>`+"\n", L+20, T+10+float64(k)*18, s.color, L+38, T+15+float64(k)*18, s.name)
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// sstclean: noisy and kept node counts per site (its "sstclean": {"noisy",
// "kept"} detail) with the site's F1.
func (p *paper) sstclean() (string, error) {
	var b strings.Builder
	b.WriteString("# sstclean: noisy and meaningful parts per site (after Yi, Liu, Li 2003)\n\n")
	b.WriteString("`sstclean run` on each set (learning per site, default options); per site the mean per page of the parts marked noisy " +
		"and of the parts kept (its `\"sstclean\": {\"noisy\", \"kept\"}` detail), the share noisy, and the site's F1.\n\n")
	type set struct{ name, path string }
	syn := filepath.Join(p.tmp, "synthetic.jsonl.zst")
	if err := p.synth("-o", syn); err != nil {
		return "", err
	}
	all := []set{{"synthetic", syn}}
	if p.hasData() {
		for _, s := range sets {
			all = append(all, set{s, filepath.Join(p.data, s+".jsonl.zst")})
		}
	}
	b.WriteString("| set | site | pages | noisy / page | kept / page | noisy share | F1 |\n|---|---|---|---|---|---|---|\n")
	for _, s := range all {
		pred := filepath.Join(p.tmp, "sst.jsonl")
		if _, err := p.run(pred, "sstclean", "run", "--drop-html", s.path); err != nil {
			fmt.Fprintf(&b, "| %s | failed: %v |\n", s.name, err)
			continue
		}
		type agg struct{ pages, noisy, kept int }
		by := map[string]*agg{}
		readRecords(pred, func(m map[string]json.RawMessage) {
			var d struct{ Noisy, Kept int }
			json.Unmarshal(m["sstclean"], &d)
			site := str(m["site"])
			a := by[site]
			if a == nil {
				a = &agg{}
				by[site] = a
			}
			a.pages++
			a.noisy += d.Noisy
			a.kept += d.Kept
		})
		rows, err := p.score(pred, "--by", "site")
		if err != nil {
			return "", err
		}
		for _, r := range rows {
			site, _ := r["site"].(string)
			a := &agg{}
			if site == "" {
				site = "**all**"
				for _, x := range by {
					a.pages += x.pages
					a.noisy += x.noisy
					a.kept += x.kept
				}
			} else if by[site] != nil {
				a = by[site]
			}
			np := float64(max(a.pages, 1))
			fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %.1f | %.2f | %s |\n", s.name, site, a.pages, float64(a.noisy)/np, float64(a.kept)/np,
				float64(a.noisy)/math.Max(float64(a.noisy+a.kept), 1), fv(r, "f1"))
		}
		os.Remove(pred)
	}
	return b.String(), nil
}
