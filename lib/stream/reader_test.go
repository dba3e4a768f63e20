package stream

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

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

func TestWARCSkipsCounted(t *testing.T) {
	recs, errs, r := readAll(t, nil, warcGz(t), Options{})
	if len(recs) != 1 || len(errs) != 0 || recs[0].URL != "http://x.com/1" || recs[0].ID == "" {
		t.Fatalf("recs %+v errs %v", recs, errs)
	}
	sk := r.Skipped()
	if r.Read() != 3 || sk["not-response"] != 1 || sk["not-html"] != 1 {
		t.Fatalf("read %d skipped %v", r.Read(), sk)
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

func TestTruncatedGzipJSONL(t *testing.T) {
	data := gz([]byte(jsonl + jsonl))
	recs, errs, _ := readAll(t, nil, data[:len(data)-10], Options{})
	if len(errs) != 1 {
		t.Fatalf("want one input error for the truncated stream, got %v (recs %d)", errs, len(recs))
	}
}
