package cli

import (
	"slices"

	"github.com/chaffkit/chaff/lib/model"
	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/stream"
)

// runLearn learns each site and writes its model line; the pages are consumed (sample:
// learned from, beyond-sample: read after the site was learned).
func runLearn(e *Env) int {
	e.detachHTML = true // the pages are consumed, never written
	g := newGrouper(e)
	g.learned = func(s *siteState, pages []*page.Page) {
		for _, p := range pages {
			if s.err != nil {
				e.c.skip("learn-failed", 1)
				e.c.site(s.key)
			} else {
				e.Consume(p.Rec, "sample")
			}
			p.Drop()
		}
		e.writeModel(s)
	}
	e.eachPage(g, func(_ Model, _ error, p *page.Page) { e.Consume(p.Rec, "beyond-sample") })
	return e.Close()
}

// writeModel writes the model line of a learned site (its error when learning failed, so
// that apply fails the site's pages with the error run gives them), after its key under
// --keyed, with the distinct pages it learned from.
func (e *Env) writeModel(s *siteState) {
	var line []byte
	var err error
	if s.err != nil {
		e.warnf("%v", s.err)
		line, err = model.EncodeError(s.key, e.Tool.Name, e.algo.Version(), s.distinct, s.err)
	} else {
		line, err = model.Encode(s.key, e.Tool.Name, e.algo.Version(), s.distinct, s.model)
	}
	if err != nil {
		e.failed = true
		e.warnf("%v", err)
		return
	}
	e.c.models++
	if e.in.keyed {
		line = slices.Concat([]byte(KeyOf(s.key)+"\t"+stream.TagModel+"\t"), line)
	}
	e.EmitLine(line)
}

// runRun learns each site from its first --sample pages and applies the model to all of
// them: every page is emitted once.
func runRun(e *Env) int {
	e.eachPage(newGrouper(e), e.applyReady)
	return e.Close()
}

// runApply applies the models of --model (or, keyed, of the model lines) to the pages.
func runApply(e *Env) int {
	if e.in.keyed {
		e.eachPage(&keyedModels{e: e}, e.applyReady)
		return e.Close()
	}
	ms, err := e.loadModels()
	if err != nil {
		e.warnf("%v", err)
		e.stop() // nothing done: no -o file
		return e.Close()
	}
	e.eachPage(ms, e.applyReady)
	return e.Close()
}

// runMap is the mapper of the keyed contract: it reads pages in any format and writes them as
// KEY<TAB>TagPage<TAB>JSON lines, the key by --site-key.
func runMap(e *Env) int {
	var line []byte
	for {
		rec, err := e.Next()
		if err != nil {
			break
		}
		key := e.SiteOf(rec)
		line = append(line[:0], KeyOf(key)...)
		line = append(line, "\t"+stream.TagPage+"\t"...)
		line = rec.AppendJSON(line)
		e.c.site(key)
		e.out.writeLine(line, true, false)
		if cap(line) > 64<<20 {
			line = nil
		}
	}
	return e.Close()
}
