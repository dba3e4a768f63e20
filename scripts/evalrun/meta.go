package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// metaFields are the members of the "meta" member, in the table's order.
var metaFields = []string{"lang", "published", "modified", "author", "site_name", "description", "image", "canonical"}

// metaExtractors are chaff extract and the peers that read metadata (the Go ones, run by
// `peer -x`; x is "" for chaff), named as in the evaluation's tables.
var metaExtractors = func() []struct{ name, x string } {
	out := []struct{ name, x string }{{"chaff extract", ""}}
	for _, p := range peers {
		if p.x != "" {
			out = append(out, struct{ name, x string }{p.name, p.x})
		}
	}
	return out
}()

// runMeta measures the "meta" member against the peers on the same pages: how often each
// extractor gives each member, and how often the date it gives agrees with a date in the
// page's address (the one check of a date these sets allow: none has gold metadata).
// It writes docs/METADATA.md (-o), or prints with -o -.
func runMeta(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("meta", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	out := fs.String("o", "", "where to write the table (default docs/METADATA.md; - for stdout)")
	if err := fs.Parse(args); err != nil {
		return usageErr{err}
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	if !e.hasData() {
		fmt.Fprintf(stdout, "evalrun meta: no evaluation data at %s: nothing measured\n", e.data)
		return nil
	}
	for _, b := range []string{"chaff", "peer"} {
		if err := e.build(b); err != nil {
			return err
		}
	}
	counts := map[string]map[string]*metaCount{} // extractor -> set -> counts
	for _, x := range metaExtractors {
		counts[x.name] = map[string]*metaCount{}
		for _, set := range modelSets { // the five dev sets
			in := filepath.Join(e.data, set+".jsonl.zst")
			cmd := exec.Command(filepath.Join(e.bin, "peer"), "-x", x.x, in)
			if x.x == "" {
				cmd = exec.Command(filepath.Join(e.bin, "chaff"), "extract", "--drop-html", in)
			}
			fmt.Fprintf(stderr, "evalrun meta: %s on %s\n", x.name, set)
			c, err := countMeta(cmd)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", x.name, set, err)
			}
			counts[x.name][set] = c
		}
	}
	doc := metaDoc(counts)
	if *out == "-" {
		_, err := io.WriteString(stdout, doc)
		return err
	}
	path := *out
	if path == "" {
		path = filepath.Join(e.root, "docs", "METADATA.md")
	}
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "evalrun meta: wrote %s\n", path)
	return nil
}

// metaCount is what one extractor gave on one set.
type metaCount struct {
	pages int
	has   map[string]int // member -> pages that have it
	// Pages whose address holds a date (urlDate), those the extractor gave a published date
	// for, those whose date agrees with the address's, and those within a day of it.
	urlDated, dated, agree, withinDay int
}

// add adds o's counts to c's.
func (c *metaCount) add(o *metaCount) {
	c.pages += o.pages
	for f, n := range o.has {
		c.has[f] += n
	}
	c.urlDated += o.urlDated
	c.dated += o.dated
	c.agree += o.agree
	c.withinDay += o.withinDay
}

func countMeta(cmd *exec.Cmd) (*metaCount, error) {
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var errBuf strings.Builder
	cmd.Stderr = &errBuf
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &metaCount{has: map[string]int{}}
	sc := bufio.NewScanner(pipe)
	sc.Buffer(nil, 1<<30)
	for sc.Scan() {
		var r struct {
			URL  string            `json:"url"`
			Meta map[string]string `json:"meta"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, err
		}
		c.pages++
		for _, f := range metaFields {
			if r.Meta[f] != "" {
				c.has[f]++
			}
		}
		c.addDate(r.URL, r.Meta["published"])
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, lastLine(errBuf.String()))
	}
	return c, sc.Err()
}

// urlDates find a date in an address: /2013/11/04/, -2013-11-04, /2013/11/ (a month).
var urlDates = []*regexp.Regexp{
	regexp.MustCompile(`/((?:19|20)\d\d)/(\d\d)/(\d\d)(?:/|$|\D)`),
	regexp.MustCompile(`[/_-]((?:19|20)\d\d)-(\d\d)-(\d\d)(?:[/_.-]|$)`),
	regexp.MustCompile(`/((?:19|20)\d\d)/(\d\d)/()`),
}

// addDate counts a page's published date against the date in its address, to the day (to
// the month where the address gives a month).
func (c *metaCount) addDate(url, published string) {
	var g []string
	for _, re := range urlDates {
		if g = re.FindStringSubmatch(url); g != nil {
			break
		}
	}
	if g == nil {
		return
	}
	c.urlDated++
	if len(published) < 10 {
		return
	}
	c.dated++
	if g[3] == "" {
		if published[:7] == g[1]+"-"+g[2] {
			c.agree++
			c.withinDay++
		}
		return
	}
	want, err1 := time.Parse("2006-01-02", g[1]+"-"+g[2]+"-"+g[3])
	got, err2 := time.Parse("2006-01-02", published[:10])
	if err1 != nil || err2 != nil {
		return
	}
	d := got.Sub(want)
	if d == 0 {
		c.agree++
	}
	if d >= -24*time.Hour && d <= 24*time.Hour {
		c.withinDay++
	}
}

func metaDoc(counts map[string]map[string]*metaCount) string {
	var b strings.Builder
	b.WriteString("# The meta member, against the peers\n\n" +
		"Written by `go run ./scripts/evalrun meta` from the dev sets' JSON lines in `../shared/data`. " +
		"`chaff extract` (and every site tool's default content join) gives each page a `meta` member: what the page " +
		"says of its language, dates, authors, site name, description, image and canonical address (`content.Metadata`; " +
		"docs/DESIGN.md). The Go peers read the same kinds of things; `peer -x NAME` writes them under the same names. " +
		"No set has gold metadata, so the first table says how often each extractor gives each member, and the second " +
		"checks dates the one way these pages allow: against a date in the page's address (`/2013/11/04/`), to the day " +
		"(to the month where the address gives a month), and within a day (a date given in UTC for an evening's post, a " +
		"paper's print date).\n\n")
	b.WriteString("## How often each member is given (share of pages, all five sets)\n\n| extractor | pages |")
	for _, f := range metaFields {
		b.WriteString(" " + f + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(metaFields)) + "\n")
	for _, x := range metaExtractors {
		all := &metaCount{has: map[string]int{}}
		for _, set := range modelSets { // the five dev sets
			all.add(counts[x.name][set])
		}
		fmt.Fprintf(&b, "| %s | %d |", x.name, all.pages)
		for _, f := range metaFields {
			if all.has[f] == 0 {
				b.WriteString(" - |")
				continue
			}
			fmt.Fprintf(&b, " %.0f%% |", 100*float64(all.has[f])/float64(all.pages))
		}
		b.WriteString("\n")
	}
	b.WriteString("\n\"-\": the extractor has no such member.\n\n## Published dates against the date in the address\n\n" +
		"| extractor | set | pages with a date in the address | given a date | agrees | within a day |\n|---|---|---|---|---|---|\n")
	for _, x := range metaExtractors {
		tot := &metaCount{has: map[string]int{}}
		for _, set := range modelSets { // the five dev sets
			c := counts[x.name][set]
			if c.urlDated > 0 {
				fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s |\n", x.name, set, c.urlDated, share(c.dated, c.urlDated), share(c.agree, c.dated), share(c.withinDay, c.dated))
			}
			tot.add(c)
		}
		fmt.Fprintf(&b, "| **%s** | all | %d | %s | %s | %s |\n", x.name, tot.urlDated, share(tot.dated, tot.urlDated), share(tot.agree, tot.dated), share(tot.withinDay, tot.dated))
	}
	b.WriteString("\n\"given a date\" is a share of the pages with a date in the address; \"agrees\" and \"within a day\" " +
		"are shares of those given a date.\n")
	return b.String()
}

// share is n of d as a percentage with the counts.
func share(n, d int) string {
	if d == 0 {
		return "-"
	}
	return fmt.Sprintf("%s (%d)", pct(float64(n)/float64(d)), n)
}
