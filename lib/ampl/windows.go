package ampl

import (
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

	"github.com/chaffkit/chaff/lib/htmltext"
)

// Windows is a site's template as SelectDocs defines it: every run of Width characters
// found on at least MinDocs of the sample pages (a "template window") that holds text, a
// byte outside tags. A template string of the suffix tree (a maximal string of at least
// Width characters on that many pages) is exactly a chain of overlapping template windows,
// so on the sample pages the windows mark the text the strings mark; they are found by
// hashing every window of the sample and counting the pages of each hash, in a fraction of
// the suffix tree's time and memory. The windows that lie wholly in markup (half of a page's)
// are not counted: they mark no text, only where a template span begins and ends in the
// markup between texts, which the content read from the page skips (textOf).
//
// A window is Width characters (UTF-8 sequences as utf8.DecodeRune reads them: an invalid
// byte is one character) starting at a character boundary, known by a 47-bit fingerprint of
// its bytes. Two different windows share a fingerprint with probability 2^-47 per pair:
// about one false match in 280 sites of a million distinct windows each.
type Windows struct {
	Width int // characters per window
	// keys are the fingerprints of the template windows, each with the number of sample
	// pages it was found on in its low 16 bits.
	keys []uint64

	once  sync.Once
	table []uint64 // open addressing over keys, with the present bit (0 = empty)
}

// MaxWindowPages is the largest sample SelectDocs learns from: a page number (and a page
// count) fits in 16 bits.
const MaxWindowPages = 1<<16 - 1

// errWindowPages is returned when a sample is too large for Windows.
var errWindowPages = fmt.Errorf("ampl: the docs selection learns from at most %d pages", MaxWindowPages)

// Len is the number of template windows.
func (w *Windows) Len() int { return len(w.keys) }

// hashBase is the multiplier of the windows' rolling polynomial hash (odd; any large odd
// constant works: the polynomial is mixed before use).
const hashBase = 0x9e3779b97f4a7c15

// powers returns hashBase^k for k < 4·width+1: a window of width characters is at most
// 4·width bytes.
func powers(width int) []uint64 {
	p := make([]uint64, 4*width+1)
	p[0] = 1
	for k := 1; k < len(p); k++ {
		p[k] = p[k-1] * hashBase
	}
	return p
}

// fingerprint mixes a window's polynomial hash (murmur3's finaliser) and keeps its top 47
// bits in place: bit 16 is free for a mark of presence and bits 0-15 for a page number or a
// page count.
func fingerprint(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h &^ lowBits
}

const (
	lowBits = 1<<17 - 1 // what is not the fingerprint
	present = 1 << 16   // a table entry in use
)

// windowHasher hashes the windows of one text from left to right, a buffer at a time; a text
// of fewer than width characters has none. Window k starts at the text's k-th character.
//
// A window that lies wholly in markup (every byte of it inside tags: a long class list, a
// run of closing and opening tags with nothing between) is reported as markupOnly, not
// hashed: it can mark no text, and half of a page's windows are such (big9, dragnet 40%).
// Tags are told as the tokenizer tells them in text: a '<' followed by a letter, '/', '!' or
// '?' opens one and the next '>' closes it. A quoted '>' inside a tag closes it early, which
// only counts the rest of the tag as text: no text byte is ever taken for markup (but in the
// rare title or textarea that writes a tag as text, where a window would need 32 characters
// of such tags to be missed).
type windowHasher struct {
	text  string
	width int
	pow   []uint64
	ring  []int32 // the start of each character in the window, the oldest at head
	head  int
	count int // characters in the window so far (at most width)
	ascii int // the characters before i that are single bytes, counted back to the last one that is not
	i     int // the next byte to read
	h     uint64
	last  bool // the window ending at the text's end is reported
	inTag bool // the bytes read so far end inside a tag
	seen  int  // the start of the last character read outside tags, -1 before the first
}

// markupOnly is what fill reports for a window that lies wholly in markup: the present bit,
// never set in a fingerprint ORed with a page number.
const markupOnly = present

// windowKey is a window's fingerprint ORed with tag, or markupOnly for a window wholly in
// markup (hasText false).
func windowKey(h, tag uint64, hasText bool) uint64 {
	if !hasText {
		return markupOnly
	}
	return fingerprint(h) | tag
}

func newWindowHasher(text string, width int) *windowHasher {
	return &windowHasher{text: text, width: width, pow: windowPowers(width), ring: make([]int32, width), seen: -1}
}

// reset starts on another text, keeping the buffers.
func (w *windowHasher) reset(text string) {
	*w = windowHasher{text: text, width: w.width, pow: w.pow, ring: w.ring, seen: -1}
}

// readTag reads the character at text[i] for the hasher: whether the bytes read end inside a
// tag (inTag before it), and the start of the last character read outside tags (seen before it).
// It reads tags as tagCursor does (opensTag), a byte at a time since the hasher reads them so.
func readTag(text string, i int, inTag bool, seen int) (bool, int) {
	switch c := text[i]; {
	case inTag:
		return c != '>', seen
	case c == '<' && i+1 < len(text) && opensTag(text[i+1]):
		return true, seen
	}
	return false, i
}

// fill appends the fingerprints of the next windows, each ORed with tag (markupOnly for a
// window wholly in markup), until dst is full or the text ends; it returns dst unchanged
// when no window is left.
func (w *windowHasher) fill(dst []uint64, tag uint64) []uint64 {
	text, width, pow, ring := w.text, w.width, w.pow, w.ring
	h, head, count, ascii, i := w.h, w.head, w.count, w.ascii, w.i
	inTag, seen := w.inTag, w.seen
	for i < len(text) && len(dst) < cap(dst) {
		if count == width && ascii >= width && text[i] < utf8.RuneSelf {
			// The window and the next character are single bytes (most of a page): the
			// window is the last width bytes, and the character leaving it the byte width
			// back, without the ring.
			top := pow[width-1]
			for i < len(text) && len(dst) < cap(dst) && text[i] < utf8.RuneSelf {
				dst = append(dst, windowKey(h, tag, seen >= i-width))
				h = (h-uint64(text[i-width])*top)*hashBase + uint64(text[i])
				inTag, seen = readTag(text, i, inTag, seen)
				i++
				ascii++
			}
			for k := range ring {
				ring[k] = int32(i - width + k)
			}
			head = 0
			continue
		}
		size := 1
		if text[i] >= utf8.RuneSelf {
			_, size = utf8.DecodeRuneInString(text[i:])
		}
		if count == width {
			s := int(ring[head])
			dst = append(dst, windowKey(h, tag, seen >= s))
			next := i
			if width > 1 {
				nh := head + 1
				if nh == width {
					nh = 0
				}
				next = int(ring[nh])
			}
			for j := s; j < next; j++ {
				h -= uint64(text[j]) * pow[i-1-j]
			}
			ring[head] = int32(i)
			head++
			if head == width {
				head = 0
			}
		} else {
			ring[count] = int32(i)
			count++
		}
		for j := i; j < i+size; j++ {
			h = h*hashBase + uint64(text[j])
		}
		inTag, seen = readTag(text, i, inTag, seen)
		if text[i] < utf8.RuneSelf {
			ascii++
		} else {
			ascii = 0
		}
		i += size
	}
	if i == len(text) && count == width && !w.last && len(dst) < cap(dst) {
		dst = append(dst, windowKey(h, tag, seen >= int(ring[head])))
		w.last = true
	}
	w.h, w.head, w.count, w.ascii, w.i = h, head, count, ascii, i
	w.inTag, w.seen = inTag, seen
	return dst
}

// runeLen is the length of the character at text[i] as windows count characters.
func runeLen(text string, i int) int {
	if text[i] < utf8.RuneSelf {
		return 1
	}
	_, n := utf8.DecodeRuneInString(text[i:])
	return n
}

// learnWindows finds the template windows of pages: those found on at least minDocs pages.
// found is the mean number of distinct template windows on a page. With keep it also returns
// what the windows mark on each page, read off the counting instead of looked up again.
func learnWindows(pages []string, width, minDocs int, keep bool) (w *Windows, found float64, marks []windowMarks, err error) {
	if len(pages) > MaxWindowPages {
		return nil, 0, nil, errWindowPages
	}
	w = &Windows{Width: width}
	if keep {
		marks = make([]windowMarks, len(pages))
	}
	if len(pages) < minDocs {
		return w, 0, marks, nil
	}
	total := 0
	for _, p := range pages {
		total += len(p)
	}
	// Every window, as its fingerprint with its page number in the low 16 bits, is put in a
	// bucket by its top bits, about 2048 windows a bucket, in page order; then each bucket's
	// pages are counted in a hash table small enough for the cache (a table of all windows
	// would cost a cache miss per byte). The pages are hashed twice, once to size the
	// buckets and once to fill them, which costs less than holding every window twice.
	bb := min(bits.Len(uint(total/2048)), 12)
	shift := uint(64 - bb) // 64 when there is one bucket: x >> 64 is 0
	nb := 1 << bb
	start := make([]int, nb+1)
	segs := make([][]segment, len(pages))
	hz := newWindowHasher("", width)
	var buf [1024]uint64
	n := 0 // the windows, in markup only or not (their marks are read in page order)
	for pg, p := range pages {
		segs[pg] = segments(p, nil)
		for i, sg := range segs[pg] {
			hz.reset(p[sg.from:sg.to])
			for fps := hz.fill(buf[:0], 0); len(fps) > 0; fps = hz.fill(buf[:0], 0) {
				for _, x := range fps {
					if x != markupOnly {
						start[x>>shift+1]++
					}
				}
				segs[pg][i].windows += len(fps)
				n += len(fps)
			}
		}
	}
	if n > math.MaxInt32 {
		return nil, 0, nil, fmt.Errorf("ampl: %d windows in one sample, at most %d", n, math.MaxInt32)
	}
	for b := 0; b < nb; b++ {
		start[b+1] += start[b]
	}
	sorted := make([]uint64, start[nb]) // the windows that hold text, by bucket
	var from []int32                    // with keep: the index of each window of sorted in page order
	if keep {
		from = make([]int32, len(sorted))
	}
	at := slices.Clone(start[:nb])
	next := int32(0)
	for pg, p := range pages {
		for _, sg := range segs[pg] {
			hz.reset(p[sg.from:sg.to])
			for fps := hz.fill(buf[:0], uint64(pg)); len(fps) > 0; fps = hz.fill(buf[:0], uint64(pg)) {
				for _, x := range fps {
					if x != markupOnly {
						b := x >> shift
						sorted[at[b]] = x
						if keep {
							from[at[b]] = next
						}
						at[b]++
					}
					next++
				}
			}
		}
	}
	var (
		keys   []uint64
		pc     pageCounter
		sum    int
		wdocs  []uint16 // with keep: each window's page count, 0 if not a template window
		pfound []int    // with keep: the distinct template windows of each page
		slots  []int32  // the entry of each window of the bucket (read with keep)
	)
	if keep {
		wdocs, pfound = make([]uint16, n), make([]int, len(pages))
	}
	for b := 0; b < nb; b++ {
		part := sorted[start[b]:start[b+1]]
		if len(part) == 0 {
			continue
		}
		pc.reset(len(part), minDocs)
		slots = slices.Grow(slots[:0], len(part))[:len(part)]
		for j, x := range part {
			slots[j] = int32(pc.add(x))
		}
		for _, k := range pc.cands {
			keys = append(keys, pc.table[k]&^lowBits|uint64(pc.docs[k]))
			sum += int(pc.docs[k])
		}
		if keep && len(pc.cands) > 0 {
			for k := range pc.table {
				pc.table[k] &^= 0xffff // the last page counted in found: none yet (page 0 is told apart below)
			}
			for j, x := range part {
				k := int(slots[j]) // where add put it, unless the table grew since
				if pc.grew {
					k = pc.find(x &^ lowBits)
				}
				if d := pc.docs[k]; int(d) >= minDocs {
					wdocs[from[start[b]+j]] = d
					t, pg := pc.table[k], uint16(x)
					if t&0xffff != uint64(pg)+1 { // pages stored plus one: 0 is none
						pc.table[k] = t&^0xffff | (uint64(pg) + 1)
						pfound[pg]++
					}
				}
			}
		}
	}
	w.keys = keys // in no particular order: MarshalJSON sorts them
	if keep {
		at := 0
		for pg, p := range pages {
			sb := spanBuilder{text: p}
			for _, sg := range segs[pg] {
				sb.segment(sg.from, sg.to, width)
				sb.addAll(wdocs[at:at+sg.windows], sg.windows == sg.to-sg.from-width+1)
				at += sg.windows
			}
			marks[pg] = sb.done(pfound[pg])
		}
	}
	return w, float64(sum) / float64(len(pages)), marks, nil
}

// segment is a part of a page whose windows are hashed: the page between the elements it
// never reads (see segments), with the number of its windows once hashed.
type segment struct {
	from, to int
	windows  int
}

// segments appends to dst the parts of text outside script and style elements and comments,
// in order. Those are never content: they are marked as template without being read, which
// spares about a quarter of a news page's bytes (half of a modern page's) the hashing.
func segments(text string, dst []segment) []segment {
	for at := 0; at < len(text); {
		start, end := htmltext.NextInvisible(text, at, htmltext.AllInvisible)
		if start > at {
			dst = append(dst, segment{from: at, to: start})
		}
		at = end
	}
	return dst
}

// pageCounter counts the pages of each fingerprint of one bucket: an open-addressing table
// that grows at half full, so that a bucket of one window repeated (a page of one byte
// repeated) holds one entry, not one per window. Windows must come in page order.
type pageCounter struct {
	table   []uint64 // fingerprint | present | the last page it was found on
	docs    []uint16 // the pages each entry was found on
	used    int
	minDocs int
	cands   []int // the entries that reached minDocs pages
	grew    bool  // the table grew since reset: its entries moved
}

// reset empties the counter for a bucket of n windows.
func (c *pageCounter) reset(n, minDocs int) {
	size := 1 << bits.Len(uint(2*min(n, 1<<13)-1))
	if cap(c.table) < size {
		c.table, c.docs = make([]uint64, size), make([]uint16, size)
	}
	c.table, c.docs = c.table[:size], c.docs[:size]
	clear(c.table)
	c.used, c.minDocs, c.cands, c.grew = 0, minDocs, c.cands[:0], false
}

// find returns the entry of fp, or the empty one where it would go.
func (c *pageCounter) find(fp uint64) int {
	mask := uint64(len(c.table) - 1)
	k := (fp >> 17) & mask
	for t := c.table[k]; t != 0 && t&^lowBits != fp; t = c.table[k] {
		k = (k + 1) & mask
	}
	return int(k)
}

// add counts the window x (fingerprint | page) and returns its entry (which moves if the
// table grows).
func (c *pageCounter) add(x uint64) int {
	k := c.find(x &^ lowBits)
	t := c.table[k]
	switch {
	case t == 0:
		c.table[k], c.docs[k] = x|present, 1
		c.used++
		if c.minDocs <= 1 {
			c.cands = append(c.cands, k)
		}
		if 2*c.used > len(c.table) {
			c.grow()
		}
	case uint16(t) != uint16(x): // the first window of this page with the fingerprint
		c.table[k] = t&^0xffff | x&0xffff
		c.docs[k]++
		if int(c.docs[k]) == c.minDocs {
			c.cands = append(c.cands, k)
		}
	}
	return k
}

// grow doubles the table, moving the entries and the candidates.
func (c *pageCounter) grow() {
	old, oldDocs := c.table, c.docs
	c.table, c.docs, c.grew = make([]uint64, 2*len(old)), make([]uint16, 2*len(old)), true
	moved := make([]int, len(old))
	for k, t := range old {
		if t != 0 {
			n := c.find(t &^ lowBits)
			c.table[n], c.docs[n] = t, oldDocs[k]
			moved[k] = n
		}
	}
	for i, k := range c.cands {
		c.cands[i] = moved[k]
	}
}

// spanBuilder makes a page's windowMarks: segment by segment, from the page counts of the
// segment's windows in order (0 for a window that is not a template window); what lies
// between segments is marked whole.
type spanBuilder struct {
	text   string
	end    int // the segment's end
	s, e   int // the window's span: s its first character, e the one after its last
	sum, n float64
	out    windowMarks
}

// segment starts the segment [from, to), marking what lies between it and the one before.
func (b *spanBuilder) segment(from, to, width int) {
	if from > b.end {
		b.markGap(b.end, from)
	}
	b.end, b.s, b.e = to, from, from
	for c := 0; c < width && b.e < to; c++ {
		b.e += runeLen(b.text, b.e)
	}
}

// markGap marks [a, b) whole: its strength is that of the windows it joins, or 1 alone.
func (b *spanBuilder) markGap(from, to int) {
	if last := len(b.out.spans) - 1; last >= 0 && b.out.spans[last][1] >= from {
		b.out.spans[last][1] = to
		return
	}
	b.closeSpan()
	b.out.spans = append(b.out.spans, [2]int{from, to})
}

// closeSpan records the strength of the last span.
func (b *spanBuilder) closeSpan() {
	if len(b.out.spans) > len(b.out.docs) {
		mean := -1.0 // no windows: a gap alone
		if b.n > 0 {
			mean = b.sum / b.n
		}
		b.out.docs = append(b.out.docs, mean)
	}
	b.sum, b.n = 0, 0
}

// add takes the next window's page count.
func (b *spanBuilder) add(d uint16) {
	if d > 0 {
		if last := len(b.out.spans) - 1; last < 0 || b.out.spans[last][1] < b.s {
			b.closeSpan()
			b.out.spans = append(b.out.spans, [2]int{b.s, b.e})
		}
		b.out.spans[len(b.out.spans)-1][1] = b.e
		b.sum += float64(d)
		b.n++
	}
	b.s += runeLen(b.text, b.s)
	if b.e < b.end {
		b.e += runeLen(b.text, b.e)
	}
}

// addAll takes the page counts of all the segment's windows; bytewise says that each of the
// segment's characters is one byte, so that window k is [from+k, from+k+width).
func (b *spanBuilder) addAll(ds []uint16, bytewise bool) {
	if !bytewise {
		for _, d := range ds {
			b.add(d)
		}
		return
	}
	from, width := b.s, b.e-b.s
	for k := 0; k < len(ds); {
		if ds[k] == 0 {
			k++
			continue
		}
		sum, j := 0, k
		for ; j < len(ds) && ds[j] != 0; j++ {
			sum += int(ds[j])
		}
		a := from + k
		if last := len(b.out.spans) - 1; last < 0 || b.out.spans[last][1] < a {
			b.closeSpan()
			b.out.spans = append(b.out.spans, [2]int{a, 0})
		}
		b.out.spans[len(b.out.spans)-1][1] = from + j - 1 + width
		b.sum += float64(sum)
		b.n += float64(j - k)
		k = j
	}
	b.s, b.e = from+len(ds), min(from+len(ds)+width, b.end)
}

// done returns the marks, with found distinct template windows.
func (b *spanBuilder) done(found int) windowMarks {
	if b.end < len(b.text) {
		b.markGap(b.end, len(b.text))
	}
	b.closeSpan()
	b.out.found = found
	return b.out
}

// lookup returns the open-addressing table of the template windows (built once): each entry
// is a key with the present bit, 0 where empty.
func (w *Windows) lookup() []uint64 {
	w.once.Do(func() {
		size := 1 << bits.Len(uint(2*len(w.keys)))
		t := make([]uint64, size)
		mask := uint64(size - 1)
		for _, key := range w.keys {
			k := (key >> 17) & mask
			for t[k] != 0 {
				k = (k + 1) & mask
			}
			t[k] = key | present
		}
		w.table = t
	})
	return w.table
}

// windowMarks is what the template windows mark on one page.
type windowMarks struct {
	spans [][2]int  // the union of the template windows: sorted, disjoint, not adjacent
	docs  []float64 // for each span, the mean page count of the windows in it (-1: none)
	found int       // the distinct template windows on the page
}

// maxMarkBuffer bounds the page counts mark holds for one segment (2 bytes each): a longer
// segment (a page of megabytes with no script between) has them added one by one.
const maxMarkBuffer = 1 << 20

// mark finds the template windows on text.
func (w *Windows) mark(text string) windowMarks {
	if len(w.keys) == 0 {
		return windowMarks{}
	}
	table := w.lookup()
	mask := uint64(len(table) - 1)
	seen := make([]uint64, (len(table)+63)/64)
	found := 0
	sb := spanBuilder{text: text}
	hz := newWindowHasher("", w.Width)
	var buf [1024]uint64
	var ds []uint16 // the page counts of a segment's windows, in order (0: not a template window)
	for _, sg := range segments(text, nil) {
		sb.segment(sg.from, sg.to, w.Width)
		hz.reset(text[sg.from:sg.to])
		ds = ds[:0]
		streamed := false // more than maxMarkBuffer windows: added as they come, one by one
		for fps := hz.fill(buf[:0], 0); len(fps) > 0; fps = hz.fill(buf[:0], 0) {
			for _, fp := range fps {
				if fp == markupOnly {
					ds = append(ds, 0)
					continue
				}
				k := (fp >> 17) & mask
				t := table[k]
				for t != 0 && t&^lowBits != fp {
					k = (k + 1) & mask
					t = table[k]
				}
				if t != 0 {
					if bit := uint64(1) << (k & 63); seen[k>>6]&bit == 0 {
						seen[k>>6] |= bit
						found++
					}
				}
				ds = append(ds, uint16(t)) // 0 when absent
			}
			if len(ds) > maxMarkBuffer {
				sb.addAll(ds, false)
				ds, streamed = ds[:0], true
			}
		}
		// As learning adds a sample page's: a segment at once, its single-byte runs by index.
		sb.addAll(ds, !streamed && len(ds) == sg.to-sg.from-w.Width+1)
	}
	return sb.done(found)
}

// windowPowers caches powers(width) for the widths in use (one, in practice).
var windowPowers = func() func(int) []uint64 {
	var mu sync.Mutex
	cache := map[int][]uint64{}
	return func(width int) []uint64 {
		mu.Lock()
		defer mu.Unlock()
		p, ok := cache[width]
		if !ok {
			p = powers(width)
			cache[width] = p
		}
		return p
	}
}()

// MarshalJSON writes the windows as {"width", "count", "keys"}: keys is the base64 of each
// window's fingerprint (as the difference from the one before, in ascending order) and page
// count, both as unsigned varints.
func (w *Windows) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, 6*len(w.keys))
	var prev uint64
	for _, key := range slices.Sorted(slices.Values(w.keys)) {
		fp := key >> 17
		buf = binary.AppendUvarint(buf, fp-prev)
		buf = binary.AppendUvarint(buf, key&0xffff)
		prev = fp
	}
	return json.Marshal(windowsJSON{Width: w.Width, Count: len(w.keys), Keys: base64.StdEncoding.EncodeToString(buf)})
}

type windowsJSON struct {
	Width int    `json:"width"`
	Count int    `json:"count"`
	Keys  string `json:"keys"`
}

// UnmarshalJSON reads what MarshalJSON writes.
func (w *Windows) UnmarshalJSON(b []byte) error {
	var j windowsJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	if j.Width < 1 || j.Width > 1<<16 || j.Count < 0 {
		return fmt.Errorf("ampl: windows of width %d, count %d", j.Width, j.Count)
	}
	buf, err := base64.StdEncoding.DecodeString(j.Keys)
	if err != nil {
		return fmt.Errorf("ampl: windows: %w", err)
	}
	keys := make([]uint64, 0, min(j.Count, len(buf)/2))
	var prev uint64
	for len(buf) > 0 {
		d, n := binary.Uvarint(buf)
		if n <= 0 {
			return errBadWindows
		}
		buf = buf[n:]
		docs, n := binary.Uvarint(buf)
		if n <= 0 || docs == 0 || docs > 0xffff || (len(keys) > 0 && d == 0) || prev+d >= 1<<47 {
			return errBadWindows
		}
		buf = buf[n:]
		prev += d
		keys = append(keys, prev<<17|docs)
	}
	if len(keys) != j.Count {
		return fmt.Errorf("ampl: windows: %d keys, count says %d", len(keys), j.Count)
	}
	*w = Windows{Width: j.Width, keys: keys}
	return nil
}

var errBadWindows = errors.New("ampl: windows: malformed keys")
