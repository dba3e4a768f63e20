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

// page writes one page's row: the join key under its own name, the site, "missing": true
// for a gold page without prediction, the page's shingle figures (null where undefined),
// its normalised tp/fp/fn, token F1 and character figures.
func (r *rowWriter) page(key string, p page, s metric.Page, c metric.Chars, hasChars bool) {
	prec, pok := s.Shingles.Precision()
	rec, rok := s.Shingles.Recall()
	f1, fok := s.Shingles.F1()
	tf, tok := s.TokenF1()
	if r.table {
		name := p.key
		if p.missing {
			name += " (missing)"
		}
		r.tableRow(name, -1, -1, fig{prec, pok}, fig{rec, rok}, fig{f1, fok}, fig{tf, tok}, c, hasChars)
		return
	}
	r.begin()
	r.str(key, p.key)
	if key != "site" {
		r.str("site", p.site)
	}
	if p.missing {
		r.name("missing")
		r.buf = append(r.buf, "true"...)
	}
	r.num("precision", prec, pok)
	r.num("recall", rec, rok)
	r.num("f1", f1, fok)
	r.num("tp", s.Shingles.TP, true)
	r.num("fp", s.Shingles.FP, true)
	r.num("fn", s.Shingles.FN, true)
	r.num("token_f1", tf, tok)
	if hasChars {
		r.chars(c)
	}
	r.end()
}

// group writes a site's row (with "site") or the overall row (with unmatched and errors).
func (r *rowWriter) group(g *group, isSite bool, unmatched, errs int) {
	res := g.sum.Result()
	if r.table {
		name := "all"
		if isSite {
			name = g.name
		}
		r.tableRow(name, res.Pages, g.missing, fig{res.Precision, true}, fig{res.Recall, true},
			fig{res.F1, true}, fig{res.TokenF1, true}, res.Chars, res.CharPages > 0)
		return
	}
	r.begin()
	if isSite {
		r.str("site", g.name)
	}
	r.int("pages", res.Pages)
	r.int("missing", g.missing)
	if !isSite {
		r.int("unmatched", unmatched)
		r.int("errors", errs)
	}
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
	r.end()
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

// tableRow writes one line of the table (pages and missing are left blank when negative).
func (r *rowWriter) tableRow(name string, pages, missing int, p, rc, f1, tf fig, c metric.Chars, hasChars bool) {
	if !r.header {
		r.header = true
		fmt.Fprintf(r.w, "%6s %7s %6s %6s %6s %6s %6s %6s %6s  %s\n",
			"pages", "missing", "P", "R", "F1", "tokF1", "chAcc", "chR", "chP", "name")
	}
	count := func(n int) string {
		if n < 0 {
			return ""
		}
		return strconv.Itoa(n)
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
