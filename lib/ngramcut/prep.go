package ngramcut

import (
	"fmt"
	"slices"
	"unicode/utf8"
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
	out := units[base:]
	var offOut []int32
	if wantOffs {
		offs = slices.Grow(offs, len(html))
		offOut = offs[len(offs) : len(offs)+len(html)]
	}
	k := 0
	prevSpace := false
	for i := 0; i < len(html); {
		c := html[i]
		if c >= utf8.RuneSelf && unit == Rune {
			prevSpace = false
			r, size := utf8.DecodeRuneInString(html[i:])
			u := uint32(r)
			if r == utf8.RuneError && size == 1 {
				u = invalidBase + uint32(c)
			}
			out[k] = u
			if wantOffs {
				offOut[k] = int32(i)
			}
			k++
			i += size
			continue
		}
		if isSpaceByte[c] {
			if prevSpace {
				i++
				continue
			}
			prevSpace = true
			c = ' '
		} else {
			prevSpace = false
		}
		out[k] = uint32(c)
		if wantOffs {
			offOut[k] = int32(i)
		}
		k++
		i++
	}
	units = units[:base+k]
	if wantOffs {
		offs = offs[:len(offs)+k]
	}
	return units, offs
}

// unitCount is the number of units preprocess makes of html, without storing them.
func unitCount(html string, unit Unit) int {
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
