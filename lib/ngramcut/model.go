package ngramcut

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"unicode/utf8"
)

// Options select the unit, the hash and the variants beyond the paper. The zero value
// is the faithful algorithm on characters.
type Options struct {
	Unit Unit
	// SkipInvisible takes a page's units from its parts outside comments and scripts, as
	// if those were not there: they hold nothing a reader sees, only a cut's cost (a
	// fifth of a news page's bytes, a third of a modern page's), and a kept run never
	// shows them. Not the paper's (it keeps every character but white space).
	SkipInvisible bool
	Hash          Hash
	// Rank orders the distinct n-grams (ByCount is the paper's).
	Rank Rank
	// Delims applies the paper's future-work rule: an n-gram may hold a delimiter
	// (< > . ?) only at its first or last unit; other n-grams are not counted.
	Delims bool
	// N and A, when both > 0, force the cut point (n, a): no search.
	N, A int
	// MinDocFrac, when > 0, replaces the top a% by a document-frequency threshold: W is
	// the n-grams found in at least max(2, ceil(MinDocFrac·pages)) of the sample pages
	// (Rank is then ByDocFreq), and only n is searched (FindNPeak from 2), unless N forces
	// it.
	MinDocFrac float64
	// MaxN bounds n for the search; 0 means the paper's bound, the longest page.
	MaxN int
	// MinRun, when > 0, drops kept runs shorter than MinRun units when applying: on
	// modern pages the article body is one long run (its paragraph markup is too short to
	// be covered by long n-grams), page-specific links and dates are short runs between
	// covered template markup.
	MinRun int
	// Bridge, with MinRun, keeps the short runs that lie between the page's first and
	// last long run (short paragraphs, captions and headings inside the article body).
	Bridge bool
	// Snap moves the ends of kept spans out of tags and out to whole words (see
	// snap.go): the cut is on characters, so its runs start and end mid-word.
	Snap bool
	// MaxSamplePage, when > 0, bounds how many bytes of one page Learn (and Grid) count:
	// a longer page enters the sample by its first MaxSamplePage bytes (cut at a
	// character boundary). Learning holds 16-20 bytes per unit of the sample, plus
	// 70-100 per distinct n-gram, so one huge page of varied text would otherwise take
	// gigabytes. It bounds learning only: the model applies to whole pages. Not in the
	// model (an operational limit, like how many pages the sample has); see SamplePage.
	MaxSamplePage int
}

// SamplePage returns the part of html that learning counts under the limit max (see
// Options.MaxSamplePage): html itself when max <= 0 or html is not longer, else its
// first max bytes, less the start of a character cut there.
func SamplePage(html string, max int) string {
	if max <= 0 || len(html) <= max {
		return html
	}
	cut := max
	for k := 0; k < utf8.UTFMax-1 && cut > 0 && !utf8.RuneStart(html[cut]); k++ {
		cut--
	}
	return html[:cut]
}

// samplePages applies SamplePage to every page, copying the slice only if one is cut.
func samplePages(pages []string, max int) []string {
	out := pages
	copied := false
	for i, p := range pages {
		if q := SamplePage(p, max); len(q) != len(p) {
			if !copied {
				out, copied = slices.Clone(pages), true
			}
			out[i] = q
		}
	}
	return out
}

// Model is a site's learned cut: its n, a and W, with how it was found. Build it with
// [Learn] or decode it from JSON; it is then safe for concurrent use.
type Model struct {
	N          int     `json:"n"`
	A          int     `json:"a"`
	MinDocFrac float64 `json:"min_doc_frac,omitempty"`
	Unit       Unit    `json:"unit"`
	// SkipInvisible: the units were taken from outside comments and scripts
	// (Options.SkipInvisible), and are when applying.
	SkipInvisible bool  `json:"skip_invisible,omitempty"`
	Hash          Hash  `json:"hash"`
	Rank          Rank  `json:"rank"`
	Delims        bool  `json:"delims,omitempty"`
	MinRun        int   `json:"min_run,omitempty"`
	Bridge        bool  `json:"bridge,omitempty"`
	Snap          bool  `json:"snap,omitempty"`
	Pages         int   `json:"pages"`
	Units         int64 `json:"units"`    // units in the sample
	Distinct      int   `json:"distinct"` // distinct n-grams at the cut point
	// Kept is the number of sample units no n-gram of W covers at the cut point (before
	// MinRun). 0 means every page of the sample comes out empty: FindOptimal may walk
	// there, since covering everything leaves no boundary to count (see Warning).
	Kept int64  `json:"kept"`
	Path []Step `json:"path"` // the search path; its last step is (N, A)
	// DF is, for each member of W in W's order, the share of the sample pages holding it, in
	// 255ths rounded up (1..255): how sure the model is that the n-gram is template. Apply
	// gives it as the strength of the template spans, and measures how well a page fits the
	// model against it (see Find). JSON: base64, one byte per member.
	DF []byte  `json:"w_df"`
	W  HashSet `json:"w"` // fingerprints of the n-grams of W

	once     sync.Once
	table    []uint32 // open-addressing copy of W for Spans (see index)
	tableDF  []uint8  // DF of the member in each slot of table (the highest, for a shared tag)
	expected float64  // Σ DF/255 over the slots: the members of W a sample page holds on average
	filter   []uint64 // a bit per fingerprint of W, 8 bits per member (see index)
	// filterInTag: the filter's bits are bits of the table's tags (filterBit), so every
	// fingerprint the table finds passes the filter, and the table alone answers as the
	// filter and the table together.
	filterInTag bool
}

// ModelVersion is the version of the model format (the Model as JSON): a model of another
// version is refused. 2 added DF.
const ModelVersion = 2

// ErrNoPages is returned by Learn when there is nothing to learn from.
var ErrNoPages = errors.New("ngramcut: no pages to learn from")

// Learn finds a cut point for a site's sample pages and returns its model. The pages
// are the raw HTML strings; they are not retained.
func Learn(pages []string, opt Options) (*Model, error) {
	return new(Learner).Learn(pages, opt)
}

// Learner learns models one site after another, each counting in the arrays of the one
// before (a site's sample takes tens of megabytes of them). Fresh memory for every site
// costs its zeroing and the page faults of its first use, about a tenth of a direct
// count; a Learner keeps the largest arrays it has needed until it is dropped. The zero
// value is ready; one Learner learns one site at a time.
type Learner struct {
	spare *corpus // the last site's corpus, for its arrays
}

// Learn is the package's Learn, reusing the arrays of the Learner's last site.
func (lr *Learner) Learn(pages []string, opt Options) (*Model, error) {
	return lr.learn(pages, opt, nil)
}

// learn is Learn; done, if not nil, is called with the count of W's level and W's size
// before the corpus is given back for reuse.
func (lr *Learner) learn(pages []string, opt Options, done func(c *corpus, l *level, k int, m *Model)) (*Model, error) {
	if len(pages) == 0 {
		return nil, ErrNoPages
	}
	if opt.MinDocFrac > 0 {
		opt.Rank = ByDocFreq
	}
	c := reuseCorpus(lr.spare, samplePages(pages, opt.MaxSamplePage), opt.Unit, opt.SkipInvisible, opt.Hash, opt.Rank, opt.Delims)
	lr.spare = nil
	if c.maxLen < 2 {
		return nil, fmt.Errorf("ngramcut: pages too short (longest has %d units)", c.maxLen)
	}
	maxN := c.maxLen
	if opt.MaxN > 0 && opt.MaxN < maxN {
		maxN = opt.MaxN
	}
	m := &Model{
		Unit: opt.Unit, SkipInvisible: opt.SkipInvisible, Hash: opt.Hash, Rank: opt.Rank, Delims: opt.Delims,
		MinDocFrac: opt.MinDocFrac, MinRun: opt.MinRun, Bridge: opt.Bridge, Snap: opt.Snap, Pages: c.pages(), Units: int64(len(c.units)),
	}
	cache := map[[2]int]int64{}
	kept := map[[2]int]int64{} // by (n, |W|): the units left uncovered, from the same pass
	alt := func(l *level, k int) int64 {
		v, kp := c.cut(l, k)
		kept[[2]int{l.n, k}] = kp
		return v
	}
	altNA := func(n, a int) int64 {
		if v, ok := cache[[2]int{n, a}]; ok {
			return v
		}
		l := c.level(n)
		v := alt(l, cutSize(l.distinct, a))
		cache[[2]int{n, a}] = v
		return v
	}
	minDF := minDocs(opt.MinDocFrac, c.pages())
	altN := func(n int) int64 {
		if v, ok := cache[[2]int{n, 0}]; ok {
			return v
		}
		l := c.level(n)
		v := alt(l, dfCut(l, minDF))
		cache[[2]int{n, 0}] = v
		return v
	}
	switch {
	case opt.N > 0 && (opt.A > 0 || minDF > 0):
		if minDF > 0 {
			m.Path = []Step{{opt.N, 0, altN(opt.N)}}
		} else {
			m.Path = []Step{{opt.N, opt.A, altNA(opt.N, opt.A)}}
		}
	case minDF > 0:
		m.Path = FindNPeak(altN, 2, maxN)
	default:
		m.Path = FindOptimal(altNA, maxN)
	}
	last := m.Path[len(m.Path)-1]
	m.N, m.A = last.N, last.A
	l := c.level(m.N)
	k := cutSize(l.distinct, m.A)
	if minDF > 0 {
		k = dfCut(l, minDF)
	}
	m.Distinct = l.distinct
	var ok bool
	if m.Kept, ok = kept[[2]int{m.N, k}]; !ok {
		_, m.Kept = c.cut(l, k)
	}
	w := make([]member, k)
	counted := len(l.fp) == l.distinct // the fingerprints kept by a direct count
	for r := 0; r < k; r++ {
		var fp uint64
		if counted {
			fp = l.fp[r]
		} else {
			i := int(l.firstPos[r])
			fp = fingerprint(m.Hash, c.units[i:i+m.N])
		}
		w[r] = member{fp, dfByte(int(l.df[r]), m.Pages)}
	}
	if done != nil {
		done(c, l, k, m)
	}
	lr.spare = c // the model holds none of its arrays
	w = sortMembers(w)
	m.W, m.DF = make(HashSet, 0, len(w)), make([]byte, 0, len(w))
	for _, x := range w {
		if j := len(m.W) - 1; j >= 0 && m.W[j] == x.fp {
			m.DF[j] = max(m.DF[j], x.df) // two n-grams, one fingerprint
			continue
		}
		m.W, m.DF = append(m.W, x.fp), append(m.DF, x.df)
	}
	return m, nil
}

// member is an n-gram of W while the model is made: its fingerprint and DF byte.
type member struct {
	fp uint64
	df byte
}

// sortMembers sorts w by fingerprint (members of one fingerprint in any order; Learn
// merges them). Fingerprints are uniform, so one counting sort by their top bits leaves
// buckets of about one member, each then sorted in place: O(len(w)), where a comparison
// sort took a tenth of the learning. It may return another slice.
func sortMembers(w []member) []member {
	if len(w) < 64 {
		slices.SortFunc(w, func(a, b member) int { return cmp.Compare(a.fp, b.fp) })
		return w
	}
	shift := 64 - bits.Len(uint(len(w)))
	count := make([]int32, 1<<(64-shift)+1)
	for _, x := range w {
		count[x.fp>>shift+1]++
	}
	for b := 1; b < len(count); b++ {
		count[b] += count[b-1]
	}
	out := make([]member, len(w))
	next := slices.Clone(count[:len(count)-1])
	for _, x := range w {
		b := x.fp >> shift
		out[next[b]] = x
		next[b]++
	}
	for b := 0; b+1 < len(count); b++ {
		if bucket := out[count[b]:count[b+1]]; len(bucket) > 1 {
			slices.SortFunc(bucket, func(a, b member) int { return cmp.Compare(a.fp, b.fp) })
		}
	}
	return out
}

// dfByte is the share df/pages in 255ths, rounded up so that every member of W has a
// strength above 0.
func dfByte(df, pages int) byte {
	if pages <= 0 || df <= 0 {
		return 1
	}
	return byte(min(255, (255*df+pages-1)/pages))
}

// fragmentRun is the mean length of the kept runs (in units) below which Warning calls
// them fragments. On the evaluation sites the cut points FindOptimal and the default
// options find keep runs of 27-510 units on average; the degenerate ones 0 or about 7.
const fragmentRun = 16

// Warning says, in a sentence, why the model's pages will come out empty or as
// fragments, or returns "" when its cut point keeps a plausible part of the sample:
// the cut covers every unit of the sample (the alternation count is 0 when W covers
// everything, so FindOptimal's descent can end there: on a whole mixed dump, or on
// blogs whose pages repeat each other's text), or the kept runs average fewer than
// fragmentRun units. It is meant for a model just learned (Kept is 0 in models written
// before it existed).
func (m *Model) Warning() string {
	if m.Units == 0 || len(m.Path) == 0 {
		return ""
	}
	last := m.Path[len(m.Path)-1]
	cut := fmt.Sprintf("(%d, %d)", m.N, m.A)
	if m.MinDocFrac > 0 {
		cut = fmt.Sprintf("(%d, W = the n-grams in >= %g of the pages)", m.N, m.MinDocFrac)
	}
	if m.Kept == 0 && last.Alt == 0 {
		why := ""
		if len(m.Path) > 1 {
			why = ": the alternation count is 0 when W covers everything, and FindOptimal's descent ended there (the algorithm's result on these pages, not a failure of the run)"
		}
		return fmt.Sprintf("the cut point %s covers every character of the %d sample pages, so every page comes out empty%s", cut, m.Pages, why)
	}
	if runs := float64(last.Alt) / 2; runs > 0 && float64(m.Kept)/runs < fragmentRun {
		return fmt.Sprintf("the cut point %s keeps %.2f%% of the sample's characters, in runs of %.0f on average: pages come out empty or as fragments",
			cut, 100*float64(m.Kept)/float64(m.Units), float64(m.Kept)/runs)
	}
	return ""
}

// minDocs is the page count of the document-frequency cut: max(2, ceil(frac·pages)), or
// 0 when frac is 0 (no such cut).
func minDocs(frac float64, pages int) int {
	if frac <= 0 {
		return 0
	}
	return max(2, int(math.Ceil(frac*float64(pages)-1e-9)))
}

// dfCut is the number of top-ranked n-grams (by document frequency) found in at least
// minDF pages.
func dfCut(l *level, minDF int) int {
	k, _ := slices.BinarySearchFunc(l.df[:l.distinct], int32(minDF), func(df, t int32) int {
		// df is descending: "before" the target while df >= minDF.
		if df >= t {
			return -1
		}
		return 1
	})
	return k
}

// HashSet is a sorted set of n-gram fingerprints. In JSON it is a base64 string of
// the gaps between successive values as unsigned varints (sorted, so the same set always
// gives the same bytes).
type HashSet []uint64

// MarshalJSON encodes the set compactly.
func (h HashSet) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, len(h)*8)
	var prev uint64
	for _, v := range h {
		buf = binary.AppendUvarint(buf, v-prev)
		prev = v
	}
	out := make([]byte, 0, base64.StdEncoding.EncodedLen(len(buf))+2)
	out = append(out, '"')
	out = base64.StdEncoding.AppendEncode(out, buf)
	return append(out, '"'), nil
}

// UnmarshalJSON decodes a set written by MarshalJSON.
func (h *HashSet) UnmarshalJSON(b []byte) error {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return errors.New("ngramcut: hash set: want a base64 string")
	}
	return h.decode(b[1 : len(b)-1])
}

// decode reads the base64 text of a set (the JSON string's content).
func (h *HashSet) decode(b64 []byte) error {
	buf, err := base64.StdEncoding.AppendDecode(nil, b64)
	if err != nil {
		return fmt.Errorf("ngramcut: hash set: %w", err)
	}
	var out []uint64
	if len(buf) > 0 {
		out = make([]uint64, 0, len(buf)/6) // gaps of about 2^48 for 100,000 members
	}
	var prev uint64
	for len(buf) > 0 {
		d, n := binary.Uvarint(buf)
		if n <= 0 {
			return errors.New("ngramcut: hash set: bad varint")
		}
		buf = buf[n:]
		if (d == 0 && len(out) > 0) || prev+d < prev {
			// A zero gap repeats a value; a wrapping one (a damaged model) would
			// leave the set unsorted, and lookups by binary search wrong.
			return errors.New("ngramcut: hash set: not strictly increasing")
		}
		prev += d
		out = append(out, prev)
	}
	*h = out
	return nil
}

// DecodeModel decodes a model from its JSON encoding (as json.Unmarshal would). W, most
// of a model's bytes, is the last member as json.Marshal writes it; DecodeModel cuts that
// base64 string out and decodes it directly, and decodes only the rest with
// encoding/json, which would otherwise scan the whole string byte by byte to validate
// it first (as long as decoding it: a tenth of the tool's apply time on the evaluation
// sets went to loading models). Any other layout (members reordered, spaces, escapes)
// is decoded by json.Unmarshal.
func DecodeModel(raw []byte) (*Model, error) {
	m := new(Model)
	const key = `,"w":"`
	b := bytes.TrimSpace(raw)
	if i := bytes.LastIndex(b, []byte(key)); i > 0 && bytes.HasSuffix(b, []byte(`"}`)) {
		w := b[i+len(key) : len(b)-2]
		if bytes.IndexByte(w, '"') < 0 && bytes.IndexByte(w, '\\') < 0 {
			// Every bare '"' in JSON delimits a string, so this "w" is the last
			// member of the top-level object and w its whole value.
			rest := append(b[:i:i], '}')
			if err := json.Unmarshal(rest, m); err != nil {
				return nil, err
			}
			if err := m.W.decode(w); err != nil {
				return nil, err
			}
			return m, nil
		}
	}
	if err := json.Unmarshal(raw, m); err != nil {
		return nil, err
	}
	return m, nil
}

// Check reports what makes a decoded model unusable: no cut point, or a DF that does not
// match W.
func (m *Model) Check() error {
	switch {
	case m.N < 2 || len(m.Path) == 0:
		return errors.New("ngramcut: model has no cut point")
	case len(m.DF) != len(m.W):
		return fmt.Errorf("ngramcut: model has %d document frequencies for %d n-grams", len(m.DF), len(m.W))
	}
	return nil
}

// Has reports whether fp is in the set (binary search).
func (h HashSet) Has(fp uint64) bool {
	_, ok := slices.BinarySearch(h, fp)
	return ok
}

// Faithful returns the options of the algorithm as published: characters, ranking by
// count, FindOptimal from (2, 1), every kept run. It is the zero Options.
func Faithful() Options { return Options{} }

// Default returns the options the tool uses unless told --faithful: on today's pages
// they win over the paper's on all three evaluation sets (see README.md): W = the
// 20-grams found in at least 20% of the sample pages, kept runs of at least 150
// characters, their ends snapped to whole words; a page longer than 2 MiB (4 times the
// longest of the evaluation sets) is learned from by its first 2 MiB.
func Default() Options {
	return Options{SkipInvisible: true, MinDocFrac: 0.2, N: 20, MinRun: 150, Snap: true, MaxSamplePage: DefaultMaxSamplePage}
}

// DefaultMaxSamplePage is Default's Options.MaxSamplePage, and the tool's in every mode.
const DefaultMaxSamplePage = 2 << 20

// Bytes is about how many bytes the model holds in memory: W and its shares, and the lookup
// table and filter Spans builds from them (index), for a bound on the models a run keeps.
func (m *Model) Bytes() int { return 256 + 16*len(m.Path) + 24*len(m.W) + len(m.DF) }
