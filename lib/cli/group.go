package cli

import (
	"container/heap"
	"container/list"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"

	"github.com/cespare/xxhash/v2"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
)

// siteState is one site's progress through learning.
type siteState struct {
	key   string
	seq   int          // the order of first appearance
	pages []*page.Page // buffered, waiting for the model
	bytes int          // their Size, summed
	model Model
	err   error // learning failed
	// distinct is the number of distinct pages (copies aside) the site was learned from, or
	// would have been: what its model line says, failed or not.
	distinct int
	learned  bool
	// at is the site's place in the grouper's waiting heap while it waits, -1 after.
	at int
	// modelBytes is what the model counts against --max-models-bytes; kept is the site's
	// place among the kept models (nil when its model is not kept).
	modelBytes int
	kept       *list.Element
}

// grouper is the models of run (and of show without --model): it buffers pages per site
// until a site has --sample pages (or the input ends, or --max-buffer or --max-buffer-bytes
// forces it: the site with the most pages waiting is then learned early), learns the site,
// and hands the buffered and later pages on with the site's model. Sites are learned in a
// deterministic order: when they fill up, then at the end in order of first appearance.
// Keyed input is grouped by key, so a group is learned as soon as the key changes and then
// forgotten: memory holds one site. Otherwise the learned models are kept for the sites'
// later pages within --max-models-bytes, the least recently used let go past it: a site
// seen again after that is learned again, from its later pages. The costs of a page do not
// grow with the sites seen (a dump of millions of sites of one page each).
type grouper struct {
	e         *Env
	sample    int
	maxBuffer int
	maxBytes  int // 0: no limit
	buffered  int // pages waiting
	bytes     int // their Size, summed
	sites     map[string]*siteState
	seq       int
	waiting   waitHeap   // the sites with pages waiting, the fullest first
	last      *siteState // keyed input: the group being read
	// The learned sites holding a model, least recently used first, their modelBytes
	// summed, and the bound on that sum (0: none).
	kept          list.List
	modelBytes    int
	maxModelBytes int
	// learned, when set, is called once per site after learning, with the pages that were
	// buffered, instead of handing them on (learn writes the model line). The model is then
	// not kept: a later page of the site only needs to know it was learned, which done
	// says by the hash of its key (8 bytes a site, against about 600 for its state).
	learned func(s *siteState, buffered []*page.Page)
	done    map[uint64]struct{}
}

// newGrouper starts grouping; Open checked that --sample and --max-buffer are at least 1.
func newGrouper(e *Env) *grouper {
	e.c.live.learns.Store(true)
	tuneHolding(e.Ctx.Int(FlagMaxBufferBytes))
	return &grouper{e: e, sample: e.Ctx.Int(FlagSample), maxBuffer: e.Ctx.Int(FlagMaxBuffer),
		maxBytes: e.Ctx.Int(FlagMaxBufferBytes), maxModelBytes: e.Ctx.Int(FlagMaxModelsBytes), sites: map[string]*siteState{},
		done: map[uint64]struct{}{}}
}

func (g *grouper) take(*record.Record) bool { return false }

func (g *grouper) page(p *page.Page, ready readyFunc) {
	if g.e.in.keyed && g.last != nil && g.last.key != p.Site && !g.last.learned {
		// Keyed input is grouped by key: the previous group is complete.
		g.learn(g.last, ready)
	}
	s := g.sites[p.Site]
	if s == nil && g.learned != nil {
		if _, done := g.done[xxhash.Sum64String(p.Site)]; done {
			ready(nil, nil, p) // (learn: a page past the site's sample)
			return
		}
	}
	if s == nil {
		s = &siteState{key: p.Site, seq: g.seq, at: -1}
		g.seq++
		g.sites[p.Site] = s
	}
	if g.e.in.keyed && g.last != s {
		if g.last != nil {
			g.forget(g.last)
		}
		g.last = s
	}
	if s.learned {
		if s.kept != nil {
			g.kept.MoveToBack(s.kept) // the most recently used
		}
		ready(s.model, s.err, p)
		return
	}
	size := p.Size()
	s.pages = append(s.pages, p)
	s.bytes += size
	g.buffered++
	g.bytes += size
	if s.at < 0 {
		heap.Push(&g.waiting, s)
	} else {
		heap.Fix(&g.waiting, s.at)
	}
	if len(s.pages) >= g.sample {
		g.learn(s, ready)
		return
	}
	if g.buffered > g.maxBuffer {
		g.learnEarly(s, fmt.Sprintf("--%s %d reached", FlagMaxBuffer, g.maxBuffer), ready)
	}
	for g.maxBytes > 0 && g.bytes > g.maxBytes && g.buffered > 0 {
		g.learnEarly(s, fmt.Sprintf("--%s %d%s reached (the pages waiting held %d bytes)", FlagMaxBufferBytes, g.maxBytes, mib(g.maxBytes), g.bytes), ready)
	}
}

// learnEarly learns the site with the most pages waiting (cur, the site of the page just
// read, among equals; else the first to appear), before it has --sample pages, since a bound
// on the pages waiting (why) was reached; a line says so, capped like error lines.
func (g *grouper) learnEarly(cur *siteState, why string, ready readyFunc) {
	fullest := g.waiting[0]
	if !cur.learned && len(cur.pages) == len(fullest.pages) {
		fullest = cur
	}
	line := fmt.Sprintf("site %s learned early from %d pages: %s", fullest.key, len(fullest.pages), why)
	g.e.rep.once("learned early", line, line+" (further sites learned early are not shown)")
	g.learn(fullest, ready)
}

// mib is " (N MiB)" for a bound of at least a MiB, "" for a smaller one.
func mib(n int) string {
	if n < 1<<20 {
		return ""
	}
	return fmt.Sprintf(" (%.0f MiB)", float64(n)/(1<<20))
}

// end learns the sites still waiting, in order of first appearance; after a stop their pages
// are counted as abandoned instead.
func (g *grouper) end(ready readyFunc) {
	rest := slices.Clone(g.waiting)
	slices.SortFunc(rest, func(a, b *siteState) int { return a.seq - b.seq })
	for _, s := range rest {
		if g.e.interrupted() {
			g.e.abandon(len(s.pages))
			g.buffered -= len(s.pages)
			g.bytes -= s.bytes
			s.pages, s.bytes = nil, 0
			continue
		}
		g.learn(s, ready)
	}
}

// forget drops a finished group of keyed input, whose key cannot come back (keyOrder checks
// that it does not).
func (g *grouper) forget(s *siteState) {
	delete(g.sites, s.key)
	g.letGo(s)
}

func (g *grouper) learn(s *siteState, ready readyFunc) {
	live := &g.e.c.live
	live.setPhase(fmt.Sprintf("learning %s (%d pages)", printable(s.key), len(s.pages)))
	learnt := distinct(s.pages)
	s.distinct = len(learnt)
	if learnsNothing(len(learnt)) && g.learned == nil && g.e.content != nil {
		s.model, s.err = nil, errLonePage
	} else {
		s.model, s.err = g.e.learnSite(s.key, learnt)
	}
	if learnsNothing(len(learnt)) && (s.err == nil || s.err == errLonePage) && g.sample > 1 {
		g.e.single.add(s.key, s.pages[0], len(s.pages)-len(learnt)) // (--sample 1 asks for it)
	}
	live.setPhase("")
	live.learned.Add(int64(len(s.pages)))
	live.sites.Add(1)
	s.learned = true
	heap.Remove(&g.waiting, s.at)
	pages := s.pages
	g.buffered -= len(pages)
	g.bytes -= s.bytes
	s.pages, s.bytes = nil, 0
	if g.learned != nil {
		g.learned(s, pages)
		// Written: the site's later pages need only know it was learned, from its key's
		// hash, so that a dump of millions of sites does not hold every site's state.
		delete(g.sites, s.key)
		g.done[xxhash.Sum64String(s.key)] = struct{}{}
		return
	}
	g.keep(s)
	for _, p := range pages {
		ready(s.model, s.err, p)
	}
}

// keep puts a learned site among those kept, the most recently used, and lets the least
// recently used go past --max-models-bytes (never the one just learned). A site let go is
// forgotten: its next page starts it again. A site counts its model's bytes and its own
// state's (siteBytes), so that the sites without a model (one page each, under the content
// join) are let go too: a dump of millions of them holds no more than the bound.
func (g *grouper) keep(s *siteState) {
	if !g.e.in.keyed && g.maxModelBytes > 0 {
		s.modelBytes = siteBytes + len(s.key)
		if s.model != nil {
			s.modelBytes += modelBytes(s.model)
		}
	}
	s.kept = g.kept.PushBack(s)
	g.modelBytes += s.modelBytes
	for g.maxModelBytes > 0 && g.modelBytes > g.maxModelBytes && g.kept.Front() != s.kept {
		old := g.kept.Front().Value.(*siteState)
		delete(g.sites, old.key)
		g.letGo(old)
		if old.model != nil {
			g.e.c.modelsLetGo++
		}
	}
}

// siteBytes is what a learned site's state holds besides its key and model: the siteState,
// its entry in the grouper's map and its place in the list of those kept (375 bytes of live
// heap a site, measured on 20,000 and 60,000 sites of one page each).
const siteBytes = 400

// letGo takes a site's model out of those kept, if it is there.
func (g *grouper) letGo(s *siteState) {
	if s.kept != nil {
		g.kept.Remove(s.kept)
		s.kept = nil
		g.modelBytes -= s.modelBytes
	}
}

// modelBytes is what a model counts against --max-models-bytes: its Bytes (Sizer), else the
// length of its encoding (a model line's; a stand-in, slower to find).
func modelBytes(m Model) int {
	if sm, ok := m.(*siteModel); ok {
		m = sm.Model
	}
	if s, ok := m.(Sizer); ok {
		return s.Bytes()
	}
	b, err := json.Marshal(m)
	if err != nil {
		return 0
	}
	return len(b)
}

// waitHeap is the sites with pages waiting, as a container/heap: the most pages first, then
// the first to appear. A page that joins its site fixes the site's place; a site learned
// leaves. Both take O(log sites), so that a run over millions of waiting sites does not scan
// them all for each page past a bound.
type waitHeap []*siteState

func (h waitHeap) Len() int { return len(h) }

func (h waitHeap) Less(i, j int) bool {
	if len(h[i].pages) != len(h[j].pages) {
		return len(h[i].pages) > len(h[j].pages)
	}
	return h[i].seq < h[j].seq
}

func (h waitHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].at, h[j].at = i, j
}

func (h *waitHeap) Push(x any) {
	s := x.(*siteState)
	s.at = len(*h)
	*h = append(*h, s)
}

func (h *waitHeap) Pop() any {
	old := *h
	s := old[len(old)-1]
	*h, s.at = old[:len(old)-1], -1
	return s
}

// errLonePage is the "model error" of a site of one page (copies aside) in run and show with
// the content join: a model learned from one page has no say in the join (content.Site.Trust
// is 0 for it: every part of a lone page repeats on all its pages), so it is not learned, and
// the page's text is the content model's from the page alone, as chaff extract makes it. Most
// sites of a crawl dump have one page; learning them cost ngramcut two thirds of a run of
// wcxb-dev.
var errLonePage = errors.New("one page: nothing to learn")

// learnsNothing reports whether a site model learned from pages distinct pages has no say in
// the content join whatever its fit to a page: content.Site.Trust, the join's one rule for
// it, is 0 (one page; 0 is "not known", an older model line, and applied as before).
func learnsNothing(pages int) bool {
	return pages > 0 && (&content.Site{Fit: 1, Pages: pages}).Trust() == 0
}

// learnSite calls the algorithm's Learn on the site's pages (distinct: without copies),
// turning a panic into an error so that one pathological site cannot end a run over a whole
// dump; the model's warnings (Warner) are printed.
func (e *Env) learnSite(site string, learnt []*page.Page) (m Model, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while learning: %v", p)
			if os.Getenv("CHAFF_DEBUG") != "" {
				e.warnf("site %s: panic: %v\n%s", site, p, debug.Stack())
			}
		}
	}()
	m, err = e.algo.Learn(site, learnt)
	if err == nil && m == nil {
		err = fmt.Errorf("no model learned")
	}
	if err != nil {
		return nil, fmt.Errorf("site %s: learn: %w", site, err)
	}

	if w, ok := m.(Warner); ok {
		for _, line := range w.Warnings() {
			e.warnf("%s", line)
		}
	}
	return &siteModel{Model: m, pages: len(learnt), here: true}, nil
}

// copiesAre says what a copy is to the user (distinct).
const copiesAre = "the same text, numbers and markup aside"

// distinct returns the pages that are not copies of an earlier page (same
// htmltext.Fingerprint: the same text, markup and numbers aside). A page
// crawled twice (a re-crawl, two URLs of one page, a session id in its
// links) would otherwise weigh twice in learning, and to a learner that
// counts what pages share (repeated blocks, n-grams, substrings, clusters)
// all of its content looks like template. Every page is still applied and
// emitted. A site of one page has no copies: its page is not fingerprinted
// (a scan of it, for nothing; most sites of a dump of unrelated pages).
func distinct(pages []*page.Page) []*page.Page {
	if len(pages) < 2 {
		return append([]*page.Page(nil), pages...)
	}
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

// singles counts the sites learned from one page (copies aside): nothing can be learned
// from one page, since a site model finds what a site's pages repeat. A run says so once,
// at its end (say), naming the first such site: an HTML file given alone, or a dump of
// unrelated pages, which chaff extract is for. It counts the copies too, so that a user
// who gave a site several pages learns why it still has one.
type singles struct {
	n, copies   int
	site, first string // the first such site, and its page
}

func (s *singles) add(site string, p *page.Page, copies int) {
	if s.n == 0 {
		s.site, s.first = site, p.Name()
		if s.first == "" {
			s.first = p.Where()
		}
	}
	s.n++
	s.copies += copies
}

// say prints the line about the sites learned from one page, if any: what their text is
// made of depends on the command (learn: the models only; with the content join: the
// content model's choice; without: the algorithm's from one page).
func (s *singles) say(e *Env) {
	if s.n == 0 {
		return
	}
	what := fmt.Sprintf("%d sites have one page each (the first: %s of site %q)", s.n, s.first, s.site)
	if s.copies > 0 {
		what = fmt.Sprintf("%d sites have one page each, not counting %s (%s); the first: %s of site %q",
			s.n, plural(s.copies, "1 page that is a copy of one", "%d pages that are copies of one"), copiesAre, s.first, s.site)
	}
	if s.n == 1 {
		what = fmt.Sprintf("%s is the only page of site %q", s.first, s.site)
		if s.copies > 0 {
			what += fmt.Sprintf(" (%s: %s)", plural(s.copies, "its other page is a copy of it", "its %d other pages are copies of it"), copiesAre)
		}
	}
	const why = "nothing can be learned from one page (a site model finds what a site's pages repeat)"
	var then string
	switch {
	case e.Ctx.Command.Name == "learn":
		then = "a model learned from one page says nothing about the site's other pages"
	case e.content != nil:
		then = "the text is chaff's content model's choice from the page alone, as chaff extract makes it for a dump of unrelated pages"
	default:
		then = "the text is what the algorithm alone makes of one page (often all of it); --content on, or chaff extract, chooses it from the page's own evidence"
	}
	e.warnf("%s: %s; %s", what, why, then)
}
