package ngramcut

import (
	"fmt"
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
// offs is not nil it appends, for every unit, the byte offset in html where the unit
// starts (a collapsed run of spaces starts at its first byte and extends to the next
// unit); the caller adds the end offset len(html) itself when it needs it.
func preprocess(html string, unit Unit, units []uint32, offs []int32, wantOffs bool) ([]uint32, []int32) {
	prevSpace := false
	if unit == Byte {
		for i := 0; i < len(html); i++ {
			c := html[i]
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				if prevSpace {
					continue
				}
				prevSpace = true
				c = ' '
			} else {
				prevSpace = false
			}
			units = append(units, uint32(c))
			if wantOffs {
				offs = append(offs, int32(i))
			}
		}
		return units, offs
	}
	for i := 0; i < len(html); {
		c := html[i]
		var u uint32
		w := 1
		if c < utf8.RuneSelf {
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				if prevSpace {
					i++
					continue
				}
				prevSpace = true
				c = ' '
			} else {
				prevSpace = false
			}
			u = uint32(c)
		} else {
			prevSpace = false
			r, size := utf8.DecodeRuneInString(html[i:])
			if r == utf8.RuneError && size == 1 {
				u = invalidBase + uint32(c)
			} else {
				u = uint32(r)
			}
			w = size
		}
		units = append(units, u)
		if wantOffs {
			offs = append(offs, int32(i))
		}
		i += w
	}
	return units, offs
}
