package warc

import (
	"errors"
	"testing"
)

func TestToPage(t *testing.T) {
	html := "<!DOCTYPE html><html><body>hi</body></html>"
	resp := func(header, body string) *Record {
		return &Record{Type: "response", ID: "<urn:x>", TargetURI: "http://a/", Date: "2020", Offset: 42,
			ContentType: "application/http; msgtype=response", Block: []byte(header + "\r\n\r\n" + body)}
	}
	cases := []struct {
		name string
		rec  *Record
		skip SkipReason // "" for a page
		html string
	}{
		{"html response", resp("HTTP/1.1 200 OK\r\nContent-Type: text/html", html), "", html},
		{"xhtml", resp("HTTP/1.1 200 OK\r\nContent-Type: application/xhtml+xml; charset=utf-8", html), "", html},
		{"no content type, sniffed", resp("HTTP/1.1 200 OK", "\n  "+html), "", "\n  " + html},
		{"octet-stream, sniffed", resp("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream", "<HTML>x</HTML>"), "", "<HTML>x</HTML>"},
		{"octet-stream, not html", resp("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream", "\x89PNG\r\n"), SkipNotHTML, ""},
		{"generic type, not html", resp("HTTP/1.1 200 OK", "just text"), SkipNotHTML, ""},
		{"image", resp("HTTP/1.1 200 OK\r\nContent-Type: image/png", "\x89PNG"), SkipNotHTML, ""},
		{"text/plain with html", resp("HTTP/1.1 200 OK\r\nContent-Type: text/plain", html), SkipNotHTML, ""},
		{"redirect", resp("HTTP/1.1 301 Moved\r\nContent-Type: text/html", html), SkipHTTPStatus, ""},
		{"not found", resp("HTTP/1.1 404 Not Found\r\nContent-Type: text/html", html), SkipHTTPStatus, ""},
		{"empty body", resp("HTTP/1.1 200 OK\r\nContent-Type: text/html", ""), SkipEmpty, ""},
		{"brotli", resp("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: br", "\x1b\x00"), SkipEncoding, ""},
		{"not http", &Record{Type: "response", Block: []byte("dns answer")}, SkipNotHTTP, ""},
		{"request", &Record{Type: "request", Block: []byte("GET / HTTP/1.1\r\n\r\n")}, SkipNotResponse, ""},
		{"revisit", &Record{Type: "revisit"}, SkipNotResponse, ""},
		{"resource html", &Record{Type: "resource", ID: "<urn:x>", TargetURI: "http://a/", Date: "2020", Offset: 42,
			ContentType: "text/html; charset=windows-1252", Block: []byte("<p>caf\xe9</p>")}, "", "<p>café</p>"},
		{"resource pdf", &Record{Type: "resource", ContentType: "application/pdf", Block: []byte("%PDF")}, SkipNotHTML, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ToPage(c.rec)
			if c.skip != "" {
				var se *SkipError
				if !errors.As(err, &se) || se.Reason != c.skip {
					t.Fatalf("got %v, want skip %s", err, c.skip)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.HTML != c.html || p.ID != "<urn:x>" || p.URL != "http://a/" || p.Date != "2020" || p.Offset != 42 {
				t.Errorf("got %+v", p)
			}
		})
	}
}
