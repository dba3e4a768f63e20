package cli

import (
	"strings"

	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/site"
	"github.com/chaffkit/chaff/lib/stream"
)

// input is where a command reads pages: its inputs (stream.Reader), how a record's site is
// keyed, and how deep its tree is built.
type input struct {
	r        *stream.Reader
	siteMode site.Mode
	keyed    bool // lines are SITE<TAB>JSON: the site is the line's key
	maxDepth int  // --max-depth of the pages' trees
	keys     keyOrder
	// sites interns the site keys: a key is a substring of its record (its site member, the
	// host of its URL, its line's key), and every map that outlives the record (the summary's
	// sites, the grouper's) would otherwise hold the record's whole line, HTML included, in
	// memory to the end of the run: one page per site, all of a dump of unrelated pages.
	sites map[string]string
}

// siteOf returns the site key of a record: its line's key under --keyed, else by --site-key.
// Called from one goroutine (the reading loop, and finish, which runs on it).
func (in *input) siteOf(rec *record.Record) string {
	var key string
	if in.keyed {
		key = rec.Key
	} else {
		key = site.Key(in.siteMode, rec.Site, rec.URL)
	}
	if k, ok := in.sites[key]; ok {
		return k
	}
	if in.sites == nil {
		in.sites = map[string]string{}
	}
	k := strings.Clone(key)
	in.sites[k] = k
	return k
}

// page returns the page of rec, under its site, its tree to be parsed (when asked) with
// --max-depth.
func (in *input) page(rec *record.Record) *page.Page {
	return page.New(rec, in.siteOf(rec), in.maxDepth)
}

// KeyOf makes a site the key of a keyed line (stream.EscapeKey).
func KeyOf(site string) string { return stream.EscapeKey(site) }

// keyOrder checks that keyed input is grouped by key: a key that comes
// back after another key would be learned twice from parts of its pages
// (learn, run) or lack its model line (apply). Only the keys seen are held,
// not their pages.
type keyOrder struct {
	done map[string]struct{}
	cur  string
	any  bool
}

// see is called with every key in turn; it reports false when key came before another key.
func (k *keyOrder) see(key string) bool {
	if k.any && key == k.cur {
		return true
	}
	if k.done == nil {
		k.done = map[string]struct{}{}
	}
	if k.any {
		k.done[k.cur] = struct{}{}
	}
	if _, seen := k.done[key]; seen {
		return false
	}
	k.cur, k.any = key, true
	return true
}
