package stream

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/warc"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

const jsonl = `{"id":"a","url":"http://x.com/1","html":"<p>one</p>"}
{"id":"b","url":"http://x.com/2","html":"<p>two</p>"}
`

func gz(b []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

func zst(b []byte) []byte {
	w, _ := zstd.NewWriter(nil)
	return w.EncodeAll(b, nil)
}

func warcGz(t *testing.T) []byte {
	var out bytes.Buffer
	w, err := warc.NewWriter(&out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteWarcinfo("2020-01-01T00:00:00Z", nil); err != nil {
		t.Fatal(err)
	}
	hdr := "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1\r\n\r\n"
	if _, err := w.WriteResponse("http://x.com/1", "2020-01-01T00:00:00Z", hdr, []byte("<p>caf\xe9</p>")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteResponse("http://x.com/img", "2020-01-01T00:00:00Z", "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n", []byte("\x89PNG")); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// arcFile is an ARC (version 1) file: the filedesc record, then one HTML
// response; arcGz is the same with one gzip member per record, as ARC files
// are written.
func arcFile() (plain, gzipped []byte) {
	desc := "1 0 Test Capture\nURL IP-address Archive-date Content-type Archive-length\n"
	resp := "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>caf\xe9</p>"
	recs := []string{
		fmt.Sprintf("filedesc://test.arc 127.0.0.1 20140216050221 text/plain %d\n%s\n", len(desc), desc),
		fmt.Sprintf("http://x.com/1 93.184.216.119 20140216050221 text/html %d\n%s\n", len(resp), resp),
	}
	for _, r := range recs {
		plain = append(plain, r...)
		gzipped = append(gzipped, gz([]byte(r))...)
	}
	return plain, gzipped
}

func readAll(t *testing.T, paths []string, stdin []byte, opts Options) ([]*record.Record, []error, *Reader) {
	t.Helper()
	r := NewReader(paths, bytes.NewReader(stdin), opts)
	var recs []*record.Record
	var errs []error
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs, errs, r
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		recs = append(recs, rec)
	}
}

func TestSniffAndRead(t *testing.T) {
	arcPlain, arcGzip := arcFile()
	cases := []struct {
		name  string
		data  []byte
		pages int
		first string
	}{
		{"plain jsonl", []byte(jsonl), 2, "<p>one</p>"},
		{"gzip jsonl", gz([]byte(jsonl)), 2, "<p>one</p>"},
		{"zstd jsonl", zst([]byte(jsonl)), 2, "<p>one</p>"},
		{"warc.gz", warcGz(t), 1, "<p>café</p>"},
		{"arc", arcPlain, 1, "<p>café</p>"},
		{"arc.gz", arcGzip, 1, "<p>café</p>"},
		{"arc in one gzip member", gz(arcPlain), 1, "<p>café</p>"},
		{"html", []byte("\xef\xbb\xbf<html><p>x</p>"), 1, "<html><p>x</p>"},
		{"zstd html", zst([]byte("<!doctype html><p>y")), 1, "<!doctype html><p>y"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			recs, errs, r := readAll(t, nil, c.data, Options{})
			if len(errs) != 0 || len(recs) != c.pages || recs[0].HTML != c.first {
				t.Fatalf("recs %d errs %v first %q", len(recs), errs, recs[0].HTML)
			}
			if r.Bytes() != int64(len(c.data)) {
				t.Errorf("Bytes %d, want %d", r.Bytes(), len(c.data))
			}
		})
	}
}

// TestARCRead: an ARC file is read as WARC, not as one HTML page (issue
// 17): its response is a page with its URL and date, the filedesc record is
// skipped.
func TestARCRead(t *testing.T) {
	_, arcGzip := arcFile()
	recs, errs, r := readAll(t, nil, arcGzip, Options{})
	if len(recs) != 1 || len(errs) != 0 {
		t.Fatalf("recs %d errs %v", len(recs), errs)
	}
	if recs[0].URL != "http://x.com/1" || recs[0].Date != "2014-02-16T05:02:21Z" || r.Skipped()["not-response"] != 1 {
		t.Fatalf("url %q date %q skipped %v", recs[0].URL, recs[0].Date, r.Skipped())
	}
}

// TestARCSamples reads warcio's example.arc and example.arc.gz
// (../shared/data/warc-samples) by sniffing: one page each, with its URL.
func TestARCSamples(t *testing.T) {
	dir := devdata.Dir()
	if dir == "" {
		t.Skip("../shared/data (beside the repository) is absent; skipping the ARC samples")
	}
	for _, name := range []string{"example.arc", "example.arc.gz"} {
		path := filepath.Join(dir, "warc-samples", "warcio", name)
		if _, err := os.Stat(path); err != nil {
			t.Skipf("%s is absent; skipping", path)
		}
		recs, errs, r := readAll(t, []string{path}, nil, Options{})
		if len(recs) != 1 || len(errs) != 0 || recs[0].URL != "http://example.com/" || !strings.Contains(recs[0].HTML, "Example Domain") {
			t.Fatalf("%s: %d records, errors %v", name, len(recs), errs)
		}
		if r.Read() != 2 || r.Skipped()["not-response"] != 1 {
			t.Errorf("%s: read %d, skipped %v; want the filedesc record skipped", name, r.Read(), r.Skipped())
		}
	}
}

func TestWARCSkipsCounted(t *testing.T) {
	recs, errs, r := readAll(t, nil, warcGz(t), Options{})
	if len(recs) != 1 || len(errs) != 0 || recs[0].URL != "http://x.com/1" || recs[0].ID == "" {
		t.Fatalf("recs %+v errs %v", recs, errs)
	}
	sk := r.Skipped()
	if r.Read() != 3 || sk["not-response"] != 1 || sk["not-html"] != 1 {
		t.Fatalf("read %d skipped %v", r.Read(), sk)
	}
	want := `{"id":"` + recs[0].ID + `","url":"http://x.com/1","date":"2020-01-01T00:00:00Z","charset":"windows-1252","charset_by":"http","html":"<p>café</p>"}`
	if got := string(recs[0].AppendJSON(nil)); got != want {
		t.Errorf("record\n%s\nwant\n%s", got, want)
	}
}

// TestWARCCharsetMembers: a WARC page says which encoding it was decoded
// from and which rule chose it.
func TestWARCCharsetMembers(t *testing.T) {
	var out bytes.Buffer
	w, err := warc.NewWriter(&out)
	if err != nil {
		t.Fatal(err)
	}
	ru := "\xc2 \xef\xee\xed\xe5\xe4\xe5\xeb\xfc\xed\xe8\xea \xef\xf0\xe0\xe2\xe8\xf2\xe5\xeb\xfc\xf1\xf2\xe2\xee \xee\xe1\xfa\xff\xe2\xe8\xeb\xee \xee \xed\xee\xe2\xfb\xf5 \xec\xe5\xf0\xe0\xf5."
	pages := []struct{ body, ct, charset, by string }{
		{"<p>caf\xc3\xa9</p>", "text/html", "utf-8", "valid-utf8"},
		{"<meta charset=koi8-r><p>x</p>", "text/html", "koi8-r", "meta"},
		{"<p>" + ru + "</p>", "text/html", "windows-1251", "detect"},
		{"<p>caf\xe9</p>", "text/html", "windows-1252", "fallback"},
	}
	for i, p := range pages {
		if _, err := w.WriteResponse(fmt.Sprintf("http://x.com/%d", i), "2020-01-01T00:00:00Z", "HTTP/1.1 200 OK\r\nContent-Type: "+p.ct+"\r\n\r\n", []byte(p.body)); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	recs, errs, _ := readAll(t, nil, out.Bytes(), Options{})
	if len(recs) != len(pages) || len(errs) > 0 {
		t.Fatalf("%d records, errors %v", len(recs), errs)
	}
	for i, p := range pages {
		cs, _ := recs[i].GetString("charset")
		by, _ := recs[i].GetString("charset_by")
		if cs != p.charset || by != p.by {
			t.Errorf("page %d: charset %q by %q, want %q by %q", i, cs, by, p.charset, p.by)
		}
	}
	if !strings.Contains(recs[2].HTML, "правительство") {
		t.Errorf("windows-1251 page: %q", recs[2].HTML)
	}
}

func TestFilesAndMissing(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl.gz")
	os.WriteFile(a, gz([]byte(jsonl)), 0o644)
	recs, errs, _ := readAll(t, []string{filepath.Join(dir, "missing"), a}, nil, Options{})
	var ie *InputError
	if len(recs) != 2 || len(errs) != 1 || !errors.As(errs[0], &ie) || recs[0].Source != a {
		t.Fatalf("recs %d errs %v", len(recs), errs)
	}
}

// A directory or a missing file is an input error that names the input
// once; it is not an empty input.
func TestUnreadableInputsNamedOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nosuch.jsonl")
	recs, errs, r := readAll(t, []string{dir, missing}, nil, Options{})
	if len(recs) != 0 || len(errs) != 2 || r.Read() != 0 {
		t.Fatalf("recs %d errs %v read %d", len(recs), errs, r.Read())
	}
	var ie *InputError
	if !errors.As(errs[0], &ie) || !errors.Is(errs[0], syscall.EISDIR) || errs[0].Error() != dir+": is a directory" {
		t.Errorf("directory: %v", errs[0])
	}
	if !errors.As(errs[1], &ie) || !errors.Is(errs[1], fs.ErrNotExist) || errs[1].Error() != missing+": no such file or directory" {
		t.Errorf("missing file: %v", errs[1])
	}
}

// White space alone holds no page, compressed or not, with or without a
// byte order mark; an explicit --format html too.
func TestBlankInputHasNoRecords(t *testing.T) {
	for _, in := range []string{"\n\n", " \r\n\t\n", "\xef\xbb\xbf\n", ""} {
		for _, data := range [][]byte{[]byte(in), gz([]byte(in)), zst([]byte(in))} {
			for _, f := range []Format{FormatAuto, FormatHTML, FormatJSONL} {
				if f == FormatJSONL && strings.HasPrefix(in, "\xef") {
					continue // a byte order mark is not JSON
				}
				recs, errs, r := readAll(t, nil, data, Options{Format: f})
				if len(recs) != 0 || len(errs) != 0 || r.Read() != 0 {
					t.Errorf("%q (%d bytes) as %s: %d records, errors %v, read %d", in, len(data), f, len(recs), errs, r.Read())
				}
			}
		}
	}
	recs, _, _ := readAll(t, nil, []byte("\n x \n"), Options{})
	if len(recs) != 1 {
		t.Errorf("a page of one letter: %d records", len(recs))
	}
}

// manyLines returns n JSON lines of pages big enough to span several
// compressed blocks.
func manyLines(n int) []byte {
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `{"id":"p%d","url":"http://x.com/%d","html":"<p>%s</p>"}`+"\n", i, i, strings.Repeat(fmt.Sprintf("word%d ", i*7919%1000), 300))
	}
	return b.Bytes()
}

// A compressed input cut short gives its whole records, then the line cut
// in two as a bad record, then an input error: all records accounted for,
// and the input reported as not read to its end.
func TestTruncatedCompressedJSONL(t *testing.T) {
	lines := manyLines(200)
	for name, data := range map[string][]byte{"gzip": gz(lines), "zstd": zst(lines)} {
		t.Run(name, func(t *testing.T) {
			recs, errs, r := readAll(t, nil, data[:len(data)/2], Options{})
			if len(recs) < 10 || len(errs) != 2 {
				t.Fatalf("recs %d errs %v", len(recs), errs)
			}
			for i, rec := range recs {
				if rec.ID != fmt.Sprintf("p%d", i) {
					t.Fatalf("record %d is %q", i, rec.ID)
				}
			}
			var re *record.Error
			var ie *InputError
			if !errors.As(errs[0], &re) || re.N != int64(len(recs)+1) {
				t.Errorf("first error %v, want the cut line %d", errs[0], len(recs)+1)
			}
			if !errors.As(errs[1], &ie) || !errors.Is(errs[1], ErrTruncated) || !errors.Is(errs[1], io.ErrUnexpectedEOF) {
				t.Errorf("last error %v, want a truncated input", errs[1])
			}
			if r.Read() != int64(len(recs)+1) {
				t.Errorf("read %d, want %d", r.Read(), len(recs)+1)
			}
			// The whole file reads without an error.
			recs, errs, _ = readAll(t, nil, data, Options{})
			if len(recs) != 200 || len(errs) != 0 {
				t.Errorf("whole file: recs %d errs %v", len(recs), errs)
			}
		})
	}
}

// warcOneStream is a WARC file of n pages compressed as one stream with
// comp (as `zcat x.warc.gz | zstd` makes), and the plain offsets of its
// responses.
func warcOneStream(t *testing.T, n int, comp func([]byte) []byte) ([]byte, []int64) {
	var out bytes.Buffer
	w, err := warc.NewWriter(&out, warc.WithCompression(warc.Plain))
	if err != nil {
		t.Fatal(err)
	}
	var offs []int64
	for i := range n {
		offs = append(offs, w.Offset())
		body := fmt.Sprintf("<p>%s</p>", strings.Repeat(fmt.Sprintf("word%d ", i*7919%1000), 2000))
		if _, err := w.WriteResponse(fmt.Sprintf("http://x.com/%d", i), "2020-01-01T00:00:00Z", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	return comp(out.Bytes()), offs
}

// A truncated WARC file: the record cut short is counted unreadable with
// where it starts (inside the stream for a file compressed as one stream),
// then the input is reported as cut short.
func TestTruncatedWARC(t *testing.T) {
	perRecord := func(t *testing.T) ([]byte, []int64) {
		var out bytes.Buffer
		w, _ := warc.NewWriter(&out)
		var offs []int64
		for i := range 40 {
			offs = append(offs, w.Offset())
			body := fmt.Sprintf("<p>%s</p>", strings.Repeat(fmt.Sprintf("word%d ", i*7919%1000), 2000))
			w.WriteResponse(fmt.Sprintf("http://x.com/%d", i), "2020-01-01T00:00:00Z", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", []byte(body))
		}
		w.Close()
		return out.Bytes(), offs
	}
	cases := []struct {
		name      string
		make      func(*testing.T) ([]byte, []int64)
		oneStream bool
	}{
		{"gzip per record", perRecord, false},
		{"zstd stream", func(t *testing.T) ([]byte, []int64) { return warcOneStream(t, 40, zst) }, true},
		{"gzip stream", func(t *testing.T) ([]byte, []int64) { return warcOneStream(t, 40, gz) }, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, offs := c.make(t)
			recs, errs, r := readAll(t, nil, data[:len(data)*2/3], Options{})
			if len(recs) < 5 || len(errs) != 2 {
				t.Fatalf("recs %d errs %v", len(recs), errs)
			}
			cut := len(recs) // the index of the record cut short
			where := fmt.Sprintf(":%d (offset %d): ", cut+1, offs[cut])
			if c.oneStream {
				where = fmt.Sprintf(":%d (offset 0, +%d decompressed): ", cut+1, offs[cut])
			}
			var re *record.Error
			if !errors.As(errs[0], &re) || re.N != int64(cut+1) || !strings.Contains(errs[0].Error(), where) {
				t.Errorf("first error %v, want record %d at %q", errs[0], cut+1, where)
			}
			var ie *InputError
			if !errors.As(errs[1], &ie) || !errors.Is(errs[1], ErrTruncated) {
				t.Errorf("last error %v, want a truncated input", errs[1])
			}
			if r.Read() != int64(cut+1) {
				t.Errorf("read %d, want %d", r.Read(), cut+1)
			}
			recs, errs, _ = readAll(t, nil, data, Options{})
			if len(recs) != 40 || len(errs) != 0 {
				t.Errorf("whole file: recs %d errs %v", len(recs), errs)
			}
		})
	}
}

// A damaged gzip member inside the file is one bad record: the records
// after it are read and the input is not reported as cut short.
func TestDamagedMemberInsideWARC(t *testing.T) {
	var out bytes.Buffer
	w, _ := warc.NewWriter(&out)
	var offs []int64
	for i := range 6 {
		offs = append(offs, w.Offset())
		w.WriteResponse(fmt.Sprintf("http://x.com/%d", i), "2020-01-01T00:00:00Z", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", []byte(fmt.Sprintf("<p>page %d %s</p>", i, strings.Repeat("x", 5000))))
	}
	w.Close()
	data := out.Bytes()
	// Member 3 loses its last 30 bytes (its end and CRC).
	damaged := append(append([]byte{}, data[:offs[3]-30]...), data[offs[3]:]...)
	recs, errs, _ := readAll(t, nil, damaged, Options{})
	for _, err := range errs {
		var ie *InputError
		if errors.As(err, &ie) {
			t.Errorf("input error for damage inside the file: %v", err)
		}
	}
	if len(recs) < 4 || recs[len(recs)-1].URL != "http://x.com/5" {
		t.Errorf("recs %d errs %v", len(recs), errs)
	}
}

// JSON lines after many blank lines are JSON lines, compressed or not (the
// format was once sniffed from the first 512 decoded bytes only).
func TestLeadingBlankLinesBeforeJSONL(t *testing.T) {
	for _, blanks := range []int{600, 5000, 200 << 10} {
		in := []byte(strings.Repeat(" \n", blanks/2) + jsonl)
		for name, data := range map[string][]byte{"plain": in, "gzip": gz(in), "zstd": zst(in)} {
			recs, errs, _ := readAll(t, nil, data, Options{})
			if len(recs) != 2 || len(errs) != 0 || recs[1].ID != "b" {
				t.Errorf("%s after %d blank bytes: %d records, errors %v", name, blanks, len(recs), errs)
			}
		}
	}
}

// onceFailing returns its data, then one read error, then io.EOF: the
// error must not be lost in the format sniffer's look ahead.
type onceFailing struct {
	data   []byte
	failed bool
}

func (o *onceFailing) Read(p []byte) (int, error) {
	if len(o.data) > 0 {
		n := copy(p, o.data)
		o.data = o.data[n:]
		return n, nil
	}
	if !o.failed {
		o.failed = true
		return 0, errors.New("device error")
	}
	return 0, io.EOF
}

func TestReadErrorWhileSniffing(t *testing.T) {
	for _, f := range []Format{FormatAuto, FormatJSONL} {
		r := NewReader(nil, &onceFailing{data: []byte(`{"id":"a","html":"x"}` + "\n" + `{"id":"b","html":"<p>cut`)}, Options{Format: f})
		var errs []error
		var recs int
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				errs = append(errs, err)
			} else {
				recs++
			}
		}
		var ie *InputError
		if recs != 1 || len(errs) == 0 || !errors.As(errs[len(errs)-1], &ie) || !strings.Contains(ie.Error(), "device error") {
			t.Errorf("format %s: %d records, errors %v, want 1 and the device error as an input error", f, recs, errs)
		}
	}
}

// A byte order mark before JSON lines (or keyed lines) is not part of the
// first line.
func TestJSONLAfterByteOrderMark(t *testing.T) {
	in := []byte("\xef\xbb\xbf" + jsonl)
	for name, data := range map[string][]byte{"plain": in, "gzip": gz(in), "zstd": zst(in)} {
		for _, f := range []Format{FormatAuto, FormatJSONL} {
			recs, errs, _ := readAll(t, nil, data, Options{Format: f})
			if len(recs) != 2 || len(errs) != 0 || recs[0].ID != "a" {
				t.Errorf("%s as %s: %d records, errors %v", name, f, len(recs), errs)
			}
		}
	}
	recs, errs, _ := readAll(t, nil, []byte("\xef\xbb\xbfx.com\t"+`{"id":"k","html":"<p>"}`+"\n"), Options{Keyed: true})
	if len(recs) != 1 || len(errs) != 0 || recs[0].Key != "x.com" {
		t.Errorf("keyed: %d records, errors %v", len(recs), errs)
	}
}

// TestUnsoundUnicodeCleaned: JSON lines and keyed lines whose members hold
// lone surrogate escapes or invalid UTF-8 come out as valid JSON of valid
// Unicode (issue 17 item 5; the rules are lib/record's).
func TestUnsoundUnicodeCleaned(t *testing.T) {
	line := "{\"id\":\"a\",\"x\":\"\\ud800\",\"y\":[\"\xff\"],\"html\":\"<p>\\udc00</p>\"}"
	want := `{"id":"a","x":"\ufffd","y":["\ufffd"],"html":"<p>\ufffd</p>"}`
	for _, c := range []struct {
		name string
		in   string
		opts Options
	}{{"jsonl", line + "\n", Options{}}, {"keyed", "site\t" + line + "\n", Options{Keyed: true}}} {
		recs, errs, _ := readAll(t, nil, []byte(c.in), c.opts)
		if len(recs) != 1 || len(errs) != 0 {
			t.Fatalf("%s: %d records, errors %v", c.name, len(recs), errs)
		}
		if got := string(recs[0].AppendJSON(nil)); got != want || recs[0].HTML != "<p>\uFFFD</p>" {
			t.Errorf("%s: got %s (html %q), want %s", c.name, got, recs[0].HTML, want)
		}
	}
}
