package cli

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/model"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
)

// siteState is one site's progress through learning.
type siteState struct {
	key     string
	pages   []*page.Page // buffered, waiting for the model
	model   Model
	err     error // learning failed
	learned bool
	sampled int // pages the model was learned from
}

// grouper buffers pages per site until a site has --sample pages (or the
// input ends, or --max-buffer forces it), learns the site, and hands the
// buffered and later pages on. Sites are learned in a deterministic order:
// when they fill up, then at the end in order of first appearance.
type grouper struct {
	e         *Env
	sample    int
	maxBuffer int
	buffered  int
	sites     map[string]*siteState
	order     []*siteState
	last      *siteState // keyed input: the group being read
	// learned is called once per site, after learning, with the pages that
	// were buffered; page is called for each later page of a learned site.
	learned func(s *siteState, buffered []*page.Page)
	page    func(s *siteState, p *page.Page)
}

// newGrouper starts grouping; Open checked that --sample and --max-buffer
// are at least 1.
func newGrouper(e *Env) *grouper {
	return &grouper{e: e, sample: e.Ctx.Int(FlagSample), maxBuffer: e.Ctx.Int(FlagMaxBuffer), sites: map[string]*siteState{}}
}

func (g *grouper) run() {
	for {
		p, err := g.e.NextPage()
		if err != nil {
			break
		}
		key := p.Site
		if g.e.keyed && !g.e.keys.see(g.e, p.Rec) {
			g.e.abandon(1)
			break
		}
		if g.e.keyed && g.last != nil && g.last.key != key && !g.last.learned {
			// Keyed input is grouped by key: the previous group is complete.
			g.learn(g.last)
		}
		s := g.sites[key]
		if s == nil {
			s = &siteState{key: key}
			g.sites[key] = s
			g.order = append(g.order, s)
		}
		if g.e.keyed && g.last != s {
			if g.last != nil {
				g.forget(g.last)
			}
			g.last = s
		}
		if s.learned {
			g.page(s, p)
			continue
		}
		s.pages = append(s.pages, p)
		g.buffered++
		if len(s.pages) >= g.sample {
			g.learn(s)
		} else if g.buffered > g.maxBuffer {
			fullest := s
			for _, o := range g.order {
				if !o.learned && len(o.pages) > len(fullest.pages) {
					fullest = o
				}
			}
			switch g.e.errors.show("", "--max-buffer") {
			case showLine:
				g.e.warnf("site %s learned early from %d pages: --max-buffer %d reached", fullest.key, len(fullest.pages), g.maxBuffer)
			case showLast:
				g.e.warnf("site %s learned early from %d pages: --max-buffer %d reached (further sites learned early are not shown)", fullest.key, len(fullest.pages), g.maxBuffer)
			}
			g.learn(fullest)
		}
	}
	for _, s := range g.order {
		if g.e.interrupted() {
			// Stopped early: the sites still waiting are not learned, and
			// their pages are counted as abandoned.
			g.e.abandon(len(s.pages))
			g.buffered -= len(s.pages)
			s.pages = nil
			continue
		}
		if !s.learned {
			g.learn(s)
		}
	}
}

// forget drops a finished group of keyed input, whose key cannot come back
// (keyOrder checks that it does not).
func (g *grouper) forget(s *siteState) {
	delete(g.sites, s.key)
	g.order = slices.DeleteFunc(g.order, func(o *siteState) bool { return o == s })
}

func (g *grouper) learn(s *siteState) {
	s.model, s.err = g.e.learnSite(s.key, s.pages)
	s.learned = true
	s.sampled = len(s.pages)
	pages := s.pages
	s.pages = nil
	g.buffered -= len(pages)
	g.learned(s, pages)
}

// learnSite calls the tool's Learn, turning a panic into an error so that
// one pathological site cannot end a run over a whole dump.
func (e *Env) learnSite(site string, pages []*page.Page) (m Model, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while learning: %v", p)
			if os.Getenv("CHAFF_DEBUG") != "" {
				e.warnf("site %s: panic: %v\n%s", site, p, debug.Stack())
			}
		}
	}()
	m, err = e.algo.Learn(site, distinct(pages))
	if err == nil && m == nil {
		err = fmt.Errorf("no model learned")
	}
	if w, ok := m.(Warner); ok && err == nil {
		for _, line := range w.Warnings() {
			e.warnf("%s", line)
		}
	}
	if err != nil {
		err = fmt.Errorf("site %s: learn: %w", site, err)
	}
	return m, err
}

// distinct returns the pages that are not copies of an earlier page (same
// htmltext.Fingerprint: the same visible text, numbers aside). A page
// crawled twice (a re-crawl, two URLs of one page, a session id in its
// links) would otherwise weigh twice in learning, and to a learner that
// counts what pages share (repeated blocks, n-grams, substrings, clusters)
// all of its content looks like template. Every page is still applied and
// emitted.
func distinct(pages []*page.Page) []*page.Page {
	seen := make(map[uint64]struct{}, len(pages))
	out := make([]*page.Page, 0, len(pages))
	for _, p := range pages {
		h := p.Fingerprint()
		if _, dup := seen[h]; dup {
			continue
		}
		seen[h] = struct{}{}
		out = append(out, p)
	}
	return out
}

// ApplyAndEmit applies m to a page and emits it with what it found (setFound); a
// failure is handled by --on-error. With --workers > 1 the work runs on other goroutines
// and the page is emitted later, in order.
func (e *Env) ApplyAndEmit(m Model, p *page.Page) {
	if e.interrupted() {
		e.abandon(1) // no work after a stop
		return
	}
	if e.workers <= 1 {
		f, err := e.apply(m, p)
		e.finish(p, f, err)
		return
	}
	if e.work == nil {
		work := make(chan *job)
		e.work = work
		for range e.workers {
			go func() {
				for j := range work {
					j.found, j.err = e.apply(j.m, j.p)
					close(j.done)
				}
			}()
		}
	}
	j := &job{m: m, p: p, done: make(chan struct{})}
	e.pending = append(e.pending, j)
	e.work <- j
	for len(e.pending) > 4*e.workers {
		e.emitOldest()
	}
}

// job is one page in flight on a worker.
type job struct {
	m     Model
	p     *page.Page
	found Found
	err   error
	done  chan struct{}
}

func (e *Env) emitOldest() {
	j := e.pending[0]
	e.pending[0] = nil
	e.pending = e.pending[1:]
	<-j.done
	e.finish(j.p, j.found, j.err)
}

// drain emits every page still in flight and stops the workers.
func (e *Env) drain() {
	for len(e.pending) > 0 {
		e.emitOldest()
	}
	if e.work != nil {
		close(e.work)
		e.work = nil
	}
}

// finish reports the page's notes, then emits it with what the model found, or fails it.
// The page's tree is dropped: nothing reads it after this.
func (e *Env) finish(p *page.Page, f Found, err error) {
	defer p.Drop()
	if e.stopped == nil {
		for _, n := range e.notesOf(p, f) {
			e.Note(p.Rec, n)
		}
	}
	if err != nil {
		if f.Detail != nil {
			p.Rec.Set(e.Tool.Name, f.Detail) // what the model found before failing
		}
		e.failNow(p.Rec, err)
		return
	}
	if err := setFound(e.Tool.Name, p, f); err != nil {
		e.failNow(p.Rec, err)
		return
	}
	e.Emit(p.Rec)
}

// notesOf is the notes on a page: that its tree was flattened at --max-depth (when it
// was parsed), then the algorithm's.
func (e *Env) notesOf(p *page.Page, f Found) []string {
	if n, parsed := p.FlattenedIfParsed(); parsed && n > 0 {
		return append([]string{FlattenedNote(n, p.MaxDepth())}, f.Notes...)
	}
	return f.Notes
}

// setFound is where what an algorithm found in a page becomes the page's record: the text
// (htmltext.RenderSpans of the kept spans, rendered here and nowhere else; the title as its
// first line when TitleFirst), the title, and the tool's detail member (tool). It is the
// one place a Found meets the record, so that anything joined to the algorithm's output
// (a content model weighing Found.Template and Found.Fit against the page's own evidence)
// goes here, between the Found and the text.
func setFound(tool string, p *page.Page, f Found) error {
	text := htmltext.RenderSpans(p.HTML, f.Kept)
	if f.TitleFirst && f.Title != "" {
		text = f.Title + "\n" + text
	}
	p.Rec.Set("text", text)
	if f.Title != "" {
		p.Rec.Set("title", f.Title)
	}
	if f.Detail != nil {
		return p.Rec.Set(tool, f.Detail)
	}
	return nil
}

func (e *Env) apply(m Model, p *page.Page) (f Found, err error) {
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

func runLearn(e *Env) int {
	g := newGrouper(e)
	g.learned = func(s *siteState, pages []*page.Page) {
		for _, p := range pages {
			if s.err != nil {
				e.skipped["learn-failed"]++
				e.sites[s.key] = struct{}{}
			} else {
				e.Consume(p.Rec, "sample")
			}
			p.Drop()
		}
		var line []byte
		var err error
		if s.err != nil {
			// The line records the failure, so that apply fails the site's
			// pages with the error run gives them.
			e.warnf("%v", s.err)
			line, err = model.EncodeError(s.key, e.Tool.Name, e.algo.Version(), len(pages), s.err)
		} else {
			line, err = model.Encode(s.key, e.Tool.Name, e.algo.Version(), len(pages), s.model)
		}
		if err != nil {
			e.failed = true
			e.warnf("%v", err)
			return
		}
		e.models++
		if e.keyed {
			line = slices.Concat([]byte(KeyOf(s.key)+"\t"+stream.TagModel+"\t"), line)
		}
		e.EmitLine(line)
	}
	g.page = func(s *siteState, p *page.Page) { e.Consume(p.Rec, "beyond-sample") }
	g.run()
	return e.Close()
}

func runRun(e *Env) int {
	g := newGrouper(e)
	g.learned = func(s *siteState, pages []*page.Page) {
		for _, p := range pages {
			g.page(s, p)
		}
	}
	g.page = func(s *siteState, p *page.Page) {
		if s.err != nil {
			p.Drop()
			e.Fail(p.Rec, s.err)
			return
		}
		e.ApplyAndEmit(s.model, p)
	}
	g.run()
	return e.Close()
}

// Models loads the --model file and decodes each site's model on first use.
type Models struct {
	e      *Env
	set    *model.Set
	loaded map[string]Model
	errs   map[string]error
}

// LoadModels reads the file named by --model.
func (e *Env) LoadModels() (*Models, error) {
	set, err := model.Load(e.Ctx.String(FlagModel), e.Tool.Name, e.algo.Version(), e.Ctx.Int(FlagMaxModelBytes))
	if err != nil {
		return nil, err
	}
	return &Models{e: e, set: set, loaded: map[string]Model{}, errs: map[string]error{}}, nil
}

// For returns the model of a site, or an error saying why there is none.
func (ms *Models) For(site string) (Model, error) {
	if m, ok := ms.loaded[site]; ok {
		return m, nil
	}
	if err, ok := ms.errs[site]; ok {
		return nil, err
	}
	line, ok := ms.set.Sites[site]
	if !ok {
		err := fmt.Errorf("no model for site %q in %s", site, ms.e.Ctx.String(FlagModel))
		ms.errs[site] = err
		return nil, err
	}
	if line.Error != "" {
		err := errors.New(line.Error)
		ms.errs[site] = err
		return nil, err
	}
	m, err := ms.e.algo.Decode(line.Model)
	if err != nil {
		err = fmt.Errorf("model of site %q: %w", site, err)
		ms.errs[site] = err
		return nil, err
	}
	ms.loaded[site] = m
	return m, nil
}

func runApply(e *Env) int {
	if e.keyed {
		return runApplyKeyed(e)
	}
	ms, err := e.LoadModels()
	if err != nil {
		e.warnf("%v", err)
		e.failed, e.stopped = true, errStop // nothing done: no -o file
		return e.Close()
	}
	for {
		p, err := e.NextPage()
		if err != nil {
			break
		}
		m, err := ms.For(p.Site)
		if err != nil {
			e.Fail(p.Rec, err)
			continue
		}
		e.ApplyAndEmit(m, p)
	}
	return e.Close()
}

// runApplyKeyed is apply as the reduce side of a join: the input is sorted
// by key, and each key's model line (tag TagModel) comes before its pages.
// Only the current key's model is held.
func runApplyKeyed(e *Env) int {
	var key string
	var m Model
	var merr error
	for {
		rec, err := e.Next()
		if err != nil {
			break
		}
		if !e.keys.see(e, rec) {
			e.abandon(1)
			break
		}
		if rec.Key != key {
			key, m, merr = rec.Key, nil, fmt.Errorf("no model line for key %q before its pages", rec.Key)
		}
		if rec.Tag == stream.TagModel {
			m, merr = e.loadModelLine(rec)
			e.Consume(rec, "model")
			continue
		}
		if !e.HasHTML(rec) {
			continue
		}
		if merr != nil {
			e.Fail(rec, merr)
			continue
		}
		e.ApplyAndEmit(m, e.Page(rec))
	}
	return e.Close()
}

func (e *Env) loadModelLine(rec *record.Record) (Model, error) {
	line, err := model.Decode(rec.AppendJSON(nil), rec.Where(), e.Tool.Name, e.algo.Version())
	if err != nil {
		e.warnf("%v", err)
		return nil, err
	}
	if line.Error != "" {
		return nil, errors.New(line.Error)
	}
	return e.algo.Decode(line.Model)
}

// runMap is the mapper of the keyed contract: it reads pages in any format
// and writes them as KEY<TAB>TagPage<TAB>JSON lines, the key by --site-key.
func runMap(e *Env) int {
	for {
		rec, err := e.Next()
		if err != nil {
			break
		}
		e.line = append(e.line[:0], KeyOf(e.SiteOf(rec))...)
		e.line = append(e.line, "\t"+stream.TagPage+"\t"...)
		e.line = rec.AppendJSON(e.line)
		e.sites[e.SiteOf(rec)] = struct{}{}
		e.writeLine(e.line, true, false)
	}
	return e.Close()
}

// keyOrder checks that keyed input is grouped by key: a key that comes
// back after another key would be learned twice from parts of its pages
// (learn, run) or lack its model line (apply). Only the keys seen are held,
// not their pages.
type keyOrder struct {
	done map[string]struct{}
	cur  string
	any  bool
}

// see is called with every record in turn. It stops the run, with a
// message saying how to sort, when rec's key came before another key.
func (k *keyOrder) see(e *Env, rec *record.Record) bool {
	if k.any && rec.Key == k.cur {
		return true
	}
	if k.done == nil {
		k.done = map[string]struct{}{}
	}
	if k.any {
		k.done[k.cur] = struct{}{}
	}
	if _, seen := k.done[rec.Key]; seen {
		e.warnf("%s: key %q comes back after other keys: --keyed input must be grouped by key; sort it first, e.g. LC_ALL=C sort -s -t$'\\t' -k1,1 (-k1,1 -k2,2 for apply's models and pages)", rec.Where(), rec.Key)
		e.failed = true
		e.stopped = errStop
		return false
	}
	k.cur, k.any = rec.Key, true
	return true
}
