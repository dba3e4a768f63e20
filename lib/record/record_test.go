package record

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

func readAll(t *testing.T, in string, opts ReaderOptions) ([]*Record, []error) {
	t.Helper()
	r := NewReader(strings.NewReader(in), "<test>", opts)
	var recs []*Record
	var errs []error
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs, errs
		}
		var re *Error
		if errors.As(err, &re) {
			errs = append(errs, err)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, rec)
	}
}

func TestPassThroughUntouched(t *testing.T) {
	// Odd spacing inside nested values and escapes must survive byte for byte.
	in := `{"id":"a1","x":{"k": [1, 2.50, "\u00e9"]},"html":"<p>caf\u00e9 &amp; <b>x</b></p>","n":1e3}` + "\n"
	recs, errs := readAll(t, in, ReaderOptions{})
	if len(errs) != 0 || len(recs) != 1 {
		t.Fatalf("recs %d errs %v", len(recs), errs)
	}
	rec := recs[0]
	if rec.ID != "a1" || rec.HTML != "<p>café &amp; <b>x</b></p>" {
		t.Fatalf("decoded id %q html %q", rec.ID, rec.HTML)
	}
	if got := string(rec.AppendJSON(nil)); got+"\n" != in {
		t.Fatalf("re-encoded\n%s\nwant\n%s", got, in)
	}
	rec.Set("text", "café <b> \"q\"\n")
	rec.Set("x", 7)
	want := `{"id":"a1","x":7,"html":"<p>caf\u00e9 &amp; <b>x</b></p>","n":1e3,"text":"café <b> \"q\"\n"}`
	if got := string(rec.AppendJSON(nil)); got != want {
		t.Fatalf("after Set\n%s\nwant\n%s", got, want)
	}
	rec.Delete("html")
	if rec.HTML != "" || rec.Has("html") {
		t.Fatal("Delete left html")
	}
}

func TestBadLinesNamedAndSkipped(t *testing.T) {
	in := "{\"id\":\"1\"}\nnot json\n\n{\"id\":\"3\",}\n[1]\n{\"id\":\"4\"}" // last line has no newline
	recs, errs := readAll(t, in, ReaderOptions{})
	if len(recs) != 2 || recs[1].ID != "4" || recs[1].N != 6 {
		t.Fatalf("got %d records, last %+v", len(recs), recs[len(recs)-1])
	}
	if len(errs) != 3 {
		t.Fatalf("errors %v", errs)
	}
	if !strings.HasPrefix(errs[0].Error(), "<test>:2: invalid JSON") {
		t.Fatalf("message %q", errs[0])
	}
}

func TestLongLineLimit(t *testing.T) {
	long := `{"html":"` + strings.Repeat("x", 200000) + `"}`
	in := `{"id":"a"}` + "\n" + long + "\n" + `{"id":"b"}` + "\n"
	recs, errs := readAll(t, in, ReaderOptions{MaxBytes: 100000})
	if len(recs) != 2 || recs[1].ID != "b" || len(errs) != 1 || !strings.Contains(errs[0].Error(), ":2: line longer") {
		t.Fatalf("recs %d errs %v", len(recs), errs)
	}
	recs, errs = readAll(t, in, ReaderOptions{})
	if len(recs) != 3 || len(errs) != 0 || len(recs[1].HTML) != 200000 {
		t.Fatalf("without limit: recs %d errs %v", len(recs), errs)
	}
}

func TestQuotedMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "a\"b\\c", "\x00\x1f\t\n", "<&>", "\u2028x\u2029", "bad\xffutf8", "日本語"} {
		raw := appendQuoted(nil, s)
		back, err := unquote(raw)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want := replaceInvalid([]byte(s))
		if back != want {
			t.Fatalf("%q round trip gave %q", s, back)
		}
	}
}

func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	rec := &Record{}
	rec.Set("id", "x")
	rec.Set("html", "<p>")
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	w.Flush()
	if b.String() != "{\"id\":\"x\",\"html\":\"<p>\"}\n" {
		t.Fatalf("%q", b.String())
	}
	if rec.ID != "x" || rec.HTML != "<p>" {
		t.Fatal("known fields not updated by Set")
	}
}

func BenchmarkRead(b *testing.B) {
	page := `{"id":"p","url":"http://e.com/a","html":"` + strings.Repeat(`<div class=\"x\">Some text here &amp; more</div>\n`, 2000) + `","gold":"abc"}` + "\n"
	in := strings.Repeat(page, 20)
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(strings.NewReader(in), "b", ReaderOptions{})
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkAppendQuoted(b *testing.B) {
	s := strings.Repeat("<div class=\"x\">Some text here &amp; more — café</div>\n", 4000)
	b.SetBytes(int64(len(s)))
	var buf []byte
	for b.Loop() {
		buf = appendQuoted(buf[:0], s)
	}
}

func BenchmarkAppendQuotedByRune(b *testing.B) {
	s := strings.Repeat("<div class=\"x\">Some text here &amp; more — café</div>\n", 4000)
	b.SetBytes(int64(len(s)))
	var buf []byte
	for b.Loop() {
		buf = appendQuotedSlow(buf[:0], s)
	}
}

// Where and Error say source:n, with Loc in parentheses when it is set (a
// WARC record's offset); JSON lines keep file:line.
func TestWhereWithLoc(t *testing.T) {
	r := &Record{Source: "a.jsonl", N: 7}
	if r.Where() != "a.jsonl:7" || r.Errorf("bad").Error() != "a.jsonl:7: bad" {
		t.Errorf("without Loc: %q, %q", r.Where(), r.Errorf("bad"))
	}
	r = &Record{Source: "b.warc.gz", N: 38, Loc: "offset 685348"}
	if r.Where() != "b.warc.gz:38 (offset 685348)" || r.Errorf("bad").Error() != "b.warc.gz:38 (offset 685348): bad" {
		t.Errorf("with Loc: %q, %q", r.Where(), r.Errorf("bad"))
	}
}

// appendQuoted's word-at-a-time scan quotes exactly as the rune-by-rune appendQuotedSlow
// on valid UTF-8, whatever byte to escape falls where in a word, and on invalid UTF-8
// wherever the first bad byte falls (U+FFFD for each).
func TestQuotedWordScanSame(t *testing.T) {
	pieces := []string{"a", "bc", "<div class=\"x\">", "\\", "\n", "\t", "\x00", "\x1f", "\x7f", " ", "é", "—", "\u2028", "\u2029", "\u2027", "日本", "😀", "\xe2\x82\xac", "\xff", "\xe2\x82", "\xc3"}
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 3000; n++ {
		var sb strings.Builder
		for k := r.IntN(40); k >= 0; k-- {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := sb.String()
		got, want := appendQuoted(nil, s), append(appendQuotedSlow([]byte{'"'}, s), '"')
		if !bytes.Equal(got, want) {
			t.Fatalf("%q: %q, rune by rune %q", s, got, want)
		}
	}
}

// A string set by Set is encoded only where the record is written, and reads back (Get,
// AppendJSON) as Marshal encodes it; the page's HTML is held once, not also encoded.
func TestSetStringEncodedWhenWritten(t *testing.T) {
	html := "<p class=\"a\">café\n\u2028\x01 bad\xff</p>"
	rec := &Record{}
	rec.Set("id", "p1")
	rec.Set("html", html)
	want, _ := Marshal(html)
	if got := rec.Get("html"); !bytes.Equal(got, want) {
		t.Fatalf("Get: %s, want %s", got, want)
	}
	if got, wantLine := string(rec.AppendJSON(nil)), `{"id":"p1","html":`+string(want)+`}`; got != wantLine {
		t.Fatalf("AppendJSON: %s, want %s", got, wantLine)
	}
	if s, ok := rec.GetString("html"); !ok || s != replaceInvalid([]byte(html)) {
		t.Fatalf("GetString: %q %v", s, ok)
	}
	if n := rec.Size(); n != len("p1")*2+len("id")+len("html")+len(html) {
		t.Fatalf("Size %d counts the HTML more than once", n)
	}
	rec.SetRaw("html", []byte(`"x"`))
	if got := string(rec.AppendJSON(nil)); got != `{"id":"p1","html":"x"}` {
		t.Fatalf("SetRaw after Set: %s", got)
	}
}

// IsString tells a string member from another value and from none, for a value read and one
// set by Set alike.
func TestIsString(t *testing.T) {
	rec := &Record{}
	rec.Set("html", "<p>x</p>")
	rec.SetRaw("n", []byte(`3`))
	rec.SetRaw("s", []byte(`"y"`))
	for key, want := range map[string]bool{"html": true, "s": true, "n": false, "none": false} {
		if got := rec.IsString(key); got != want {
			t.Errorf("IsString(%q) = %v, want %v", key, got, want)
		}
	}
}

// DetachHTML keeps every value while the record lets its input line go: overwriting the
// line afterwards changes nothing the record says or writes.
func TestDetachHTML(t *testing.T) {
	line := []byte(`{"id":"p1","url":"http://a.example/x","gold":"some \"gold\" text","html":"<p class=\"x\">caf\u00e9\n</p>","n":[1,2]}`)
	rec, err := Parse(line, "")
	if err != nil {
		t.Fatal(err)
	}
	before := rec.Size()
	rec.DetachHTML()
	for i := range line {
		line[i] = 'X'
	}
	if rec.ID != "p1" || rec.URL != "http://a.example/x" || rec.HTML != "<p class=\"x\">café\n</p>" {
		t.Fatalf("known fields changed: %q %q %q", rec.ID, rec.URL, rec.HTML)
	}
	if got, want := string(rec.AppendJSON(nil)), `{"id":"p1","url":"http://a.example/x","gold":"some \"gold\" text","html":"<p class=\"x\">café\n</p>","n":[1,2]}`; got != want {
		t.Fatalf("written\n%s\nwant\n%s", got, want)
	}
	if after := rec.Size(); after >= before {
		t.Errorf("Size %d after, %d before: the escaped html should no longer count", after, before)
	}
	rec.Delete("html")
	if got, want := string(rec.AppendJSON(nil)), `{"id":"p1","url":"http://a.example/x","gold":"some \"gold\" text","n":[1,2]}`; got != want {
		t.Fatalf("without html\n%s\nwant\n%s", got, want)
	}
}

// A page whose html has no escapes shares the line's bytes: DetachHTML leaves it as read.
func TestDetachHTMLNoEscapes(t *testing.T) {
	line := `{"html":"<p>plain</p>","id":"p2"}`
	rec, err := Parse([]byte(line), "")
	if err != nil {
		t.Fatal(err)
	}
	rec.DetachHTML()
	if got := string(rec.AppendJSON(nil)); got != line || rec.HTML != "<p>plain</p>" {
		t.Fatalf("got %s (html %q)", got, rec.HTML)
	}
}
