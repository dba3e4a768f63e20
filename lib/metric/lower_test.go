package metric

import "testing"

// The expected values are Python 3's str.lower() of the same strings.
func TestLowerAsPython(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"already lower, 123", "already lower, 123"},
		{"Hello World", "hello world"},
		{"ÀÉ ŒUVRE", "àé œuvre"},
		{"İstanbul", "i\u0307stanbul"}, // the full mapping: i and a combining dot
		{"ΟΔΟΣ", "οδος"},               // final sigma at the end of a word
		{"ΟΔΟΣ ΑΘΗΝΩΝ", "οδος αθηνων"},
		{"ΣΑ", "σα"}, // nothing cased before it
		{"Σ", "σ"},
		{"AΣ'A", "aσ'a"}, // the apostrophe is case-ignorable: a cased letter follows
		{"AΣ'", "aς'"},   // ... and here none does
		{"AΣ.Β", "aσ.β"}, // '.' is case-ignorable too (MidNumLet)
		{"A^Σ", "a^ς"},   // '^' (Sk) is skipped looking back
		{"ΑΣ\u0301", "ας\u0301"},
		{"ǅ", "ǆ"},             // titlecase
		{"\u212a", "k"},        // the Kelvin sign
		{"a\xffB", "a\ufffdb"}, // invalid UTF-8 (Go only)
	} {
		if got := Lower(c.in); got != c.want {
			t.Errorf("Lower(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
