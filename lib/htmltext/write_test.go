package htmltext

import (
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// writeStringBytewise is writeString without its run of printable ASCII: every byte through
// writeByte and every other character through writeRune, as it was written first.
func (r *renderer) writeStringBytewise(s string) {
	for i := 0; i < len(s); {
		if c := s[i]; c < 0x80 {
			r.writeByte(c)
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		r.writeRune(s[i : i+n])
		i += n
	}
}

// writeString writes what writing byte by byte writes, whatever is due before it (a break,
// a space, dropped text) and whatever it holds (runs of spaces, line breaks, controls,
// other scripts, invalid UTF-8).
func TestWriteStringRuns(t *testing.T) {
	pieces := []string{"a", "Bc", " ", "  ", "\n", "\t", "x y", "é", "\u00a0", "\x00", "\x7f", "\xff", "東京", ".", "&", "z "}
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 0; k < 20000; k++ {
		var s string
		for n := rng.IntN(8); n >= 0; n-- {
			s += pieces[rng.IntN(len(pieces))]
		}
		for _, st := range []renderer{{}, {out: []byte("x")}, {out: []byte("x\n")}, {out: []byte("x"), space: true},
			{out: []byte("x"), brk: true}, {out: []byte("x"), dropped: true}} {
			a, b := st, st
			a.out = append([]byte(nil), st.out...)
			b.out = append([]byte(nil), st.out...)
			a.writeString(s)
			b.writeStringBytewise(s)
			if string(a.out) != string(b.out) || a.space != b.space || a.brk != b.brk || a.dropped != b.dropped {
				t.Fatalf("%+v then %q: %q %v %v %v, byte by byte %q %v %v %v", st, s, a.out, a.space, a.brk, a.dropped,
					b.out, b.space, b.brk, b.dropped)
			}
		}
	}
}
