package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	ucli "github.com/urfave/cli/v2"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/stream"
	"github.com/chaffkit/chaff/lib/usage"
)

// Exit statuses: score's policy differs from the algorithm tools' in one way, written in
// docs/DESIGN.md: a bad record exits 1, since scores over fewer pages than were given are not
// the figures asked for.
const (
	exitOK    = cli.ExitOK
	exitData  = cli.ExitFailure // a bad record, or a file that cannot be read
	exitUsage = cli.ExitUsage
)

const usageText = `score [options] [PREDICTIONS.jsonl[.gz|.zst] ...]

Reads predictions (JSON lines, from the files or from stdin) and scores each page's
--pred-field against its gold, taken from --gold FILE (joined on --key) or from the
prediction record itself (the --gold-field text, the "with" and "without" snippets).
Options go before the files.

--metric aeb (default): the article-extraction-benchmark shingle precision, recall, f1,
  and token_f1; char_accuracy, char_recall, char_precision for pages with gold spans
  and kept spans.
--metric wcxb: the WCXB benchmark's own metric (its evaluate.py): means over pages of
  the word-bag precision, recall and f1 of the lowercased \w+ tokens, and the mean
  shares of "with" snippets found and of "without" snippets found (lower is better).
--metric snippets: trafilatura's metric (tests/eval_common.py): each "with" snippet
  found is a tp, else a fn; each "without" snippet found a fp, else a tn; summed over
  pages: precision, recall, accuracy, f1.

Writes one JSON line on stdout, the overall row; --by MEMBER (site, page_type, lang...)
adds one row per value of that record member and --pages one row per page before it;
--table prints a table instead.

Examples:

  zstdcat pages.jsonl.zst | ngramcut run | score --by site --table
  score --gold gold.jsonl.zst --key url predictions.jsonl
  score --metric wcxb --by page_type --gold wcxb-dev.jsonl.zst predictions.jsonl
  score --metric snippets --by lang --table --gold trafeval-dev.jsonl.zst predictions.jsonl

Exit status: 0 ok, 1 a bad record, an unreadable file, or no prediction joining any
gold record, 2 usage.`

// run is the whole command: it parses args, reads the inputs and writes the scores.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	status := exitOK
	app := &ucli.App{
		Name:            "score",
		Usage:           "score extracted text against gold text",
		UsageText:       usageText,
		HideHelpCommand: true,
		Writer:          stdout,
		ErrWriter:       stderr,
		Flags:           scoreFlags(),
		Action: func(c *ucli.Context) error {
			opt := options{
				goldPath:       c.String("gold"),
				goldField:      c.String("gold-field"),
				predField:      c.String("pred-field"),
				key:            c.String("key"),
				by:             c.String("by"),
				pages:          c.Bool("pages"),
				table:          c.Bool("table"),
				spansField:     c.String("spans-field"),
				goldSpansField: c.String("gold-spans-field"),
				htmlField:      c.String(cli.FlagHTMLField),
				maxBytes:       c.Int(cli.FlagMaxRecordBytes),
				maxShown:       c.Int(cli.FlagMaxErrorsShown),
				quiet:          c.Bool("quiet"),
				workers:        c.Int(cli.FlagWorkers),
			}
			mode, err := site.ParseMode(c.String(cli.FlagSiteKey))
			if err != nil {
				return cli.UsageError(err)
			}
			opt.siteKey = mode
			if opt.metric, err = parseMetric(c.String("metric")); err != nil {
				return cli.UsageError(err)
			}
			for _, f := range []struct{ name, v string }{{"gold-field", opt.goldField}, {"pred-field", opt.predField}, {"key", opt.key}, {cli.FlagHTMLField, opt.htmlField}} {
				if f.v == "" {
					return cli.UsageError(fmt.Errorf("--%s must not be empty", f.name))
				}
			}
			for _, f := range []struct {
				name string
				min  int
			}{{cli.FlagMaxRecordBytes, 1}, {cli.FlagMaxErrorsShown, 0}, {cli.FlagWorkers, 0}} {
				if c.Int(f.name) < f.min {
					return cli.UsageError(fmt.Errorf("--%s %d: must be at least %d", f.name, c.Int(f.name), f.min))
				}
			}
			files := c.Args().Slice()
			if len(files) == 0 {
				files = []string{"-"}
			}
			if opt.goldPath == "-" && slices.Contains(files, "-") {
				return cli.UsageError(errors.New("--gold - and the predictions cannot both be stdin"))
			}
			s := newScorer(opt, stdout, stderr)
			status = s.run(files, stdin)
			return nil
		},
	}
	if st := cli.RunApp(app, args); st != cli.ExitOK {
		return st
	}
	return status
}

type options struct {
	goldPath, goldField, predField, key string
	spansField, goldSpansField          string
	htmlField                           string
	metric                              metricKind
	// by is the record member pages are grouped by ("" none); "site" is the page's site
	// key (--site-key), the others the member's value as it is.
	by                  string
	pages, table, quiet bool
	siteKey             site.Mode
	workers             int
	maxBytes            int
	maxShown            int // --max-errors-shown
}

// bySite reports whether pages are grouped by their site key.
func (o *options) bySite() bool { return o.by == "site" }

// byMember reports whether pages are grouped by a member other than site.
func (o *options) byMember() bool { return o.by != "" && o.by != "site" }

// goldPage is one page of the --gold file.
type goldPage struct {
	key, site string
	goldData
	spans    [][2]int
	hasSpans bool
	htmlLen  int // -1 when the gold record has no page
	group    groupName
	seen     bool
}

// goldData is what a record holds of a page's gold: its text and its snippets, each read
// only when the metric uses it.
type goldData struct {
	text                string
	hasText             bool
	with, without       []string
	hasWith, hasWithout bool
}

// inputCounts accounts for the records of one kind of input: read = used + skipped.
type inputCounts struct {
	read    int64
	skipped map[string]int64 // by reason
}

func (c *inputCounts) skip(reason string) {
	if c.skipped == nil {
		c.skipped = map[string]int64{}
	}
	c.skipped[reason]++
}

func (c *inputCounts) totalSkipped() int64 {
	var n int64
	for _, k := range c.skipped {
		n += k
	}
	return n
}

// groupName is the value of the --by member of a page; a page without the member (or with
// null) is in the group of no name.
type groupName struct {
	name string
	ok   bool
}

// scorer holds one run's state.
type scorer struct {
	opt    options
	out    *bufio.Writer
	stderr io.Writer
	rep    *cli.Reporter
	rw     *rowWriter

	workers []worker // one per worker goroutine
	batch   []page   // pages waiting to be scored, in input order
	scored  []scores
	total   group
	groups  map[groupName]*group

	gold      map[string]*goldPage
	goldOrder []*goldPage
	probe     joinProbe

	// The accounting of the summary line: every prediction record read is scored
	// (emitted with --pages, else consumed) or skipped by reason, and every gold record
	// is loaded or skipped.
	preds, golds inputCounts
	scoredPreds  int // predictions scored
	rows         int // JSON rows that are not a prediction's: missing gold pages, groups, overall

	unmatched, badRecords int
	bytes                 int64
	failed                bool // an input could not be read
	warnedAmbiguous       bool
}

func newScorer(opt options, stdout, stderr io.Writer) *scorer {
	out := bufio.NewWriterSize(stdout, 64<<10)
	workers := opt.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &scorer{
		opt:     opt,
		out:     out,
		stderr:  stderr,
		rep:     cli.NewReporter("score", stderr, opt.maxShown),
		rw:      &rowWriter{w: out, table: opt.table, metric: opt.metric},
		groups:  map[groupName]*group{},
		workers: make([]worker, workers),
	}
}

// errorf reports a bad record of the input source, at where, and counts it.
func (s *scorer) errorf(source, where, format string, args ...any) {
	s.badRecords++
	s.rep.RecordError(source, where, fmt.Sprintf(format, args...))
}

func (s *scorer) run(files []string, stdin io.Reader) int {
	start := time.Now()
	if s.opt.goldPath != "" {
		if err := s.loadGold(s.opt.goldPath, stdin); err != nil {
			if !s.opt.quiet {
				fmt.Fprintln(s.stderr, s.summary(start))
			}
			fmt.Fprintf(s.stderr, "score: gold: %v\n", err)
			return exitData
		}
	}
	if err := s.readPredictions(files, stdin); err != nil {
		fmt.Fprintf(s.stderr, "score: %v\n", err)
		s.failed = true
	}
	for _, g := range s.goldOrder {
		if !g.seen {
			s.add(page{key: g.key, site: g.site, goldData: g.goldData, goldSpans: g.spans,
				hasGoldSpans: g.hasSpans, htmlLen: g.htmlLen, group: g.group, missing: true})
		}
	}
	s.flush()
	if s.opt.by != "" {
		names := slices.SortedFunc(maps.Keys(s.groups), func(a, b groupName) int {
			if a.ok != b.ok { // the pages without the member last
				if a.ok {
					return -1
				}
				return 1
			}
			return strings.Compare(a.name, b.name)
		})
		for _, name := range names {
			s.rw.group(s.opt.by, s.groups[name], nil)
			s.rows++
		}
	}
	s.rw.group("", &s.total, &overall{unmatched: s.unmatched, badRecords: s.badRecords, predErrors: s.total.predErrors})
	s.rows++
	writeErr := s.out.Flush()
	if writeErr != nil {
		fmt.Fprintf(s.stderr, "score: write: %v\n", writeErr)
	}
	noJoin := s.noJoin()
	if noJoin != "" {
		fmt.Fprintf(s.stderr, "score: %s\n", noJoin)
	}
	if !s.opt.quiet {
		fmt.Fprintln(s.stderr, s.summary(start))
	}
	if s.failed || writeErr != nil || s.badRecords > 0 || noJoin != "" {
		return exitData
	}
	return exitOK
}

// summary is the end-of-run line, in the shape every chaff tool prints (docs/DESIGN.md):
// read = emitted + consumed + skipped over the prediction records. A scored prediction is
// emitted with --pages (its row is on stdout), else consumed (consumed.scored); the others
// are skipped by reason (unreadable, unmatched, no-key, duplicate, bad-gold). rows= counts
// the other JSON rows on stdout (gold pages without prediction under --pages, groups,
// overall). score's own figures follow: pages, missing, unmatched, pred_errors, and with
// --gold the gold records, gold_read = gold_loaded + gold_skipped.
func (s *scorer) summary(start time.Time) string {
	sum := cli.Summary{
		Tool: "score", Read: s.preds.read, Errors: int64(s.badRecords),
		Consumed: map[string]int64{}, Skipped: s.preds.skipped,
		Sites: -1, InBytes: s.bytes, HTMLBytes: -1, Seconds: time.Since(start).Seconds(),
		Usage: usage.Process(),
	}
	if s.opt.pages {
		sum.Emitted = int64(s.scoredPreds)
	} else if s.scoredPreds > 0 {
		sum.Consumed["scored"] = int64(s.scoredPreds)
	}
	sum.Extra = []cli.Field{{Key: "rows", Value: int64(s.rows)}, {Key: "pages", Value: int64(s.total.pages)},
		{Key: "missing", Value: int64(s.total.missing)}, {Key: "unmatched", Value: int64(s.unmatched)},
		{Key: "pred_errors", Value: int64(s.total.predErrors)}}
	if s.opt.goldPath != "" {
		sum.Extra = append(sum.Extra, cli.Field{Key: "gold_read", Value: s.golds.read},
			cli.Field{Key: "gold_loaded", Value: int64(len(s.goldOrder))}, cli.Field{Key: "gold_skipped", Value: s.golds.totalSkipped()})
	}
	return sum.String()
}

// eachRecord calls fn for each record of the JSON-lines inputs paths (plain, gzip or zstd,
// recognised by their first bytes); bad records are reported and skipped, and counted in
// counts (skipped.unreadable) as every record read is. The error is an input that could
// not be read; the other inputs are still read.
func (s *scorer) eachRecord(paths []string, stdin io.Reader, counts *inputCounts, fn func(*record.Record)) error {
	rd := stream.NewReader(paths, stdin, stream.Options{
		Format: stream.FormatJSONL, HTMLField: s.opt.htmlField, MaxRecordBytes: s.opt.maxBytes})
	defer func() {
		s.bytes += rd.Bytes()
		counts.read += rd.Read()
		for reason, n := range rd.Skipped() { // none in JSON lines, but a reader may skip
			for range n {
				counts.skip(reason)
			}
		}
		rd.Close()
	}()
	var failed error
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return failed
		}
		var rerr *record.Error
		if errors.As(err, &rerr) {
			s.errorf(rerr.Source, rerr.Source+":"+strconv.FormatInt(rerr.N, 10), "%v", rerr.Err)
			counts.skip("unreadable")
			continue
		}
		if err != nil {
			var pathErr *fs.PathError
			if errors.As(err, &pathErr) { // "open FILE: ..." names the file already
				err = pathErr
			}
			if failed != nil {
				fmt.Fprintf(s.stderr, "score: %v\n", failed)
			}
			failed = err
			continue
		}
		fn(rec)
	}
}

func (s *scorer) loadGold(path string, stdin io.Reader) error {
	s.gold = map[string]*goldPage{}
	return s.eachRecord([]string{path}, stdin, &s.golds, func(rec *record.Record) {
		s.probe.gold(rec)
		key, ok := rec.GetString(s.opt.key)
		if !ok {
			s.errorf(rec.Source, rec.Where(), "gold record without a string %q to join on", s.opt.key)
			s.golds.skip("no-key")
			return
		}
		data, err := s.goldData(rec)
		if err == nil && !s.usable(data) {
			err = errors.New(s.needs())
		}
		if err != nil {
			s.errorf(rec.Source, rec.Where(), "gold record: %v", err)
			s.golds.skip("bad-gold")
			return
		}
		if _, dup := s.gold[key]; dup {
			s.errorf(rec.Source, rec.Where(), "gold record: duplicate %s %q (the first is kept)", s.opt.key, key)
			s.golds.skip("duplicate")
			return
		}
		g := &goldPage{key: key, site: site.Key(s.opt.siteKey, rec.Site, rec.URL), goldData: data, htmlLen: -1}
		if s.opt.byMember() {
			g.group = memberValue(rec, s.opt.by)
		}
		if s.opt.metric == metricAEB {
			if rec.Has(s.opt.htmlField) {
				g.htmlLen = len(rec.HTML)
			}
			g.spans, g.hasSpans = s.goldSpans(rec)
		}
		s.gold[key] = g
		s.goldOrder = append(s.goldOrder, g)
	})
}

// goldData reads what rec holds of the gold the metric needs: the --gold-field text (aeb,
// wcxb) and the "with" and "without" snippets (wcxb, snippets). A member that is absent or
// null is not there; one of the wrong type is an error.
func (s *scorer) goldData(rec *record.Record) (goldData, error) {
	var d goldData
	var err error
	if s.opt.metric != metricSnippets {
		if d.text, d.hasText, err = stringField(rec, s.opt.goldField); err != nil {
			return d, err
		}
	}
	if s.opt.metric != metricAEB {
		if d.with, d.hasWith, err = snippetList(rec, withField); err != nil {
			return d, err
		}
		if d.without, d.hasWithout, err = snippetList(rec, withoutField); err != nil {
			return d, err
		}
	}
	return d, nil
}

// The members holding a page's snippets.
const (
	withField    = "with"
	withoutField = "without"
)

// usable reports whether d is enough to score a page under the metric: a gold text for aeb
// and wcxb, snippets of either kind for snippets.
func (s *scorer) usable(d goldData) bool {
	if s.opt.metric == metricSnippets {
		return d.hasWith || d.hasWithout
	}
	return d.hasText
}

// needs says what a record must hold to be a page's gold under the metric.
func (s *scorer) needs() string {
	if s.opt.metric == metricSnippets {
		return fmt.Sprintf("no %q or %q snippets", withField, withoutField)
	}
	return fmt.Sprintf("no %q field", s.opt.goldField)
}

// stringField returns a string field; absent or null is ok=false, anything else an error.
func stringField(rec *record.Record, name string) (v string, ok bool, err error) {
	raw := rec.Get(name)
	if raw == nil || string(raw) == "null" {
		return "", false, nil
	}
	if raw[0] != '"' {
		return "", false, fmt.Errorf("field %q is not a string", name)
	}
	v, ok = rec.GetString(name)
	if !ok {
		return "", false, fmt.Errorf("field %q: invalid JSON string", name)
	}
	return v, true, nil
}

// snippetList returns a list of strings; absent or null is ok=false, anything else an error.
func snippetList(rec *record.Record, name string) (v []string, ok bool, err error) {
	raw := rec.Get(name)
	if raw == nil || string(raw) == "null" {
		return nil, false, nil
	}
	var items []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &items) != nil {
		return nil, false, fmt.Errorf("field %q is not a list of strings", name)
	}
	v = make([]string, len(items))
	for i, it := range items {
		if len(it) == 0 || it[0] != '"' || json.Unmarshal(it, &v[i]) != nil {
			return nil, false, fmt.Errorf("field %q is not a list of strings", name)
		}
	}
	return v, true, nil
}

// memberValue is the --by value of rec: a string member's value, another JSON value as it
// is written (a number, true...); absent or null is no value.
func memberValue(rec *record.Record, name string) groupName {
	raw := rec.Get(name)
	if raw == nil || string(raw) == "null" {
		return groupName{}
	}
	if v, ok := rec.GetString(name); ok {
		return groupName{v, true}
	}
	return groupName{string(raw), true}
}

func (s *scorer) readPredictions(paths []string, stdin io.Reader) error {
	return s.eachRecord(paths, stdin, &s.preds, func(rec *record.Record) {
		s.probe.pred(rec)
		pred, _, err := stringField(rec, s.opt.predField)
		if err != nil {
			s.errorf(rec.Source, rec.Where(), "%v (scored as empty)", err)
		}
		p := page{pred: pred, htmlLen: -1}
		if raw := rec.Get("error"); raw != nil && string(raw) != "null" {
			p.predError = true
		}
		if s.opt.metric == metricAEB && rec.Has(s.opt.htmlField) {
			p.htmlLen = len(rec.HTML)
		}
		if s.gold != nil {
			key, ok := rec.GetString(s.opt.key)
			if !ok {
				s.errorf(rec.Source, rec.Where(), "no string %q to join on", s.opt.key)
				s.preds.skip("no-key")
				s.probe.unjoined(rec, s.scoredPreds)
				return
			}
			g := s.gold[key]
			if g == nil {
				s.unmatched++
				s.preds.skip("unmatched")
				s.probe.unjoined(rec, s.scoredPreds)
				return
			}
			if g.seen {
				s.errorf(rec.Source, rec.Where(), "second prediction for %s %q (ignored)", s.opt.key, key)
				s.preds.skip("duplicate")
				return
			}
			g.seen = true
			p.key, p.site, p.goldData = key, g.site, g.goldData
			if p.site == site.All { // the gold record has no site or URL: the prediction may
				p.site = site.Key(s.opt.siteKey, rec.Site, rec.URL)
			}
			if s.opt.byMember() {
				if p.group = memberValue(rec, s.opt.by); !p.group.ok {
					p.group = g.group
				}
			}
			p.goldSpans, p.hasGoldSpans = g.spans, g.hasSpans
			if p.htmlLen < 0 {
				p.htmlLen = g.htmlLen
			}
		} else {
			data, err := s.goldData(rec)
			if err != nil {
				s.errorf(rec.Source, rec.Where(), "%v", err)
				s.preds.skip("bad-gold")
				return
			}
			if !s.usable(data) {
				s.unmatched++
				s.preds.skip("unmatched")
				return
			}
			p.key, _ = rec.GetString(s.opt.key)
			p.site, p.goldData = site.Key(s.opt.siteKey, rec.Site, rec.URL), data
			if s.opt.byMember() {
				p.group = memberValue(rec, s.opt.by)
			}
		}
		if s.opt.metric == metricAEB {
			if !p.hasGoldSpans {
				p.goldSpans, p.hasGoldSpans = s.goldSpans(rec)
			}
			if p.hasGoldSpans {
				p.kept, p.hasKept = s.keptSpans(rec)
			}
		}
		p.source, p.where = rec.Source, rec.Where()
		s.scoredPreds++
		s.add(p)
	})
}

// page is one page to score.
type page struct {
	key, site, pred string
	goldData
	goldSpans, kept       [][2]int
	hasGoldSpans, hasKept bool
	htmlLen               int
	chars                 metric.Chars // when hasChars: computed as the page is queued
	hasChars              bool
	group                 groupName // the --by member's value, unless --by site
	missing               bool
	predError             bool   // the prediction record has an "error" member
	source, where         string // the record's input and place, for messages
}

// groupOf returns the --by group of p, made on first use.
func (s *scorer) groupOf(p *page) *group {
	name := p.group
	if s.opt.bySite() {
		name = groupName{p.site, true}
	}
	g := s.groups[name]
	if g == nil {
		g = &group{name: name}
		s.groups[name] = g
	}
	return g
}

// batchSize is how many pages are scored at once by the workers.
const batchSize = 256

// add queues a page; pages are scored in batches by the workers and then accounted in
// input order, so the output does not depend on the number of workers.
func (s *scorer) add(p page) {
	if p.hasGoldSpans && p.hasKept && p.htmlLen >= 0 {
		c, err := metric.CharCounts(p.htmlLen, p.goldSpans, p.kept)
		if err != nil {
			s.errorf(p.source, p.where, "%v (no character metrics)", err)
		} else {
			p.chars, p.hasChars = c, true
		}
	}
	s.batch = append(s.batch, p)
	if len(s.batch) >= batchSize {
		s.flush()
	}
}

// flush scores the queued pages, spread over the workers, and accounts them in order.
func (s *scorer) flush() {
	n := len(s.batch)
	if n == 0 {
		return
	}
	s.scored = slices.Grow(s.scored[:0], n)[:n]
	m := s.opt.metric
	w := min(len(s.workers), n)
	if w <= 1 {
		for i := range s.batch {
			s.scored[i] = s.workers[0].score(m, &s.batch[i])
		}
	} else {
		var wg sync.WaitGroup
		for k := range w {
			wg.Go(func() {
				sc := &s.workers[k]
				for i := k; i < n; i += w {
					s.scored[i] = sc.score(m, &s.batch[i])
				}
			})
		}
		wg.Wait()
	}
	for i := range s.batch {
		s.account(&s.batch[i], &s.scored[i])
		s.batch[i] = page{} // let the texts go
	}
	s.batch = s.batch[:0]
}

// account adds one scored page to its groups and writes its row.
func (s *scorer) account(p *page, sc *scores) {
	s.total.add(s.opt.metric, p, sc)
	if s.opt.by != "" {
		s.groupOf(p).add(s.opt.metric, p, sc)
	}
	if s.opt.pages {
		s.rw.page(&s.opt, p, sc)
		if p.missing {
			s.rows++
		}
	}
}

// goldSpans reads the gold byte spans of rec, if it has them.
func (s *scorer) goldSpans(rec *record.Record) ([][2]int, bool) {
	raw := rec.Get(s.opt.goldSpansField)
	if raw == nil || string(raw) == "null" {
		return nil, false
	}
	var spans [][2]int
	if err := json.Unmarshal(raw, &spans); err != nil {
		s.errorf(rec.Source, rec.Where(), "field %q: not a list of [start, end] spans", s.opt.goldSpansField)
		return nil, false
	}
	return spans, true
}

// keptSpans finds the byte spans the tool kept: at --spans-field, or in the one object
// member of rec that has a "spans" member (a tool's detail, e.g. "ngramcut": {"spans": ...}).
func (s *scorer) keptSpans(rec *record.Record) ([][2]int, bool) {
	var raw json.RawMessage
	if s.opt.spansField != "" {
		path := strings.Split(s.opt.spansField, ".")
		raw = rec.Get(path[0])
		for _, name := range path[1:] {
			var obj map[string]json.RawMessage
			if raw == nil || json.Unmarshal(raw, &obj) != nil {
				return nil, false
			}
			raw = obj[name]
		}
		if len(raw) > 0 && raw[0] == '{' {
			var obj struct {
				Spans json.RawMessage `json:"spans"`
			}
			if json.Unmarshal(raw, &obj) != nil {
				return nil, false
			}
			raw = obj.Spans
		}
	} else {
		var found []string
		for _, k := range rec.Keys() {
			v := rec.Get(k)
			if len(v) == 0 || v[0] != '{' || !strings.Contains(string(v), `"spans"`) {
				continue
			}
			var obj struct {
				Spans json.RawMessage `json:"spans"`
			}
			if json.Unmarshal(v, &obj) != nil || obj.Spans == nil {
				continue
			}
			found = append(found, k)
			raw = obj.Spans
		}
		if len(found) > 1 {
			if !s.warnedAmbiguous {
				s.warnedAmbiguous = true
				fmt.Fprintf(s.stderr, "score: %s: several fields have spans (%s): choose one with --spans-field; no character metrics for such records\n",
					rec.Where(), strings.Join(found, ", "))
			}
			return nil, false
		}
	}
	if raw == nil || string(raw) == "null" {
		return nil, false
	}
	var spans [][2]int
	if err := json.Unmarshal(raw, &spans); err != nil {
		s.errorf(rec.Source, rec.Where(), "kept spans: not a list of [start, end] spans")
		return nil, false
	}
	return spans, true
}

// scoreFlags are the command's options.
func scoreFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: "gold", Aliases: []string{"g"}, Usage: "gold `FILE` (JSON lines, plain, gzip or zstd); without it the gold is in each prediction record"},
		&ucli.StringFlag{Name: "gold-field", Value: "gold", Usage: "`FIELD` holding the gold text"},
		&ucli.StringFlag{Name: "pred-field", Value: "text", Usage: "`FIELD` holding the predicted text (absent or null: empty)"},
		&ucli.StringFlag{Name: "key", Value: "id", Usage: "`FIELD` joining predictions to --gold records (url for the WARC gold files)"},
		&ucli.StringFlag{Name: "metric", Value: "aeb", Usage: "`METRIC`: aeb (the article-extraction-benchmark shingles), wcxb (the WCXB benchmark's word bags and snippet shares) or snippets (trafilatura's snippet counts)"},
		&ucli.StringFlag{Name: "by", Usage: "also one row per value of the record `MEMBER` (site: the site key, see --site-key; page_type, lang...: from the prediction record, else the gold record)"},
		cli.SiteKeyFlag(),
		&ucli.BoolFlag{Name: "pages", Usage: "also one row per page"},
		&ucli.BoolFlag{Name: "table", Usage: "print a table for people instead of JSON lines"},
		&ucli.StringFlag{Name: "spans-field", Usage: "`PATH` of the kept byte spans (tool.spans, or tool for its spans); default: the one object field with spans"},
		&ucli.StringFlag{Name: "gold-spans-field", Value: "gold_spans", Usage: "`FIELD` holding the gold byte spans"},
		cli.HTMLFieldFlag(),
		cli.MaxRecordBytesFlag(),
		cli.MaxErrorsShownFlag(),
		&ucli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no summary line on stderr"},
		cli.WorkersFlag(),
	}
}
