package stream

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// FuzzSniff: whatever the bytes of an input (plain, or wrapped in gzip or zstd by the first
// byte of the input), the format-sniffing reader never panics and never loops: it returns
// records, named record errors and at most one input error, then io.EOF, and every record
// read is counted (read = records + record errors + skipped).
func FuzzSniff(f *testing.F) {
	for _, s := range []string{
		`{"id":"a","html":"<p>x</p>"}` + "\n" + `{"html":1}`,
		"\xef\xbb\xbf{\"html\":\"<b>bom</b>\"}\n",
		"   \n\t\n{\"html\":\"after blanks\"}\n",
		"<html><body><p>a page</p></body></html>",
		"WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: 40\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>warc page</p>\r\n\r\n",
		"WARC/1.0\r\nContent-Length: -1\r\n\r\n",
		"filedesc://a.arc 127.0.0.1 20140216050221 text/plain 3\nabc\n\nhttp://x.com/ 1.2.3.4 20140216050221 text/html 44\nHTTP/1.1 200 OK\r\n\r\n<p>an ARC page</p>x\n",
		"site\t{\"html\":\"keyed\"}\n",
		"\x00\x01\x02", "", "\n\n\n",
	} {
		f.Add([]byte(s), byte(0))
		f.Add([]byte(s), byte(1))
		f.Add([]byte(s), byte(2))
	}
	f.Fuzz(func(t *testing.T, data []byte, wrap byte) {
		var in bytes.Buffer
		switch wrap % 3 {
		case 1:
			w := gzip.NewWriter(&in)
			w.Write(data)
			w.Close()
		case 2:
			w, _ := zstd.NewWriter(&in)
			w.Write(data)
			w.Close()
		default:
			in.Write(data)
		}
		whole := in.Bytes()
		for _, cut := range []int{len(whole), len(whole) / 2} { // whole, and cut short
			r := NewReader(nil, bytes.NewReader(whole[:cut]), Options{MaxRecordBytes: 1 << 16})
			records, recErrs, inErrs := int64(0), int64(0), 0
			for calls := 0; ; calls++ {
				if calls > 4*len(data)+100 {
					t.Fatalf("no end after %d calls", calls)
				}
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				var re *record.Error
				var ie *InputError
				switch {
				case err == nil:
					if rec == nil {
						t.Fatal("nil record without error")
					}
					records++
				case errors.As(err, &re):
					recErrs++
				case errors.As(err, &ie):
					inErrs++
				default:
					t.Fatalf("error of type %T: %v", err, err)
				}
			}
			if inErrs > 1 {
				t.Fatalf("%d input errors for one input", inErrs)
			}
			skipped := int64(0)
			for _, n := range r.Skipped() {
				skipped += n
			}
			if r.Read() != records+recErrs+skipped {
				t.Fatalf("read=%d but %d records + %d errors + %d skipped", r.Read(), records, recErrs, skipped)
			}
			r.Close()
		}
	})
}
