package mojibake

import (
	"strings"
	"testing"
)

// asMojibake is what a browser makes of s's bytes read as Windows-1252 (WHATWG's: the five
// bytes the code page leaves undefined read as the C1 controls of their value).
func asMojibake(t *testing.T, s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 && c < 0xA0 && cp1252[c-0x80] != 0 {
			b.WriteRune(cp1252[c-0x80])
		} else {
			b.WriteRune(rune(c))
		}
	}
	return b.String()
}

// TestRepair: texts mangled by a Windows-1252 or Latin-1 reader come back as they were, from
// typography to emoji and scripts beyond Latin; correct texts, and texts mangled only in part,
// are left alone.
func TestRepair(t *testing.T) {
	for _, want := range []string{
		"The computer’s memory — “stack” and heap…",
		"The 30GB version costs £219 (€250), 57° angle, naïve café",
		"Your cart is empty 😞",
		"Grüße aus Köln; 東京; Ελλάδα; Москва",
		"<p>A\u00a0non-breaking space</p>",
	} {
		broken := asMojibake(t, want)
		if broken == want {
			t.Fatalf("%q: no mojibake made", want)
		}
		if got, ok := Repair(broken); !ok || got != want {
			t.Errorf("Repair(%q) = %q, %v; want %q", broken, got, ok, want)
		}
	}
	// Latin-1 letters read as Latin-1 (the C1 controls browsers give Windows-1252's undefined
	// bytes): "computer\u00e2\u0080\u0099s".
	if got, ok := Repair("computer\u00e2\u0080\u0099s"); !ok || got != "computer’s" {
		t.Errorf("Latin-1 reading: %q, %v", got, ok)
	}
	for _, s := range []string{
		"plain ASCII text",
		"The computer’s memory", // correct UTF-8: ’ is Windows-1252's 0x92, no lead before it
		"naïve café, 57°, © 2024",
		"Ã alone",
		"Grüße aus Köln",
		"東京",
		"half mangled: computerâ€™s and computer’s — " + "and 東京",
		"Â", // a lead byte with nothing after it
		"\xff\xfe invalid UTF-8 " + asMojibake(t, "café"),
		strings.Repeat("x", 100) + "Ã©" + "\u2603", // a character Windows-1252 lacks
	} {
		if got, ok := Repair(s); ok || got != s {
			t.Errorf("Repair(%q) = %q, %v; want it unchanged", s, got, ok)
		}
	}
}

// firstNonASCII finds the first byte outside ASCII at every position and alignment.
func TestFirstNonASCII(t *testing.T) {
	for n := 0; n < 40; n++ {
		for at := -1; at < n; at++ {
			b := []byte(strings.Repeat("a", n))
			if at >= 0 {
				b[at] = 0xC3
			}
			if got := firstNonASCII(string(b)); got != at {
				t.Fatalf("length %d, byte at %d: got %d", n, at, got)
			}
		}
	}
}

func BenchmarkRepairASCIIPage(b *testing.B) {
	page := strings.Repeat("<p>Some text of a page, all of it ASCII, as most of a page's markup is.</p>\n", 2000)
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		Repair(page)
	}
}

func BenchmarkRepairCorrectPage(b *testing.B) {
	page := strings.Repeat("<p>Some text of a page, with typography: it’s “quoted” — and café.</p>\n", 2000)
	b.SetBytes(int64(len(page)))
	for b.Loop() {
		Repair(page)
	}
}

// RepairMarked repairs a text only where it shows the defect itself.
func TestRepairMarked(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"Grandma\u00e2\u0080\u0099s casserole", "Grandma’s casserole", true}, // Latin-1's C1 controls
		{"Trends Report \u00e2\u0080\u0093 2025", "Trends Report – 2025", true},
		{"computerâ€™s", "computer’s", true},            // Windows-1252's reading
		{"NESCAFÉ® Classic", "NESCAFÉ® Classic", false}, // reads as UTF-8 too, unmarked
		{"SprÃ¼hregen", "SprÃ¼hregen", false},           // mangled letters only: unmarked
		{"plain text", "plain text", false},
		{"a \u0085 b ’", "a \u0085 b ’", false}, // marked, but its bytes are not UTF-8 (0x85 leads nothing)
	} {
		got, ok := RepairMarked(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("RepairMarked(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}
