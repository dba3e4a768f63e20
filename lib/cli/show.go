package cli

import (
	"bytes"
	"fmt"
	"html"
	"os"
	"path/filepath"

	"github.com/chaffkit/chaff/lib/page"
)

// runShow writes views for people. Without --out-dir it writes the view of
// one page (--id, else the first page) to stdout or -o; with --out-dir it writes
// every page's view and an index. Models come from --model or are learned
// per site from the input, as run does.
func runShow(e *Env) int {
	e.detachHTML = true // views, not records: no html member is written
	want := e.Ctx.String("id")
	dir := e.Ctx.String("out-dir")
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			e.warnf("%v", err)
			e.failed = true
			return e.Close()
		}
	}
	var index bytes.Buffer
	shown, notShown := 0, 0
	first := "" // the page shown, without --id and --out-dir
	show := func(m Model, modelErr error, p *page.Page) {
		defer p.Drop()
		rec := p.Rec
		if dir == "" && (shown > 0 || (want != "" && rec.ID != want && rec.URL != want)) {
			e.Consume(rec, "not-shown")
			notShown++
			return
		}
		if first = p.Name(); first == "" {
			first = p.Where()
		}
		var view bytes.Buffer
		j := &job{m: m, p: p, noModel: modelErr}
		e.apply(j)
		for _, n := range notesOf(p, j.found) {
			e.Note(rec, n)
		}
		err := j.err
		switch {
		case j.joined != nil:
			// The view of what the text is made of: the page's blocks, kept or greyed.
			if j.joined.stale != "" {
				e.Note(rec, j.joined.stale)
			}
			err = j.joined.view(&view, e.Tool.Name, p)
		case err == nil || j.found.Detail != nil:
			// A page the model fails on (rtdm: no pattern matches) is still shown, with
			// what the model found.
			err = m.View(&view, p, j.found)
		}
		if err != nil {
			e.Fail(rec, fmt.Errorf("view: %w", err))
			return
		}
		shown++
		e.Consume(rec, "shown")
		if dir == "" {
			if e.stopped == nil {
				e.out.writeRaw(view.Bytes()) // to stdout or -o
			}
			return
		}
		name := fmt.Sprintf("%05d.html", shown)
		if err := os.WriteFile(filepath.Join(dir, name), view.Bytes(), 0o644); err != nil {
			e.warnf("%v", err)
			e.failed = true
			return
		}
		label := rec.URL
		if label == "" {
			label = rec.ID
		}
		about := e.SiteOf(rec)
		if j.joined != nil {
			if d := j.joined.detail; d.Kind != "" {
				about += ", " + d.Kind
			}
			if q := j.joined.detail.Quality; q != nil {
				about += fmt.Sprintf(", estimated quality %.2f", *q)
			}
		}
		fmt.Fprintf(&index, "<li><a href=\"%s\">%s</a> <small>%s</small></li>\n", name, html.EscapeString(label), html.EscapeString(about))
	}
	var ms models = newGrouper(e)
	if e.Tool.Configure == nil {
		ms = pageOnly{} // chaff show: no site model
	} else if e.Ctx.String(FlagModel) != "" {
		fm, err := e.loadModels()
		if err != nil {
			e.warnf("%v", err)
			e.stop() // nothing done: no -o file
			return e.Close()
		}
		ms = fm
	}
	e.eachPage(ms, func(m Model, err error, p *page.Page) {
		if err != nil && e.content == nil {
			e.Fail(p.Rec, err)
			return
		}
		show(m, err, p)
	})
	if dir != "" {
		page := "<!DOCTYPE html><meta charset=\"utf-8\"><title>" + e.Tool.Name + " views</title>\n<ol>\n" + index.String() + "</ol>\n"
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644); err != nil {
			e.warnf("%v", err)
			e.failed = true
		}
	} else if shown == 0 && want != "" {
		e.warnf("no page with id or url %q", want)
		e.failed = true
	} else if want == "" && shown == 1 && notShown > 0 && e.stopped == nil {
		e.warnf("showed only the first page, %q, of %d: --id ID (or URL) shows another, --out-dir DIR every page with an index", first, shown+notShown)
	}
	return e.Close()
}
