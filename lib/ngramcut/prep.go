package ngramcut

import (
	"fmt"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/chaffkit/chaff/lib/htmltext"
)

// Unit is what one position of a page is: a character (rune) or a byte.
type Unit uint8

const (
	// Rune makes every UTF-8 character one unit, so Japanese and English are alike.
	Rune Unit = iota
	// Byte makes every byte one unit.
	Byte
)

func (u Unit) String() string {
	if u == Byte {
		return "byte"
	}
	return "rune"
}

// ParseUnit reads "rune" (or "char") and "byte".
func ParseUnit(s string) (Unit, error) {
	switch s {
	case "", "rune", "char", "character":
		return Rune, nil
	case "byte":
		return Byte, nil
	}
	return Rune, fmt.Errorf("ngramcut: unknown unit %q (want rune or byte)", s)
}

// MarshalText and UnmarshalText make a Unit a JSON string.
func (u Unit) MarshalText() ([]byte, error) { return []byte(u.String()), nil }

// UnmarshalText parses a unit name.
func (u *Unit) UnmarshalText(b []byte) error {
	v, err := ParseUnit(string(b))
	*u = v
	return err
}

// invalidBase is added to a byte that is not valid UTF-8 so that it stays a distinct
// unit, outside the range of runes.
const invalidBase = utf8.MaxRune + 1

// preprocess appends the units of html to units, after the paper's preprocessing: tab,
// newline and carriage return become a space, and a run of spaces becomes one space. When
// wantOffs is set it appends to offs, for every unit, the byte offset in html where the
// unit starts (a collapsed run of spaces starts at its first byte and extends to the next
// unit); the caller adds the end offset len(html) itself when it needs it.
//
// It is the first pass over every page applied, so it writes into slices grown once to
// the most units the page can have (one per byte) instead of appending unit by unit.
func preprocess(html string, unit Unit, units []uint32, offs []int32, wantOffs bool) ([]uint32, []int32) {
	base := len(units)
	units = slices.Grow(units, len(html))[:base+len(html)]
	var k int
	if wantOffs {
		offs = slices.Grow(offs, len(html))
		k = prepOffs(html, unit, units[base:], offs[len(offs):len(offs)+len(html)])
		offs = offs[:len(offs)+k]
	} else {
		k = prepUnits(html, unit, units[base:])
	}
	return units[:base+k], offs
}

// skipped is what Options.SkipInvisible leaves out of a page's units: comments and
// scripts, a fifth of a news page's bytes and a third of a modern page's, which no reader
// sees and a kept run never shows. Style sheets stay: they name the site's classes, and
// without them a page of another site made by the same software fits a site's model
// (lib/clitest.CheckEvidence's two synthetic sites: .57 instead of .35).
const skipped = htmltext.Comments | htmltext.Scripts

// pageUnits appends to units the units of page after the preprocessing: those of its
// whole text, or, with skip (Options.SkipInvisible), those of its parts outside comments
// and scripts (skipped), as if those were not there: a run of spaces around one left out
// is one space, as it would be without it. The offsets, when wanted, are those of the
// unit's bytes in page (a unit before a part left out extends over it).
func pageUnits(page string, unit Unit, skip bool, units []uint32, offs []int32, wantOffs bool) ([]uint32, []int32) {
	if !skip {
		return preprocess(page, unit, units, offs, wantOffs)
	}
	eachVisiblePart(page, func(from, to int) {
		k := len(offs)
		units, offs = preprocess(page[from:to], unit, units, offs, wantOffs)
		if wantOffs && from > 0 {
			for i := k; i < len(offs); i++ {
				offs[i] += int32(from)
			}
		}
	})
	return units, offs
}

// eachVisiblePart calls f with the byte range of each part of page outside the elements
// skipped, in order, less the leading spaces of a part after one that ends
// with a space (the two runs of spaces make one). Empty parts are not passed.
func eachVisiblePart(page string, f func(from, to int)) {
	space := false // the last part passed ends with a space
	for at := 0; at < len(page); {
		start, end := htmltext.NextInvisible(page, at, skipped)
		if space {
			for at < start && isSpaceByte[page[at]] {
				at++
			}
		}
		if at < start {
			f(at, start)
			space = isSpaceByte[page[start-1]]
		}
		at = end
	}
}

// offsetsAt is pageUnits reduced to what applying a model from what learning found on the
// page (Covered) needs: how many units the page has, returned, and the byte offsets of the
// units at the positions in want (ascending), written into offs where they are below
// len(offs) (pageUnits' offsets at those positions; the other entries are left as they
// are). One pass over the page that stores nothing per unit: the units themselves were
// counted when the page was learned.
func offsetsAt(page string, unit Unit, skip bool, want []int32, offs []int32) int {
	k, w := 0, 0
	next := int32(-1) // want[w], or -1 when all are found
	if len(want) > 0 {
		next = want[0]
	}
	// part counts the units of page[from:to] as preprocess makes them (a part's runs of
	// spaces collapse within it), recording the offset of the unit at each wanted position:
	// the byte whose unit moves the count on (a run of spaces is its first byte). Eight
	// bytes of ASCII at a time (spaceWord) unless a wanted position is among them.
	part := func(from, to int) {
		prevSpace := 0
		i := from
		for i < to {
			if to-i >= 8 {
				if x := load64(page, i); x&highBits == 0 { // eight bytes of ASCII
					if adv, last := wordUnits(spaceWord(x), prevSpace); next < 0 || int(next) >= k+adv {
						k, prevSpace, i = k+adv, last, i+8
						continue
					}
				}
			}
			// One byte or character at a time, to the next word boundary.
			for end := min(i+8, to); i < end; {
				c := page[i]
				size, adv := 1, 1
				if c < utf8.RuneSelf || unit == Byte {
					sp := int(spaceBit[c])
					adv = 1 - sp&prevSpace
					prevSpace = sp
				} else {
					prevSpace = 0
					_, size = runeUnit(page[i:])
				}
				for adv == 1 && int32(k) == next {
					if k < len(offs) {
						offs[k] = int32(i)
					}
					if w++; w < len(want) {
						next = want[w]
					} else {
						next = -1
					}
				}
				k += adv
				i += size
			}
		}
	}
	if !skip {
		part(0, len(page))
	} else {
		eachVisiblePart(page, part)
	}
	return k
}

// load64 reads the eight bytes of s from i as a little-endian word.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// highBits are the top bits of the bytes of a word: none is set in eight bytes of ASCII.
const highBits = 0x8080808080808080

// spaceWord marks the space bytes (isSpaceByte) of eight bytes of ASCII read as a
// little-endian word: 0x80 in each such byte, 0 in the others. A byte equal to c is one
// whose XOR with c is 0, and a byte y below 0x80 is 0 exactly when y + 0x7f leaves its top
// bit clear (no byte carries into the next).
func spaceWord(x uint64) uint64 {
	const ones = 0x0101010101010101
	zero := func(y uint64) uint64 { return ^(y + 0x7f*ones) & highBits }
	return zero(x^' '*ones) | zero(x^'\n'*ones) | zero(x^'\t'*ones) | zero(x^'\r'*ones)
}

// asciiWord reads the eight bytes of html from i as eight units, when they are ASCII with
// no space after a space (prevSpace is 1 when the byte before them was one, and
// preprocessing did not drop it): x holds the units' bytes, the space bytes made ' ', and
// last is 1 when the last is a space.
func asciiWord(html string, i, prevSpace int) (x uint64, last int, ok bool) {
	x = load64(html, i)
	if x&highBits != 0 {
		return 0, 0, false
	}
	sp := spaceWord(x)
	n, last := wordUnits(sp, prevSpace)
	if n < 8 {
		return 0, 0, false
	}
	spaces := sp >> 7 * 0xff
	return x&^spaces | spaces&(' '*0x0101010101010101), last, true
}

// wordUnits is how many units eight bytes of ASCII whose space bytes are sp (spaceWord)
// make after a byte that was a space (prevSpace 1) or not (0): eight less the spaces that
// follow a space, which preprocessing drops; last is 1 when the last byte is a space.
func wordUnits(sp uint64, prevSpace int) (n, last int) {
	return 8 - bits.OnesCount64(sp&(sp<<8|uint64(prevSpace)<<7)), int(sp >> 63)
}

// putWord writes the eight bytes of x, from the lowest, as units.
func putWord(o []uint32, x uint64) {
	o = o[:8]
	o[0], o[1], o[2], o[3] = uint32(x&0xff), uint32(x>>8&0xff), uint32(x>>16&0xff), uint32(x>>24&0xff)
	o[4], o[5], o[6], o[7] = uint32(x>>32&0xff), uint32(x>>40&0xff), uint32(x>>48&0xff), uint32(x>>56)
}

// prepUnits writes the units of html into out (len(out) >= len(html)) and returns how
// many. A byte below 0x80 (markup is ASCII) takes the first branch, without a branch on
// its value: its unit is written at k in any case, and k moves on unless it is a space
// after a space (the next unit then overwrites it).
func prepUnits(html string, unit Unit, out []uint32) int {
	out = out[:len(html)]
	k := 0
	prevSpace := 0 // 1 after a space
	slow := 0      // the bytes before it are not read as a word again
	for i := 0; i < len(html); {
		// A word of eight units at once where asciiWord reads one; the bytes of any other
		// word one by one.
		if i >= slow && i+8 <= len(html) && k+8 <= len(out) {
			slow = i + 8
			if x, last, ok := asciiWord(html, i, prevSpace); ok {
				putWord(out[k:k+8], x)
				k, i, prevSpace = k+8, i+8, last
				continue
			}
		}
		c := html[i]
		if c < utf8.RuneSelf || unit == Byte {
			sp := int(spaceBit[c])
			if k < len(out) {
				out[k] = byteUnit[c]
			}
			k += 1 - sp&prevSpace
			prevSpace = sp
			i++
			continue
		}
		prevSpace = 0
		u, size := runeUnit(html[i:])
		if k < len(out) {
			out[k] = u
		}
		k++
		i += size
	}
	return k
}

// prepOffs is prepUnits that also writes each unit's byte offset into offs (a run of
// spaces keeps the offset of its first: the others are written where the next unit
// goes).
func prepOffs(html string, unit Unit, out []uint32, offs []int32) int {
	out, offs = out[:len(html)], offs[:len(html)]
	k := 0
	prevSpace := 0
	slow := 0
	for i := 0; i < len(html); {
		if i >= slow && i+8 <= len(html) && k+8 <= len(out) && k+8 <= len(offs) {
			slow = i + 8
			if x, last, ok := asciiWord(html, i, prevSpace); ok {
				putWord(out[k:k+8], x)
				o, at := offs[k:k+8], int32(i)
				o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7] = at, at+1, at+2, at+3, at+4, at+5, at+6, at+7
				k, i, prevSpace = k+8, i+8, last
				continue
			}
		}
		c := html[i]
		if c < utf8.RuneSelf || unit == Byte {
			sp := int(spaceBit[c])
			if k < len(out) && k < len(offs) {
				out[k], offs[k] = byteUnit[c], int32(i)
			}
			k += 1 - sp&prevSpace
			prevSpace = sp
			i++
			continue
		}
		prevSpace = 0
		u, size := runeUnit(html[i:])
		if k < len(out) && k < len(offs) {
			out[k], offs[k] = u, int32(i)
		}
		k++
		i += size
	}
	return k
}

// runeUnit is the unit of the character that s starts with (at least one byte of 0x80
// or above) and its length: its code point, or invalidBase plus the byte when it is not
// valid UTF-8 (one byte).
func runeUnit(s string) (uint32, int) {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size == 1 {
		return invalidBase + uint32(s[0]), 1
	}
	return uint32(r), size
}

// byteUnit is the unit of a byte taken alone (a space byte becomes ' '), spaceBit 1 for
// the space bytes (isSpaceByte).
var byteUnit, spaceBit = func() (u [256]uint32, sp [256]uint8) {
	for c := range 256 {
		u[c] = uint32(c)
		if isSpaceByte[c] {
			u[c], sp[c] = ' ', 1
		}
	}
	return u, sp
}()

// unitCount is the number of units preprocess makes of html, without storing them.
func unitCount(html string, unit Unit, skip bool) int {
	if !skip {
		return unitCountAll(html, unit)
	}
	k := 0
	eachVisiblePart(html, func(from, to int) { k += unitCountAll(html[from:to], unit) })
	return k
}

// unitCountAll is unitCount of every byte of html.
func unitCountAll(html string, unit Unit) int {
	k := 0
	prevSpace := false
	for i := 0; i < len(html); {
		c := html[i]
		if c >= utf8.RuneSelf && unit == Rune {
			prevSpace = false
			_, size := utf8.DecodeRuneInString(html[i:])
			k++
			i += size
			continue
		}
		i++
		if isSpaceByte[c] {
			if prevSpace {
				continue
			}
			prevSpace = true
		} else {
			prevSpace = false
		}
		k++
	}
	return k
}

// isSpaceByte marks the bytes the preprocessing turns into a space.
var isSpaceByte = [256]bool{' ': true, '\t': true, '\n': true, '\r': true}
