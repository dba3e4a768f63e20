package metric

import "testing"

// The expected values are Python's ' '.join(s.split()), the same as trafilatura's
// re.sub(r"\s+", " ", s).strip().
func TestNormalizeSpace(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"plain text", "plain text"},
		{"  lead and trail  ", "lead and trail"},
		{"a \t\n\r\v\f b", "a b"},
		{"a\u00a0b\u2009c\u3000d", "a b c d"},      // no-break, thin and ideographic spaces
		{"a\x1cb\x1fc\u0085d\u2028e", "a b c d e"}, // separators Python counts as space
		{"a\u200bb\ufeffc", "a\u200bb\ufeffc"},     // zero-width space and BOM are not
		{"\n\n", ""},
		{"x", "x"},
		{"x ", "x"},
		{"日本 語", "日本 語"},
	} {
		if got := NormalizeSpace(c.in); got != c.want {
			t.Errorf("NormalizeSpace(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCountSnippetsHandComputed(t *testing.T) {
	for _, c := range []struct {
		name          string
		pred          string
		with, without []string
		want          Snippets
	}{
		// Normalised: "Der Text hier. Mehr." The with "Text hier" is found (TP), "der text" is
		// not (the test is case-sensitive: FN); the without "hier. Mehr" is found (FP), the
		// without "Impressum" is not (TN).
		{"page", "Der  Text\u00a0hier.\nMehr.", []string{"Text hier", "der text"}, []string{"hier.\tMehr", "Impressum"}, Snippets{TP: 1, FN: 1, FP: 1, TN: 1}},
		// A snippet's own white space is normalised too.
		{"snippet spaces", "a b c", []string{" a\n b "}, nil, Snippets{TP: 1}},
		// A page missing from the predictions counts as empty: all FN and TN.
		{"empty", "", []string{"a", "b"}, []string{"c", "d", "e"}, Snippets{FN: 2, TN: 3}},
		{"no snippets", "text", nil, nil, Snippets{}},
		{"CJK", "中文 内容", []string{"中文 内容", "中文内容"}, nil, Snippets{TP: 1, FN: 1}},
	} {
		if got := CountSnippets(c.pred, c.with, c.without); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// Summed over pages before the ratios: TP 3, FN 1, FP 1, TN 3: P 3/4, R 3/4, accuracy 6/8,
// F 6/8.
func TestSnippetsSums(t *testing.T) {
	var s Snippets
	s.Add(Snippets{TP: 2, FN: 0, FP: 1, TN: 1})
	s.Add(Snippets{TP: 1, FN: 1, FP: 0, TN: 2})
	if s.Precision() != 0.75 || s.Recall() != 0.75 || s.Accuracy() != 0.75 || s.F() != 0.75 {
		t.Errorf("%+v: P %v R %v A %v F %v", s, s.Precision(), s.Recall(), s.Accuracy(), s.F())
	}
	var z Snippets
	if z.Precision() != 0 || z.Recall() != 0 || z.Accuracy() != 0 || z.F() != 0 {
		t.Error("empty: want every ratio 0, as trafilatura's ConfusionMatrix")
	}
	// F is the harmonic mean of P and R: TP 1, FP 3, FN 1: P 1/4, R 1/2, F 2/6.
	o := Snippets{TP: 1, FP: 3, FN: 1}
	if p, r := o.Precision(), o.Recall(); !near(o.F(), 2*p*r/(p+r)) || !near(o.F(), 1.0/3) {
		t.Errorf("F %v", o.F())
	}
}
