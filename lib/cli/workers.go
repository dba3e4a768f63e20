package cli

import (
	"github.com/chaffkit/chaff/lib/page"
)

// job is one page on its way through a model: applied (found, err) on a worker, then
// finished in input order.
type job struct {
	m     Model
	p     *page.Page
	found Found
	err   error
	// noModel is why the page's site has no model (the content join still extracts it).
	noModel error
	joined  *joined // the content join's choice, when on
	done    chan struct{}
}

// pool applies pages on n goroutines and finishes them in input order: the output does not
// depend on n. With n <= 1 a page is applied and finished at once, on the caller's goroutine.
// Not safe for concurrent use: submit, fail and drain are called by the reading goroutine.
type pool struct {
	n       int
	apply   func(j *job) // on a worker: fills found and err
	finish  func(j *job) // in input order, on the caller's goroutine
	work    chan *job
	pending []*job // in flight, in input order
}

// submit applies j (now, or on a worker) and finishes it in order.
func (p *pool) submit(j *job) {
	if p.n <= 1 {
		p.apply(j)
		p.finish(j)
		return
	}
	if p.work == nil {
		work := make(chan *job)
		p.work = work
		for range p.n {
			go func() {
				for j := range work {
					p.apply(j)
					close(j.done)
				}
			}()
		}
	}
	j.done = make(chan struct{})
	p.pending = append(p.pending, j)
	p.work <- j
	for len(p.pending) > 4*p.n {
		p.finishOldest()
	}
}

// busy reports whether pages are in flight (a page failed now must wait for them, to keep
// the input order).
func (p *pool) busy() bool { return len(p.pending) > 0 }

// queue adds a job that needs no work (a page failed before applying) behind those in flight.
func (p *pool) queue(j *job) {
	j.done = make(chan struct{})
	close(j.done)
	p.pending = append(p.pending, j)
}

func (p *pool) finishOldest() {
	j := p.pending[0]
	p.pending[0] = nil
	p.pending = p.pending[1:]
	<-j.done
	p.finish(j)
}

// drain finishes every page in flight and stops the workers.
func (p *pool) drain() {
	for len(p.pending) > 0 {
		p.finishOldest()
	}
	if p.work != nil {
		close(p.work)
		p.work = nil
	}
}
