package warc

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReader: any input ends (io.EOF or a fatal error) without a panic,
// and every record's block has its declared length.
func FuzzReader(f *testing.F) {
	for _, c := range compressions {
		data, _ := writeCorpus(f, 2, 300, c.opts...)
		f.Add(data)
		f.Add(data[:len(data)*2/3])
	}
	f.Add([]byte(goodRecord("a") + "garbage\r\n" + rawRecord("b", "<p>x</p>", "3") + goodRecord("c")))
	f.Add([]byte(quirkyWARC))
	f.Add([]byte(arcRecord("filedesc://x.arc 0.0.0.0 20200101000000 text/plain", "1 0 x\n") +
		arcRecord("http://a/ 1.2.3.4 20200102030405 text/html", "HTTP/1.0 200 OK\r\n\r\n<html>")))
	f.Add(gzipMembers(f, goodRecord("a"), goodRecord("b")[:50], goodRecord("b")[50:]))
	f.Add([]byte("WARC/1.1\r\nContent-Length: 99999999999\r\n\r\n"))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00, 0x00})
	f.Add([]byte{0x5d, 0x2a, 0x4d, 0x18, 0x04, 0, 0, 0, 1, 2, 3, 4, 0x28, 0xb5, 0x2f, 0xfd})
	f.Fuzz(func(t *testing.T, data []byte) {
		rd, err := NewReader(bytes.NewReader(data), WithMaxRecordBytes(1<<20))
		if err != nil {
			t.Fatal(err)
		}
		defer rd.Close()
		for i := 0; ; i++ {
			if i > 100000 {
				t.Fatal("the reader does not end")
			}
			rec, err := rd.Next()
			if err == io.EOF {
				break
			}
			var re *RecordError
			if errors.As(err, &re) {
				continue
			}
			if err != nil {
				t.Fatalf("fatal error from an in-memory input: %v", err)
			}
			if int64(len(rec.Block)) != rec.ContentLength {
				t.Fatalf("block of %d bytes, Content-Length %d", len(rec.Block), rec.ContentLength)
			}
			if p, err := ToPage(rec); err == nil && !utf8.ValidString(p.HTML) {
				t.Fatal("page HTML is not UTF-8")
			}
		}
		if _, err := rd.Next(); err != io.EOF {
			t.Fatalf("after the end: %v", err)
		}
	})
}

// FuzzHTTP: the lenient parser never panics and gives a body no larger
// than the decoding limit.
func FuzzHTTP(f *testing.F) {
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n<html>\r\n0\r\n\r\n"))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz("<html>hello</html>")))
	f.Add([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + zl("<html>hello</html>")))
	f.Add([]byte("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" + chunk(gz("<html>x</html>"))))
	f.Add([]byte("HTTP/1.0 404\nX: y\n\nbody"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseHTTPResponse(data)
		if err != nil {
			if err != ErrNotHTTP {
				t.Fatal(err)
			}
			return
		}
		if len(r.Body) > maxDecodedBody {
			t.Fatalf("body of %d bytes", len(r.Body))
		}
		if r.Status < 0 || r.Status > 999 {
			t.Fatalf("status %d", r.Status)
		}
	})
}

// FuzzCharset: the output is always valid UTF-8, and a body that is valid
// UTF-8 with no label anywhere comes out unchanged.
func FuzzCharset(f *testing.F) {
	f.Add([]byte(`<meta charset="shift_jis">`+"\x93\xfa"), "text/html")
	f.Add([]byte("\xef\xbb\xbf<p>x"), "")
	f.Add([]byte("\xff\xfe<\x00"), "")
	f.Add([]byte(`<meta http-equiv=content-type content="text/html;charset=koi8-r">`+"\xf0"), "")
	f.Add([]byte("caf\xe9 \x81"), "text/html; charset=latin1")
	f.Add([]byte("<!-- <meta charset=utf-8> -->\xc3"), "text/html; charset=")
	f.Add([]byte("<head><title>"+strings.Repeat("x", 1100)+"</title><script>'<meta charset=koi8-r>'</script><meta charset=gb2312></head>\xd6\xd0"), "")
	f.Add([]byte("<p>\xc2 \xef\xee\xed\xe5\xe4\xe5\xeb\xfc\xed\xe8\xea \x93\xfa\x96\x7b \xb0\xa1\x81\x30\x81\x30 \xa4\x40\x8e\xb1\x8f\xa1\xa1"), "")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		html, name, source := DecodeHTML(body, contentType)
		if !utf8.ValidString(html) {
			t.Fatalf("invalid UTF-8 output for %s", name)
		}
		if name == "" || source == 0 {
			t.Fatalf("no charset decided (%q, %d)", name, source)
		}
		if source == CharsetUTF8 && html != string(body) {
			t.Fatal("valid UTF-8 was changed")
		}
		if (source == CharsetFallback || source == CharsetDetect || source == CharsetMetaLate) && utf8.Valid(body) {
			t.Fatalf("valid UTF-8 read as %s by %s", name, source)
		}
		if source == CharsetDetect && name == "windows-1252" {
			t.Fatal("the detector decided windows-1252, the fallback's")
		}
		// Parameter names are case-insensitive (RFC 2045): "ChArset=l1" is a charset.
		if !strings.Contains(strings.ToLower(contentType), "charset") && source == CharsetHTTP {
			t.Fatal("HTTP charset without a charset parameter")
		}
	})
}
