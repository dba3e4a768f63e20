package main

import (
	"fmt"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/chaffkit/chaff/lib/record"
)

// A run in which no prediction finds its gold scores nothing: every gold page is missing
// and every prediction unmatched (WARC output scored on the default --key id, whose values
// are WARC record ids, against gold records keyed by the data set's ids). score then says
// which key it used, which members the two sides have, and which member would join them,
// and exits 1 (see noJoin).

const (
	// probeRecords bounds the records of each input the probe looks at.
	probeRecords = 10000
	// probeValueBytes is the longest member value the probe compares: keys are short.
	probeValueBytes = 1024
	// shownNames is how many member names a message lists.
	shownNames = 12
)

// joinProbe gathers, as the inputs are read, the member names of each side and, from the
// gold records, the values of their short string members, so that a run that joins
// nothing can say which member would.
type joinProbe struct {
	predNames, goldNames memberNames
	golds, preds         int // records looked at
	// goldValues are the hashes of each member's values; goldCount how many records have
	// the member as a short string (a member whose values repeat is no key).
	goldValues map[string]map[uint64]struct{}
	goldCount  map[string]int
	// joins counts, per member, the unjoined predictions whose value of the member is a
	// gold record's value of it, over the first tried such predictions.
	joins map[string]int
	tried int
}

// memberNames are member names in the order first seen.
type memberNames struct {
	seen  map[string]bool
	order []string
}

func (n *memberNames) add(rec *record.Record) {
	if n.seen == nil {
		n.seen = map[string]bool{}
	}
	for _, k := range rec.Keys() {
		if !n.seen[k] {
			n.seen[k] = true
			n.order = append(n.order, k)
		}
	}
}

func (n *memberNames) String() string {
	if len(n.order) == 0 {
		return "no members"
	}
	if len(n.order) > shownNames {
		return strings.Join(n.order[:shownNames], ", ") + ", ..."
	}
	return strings.Join(n.order, ", ")
}

// shortString returns the value of member k of rec when it is a string short enough to be
// a key.
func shortString(rec *record.Record, k string) (string, bool) {
	raw := rec.Get(k)
	if len(raw) == 0 || raw[0] != '"' || len(raw) > probeValueBytes+2 {
		return "", false
	}
	return rec.GetString(k)
}

// gold looks at one gold record.
func (j *joinProbe) gold(rec *record.Record) {
	if j.golds >= probeRecords {
		return
	}
	j.golds++
	j.goldNames.add(rec)
	if j.goldValues == nil {
		j.goldValues, j.goldCount = map[string]map[uint64]struct{}{}, map[string]int{}
	}
	for _, k := range rec.Keys() {
		v, ok := shortString(rec, k)
		if !ok {
			continue
		}
		set := j.goldValues[k]
		if set == nil {
			set = map[uint64]struct{}{}
			j.goldValues[k] = set
		}
		set[xxhash.Sum64String(v)] = struct{}{}
		j.goldCount[k]++
	}
}

// pred looks at one prediction record.
func (j *joinProbe) pred(rec *record.Record) {
	if j.preds >= probeRecords {
		return
	}
	j.preds++
	j.predNames.add(rec)
}

// unjoined looks at a prediction that found no gold record, while none has (scored = 0).
func (j *joinProbe) unjoined(rec *record.Record, scored int) {
	if scored > 0 || j.tried >= probeRecords || j.goldValues == nil {
		return
	}
	j.tried++
	if j.joins == nil {
		j.joins = map[string]int{}
	}
	for _, k := range rec.Keys() {
		if v, ok := shortString(rec, k); ok {
			if _, hit := j.goldValues[k][xxhash.Sum64String(v)]; hit {
				j.joins[k]++
			}
		}
	}
}

// suggest returns the member that would join the most predictions, other than key: one
// whose values are distinct across the gold records looked at. n is 0 when none would.
func (j *joinProbe) suggest(key string) (member string, n int) {
	for _, k := range j.goldNames.order {
		if k == key || len(j.goldValues[k]) != j.goldCount[k] || j.joins[k] <= n {
			continue
		}
		member, n = k, j.joins[k]
	}
	return member, n
}

// noJoin says what went wrong when predictions were read and none found its gold, "" when
// some did (or there was nothing to join): the key used, the members of both sides, and a
// member that would join them, if one would. No prediction at all against gold records is
// said too.
func (s *scorer) noJoin() string {
	if s.gold != nil && len(s.goldOrder) > 0 && s.preds.read == 0 && !s.failed {
		// an empty input against gold: the tool upstream most likely failed
		return fmt.Sprintf("no prediction was read: the %d gold pages are all missing", len(s.goldOrder))
	}
	readable := s.preds.read - s.preds.skipped["unreadable"]
	if s.scoredPreds > 0 || readable == 0 {
		return ""
	}
	j := &s.probe
	if s.gold == nil {
		if s.unmatched == 0 { // every record was bad, and said so
			return ""
		}
		what := fmt.Sprintf("gold text (%q)", s.opt.goldField)
		if s.opt.metric == metricSnippets {
			what = fmt.Sprintf("snippets (%q, %q)", withField, withoutField)
		}
		return fmt.Sprintf("no prediction record has %s to score against: predictions have %s: give the gold records with --gold FILE (joined on --key)",
			what, &j.predNames)
	}
	if len(s.goldOrder) == 0 { // no usable gold record, and each said so
		return ""
	}
	msg := fmt.Sprintf("no prediction joins a gold record on --key %s: predictions have %s; gold records have %s",
		s.opt.key, &j.predNames, &j.goldNames)
	if k, n := j.suggest(s.opt.key); n > 0 {
		of := fmt.Sprintf("%d", j.tried)
		if int64(j.tried) < readable {
			of = fmt.Sprintf("the first %d", j.tried)
		}
		return msg + fmt.Sprintf(": try --key %s (it joins %d of %s predictions)", k, n, of)
	}
	return msg + ": no member has the same values on both sides"
}
