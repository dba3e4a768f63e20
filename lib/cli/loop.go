package cli

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/chaffkit/chaff/lib/model"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
)

// readyFunc is given a page with its site's model, or the error that says why there is none.
type readyFunc func(m Model, err error, p *page.Page)

// models gives each page its site's model: learned from the site's sample (grouper: run,
// learn, show without --model), read from a model file (fileModels: apply, show --model), or
// from the model line before the site's pages (keyedModels: apply --keyed).
type models interface {
	// take sees every record read, before its html is checked, and reports whether it took
	// the record as its own (a model line).
	take(rec *record.Record) bool
	// page hands p on to ready, now or once its site's model is known.
	page(p *page.Page, ready readyFunc)
	// end hands on the pages still waiting, at the end of the input.
	end(ready readyFunc)
}

// eachPage is the one read → model → apply loop of run, apply, show (and learn, whose
// grouper writes model lines instead of handing pages on): it reads the records in order,
// checks that keyed input stays grouped, lets ms take its model lines, fails the records
// without html, and gives every page with its model to ready.
func (e *Env) eachPage(ms models, ready readyFunc) {
	for {
		rec, err := e.Next()
		if err != nil {
			break
		}
		if !e.keyInOrder(rec) || ms.take(rec) || !e.HasHTML(rec) {
			if e.stopped != nil {
				break
			}
			continue
		}
		ms.page(e.page(rec), ready)
	}
	ms.end(ready)
}

// applyReady is the ready of run and apply: the page is applied and emitted with what its
// model found, or failed with the reason it has no model.
func (e *Env) applyReady(m Model, err error, p *page.Page) {
	switch {
	case e.interrupted():
		e.abandon(1) // no work after a stop
	case err != nil && e.content != nil:
		e.pool.submit(&job{p: p, noModel: err}) // extracted from the page alone
	case err != nil:
		p.Drop()
		e.Fail(p.Rec, err)
	default:
		e.pool.submit(&job{m: m, p: p})
	}
}

// apply runs the model on the job's page (on a worker), turning a panic into the page's
// error.
func (e *Env) apply(j *job) {
	if j.m == nil && j.noModel == nil {
		return // failed before applying (Fail)
	}
	defer func() {
		if r := recover(); r != nil {
			j.err, j.joined = fmt.Errorf("internal error: %v", r), nil
			if os.Getenv("CHAFF_DEBUG") != "" {
				e.warnf("%s: panic: %v\n%s", j.p.Where(), r, debug.Stack())
			}
		}
	}()
	algoErr := j.noModel
	pages, here := pagesOf(j.m)
	if le, ok := algoErr.(*learnError); ok {
		pages = le.pages
	}
	switch {
	case e.content != nil && learnsNothing(pages):
		// A model learned from one page, or a failure to learn it: no say in the join, as in
		// run, which does not learn such a site.
		algoErr = errLonePage
	case j.m != nil:
		j.found, j.err = e.applyModel(j.m, j.p)
		algoErr = j.err
	}
	if e.content != nil {
		j.joined = e.content.decide(j.p, &j.found, algoErr, pages, here)
	}
}

// applyModel runs the model on a page, turning a panic into the page's error (the content
// join may still extract the page).
func (e *Env) applyModel(m Model, p *page.Page) (f Found, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
			if os.Getenv("CHAFF_DEBUG") != "" {
				e.warnf("%s: panic: %v\n%s", p.Where(), r, debug.Stack())
			}
		}
	}()
	return m.Apply(p)
}

// finish reports a page's notes, then emits it with what its model found, or fails it. The
// page's tree is let go: nothing reads it after this.
func (e *Env) finish(j *job) {
	p, f := j.p, j.found
	defer p.Drop()
	if e.stopped == nil {
		for _, n := range notesOf(p, f) {
			e.Note(p.Rec, n)
		}
	}
	if j.joined != nil {
		e.emitJoined(p, f, j.joined)
		return
	}
	if j.err != nil {
		if f.Detail != nil {
			p.Rec.Set(e.Tool.Name, f.Detail) // what the model found before failing
		}
		e.failNow(p.Rec, j.err)
		return
	}
	empty, err := setFound(e.Tool.Name, p, f)
	if err != nil {
		e.failNow(p.Rec, err)
		return
	}
	if empty {
		e.c.empty++
	}
	e.Emit(p.Rec)
}

// notesOf is the notes on a page: that its tree was flattened at --max-depth (when it was
// parsed), then the algorithm's.
func notesOf(p *page.Page, f Found) []string {
	if n, parsed := p.FlattenedIfParsed(); parsed && n > 0 {
		return append([]string{FlattenedNote(n, p.MaxDepth())}, f.Notes...)
	}
	return f.Notes
}

// setFound is where what an algorithm found in a page becomes the page's record: the text
// (htmltext.RenderSpans of the kept spans, by page.RenderSpans, rendered here and nowhere
// else; the title as its first line when TitleFirst), the title, and the tool's detail member (tool). It is the one
// place a Found meets the record, so that anything joined to the algorithm's output (a
// content model weighing Found.Template and Found.Fit against the page's own evidence, with
// the page's tree from p.Doc()) goes here, between the Found and the text.
// It reports whether the text is empty.
func setFound(tool string, p *page.Page, f Found) (empty bool, err error) {
	text := p.RenderSpans(f.Kept)
	if f.TitleFirst && f.Title != "" {
		text = f.Title + "\n" + text
	}
	p.Rec.Set("text", text)
	if f.Title != "" {
		p.Rec.Set("title", f.Title)
	} else {
		p.Rec.Delete("title") // an upstream tool's title is not this one's
	}
	p.Rec.Delete("error") // another tool's failure upstream no longer applies: this one extracted the page
	if f.Detail != nil {
		return text == "", p.Rec.Set(tool, f.Detail)
	}
	return text == "", nil
}

// fileModels is the models of a --model file: each site's model decoded on first use.
type fileModels struct {
	e      *Env
	set    *model.Set
	loaded map[string]Model
	errs   map[string]error
}

// loadModels reads the file named by --model.
func (e *Env) loadModels() (*fileModels, error) {
	set, err := model.Load(e.Ctx.String(FlagModel), e.Tool.Name, e.algo.Version(), e.Ctx.Int(FlagMaxModelBytes))
	if err != nil {
		return nil, err
	}
	return &fileModels{e: e, set: set, loaded: map[string]Model{}, errs: map[string]error{}}, nil
}

func (ms *fileModels) take(*record.Record) bool { return false }

func (ms *fileModels) end(readyFunc) {}

func (ms *fileModels) page(p *page.Page, ready readyFunc) {
	m, err := ms.forSite(p.Site)
	ready(m, err, p)
}

// forSite returns the model of a site, or an error saying why there is none.
func (ms *fileModels) forSite(site string) (Model, error) {
	if m, ok := ms.loaded[site]; ok {
		return m, nil
	}
	if err, ok := ms.errs[site]; ok {
		return nil, err
	}
	m, err := ms.decode(site)
	if err != nil {
		ms.errs[site] = err
		return nil, err
	}
	ms.loaded[site] = m
	return m, nil
}

func (ms *fileModels) decode(site string) (Model, error) {
	line, ok := ms.set.Sites[site]
	switch {
	case !ok:
		return nil, fmt.Errorf("no model for site %q in %s", site, ms.e.Ctx.String(FlagModel))
	case line.Error != "":
		return nil, &learnError{msg: line.Error, pages: line.Pages}
	}
	m, err := ms.e.algo.Decode(line.Model)
	if err != nil {
		return nil, fmt.Errorf("model of site %q: %w", site, err)
	}
	return &siteModel{Model: m, pages: line.Pages}, nil
}

// learnError is a model line's error: the site's learning failed, from pages distinct pages.
type learnError struct {
	msg   string
	pages int
}

func (e *learnError) Error() string { return e.msg }

// keyedModels is the models of apply --keyed, the reduce side of a join: the input is
// sorted by key, and each key's model line (tag TagModel) comes before its pages. Only the
// current key's model is held.
type keyedModels struct {
	e   *Env
	key string
	m   Model
	err error
}

func (k *keyedModels) take(rec *record.Record) bool {
	if rec.Key != k.key {
		k.key, k.m, k.err = rec.Key, nil, fmt.Errorf("no model line for key %q before its pages", rec.Key)
	}
	if rec.Tag != stream.TagModel {
		return false
	}
	k.m, k.err = k.e.decodeModelLine(rec)
	k.e.Consume(rec, "model")
	return true
}

func (k *keyedModels) page(p *page.Page, ready readyFunc) { ready(k.m, k.err, p) }

func (k *keyedModels) end(readyFunc) {}

// decodeModelLine decodes the model of a model line read as a record: its members are read
// where the record holds them, the model decoded once, by the algorithm.
func (e *Env) decodeModelLine(rec *record.Record) (Model, error) {
	line, err := model.FromRecord(rec, e.Tool.Name, e.algo.Version())
	if err != nil {
		e.warnf("%v", err)
		return nil, err
	}
	if line.Error != "" {
		return nil, &learnError{msg: line.Error, pages: line.Pages}
	}
	m, err := e.algo.Decode(line.Model)
	if err != nil {
		return nil, err
	}
	return &siteModel{Model: m, pages: line.Pages}, nil
}
