package warc

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"testing"
)

func gz(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func zl(s string) string {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func rawDeflate(s string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, 5)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func TestParseHTTPResponse(t *testing.T) {
	page := "<html><body>Hello, world! Hello, world!</body></html>"
	cases := []struct {
		name, in   string
		status     int
		body       string
		encoding   string
		headerName string
		headerVal  string
	}{
		{"plain", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + page, 200, page, "", "content-type", "text/html"},
		{"LF only", "HTTP/1.0 404 Not Found\nServer: x\n\n" + page, 404, page, "", "Server", "x"},
		{"leading blank lines", "\r\n\r\nHTTP/1.1 200 OK\r\n\r\n" + page, 200, page, "", "", ""},
		{"no blank line", "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n", 200, "", "", "Content-Type", "text/html"},
		{"no reason", "HTTP/1.1 204\r\n\r\n", 204, "", "", "", ""},
		{"bad status", "HTTP/1.1 2x0 OK\r\n\r\n" + page, 0, page, "", "", ""},
		{"header without colon", "HTTP/1.1 200 OK\r\nGarbage line\r\nX-A: 1\r\n\r\n" + page, 200, page, "", "X-A", "1"},
		{"folded header", "HTTP/1.1 200 OK\r\nX-A: 1\r\n 2\r\n\r\n" + page, 200, page, "", "X-A", "1 2"},
		{"chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" +
			"6\r\n<html>\r\nf; ext=1\r\n<body>Hello, wo\r\n0\r\nTrailer: x\r\n\r\n", 200, "<html><body>Hello, wo", "", "", ""},
		{"chunked LF only", "HTTP/1.1 200 OK\nTransfer-Encoding: Chunked\n\n6\n<html>\n3\nabc\n0\n\n", 200, "<html>abc", "", "", ""},
		{"chunked but not", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + page, 200, page, "", "", ""},
		{"chunk longer than data", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n<html>\r\nff\r\n<body>cut", 200, "<html><body>cut", "", "", ""},
		{"malformed later chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n<html>\r\nzz\r\nrest", 200, "<html>zz\r\nrest", "", "", ""},
		{"chunked without final chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n<html>\r\n", 200, "<html>", "", "", ""},
		{"gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz(page), 200, page, "", "", ""},
		{"x-gzip", "HTTP/1.1 200 OK\r\nContent-Encoding: x-gzip\r\n\r\n" + gz(page), 200, page, "", "", ""},
		{"gzip but not", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + page, 200, page, "", "", ""},
		{"chunked gzip", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n" +
			chunk(gz(page)), 200, page, "", "", ""},
		{"deflate zlib", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + zl(page), 200, page, "", "", ""},
		{"deflate raw", "HTTP/1.1 200 OK\r\nContent-Encoding: deflate\r\n\r\n" + rawDeflate(page), 200, page, "", "", ""},
		{"brotli", "HTTP/1.1 200 OK\r\nContent-Encoding: br\r\n\r\n\x0b\x02\x80", 200, "\x0b\x02\x80", "br", "", ""},
		{"identity", "HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\n\r\n" + page, 200, page, "", "", ""},
		{"common crawl decoded", "HTTP/1.1 200 OK\r\nX-Crawler-Content-Encoding: gzip\r\nX-Crawler-Transfer-Encoding: chunked\r\n\r\n" + page,
			200, page, "", "X-Crawler-Content-Encoding", "gzip"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := ParseHTTPResponse([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if r.Status != c.status || string(r.Body) != c.body || r.Encoding != c.encoding {
				t.Errorf("got status %d body %q encoding %q; want %d %q %q", r.Status, r.Body, r.Encoding, c.status, c.body, c.encoding)
			}
			if c.headerName != "" && r.Get(c.headerName) != c.headerVal {
				t.Errorf("header %s = %q, want %q", c.headerName, r.Get(c.headerName), c.headerVal)
			}
		})
	}
	// A cut gzip body gives what decodes (a prefix), as browsers show.
	r, _ := ParseHTTPResponse([]byte("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gz(page)[:40]))
	if len(r.Body) == 0 || !bytes.HasPrefix([]byte(page), r.Body) || len(r.Body) == len(page) {
		t.Errorf("cut gzip body: %q", r.Body)
	}
	for _, bad := range []string{"", "GET / HTTP/1.1\r\n\r\n", "<html>", "HTTP"} {
		if _, err := ParseHTTPResponse([]byte(bad)); err != ErrNotHTTP {
			t.Errorf("%q: got %v, want ErrNotHTTP", bad, err)
		}
	}
}

// chunk encodes s in chunks of 7 bytes.
func chunk(s string) string {
	var b bytes.Buffer
	for len(s) > 0 {
		n := min(7, len(s))
		b.WriteString(string("0123456789abcdef"[n]) + "\r\n" + s[:n] + "\r\n")
		s = s[n:]
	}
	b.WriteString("0\r\n\r\n")
	return b.String()
}
