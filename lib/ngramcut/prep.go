package ngramcut

import (
	"fmt"
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

// prepUnits writes the units of html into out (len(out) >= len(html)) and returns how
// many. A byte below 0x80 (markup is ASCII) takes the first branch, without a branch on
// its value: its unit is written at k in any case, and k moves on unless it is a space
// after a space (the next unit then overwrites it).
func prepUnits(html string, unit Unit, out []uint32) int {
	out = out[:len(html)]
	k := 0
	prevSpace := 0 // 1 after a space
	for i := 0; i < len(html); {
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
	for i := 0; i < len(html); {
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
