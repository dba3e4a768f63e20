package cli

import (
	"strings"

	"github.com/cespare/xxhash/v2"

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
}

// siteOf returns the site key of a record: its line's key under --keyed, else by --site-key.
// It is a substring of the record (its site member, the host of its URL, its line's key),
// for uses that end with the record's.
func (in *input) siteOf(rec *record.Record) string {
	if in.keyed {
		return rec.Key
	}
	return site.Key(in.siteMode, rec.Site, rec.URL)
}

// page returns the page of rec, under its site, its tree to be parsed (when asked) with
// --max-depth. The page's site is a copy of the key: the grouper's map outlives the record,
// and would otherwise hold the record's whole line, HTML included, to the end of the run. (A
// map interning the keys saved the copy, and held every site's key to the end of the run
// instead.)
func (in *input) page(rec *record.Record) *page.Page {
	return page.New(rec, strings.Clone(in.siteOf(rec)), in.maxDepth)
}

// KeyOf makes a site the key of a keyed line (stream.EscapeKey).
func KeyOf(site string) string { return stream.EscapeKey(site) }

// keyOrder checks that keyed input is grouped by key: a key that comes
// back after another key would be learned twice from parts of its pages
// (learn, run) or lack its model line (apply). Only the hashes of the keys seen are held (8
// bytes a key), not the keys or their pages.
type keyOrder struct {
	done map[uint64]struct{}
	cur  string
	any  bool
}

// see is called with every key in turn; it reports false when key came before another key.
func (k *keyOrder) see(key string) bool {
	if k.any && key == k.cur {
		return true
	}
	if k.done == nil {
		k.done = map[uint64]struct{}{}
	}
	if k.any {
		k.done[xxhash.Sum64String(k.cur)] = struct{}{}
	}
	if _, seen := k.done[xxhash.Sum64String(key)]; seen {
		return false
	}
	k.cur, k.any = strings.Clone(key), true
	return true
}
