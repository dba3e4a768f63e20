package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/record"
)

// rowWriter writes the result rows, as JSON lines (members in a fixed order) or as a table.
type rowWriter struct {
	w      *bufio.Writer
	table  bool
	metric metricKind
	header bool
	buf    []byte
}

// A JSON row is built by appending members to buf.
func (r *rowWriter) begin() { r.buf = append(r.buf[:0], '{') }

func (r *rowWriter) name(k string) {
	if len(r.buf) > 1 {
		r.buf = append(r.buf, ',')
	}
	r.buf = appendString(r.buf, k)
	r.buf = append(r.buf, ':')
}

func (r *rowWriter) str(k, v string) { r.name(k); r.buf = appendString(r.buf, v) }
func (r *rowWriter) int(k string, v int) {
	r.name(k)
	r.buf = strconv.AppendInt(r.buf, int64(v), 10)
}

// num writes a figure with 6 decimals, or null when it is undefined.
func (r *rowWriter) num(k string, v float64, ok bool) {
	r.name(k)
	if !ok {
		r.buf = append(r.buf, "null"...)
		return
	}
	r.buf = strconv.AppendFloat(r.buf, v, 'f', 6, 64)
}

func (r *rowWriter) end() {
	r.buf = append(r.buf, '}', '\n')
	r.w.Write(r.buf)
}

func appendString(buf []byte, s string) []byte {
	b, err := record.Marshal(s)
	if err != nil { // a string always marshals
		panic(err)
	}
	return append(buf, b...)
}

func (r *rowWriter) chars(c metric.Chars) {
	a, aok := c.Accuracy()
	rc, rok := c.Recall()
	p, pok := c.Precision()
	r.num("char_accuracy", a, aok)
	r.num("char_recall", rc, rok)
	r.num("char_precision", p, pok)
}

// page writes one page's row: the join key under its own name, the site, the --by member,
// "missing": true for a gold page without prediction, then the metric's figures.
func (r *rowWriter) page(opt *options, p *page, sc *scores) {
	if r.table {
		name := p.key
		if p.missing {
			name += " (missing)"
		}
		r.tablePage(name, p, sc)
		return
	}
	r.begin()
	r.str(opt.key, p.key)
	if opt.key != "site" {
		r.str("site", p.site)
	}
	if opt.byMember() && opt.by != opt.key && opt.by != "site" {
		r.groupName(opt.by, p.group)
	}
	if p.missing {
		r.name("missing")
		r.buf = append(r.buf, "true"...)
	}
	switch r.metric {
	case metricAEB:
		s := sc.aeb
		prec, pok := s.Shingles.Precision()
		rec, rok := s.Shingles.Recall()
		f1, fok := s.Shingles.F1()
		tf, tok := s.TokenF1()
		r.num("precision", prec, pok)
		r.num("recall", rec, rok)
		r.num("f1", f1, fok)
		r.num("tp", s.Shingles.TP, true)
		r.num("fp", s.Shingles.FP, true)
		r.num("fn", s.Shingles.FN, true)
		r.num("token_f1", tf, tok)
		if p.hasChars {
			r.chars(p.chars)
		}
	case metricWCXB:
		r.num("precision", sc.bag.P, true)
		r.num("recall", sc.bag.R, true)
		r.num("f1", sc.bag.F1, true)
		r.num("with", sc.with.Rate(), p.hasWith)
		r.num("without", sc.without.Rate(), p.hasWithout)
	case metricSnippets:
		r.snippets(sc.snippets)
	}
	r.end()
}

// groupName writes the --by member with a group's value, or null for the pages without it.
func (r *rowWriter) groupName(by string, n groupName) {
	if n.ok {
		r.str(by, n.name)
		return
	}
	r.name(by)
	r.buf = append(r.buf, "null"...)
}

// snippets writes the snippet counts and their ratios.
func (r *rowWriter) snippets(s metric.Snippets) {
	r.int("tp", s.TP)
	r.int("fp", s.FP)
	r.int("fn", s.FN)
	r.int("tn", s.TN)
	r.num("precision", s.Precision(), true)
	r.num("recall", s.Recall(), true)
	r.num("accuracy", s.Accuracy(), true)
	r.num("f1", s.F(), true)
}

// group writes the row of one value of the --by member by, or with by "" the overall row
// (o: the figures only it has).
func (r *rowWriter) group(by string, g *group, o *overall) {
	if r.table {
		name := "all"
		if by != "" {
			name = "(none)"
			if g.name.ok {
				name = g.name.name
			}
		}
		r.tableGroup(name, g)
		return
	}
	r.begin()
	if by != "" {
		r.groupName(by, g.name)
	}
	switch r.metric {
	case metricAEB:
		res := g.sum.Result()
		r.int("pages", res.Pages)
		r.int("missing", g.missing)
		r.overall(o)
		r.num("precision", res.Precision, true)
		r.num("recall", res.Recall, true)
		r.num("f1", res.F1, true)
		r.num("token_f1", res.TokenF1, true)
		r.int("precision_pages", res.PrecisionPages)
		r.int("recall_pages", res.RecallPages)
		if res.CharPages > 0 {
			r.int("char_pages", res.CharPages)
			r.chars(res.Chars)
		}
	case metricWCXB:
		res := g.bags.Result()
		r.int("pages", g.pages)
		r.int("missing", g.missing)
		r.overall(o)
		r.num("precision", res.P, true)
		r.num("recall", res.R, true)
		r.num("f1", res.F1, true)
		r.num("with", res.With, res.WithPages > 0)
		r.num("without", res.Without, res.WithoutPages > 0)
		r.int("with_pages", res.WithPages)
		r.int("without_pages", res.WithoutPages)
	case metricSnippets:
		r.int("pages", g.pages)
		r.int("missing", g.missing)
		r.overall(o)
		r.snippets(g.snippets)
	}
	r.end()
}

// overall writes the members only the overall row has: predictions without gold, bad
// records (of either input, each reported on stderr) and predictions carrying an "error".
func (r *rowWriter) overall(o *overall) {
	if o == nil {
		return
	}
	r.int("unmatched", o.unmatched)
	r.int("bad_records", o.badRecords)
	r.int("pred_errors", o.predErrors)
}

type fig struct {
	v  float64
	ok bool
}

func (f fig) String() string {
	if !f.ok {
		return "-"
	}
	return strconv.FormatFloat(f.v, 'f', 3, 64)
}

// count formats a count of the table, blank when negative.
func count(n int) string {
	if n < 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// tablePage writes one page's line of the table.
func (r *rowWriter) tablePage(name string, p *page, sc *scores) {
	switch r.metric {
	case metricAEB:
		s := sc.aeb
		prec, pok := s.Shingles.Precision()
		rec, rok := s.Shingles.Recall()
		f1, fok := s.Shingles.F1()
		tf, tok := s.TokenF1()
		r.tableAEB(name, -1, -1, fig{prec, pok}, fig{rec, rok}, fig{f1, fok}, fig{tf, tok}, p.chars, p.hasChars)
	case metricWCXB:
		r.tableWCXB(name, -1, -1, sc.bag, fig{sc.with.Rate(), p.hasWith}, fig{sc.without.Rate(), p.hasWithout})
	case metricSnippets:
		r.tableSnippets(name, -1, -1, sc.snippets)
	}
}

// tableGroup writes a group's line of the table.
func (r *rowWriter) tableGroup(name string, g *group) {
	switch r.metric {
	case metricAEB:
		res := g.sum.Result()
		r.tableAEB(name, res.Pages, g.missing, fig{res.Precision, true}, fig{res.Recall, true},
			fig{res.F1, true}, fig{res.TokenF1, true}, res.Chars, res.CharPages > 0)
	case metricWCXB:
		res := g.bags.Result()
		r.tableWCXB(name, g.pages, g.missing, metric.WordBag{P: res.P, R: res.R, F1: res.F1},
			fig{res.With, res.WithPages > 0}, fig{res.Without, res.WithoutPages > 0})
	case metricSnippets:
		r.tableSnippets(name, g.pages, g.missing, g.snippets)
	}
}

// tableAEB writes one line of the aeb table (pages and missing are left blank when negative).
func (r *rowWriter) tableAEB(name string, pages, missing int, p, rc, f1, tf fig, c metric.Chars, hasChars bool) {
	if !r.header {
		r.header = true
		fmt.Fprintf(r.w, "%6s %7s %6s %6s %6s %6s %6s %6s %6s  %s\n",
			"pages", "missing", "P", "R", "F1", "tokF1", "chAcc", "chR", "chP", "name")
	}
	var ca, cr, cp fig
	if hasChars {
		ca.v, ca.ok = c.Accuracy()
		cr.v, cr.ok = c.Recall()
		cp.v, cp.ok = c.Precision()
	}
	fmt.Fprintf(r.w, "%6s %7s %6s %6s %6s %6s %6s %6s %6s  %s\n",
		count(pages), count(missing), p, rc, f1, tf, ca, cr, cp, name)
}

// tableWCXB writes one line of the wcxb table.
func (r *rowWriter) tableWCXB(name string, pages, missing int, b metric.WordBag, with, without fig) {
	if !r.header {
		r.header = true
		fmt.Fprintf(r.w, "%6s %7s %6s %6s %6s %6s %7s  %s\n", "pages", "missing", "P", "R", "F1", "with", "without", "name")
	}
	fmt.Fprintf(r.w, "%6s %7s %6s %6s %6s %6s %7s  %s\n", count(pages), count(missing),
		fig{b.P, true}, fig{b.R, true}, fig{b.F1, true}, with, without, name)
}

// tableSnippets writes one line of the snippets table.
func (r *rowWriter) tableSnippets(name string, pages, missing int, s metric.Snippets) {
	if !r.header {
		r.header = true
		fmt.Fprintf(r.w, "%6s %7s %5s %5s %5s %5s %6s %6s %6s %6s  %s\n",
			"pages", "missing", "TP", "FP", "FN", "TN", "P", "R", "acc", "F1", "name")
	}
	fmt.Fprintf(r.w, "%6s %7s %5d %5d %5d %5d %6s %6s %6s %6s  %s\n", count(pages), count(missing),
		s.TP, s.FP, s.FN, s.TN, fig{s.Precision(), true}, fig{s.Recall(), true},
		fig{s.Accuracy(), true}, fig{s.F(), true}, name)
}
