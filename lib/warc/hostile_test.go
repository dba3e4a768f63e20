package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
)

// rawRecord builds a plain WARC record with the given Content-Length text.
func rawRecord(id, block, contentLength string) string {
	return "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: " + id +
		"\r\nWARC-Target-URI: http://example.com/" + id + "\r\nContent-Type: text/html\r\nContent-Length: " +
		contentLength + "\r\n\r\n" + block + "\r\n\r\n"
}

func goodRecord(id string) string {
	block := "<html><body>record " + id + "</body></html>"
	return rawRecord(id, block, fmt.Sprint(len(block)))
}

// readRecords returns the IDs of the records read and the errors, in order,
// as one list ("id" or "error: sentinel").
func readRecords(t *testing.T, r io.Reader, opts ...Option) []string {
	t.Helper()
	rd, err := NewReader(r, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	var out []string
	for i := 0; ; i++ {
		if i > 1000 {
			t.Fatal("reader does not end")
		}
		rec, err := rd.Next()
		if err == io.EOF {
			return out
		}
		var re *RecordError
		if errors.As(err, &re) {
			for _, s := range []error{ErrNotWARC, ErrTruncated, ErrBadHeader, ErrBadContentLength, ErrTooLarge, ErrCompression} {
				if errors.Is(err, s) {
					out = append(out, "error: "+strings.TrimPrefix(s.Error(), "warc: "))
					break
				}
			}
			continue
		}
		if err != nil {
			t.Fatalf("fatal: %v", err)
		}
		out = append(out, rec.ID)
	}
}

func TestHostilePlain(t *testing.T) {
	tooShort := rawRecord("b", "<html>0123456789</html>", "10")
	tooLong := rawRecord("b", "<html>0123456789</html>", "400")
	cases := []struct {
		name, input string
		want        []string
	}{
		{"clean", goodRecord("a") + goodRecord("b"), []string{"a", "b"}},
		{"content-length too small", goodRecord("a") + tooShort + goodRecord("c"),
			[]string{"a", "error: bad Content-Length", "c"}},
		{"content-length too large", goodRecord("a") + tooLong + goodRecord("c"),
			[]string{"a", "error: truncated record", "c"}},
		{"content-length not a number", goodRecord("a") + rawRecord("b", "<html></html>", "12x") + goodRecord("c"),
			[]string{"a", "error: bad Content-Length", "c"}},
		{"content-length missing", goodRecord("a") + strings.Replace(goodRecord("b"), "Content-Length", "Content-Lenght", 1) + goodRecord("c"),
			[]string{"a", "error: bad Content-Length", "c"}},
		{"garbage between records", goodRecord("a") + "some garbage\r\nmore garbage WARC/1.1 here\r\n" + goodRecord("b"),
			[]string{"a", "error: not a WARC record (garbage skipped)", "b"}},
		{"garbage first", "\x00\x01garbage\n" + goodRecord("a"),
			[]string{"error: not a WARC record (garbage skipped)", "a"}},
		{"no final line breaks", goodRecord("a") + strings.TrimSuffix(goodRecord("b"), "\r\n\r\n"), []string{"a", "b"}},
		{"header cut", goodRecord("a") + goodRecord("b")[:40], []string{"a", "error: truncated record"}},
		{"block cut", goodRecord("a") + goodRecord("b")[:len(goodRecord("b"))-20], []string{"a", "error: truncated record"}},
		{"only a version line", "WARC/1.0", []string{"error: truncated record"}},
		{"cut in the header, next record follows", goodRecord("a") + goodRecord("b")[:40] + goodRecord("c"),
			[]string{"a", "error: truncated record", "c"}},
		{"cut in the version line, next record follows", goodRecord("a") + "WA" + goodRecord("c"),
			[]string{"a", "error: not a WARC record (garbage skipped)", "c"}},
		{"cut in the block, next record follows", goodRecord("a") + goodRecord("b")[:len(goodRecord("b"))-30] + goodRecord("c"),
			[]string{"a", "error: truncated record", "c"}},
		{"blank lines only", "\r\n\r\n\n", nil},
		{"extra blank lines between records", goodRecord("a") + "\r\n\r\n\n\n" + goodRecord("b"), []string{"a", "b"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readRecords(t, strings.NewReader(c.input))
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestSpliceOffset: a record found inside the damaged header of the one
// before keeps its own offset.
func TestSpliceOffset(t *testing.T) {
	head := goodRecord("a") + goodRecord("b")[:40]
	rd, _ := NewReader(strings.NewReader(head + goodRecord("c")))
	var offs []int64
	for rec, err := range rd.All() {
		if err == nil {
			offs = append(offs, rec.Offset)
		}
	}
	if fmt.Sprint(offs) != fmt.Sprint([]int64{0, int64(len(head))}) {
		t.Errorf("offsets %v, want [0 %d]", offs, len(head))
	}
}

// TestQuirkyHeader reads testdata/quirks.warc: LF line ends, a folded
// header line, a line without a colon, a WARC/1.0 target URI in angle
// brackets with spaces, and mixed-case field names.
func TestQuirkyHeader(t *testing.T) {
	pages, types, errs := readAll(t, strings.NewReader(quirkyWARC))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if fmt.Sprint(types) != "[response resource]" {
		t.Fatalf("types %v", types)
	}
	if len(pages) != 2 {
		t.Fatalf("%d pages", len(pages))
	}
	if pages[0].URL != "http://example.com/a b" || pages[0].ID != "<urn:uuid:1>" {
		t.Errorf("first page %q %q", pages[0].URL, pages[0].ID)
	}
	if pages[0].HTML != "<html>caf\u00e9</html>" {
		t.Errorf("first page html %q", pages[0].HTML)
	}
	if pages[1].HTML != "<p>second</p>" || pages[1].Date != "2020-01-01T00:00:00Z" {
		t.Errorf("second page %q %q", pages[1].HTML, pages[1].Date)
	}
	rd, _ := NewReader(strings.NewReader(quirkyWARC))
	rec, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Header("x-folded"); got != "one two three" {
		t.Errorf("folded header %q", got)
	}
	if rec.Version != "1.0" || rec.Header("content-length") != "78" {
		t.Errorf("version %q, content-length %q", rec.Version, rec.Header("content-length"))
	}
}

var quirkyWARC = "WARC/1.0\n" +
	"warc-type: response\n" +
	"WARC-Record-ID: <urn:uuid:1>\n" +
	"WARC-Target-URI: < http://example.com/a b >\n" +
	"X-Folded: one\n two\n\tthree\n" +
	"this line has no colon\n" +
	"Content-Type: application/http; msgtype=response\n" +
	"content-length: 78\n" +
	"\n" +
	"HTTP/1.0 200 OK\n" +
	"Content-Type: text/html; charset=iso-8859-1\n" +
	"\n" +
	"<html>caf\xe9</html>" +
	"\n\n" +
	"WARC/1.1\r\n" +
	"WARC-Type: resource\r\n" +
	"WARC-Date: 2020-01-01T00:00:00Z\r\n" +
	"Content-Type: text/html\r\n" +
	"Content-Length: 13\r\n" +
	"\r\n" +
	"<p>second</p>\r\n\r\n"

func TestMaxRecordBytes(t *testing.T) {
	small := goodRecord("a")
	big := rawRecord("big", strings.Repeat("x", 5000), "5000")
	for _, comp := range []string{"plain", "gzip"} {
		t.Run(comp, func(t *testing.T) {
			input := []byte(small + big + goodRecord("c"))
			if comp == "gzip" {
				input = gzipMembers(t, small, big, goodRecord("c"))
			}
			got := readRecords(t, bytes.NewReader(input), WithMaxRecordBytes(1000))
			want := []string{"a", "error: record larger than the limit (skipped)", "c"}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

// TestLargeBlocks reads blocks larger than the read buffer (the copying
// path), in every compression.
func TestLargeBlocks(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			data, want := writeCorpus(t, 3, 3<<20, c.opts...)
			pages, _, errs := readAll(t, bytes.NewReader(data))
			if len(errs) > 0 {
				t.Fatal(errs)
			}
			checkPages(t, pages, want)
		})
	}
}

// gzipMembers compresses each part as its own gzip member.
func gzipMembers(t testing.TB, parts ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	for _, p := range parts {
		zw := gzip.NewWriter(&buf)
		zw.Write([]byte(p))
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}

// TestGzipMemberLayouts: a whole file in one member (records after the
// first carry the member's offset) and a record split over members (as in
// warcio's test data) are both read.
func TestGzipMemberLayouts(t *testing.T) {
	a, b, c := goodRecord("a"), goodRecord("b"), goodRecord("c")
	t.Run("one member", func(t *testing.T) {
		got := readRecords(t, bytes.NewReader(gzipMembers(t, a+b+c)))
		if fmt.Sprint(got) != "[a b c]" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("record split over members", func(t *testing.T) {
		data := gzipMembers(t, a, b[:len(b)/2], b[len(b)/2:], c)
		got := readRecords(t, bytes.NewReader(data))
		if fmt.Sprint(got) != "[a b c]" {
			t.Errorf("got %q", got)
		}
		rd, _ := NewReader(bytes.NewReader(data))
		var offs []int64
		for {
			rec, err := rd.Next()
			if err != nil {
				break
			}
			offs = append(offs, rec.Offset)
		}
		first := int64(len(gzipMembers(t, a)))
		if len(offs) != 3 || offs[0] != 0 || offs[1] != first {
			t.Errorf("offsets %v, want [0 %d ...]", offs, first)
		}
	})
	t.Run("trailing zero padding", func(t *testing.T) {
		data := append(gzipMembers(t, a, b), make([]byte, 512)...)
		got := readRecords(t, bytes.NewReader(data))
		if fmt.Sprint(got) != "[a b]" {
			t.Errorf("got %q", got)
		}
	})
	t.Run("garbage in a truncated member", func(t *testing.T) {
		junk := gzipMembers(t, "junk\n"+strings.Repeat("no record here ", 2000))
		data := append(junk[:len(junk)/2:len(junk)/2], gzipMembers(t, a, b)...)
		got := readRecords(t, bytes.NewReader(data))
		if len(got) < 3 || fmt.Sprint(got[len(got)-2:]) != "[a b]" {
			t.Errorf("got %q, want errors then a and b", got)
		}
		for _, g := range got[:len(got)-2] {
			if !strings.HasPrefix(g, "error") {
				t.Errorf("got %q", got)
			}
		}
	})
	t.Run("gzip of garbage then a member", func(t *testing.T) {
		data := gzipMembers(t, "not a warc record at all\n", a)
		got := readRecords(t, bytes.NewReader(data))
		if fmt.Sprint(got) != "[error: not a WARC record (garbage skipped) a]" {
			t.Errorf("got %q", got)
		}
	})
}

// TestAll: the iterator yields RecordErrors and goes on.
func TestAll(t *testing.T) {
	input := goodRecord("a") + "garbage\n" + goodRecord("b")
	rd, err := NewReader(strings.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for rec, err := range rd.All() {
		if err != nil {
			got = append(got, "error")
			continue
		}
		got = append(got, rec.ID)
	}
	if fmt.Sprint(got) != "[a error b]" {
		t.Errorf("got %v", got)
	}
}

// emptyReader returns no bytes and no error, forever.
type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// TestNoProgressInput: an input that never delivers anything ends in a
// fatal error, not a hang or an endless run of record errors.
func TestNoProgressInput(t *testing.T) {
	for name, r := range map[string]io.Reader{
		"empty":        emptyReader{},
		"plain prefix": io.MultiReader(strings.NewReader(goodRecord("a")[:30]), emptyReader{}),
		"gzip prefix":  io.MultiReader(bytes.NewReader(gzipMembers(t, goodRecord("a"), goodRecord("b"))[:60]), emptyReader{}),
	} {
		t.Run(name, func(t *testing.T) {
			rd, err := NewReader(r)
			if err != nil {
				return // refused at once: fine
			}
			for i := 0; ; i++ {
				if i > 10 {
					t.Fatal("no fatal error after 10 calls")
				}
				_, err := rd.Next()
				var re *RecordError
				if err != nil && !errors.As(err, &re) {
					break
				}
			}
		})
	}
}

func arcRecord(header, block string) string {
	return fmt.Sprintf("%s %d\n%s\n", header, len(block), block)
}

// TestARC reads hand-made ARC files: version 1 and 2 headers, a URL with
// spaces, gzip per record, and garbage between records.
func TestARC(t *testing.T) {
	desc1 := arcRecord("filedesc://x.arc 0.0.0.0 20200101000000 text/plain", "1 0 test\nURL IP-address Archive-date Content-type Archive-length\n")
	desc2 := arcRecord("filedesc://x.arc 0.0.0.0 20200101000000 text/plain 200 - - 0 x.arc", "2 0 test\nURL IP-address Archive-date Content-type Result-code Checksum Location Offset Filename Archive-length\n")
	html := "HTTP/1.0 200 OK\r\nContent-Type: text/html\r\n\r\n<html>hi</html>"
	v1 := arcRecord("http://a.example/x y 1.2.3.4 20200102030405 text/html", html)
	v2 := arcRecord("http://b.example/ 1.2.3.4 20200102030405 text/html 200 ABC - 123 x.arc", html)
	dns := arcRecord("dns:a.example 1.2.3.4 20200102030405 text/dns", "20200102030405\na.example. 60 IN A 1.2.3.4\n")
	cases := []struct {
		name  string
		input []byte
		want  string // "type url" per record, errors as "error"
	}{
		{"v1", []byte(desc1 + v1 + dns), "[warcinfo filedesc://x.arc response http://a.example/x y resource dns:a.example]"},
		{"v2", []byte(desc2 + v2), "[warcinfo filedesc://x.arc response http://b.example/]"},
		{"gzip", gzipMembers(t, desc1, v1, dns), "[warcinfo filedesc://x.arc response http://a.example/x y resource dns:a.example]"},
		{"garbage", []byte(desc1 + "garbage line\nmore\n" + v1), "[warcinfo filedesc://x.arc error response http://a.example/x y]"},
		{"no filedesc: not read as ARC", []byte(v1), "[error]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rd, err := NewReader(bytes.NewReader(c.input))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for rec, err := range rd.All() {
				if err != nil {
					got = append(got, "error")
					continue
				}
				got = append(got, rec.Type+" "+rec.TargetURI)
				if rec.Type == "response" {
					p, err := ToPage(rec)
					if err != nil || p.HTML != "<html>hi</html>" || p.Date != "2020-01-02T03:04:05Z" {
						t.Errorf("page %+v, %v", p, err)
					}
				}
			}
			if fmt.Sprint(got) != c.want {
				t.Errorf("got %v, want %s", got, c.want)
			}
		})
	}
}
