package sst

import (
	"math/bits"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/words"
	"golang.org/x/net/html/atom"
)

// The display attributes that, with the tag, form an element node's key. Each class name
// and the id lose their digits (post-1234 and post-99 are one style); the other values lose
// their white space. A label is the tag followed by one token per class name and attribute,
// separated by spaces: "div .story .wide #main w=100", then "/leaf" for a leaf.
var keyAttrs = [...]struct{ name, mark string }{
	{"class", "."}, {"id", "#"}, {"width", "w="}, {"height", "h="},
	{"bgcolor", "bg="}, {"align", "al="}, {"style", "st="},
}

// stringWriter is what writeLabel writes to: a labelBuilder for the readable label, an
// xxhash.Digest for the key, so both see the same bytes.
type stringWriter interface {
	WriteString(string) (int, error)
}

// writeLabel writes the readable key of n: tag, display attributes, "/leaf" for a leaf.
func writeLabel(w stringWriter, n *dom.Node, leaf bool) {
	w.WriteString(n.Tag)
	for _, ka := range keyAttrs {
		v, ok := attr(n, ka.name)
		if !ok {
			continue
		}
		switch ka.name {
		case "class":
			for len(v) > 0 {
				i := 0
				for i < len(v) && !asciiSpace(v[i]) {
					i++
				}
				if i > 0 {
					w.WriteString(" .")
					writeNoDigits(w, v[:i])
				}
				for i < len(v) && asciiSpace(v[i]) {
					i++
				}
				v = v[i:]
			}
		case "id":
			w.WriteString(" #")
			writeNoDigits(w, v)
		default:
			w.WriteString(" ")
			w.WriteString(ka.mark)
			writeNoSpace(w, v)
		}
	}
	if leaf {
		w.WriteString("/leaf")
	}
}

func asciiSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func writeNoSpace(w stringWriter, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if asciiSpace(s[i]) {
			if start < i {
				w.WriteString(s[start:i])
			}
			start = i + 1
		}
	}
	if start < len(s) {
		w.WriteString(s[start:])
	}
}

// labelTokens returns the hashes of the attribute tokens of a label (all but the tag and
// the "/leaf" mark), sorted, appended to dst.
func labelTokens(dst []uint64, label string) []uint64 {
	if len(label) >= 5 && label[len(label)-5:] == "/leaf" {
		label = label[:len(label)-5]
	}
	first := true
	for len(label) > 0 {
		i := 0
		for i < len(label) && label[i] != ' ' {
			i++
		}
		if i > 0 {
			if !first {
				dst = append(dst, hashString(label[:i]))
			}
			first = false
		}
		for i < len(label) && label[i] == ' ' {
			i++
		}
		label = label[i:]
	}
	slices.Sort(dst)
	return slices.Compact(dst)
}

// dice is the Dice coefficient 2|A∩B|/(|A|+|B|) of two sorted sets of token hashes.
func dice(a, b []uint64) float64 {
	if len(a)+len(b) == 0 {
		return 1
	}
	i, j, both := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			both++
			i++
			j++
		}
	}
	return 2 * float64(both) / float64(len(a)+len(b))
}

// labelTag returns the tag of a label.
func labelTag(label string) string {
	for i := 0; i < len(label); i++ {
		if label[i] == ' ' || label[i] == '/' {
			return label[:i]
		}
	}
	return label
}

func attr(n *dom.Node, key string) (string, bool) {
	for _, a := range n.Attrs() {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func writeNoDigits(w stringWriter, s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			if start < i {
				w.WriteString(s[start:i])
			}
			start = i + 1
		}
	}
	if start < len(s) {
		w.WriteString(s[start:])
	}
}

type labelBuilder struct{ b []byte }

func (l *labelBuilder) WriteString(s string) (int, error) {
	l.b = append(l.b, s...)
	return len(s), nil
}

// label returns the readable key of n.
func label(n *dom.Node, leaf bool) string {
	var b labelBuilder
	writeLabel(&b, n, leaf)
	return string(b.b)
}

// keyer hashes keys without allocating; not safe for concurrent use.
type keyer struct{ d xxhash.Digest }

// key returns the hash of n's label (equal to hashString(label(n, leaf))).
func (k *keyer) key(n *dom.Node, leaf bool) uint64 {
	k.d.Reset()
	writeLabel(&k.d, n, leaf)
	return k.d.Sum64()
}

// skipped reports whether a node takes no part in the style tree: comments, and elements whose
// content is not displayed (script, style, noscript, template, ...), and whitespace-only text.
func skipped(n *dom.Node) bool {
	switch n.Type {
	case dom.Comment, dom.Document:
		return true
	case dom.Text:
		return isSpace(n.Text)
	}
	switch n.Tag {
	case "script", "style", "noscript", "template", "head", "title", "meta", "link", "base", "noframes":
		return true
	}
	return false
}

func isSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\f':
		default:
			if s[i] < utf8.RuneSelf {
				return false
			}
			r, _ := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				return false
			}
		}
	}
	return true
}

// isInline reports whether the element n does not break the flow of text: lib/htmltext
// renders no line break around it (dom.IsBlock), br aside. A subtree of only these and text
// is a virtual leaf; opaque ones (svg, math, select, media) are not looked into.
func isInline(n *dom.Node) bool { return n.Atom == atom.Br || !dom.IsBlock(n.Atom) }

var opaqueTags = map[string]bool{"svg": true, "math": true, "select": true, "object": true, "video": true, "audio": true, "canvas": true, "picture": true}

// isLeaf reports whether n is a leaf of the style tree: a text node; with virtual leaves an
// element whose subtree holds only inline elements and text (blocks says which do not);
// otherwise an element with no children that take part in the tree.
func isLeaf(n *dom.Node, virtual bool, blocks *blockSet) bool {
	if n.Type == dom.Text {
		return true
	}
	if !virtual {
		for _, c := range n.Children {
			if !skipped(c) {
				return false
			}
		}
		return true
	}
	if opaqueTags[n.Tag] {
		return true
	}
	_, block := blocks.has[n]
	return !block
}

// blockSet holds the elements of one page that have a block element below them (not looking
// inside opaque inline elements such as svg): the ones that cannot be virtual leaves. Filling
// it is one pass over the page, so deciding leaves costs no more on deep pages. The zero
// value is ready; not safe for concurrent use.
type blockSet struct {
	has   map[*dom.Node]struct{}
	stack []blockFrame
}

type blockFrame struct {
	n *dom.Node
	i int
}

// release drops the references to the page's nodes, so that the set kept as scratch does not
// keep a page's tree alive after it is done with.
func (b *blockSet) release() {
	clear(b.has)
	clear(b.stack[:cap(b.stack)])
}

// fill computes the set for the tree under root, iteratively (no recursion, whatever the depth).
func (b *blockSet) fill(root *dom.Node) {
	if b.has == nil {
		b.has = make(map[*dom.Node]struct{})
	}
	clear(b.has)
	b.stack = append(b.stack[:0], blockFrame{root, 0})
	for len(b.stack) > 0 {
		f := &b.stack[len(b.stack)-1]
		if f.i < len(f.n.Children) {
			c := f.n.Children[f.i]
			f.i++
			if c.Type == dom.Element && len(c.Children) > 0 && !skipped(c) && !opaqueTags[c.Tag] {
				b.stack = append(b.stack, blockFrame{c, 0})
			}
			continue
		}
		n := f.n
		b.stack = b.stack[:len(b.stack)-1]
		for _, c := range n.Children {
			if c.Type != dom.Element || skipped(c) {
				continue
			}
			_, below := b.has[c]
			if !isInline(c) || below {
				b.has[n] = struct{}{}
				break
			}
		}
	}
}

// Feature kinds, mixed into the hash so that a word and a link target never collide by kind.
const (
	featWord  = 0x9e3779b97f4a7c15
	featImage = 0xc2b2ae3d27d4eb4f
	featLink  = 0x165667b19e3779f9
)

// features calls add with the hash of every feature of n's subtree: each word (a run of
// letters, digits and underscores, lower-cased), with pairs each pair of neighbouring words,
// each image source and each link target.
func features(n *dom.Node, add func(uint32), pairs bool) {
	w := featWalker{add: add, pairs: pairs, targets: true}
	w.walk(n)
}

// wordFeatures calls add with the hash of every word of n's subtree and, with pairs, of every
// pair of neighbouring words.
func wordFeatures(n *dom.Node, add func(uint32), pairs bool) {
	w := featWalker{add: add, pairs: pairs}
	w.walk(n)
}

// featPair is mixed into the hash of a pair of neighbouring words (Options.Pairs).
//
// Why pairs: a word says whether the site uses it everywhere, a pair whether its text is said
// everywhere. Template text repeats whole, so its pairs are as common over the pages as its
// words; an article's text is new on every page even where every word of it is common (a
// small site about one topic, a language whose text the sample covers well, a short
// vocabulary), and its pairs show it. With words alone the paragraphs of such a site are all
// locally noisy and the article's leaf goes as template.
const featPair = 0x94d049bb133111eb

// featWalker walks a subtree for its features; pairs chain the words across text nodes and
// inline elements, as a reader reads them.
type featWalker struct {
	add            func(uint32)
	pairs, targets bool
	prev           uint32
	have           bool
}

func (w *featWalker) word(f uint32) {
	w.add(f)
	if !w.pairs {
		return
	}
	if w.have {
		w.add(fold(featPair ^ (uint64(w.prev)<<32 | uint64(f))))
	}
	w.prev, w.have = f, true
}

func (w *featWalker) walk(n *dom.Node) {
	switch n.Type {
	case dom.Text:
		wordHashes(n.Text, w.word)
		return
	case dom.Element:
		if skipped(n) {
			return
		}
		if !w.targets {
			break
		}
		switch n.Tag {
		case "img":
			if v, ok := attr(n, "src"); ok && v != "" {
				w.add(fold(featImage ^ xxhash.Sum64String(v)))
			}
		case "a":
			if v, ok := attr(n, "href"); ok && v != "" {
				w.add(fold(featLink ^ xxhash.Sum64String(v)))
			}
		}
	}
	for _, c := range n.Children {
		w.walk(c)
	}
}

func fold(h uint64) uint32 {
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return uint32(h)
}

// featureRune reports whether a rune of a spaced script (not ASCII) is part of a feature
// word: a letter, a decimal digit or a nonspacing mark. It keeps the style tree's own word
// class, narrower than words.IsWordRune (which also takes other numbers such as ½ and ², and
// spacing marks): with lib/words' class one big9 page (mojibake "ï¿½") changes and sstclean's
// big9 F1 moves from .93764 to .93783; the published figures are kept.
func featureRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// numberFeature stands for every number: dates, times and counts differ from page to page
// in template parts (datelines, "116 comments"), so a number says nothing of its own.
const numberFeature = 0x2545f4914f6cdd1d

// wordHashes hashes the lower-cased words of s (FNV-1a over the lower-cased runes; word runes
// and unspaced scripts as lib/words defines them). A word of
// digits only is numberFeature; in a run of letters of unspaced scripts (Han, kana, Thai, ...:
// words.Unspaced) each pair of neighbours is a word (a lone character is one).
func wordHashes(s string, add func(uint32)) {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	in, digits := false, true
	cjk, single := false, false // in a run of CJK characters; its first one not yet emitted
	var prev rune
	endCJK := func() {
		if single {
			add(fold(featWord ^ ((uint64(offset) ^ uint64(prev)) * prime)))
		}
		cjk, single = false, false
	}
	flush := func() {
		if digits {
			add(fold(featWord ^ numberFeature))
		} else {
			add(fold(featWord ^ h))
		}
		h, in, digits = offset, false, true
	}
	for i := 0; i < len(s); {
		r, size := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[i:])
		}
		i += size
		if cjk && !words.Unspaced(r) {
			endCJK()
		}
		if r < utf8.RuneSelf {
			if r >= 'a' && r <= 'z' || r == '_' || r >= 'A' && r <= 'Z' {
				if r <= 'Z' && r >= 'A' {
					r += 'a' - 'A'
				}
				h = (h ^ uint64(r)) * prime
				in, digits = true, false
				continue
			}
			if r >= '0' && r <= '9' {
				h = (h ^ uint64(r)) * prime
				in = true
				continue
			}
		} else if words.Unspaced(r) {
			if in && !cjk {
				flush()
			}
			if cjk {
				// a bigram: the previous character and this one
				h = (uint64(offset) ^ uint64(prev)) * prime
				h = (h ^ uint64(r)) * prime
				digits = false
				flush()
				single = false
			} else {
				single = true
			}
			cjk, prev = true, r
			continue
		} else if featureRune(r) {
			h = (h ^ uint64(unicode.ToLower(r))) * prime
			in, digits = true, false
			continue
		}
		if in {
			flush()
		}
	}
	if cjk {
		endCJK()
	}
	if in {
		flush()
	}
}

// seqHash extends a sequence hash with one key.
func seqHash(h, k uint64) uint64 {
	h = bits.RotateLeft64(h, 23) ^ k
	return h * 0x9fb21c651e98df25
}

// minRepeatWords is the least number of words of a block whose text, found whole on several
// pages, marks it as repeated (an author's biography, a promotion).
const minRepeatWords = 4

// blockHash returns the hash of the sequence of words of n's subtree (numbers as one word, so
// dates and counts may differ), and whether it has at least minRepeatWords words.
func blockHash(n *dom.Node) (uint32, bool) {
	h, c := uint64(0x3c6ef372fe94f82b), 0
	w := featWalker{add: func(f uint32) {
		h = seqHash(h, uint64(f))
		c++
	}}
	w.walk(n)
	return fold(h), c >= minRepeatWords
}
