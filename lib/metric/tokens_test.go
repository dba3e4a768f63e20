package metric

import (
	"slices"
	"testing"
)

// The expectations are what Python 3.11's re.findall(r'\w+', text) returns on the same str,
// checked by hand: letters (L*), numbers (N*) and '_' are word runes, combining marks are not.
func TestTokensLikePythonRe(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []string
	}{
		{"empty", "", nil},
		{"only punctuation", " -- !? ", nil},
		{"ascii words", "Hello, world!", []string{"Hello", "world"}},
		{"digits split at the point", "pi is 3.14", []string{"pi", "is", "3", "14"}},
		{"underscore joins", "snake_case _x_", []string{"snake_case", "_x_"}},
		{"apostrophe and hyphen split", "don't e-mail", []string{"don", "t", "e", "mail"}},
		{"precomposed accents", "Café naïve Ærøskøbing", []string{"Café", "naïve", "Ærøskøbing"}},
		{"combining acute splits (Mn is not \\w)", "cafe\u0301 ok", []string{"cafe", "ok"}},
		{"devanagari vowel signs split", "हिन्दी", []string{"ह", "न", "द"}},
		{"CJK and kana", "東京タワー、2024年。", []string{"東京タワー", "2024年"}},
		{"superscript and fractions are numbers (No)", "x² ½", []string{"x²", "½"}},
		{"roman numerals are numbers (Nl)", "Ⅻ chapter", []string{"Ⅻ", "chapter"}},
		{"other digits (Nd)", "٠١٢ １２", []string{"٠١٢", "１２"}},
		{"modifier letter (Lm)", "ʰa", []string{"ʰa"}},
		{"other connector punctuation is not \\w", "a\u203Fb", []string{"a", "b"}},
		{"no-break space separates", "a\u00a0b", []string{"a", "b"}},
		{"invalid UTF-8 separates", "a\xffb", []string{"a", "b"}},
		{"trailing word", "end", []string{"end"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Tokens(c.text)
			if !slices.Equal(got, c.want) {
				t.Errorf("Tokens(%q) = %q, want %q", c.text, got, c.want)
			}
		})
	}
}

func TestIsWordRune(t *testing.T) {
	for _, r := range "aZ09_éßЖλ東ア²Ⅻ" {
		if !IsWordRune(r) {
			t.Errorf("IsWordRune(%q) = false", r)
		}
	}
	for _, r := range " \t\n.,;-'\"\u0301\u093f\u203f\u00a0\ufffd€$" {
		if IsWordRune(r) {
			t.Errorf("IsWordRune(%q) = true", r)
		}
	}
	if IsWordRune(-1) {
		t.Error("IsWordRune(-1) = true")
	}
}

func TestWordsStopsEarly(t *testing.T) {
	var got []string
	for w := range Words("one two three") {
		got = append(got, w)
		if len(got) == 2 {
			break
		}
	}
	if !slices.Equal(got, []string{"one", "two"}) {
		t.Errorf("got %q", got)
	}
}
