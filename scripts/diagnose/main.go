// Command diagnose prints what an algorithm does on the real pages of ../shared/data, for
// studying it (these were environment-gated tests that only printed; they assert nothing):
//
//	go run ./scripts/diagnose ampl-site -set dragnet-even -site everywhereist.com [-show]
//	go run ./scripts/diagnose ngramcut-sweep [-sets big9-2005-2013,dragnet-even]
//	go run ./scripts/diagnose rtdm-page -set big9-2005-2013 -id ID [-pattern]
//
// ampl-site: per-page precision and recall of one site under ampl's defaults with
// --min-words 25 (-show: the first page's gold and text). ngramcut-sweep: learns once per
// site and sweeps apply-time settings (--min-run) for a few learning options, F1 per set.
// rtdm-page: the clusters of a page's site, the page's match and passages, and the roots of
// its body (-pattern: the matched ne-pattern). It exits 2 on a usage error, 1 when the data
// is absent or the page or site is not found.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/ampl"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/ngramcut"
	"github.com/chaffkit/chaff/lib/rtdm"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

var commands = map[string]func(args []string, out io.Writer) error{
	"ampl-site":      amplSite,
	"ngramcut-sweep": ngramcutSweep,
	"rtdm-page":      rtdmPage,
}

// usageError is a mistake in the command line (exit 2).
type usageError struct{ error }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || commands[args[0]] == nil {
		fmt.Fprintf(stderr, "diagnose: want one of ampl-site, ngramcut-sweep, rtdm-page (see the package doc)\n")
		return 2
	}
	if err := commands[args[0]](args[1:], stdout); err != nil {
		fmt.Fprintf(stderr, "diagnose %s: %v\n", args[0], err)
		if _, ok := err.(usageError); ok {
			return 2
		}
		return 1
	}
	return 0
}

func parse(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	return nil
}

// sitePages returns the pages of site in set.
func sitePages(set, site string) ([]devdata.Page, error) {
	pages, err := devdata.Read(set)
	if err != nil {
		return nil, err
	}
	var out []devdata.Page
	for _, p := range pages {
		if p.Site == site {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no page of site %q in %s", site, set)
	}
	return out, nil
}

func amplSite(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ampl-site", flag.ContinueOnError)
	set := fs.String("set", "dragnet-even", "the set")
	site := fs.String("site", "", "the site")
	show := fs.Bool("show", false, "print the first page's gold and text")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *site == "" {
		return usageError{fmt.Errorf("-site is required")}
	}
	ps, err := sitePages(*set, *site)
	if err != nil {
		return err
	}
	html := make([]string, len(ps))
	for i, p := range ps {
		html[i] = p.HTML
	}
	o := ampl.Default()
	o.MinWords = 25
	m, err := ampl.Learn(html, o)
	if err != nil {
		return err
	}
	for _, p := range ps {
		text := m.Text(p.HTML)
		c := metric.ShingleCounts(text, p.Gold)
		pr, _ := c.Precision()
		rc, _ := c.Recall()
		fmt.Fprintf(out, "%s len html %d all %d text %d gold %d P %.2f R %.2f\n", p.ID, len(p.HTML), len(htmltext.Render(p.HTML)), len(text), len(p.Gold), pr, rc)
	}
	if *show {
		fmt.Fprintf(out, "GOLD: %.1500s\nTEXT: %.3000s\n", ps[0].Gold, m.Text(ps[0].HTML))
	}
	return nil
}

func ngramcutSweep(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("ngramcut-sweep", flag.ContinueOnError)
	sets := fs.String("sets", "big9-2005-2013,dragnet-even,cleanportaleval", "the sets, comma-separated")
	if err := parse(fs, args); err != nil {
		return err
	}
	learnOpts := []ngramcut.Options{{MinDocFrac: 0.2, N: 20}, {MinDocFrac: 0.4, N: 20}, {MinDocFrac: 0.2, N: 30}, {MinDocFrac: 0.4, N: 30}, {MinDocFrac: 0.2, N: 40}, {MinDocFrac: 0.3, N: 30}}
	runs := []int{0, 100, 150, 200, 300}
	for _, set := range strings.Split(*sets, ",") {
		pages, err := devdata.Read(set)
		if err != nil {
			return err
		}
		bySite := map[string][]devdata.Page{}
		var sites []string
		for _, p := range pages {
			if bySite[p.Site] == nil {
				sites = append(sites, p.Site)
			}
			bySite[p.Site] = append(bySite[p.Site], p)
		}
		slices.Sort(sites)
		for _, lo := range learnOpts {
			all := make([]metric.Shingles, len(runs))
			for _, s := range sites {
				ps := bySite[s]
				html := make([]string, len(ps))
				for i, p := range ps {
					html[i] = p.HTML
				}
				m, err := ngramcut.Learn(html, lo)
				if err != nil {
					return err
				}
				for ri, mr := range runs {
					m.MinRun = mr
					for _, p := range ps {
						all[ri].Add(htmltext.RenderSpans(p.HTML, m.Spans(p.HTML)), p.Gold)
					}
				}
			}
			fmt.Fprintf(out, "%s df>=%.2f n=%d:", set, lo.MinDocFrac, lo.N)
			for ri, mr := range runs {
				r := all[ri].Result()
				fmt.Fprintf(out, "  run%d %.3f (P%.2f R%.2f)", mr, r.F1, r.Precision, r.Recall)
			}
			fmt.Fprintln(out)
		}
	}
	return nil
}

func rtdmPage(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("rtdm-page", flag.ContinueOnError)
	set := fs.String("set", "big9-2005-2013", "the set")
	id := fs.String("id", "", "the page's id")
	pattern := fs.Bool("pattern", false, "print the matched ne-pattern")
	if err := parse(fs, args); err != nil {
		return err
	}
	pages, err := devdata.Read(*set)
	if err != nil {
		return err
	}
	site := ""
	for _, p := range pages {
		if p.ID == *id {
			site = p.Site
		}
	}
	if site == "" {
		return fmt.Errorf("no page %q in %s", *id, *set)
	}
	var pgs []*rtdm.Page
	target := -1
	for _, p := range pages {
		if p.Site == site {
			if p.ID == *id {
				target = len(pgs)
			}
			pgs = append(pgs, rtdm.NewPage(p.HTML))
		}
	}
	m, cl := rtdm.Learn(pgs, rtdm.DefaultOptions)
	fmt.Fprintln(out, "clusters", cl)
	ex, err := m.Extract(pgs[target], rtdm.DefaultOptions)
	fmt.Fprintln(out, "err", err, "cluster", ex.Cluster, "cost", ex.Cost, "soft", ex.Soft, "title", ex.Title, "body", ex.Body, "doctitle", rtdm.DocTitle(pgs[target].Tree))
	for i, p := range ex.Passages {
		fmt.Fprintf(out, "%3d pos=%5d %s w=%4d links=%4d comments=%v head=%v %.150q\n", i, p.Pos, p.Kind, p.Words, p.LinkWords, p.Comments, p.InHead, p.Text)
	}
	if ex.Body >= 0 {
		pg := pgs[target]
		for _, r := range ex.Passages[ex.Body].Roots {
			one := []rtdm.Passage{{Roots: []int32{r}}}
			rtdm.FillText(pg.Tree, one)
			lw, texts := 0, 0
			for i := int(r); i < int(r)+int(pg.Tree.Nodes[r].Size); i++ {
				n := &pg.Tree.Nodes[i]
				if n.Tag != rtdm.TextTag {
					continue
				}
				texts++
				for a := n.Parent; a > r; a = pg.Tree.Nodes[a].Parent {
					if pg.Tree.Nodes[a].Tag == "a" {
						q := []rtdm.Passage{{Roots: []int32{int32(i)}}}
						rtdm.FillText(pg.Tree, q)
						lw += q[0].Words
						break
					}
				}
			}
			fmt.Fprintf(out, "   root %d <%s> w=%d link=%d texts=%d %.120q\n", r, pg.Tree.Nodes[r].Tag, one[0].Words, lw, texts, one[0].Text)
		}
	}
	if *pattern {
		for _, p := range m.Patterns {
			if p.Cluster == ex.Cluster {
				p.Tree.Indent(out, 50)
			}
		}
	}
	return nil
}
