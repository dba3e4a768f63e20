package words

import (
	"slices"
	"testing"
)

func TestMeasure(t *testing.T) {
	for _, c := range []struct {
		text             string
		words, sentences int
	}{
		{"", 0, 0},
		{"Hello, world. How are you?", 5, 2},
		{"e.g. 3.14 is pi", 6, 3}, // abbreviations and decimals count: a rough measure, as documented
		{"東京は日本の首都です。", 5, 1},     // 10 unspaced characters, two to a word
		{"서울은 한국의 수도입니다.", 3, 1},  // Hangul is spaced
		{"नमस्ते दुनिया। यह परीक्षण है।", 5, 2},
		{"مرحبا بالعالم؟ نعم.", 3, 2},
		{"Привет, мир!", 2, 1},
		{"...", 0, 0},
		{"snake_case x2", 2, 0},
	} {
		s := Measure(c.text)
		if s.Words != c.words || s.Sentences != c.sentences {
			t.Errorf("Measure(%q) = %d words %d sentences, want %d and %d", c.text, s.Words, s.Sentences, c.words, c.sentences)
		}
	}
}

func TestTerms(t *testing.T) {
	got := Terms("Tokyo 東京, नमस्ते x_1!")
	want := []string{"Tokyo", "東", "京", "नमस्ते", "x_1"}
	if !slices.Equal(got, want) {
		t.Errorf("Terms = %q, want %q", got, want)
	}
}

func TestPythonWordRune(t *testing.T) {
	// A Devanagari vowel sign is a mark: part of a word for chaff, not for Python's \w.
	if !IsWordRune('\u094D') || IsPythonWordRune('\u094D') {
		t.Error("virama: want a word rune, not a Python \\w rune")
	}
	for _, r := range "aZ9_é東" {
		if !IsPythonWordRune(r) {
			t.Errorf("%q is \\w", r)
		}
	}
}

func BenchmarkMeasureASCII(b *testing.B) {
	text := "The quick brown fox jumps over the lazy dog. It was not amused! "
	for range 4 {
		text += text
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Measure(text)
	}
}

// EachTerm gives Each's terms and says which are all ASCII.
func TestEachTermASCII(t *testing.T) {
	text := "Hello, wörld_1 東京 abc Ünï x9 …end"
	var got []string
	EachTerm(text, func(term string, ascii bool) bool {
		isASCII := true
		for i := 0; i < len(term); i++ {
			isASCII = isASCII && term[i] < 0x80
		}
		if ascii != isASCII {
			t.Errorf("%q: ascii %v", term, ascii)
		}
		got = append(got, term)
		return true
	})
	if want := []string{"Hello", "wörld_1", "東", "京", "abc", "Ünï", "x9", "end"}; !slices.Equal(got, want) {
		t.Errorf("EachTerm %q, want %q", got, want)
	}
}
