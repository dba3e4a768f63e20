package synth

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// HostileCase is one broken or pathological input written by Hostile.
type HostileCase struct {
	Name string // file name in the directory
	What string // what is wrong with it
	// Heavy cases are large (tens of MB or more) and run only on request.
	Heavy bool
	// Records is how many records the input holds, which every reader must
	// count (emitted or skipped, never lost); -1 when the damage leaves it
	// open (a cut or mislabelled record may be read as one or two).
	Records int
}

// Hostile writes the hostile-input corpus into dir: the broken things crawl
// dumps are full of. Sizes of the heavy cases are multiplied by scale (1 is
// the full size: a 50 MB page, 100k-deep nesting, 1M siblings, a 100 MB
// line, a 2 GB decompression bomb); the light cases are always small.
// It returns the cases written. The same arguments write the same bytes.
func Hostile(dir string, scale float64, heavy bool) ([]HostileCase, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	page := func(i int) string {
		return fmt.Sprintf("<html><head><title>Page %d</title></head><body><div class=nav><a href=/>Home</a></div><p>Body of page %d with some words.</p></body></html>", i, i)
	}
	resp := func(i int, hdr string, body string) []byte {
		http := "HTTP/1.1 200 OK\r\n" + hdr + "\r\n" + body
		return warcRecord("response", fmt.Sprintf("http://hostile.example/%d", i), http, len(http))
	}
	okResp := func(i int) []byte { return resp(i, "Content-Type: text/html\r\n", page(i)) }
	n := func(full int) int { return max(1, int(float64(full)*scale)) }

	var cases []HostileCase
	records := map[string]int{
		"headers-no-colon.warc": 1, "lf-only.warc": 1, "not-chunked.warc": 1, "not-gzip.warc": 1, "binary-as-html.warc": 1,
		"invalid-utf8.warc": 1, "nul-bytes.warc": 1, "wrong-types.jsonl": 4, "missing-html.jsonl": 2, "invalid-json.jsonl": 6,
		"empty.jsonl": 0, "leading-blanks.jsonl.gz": 2, "big-page.jsonl": 1, "deep-nesting.jsonl": 1, "siblings.jsonl": 1,
		"huge-line.jsonl": 1, "bomb.jsonl.gz": 1, "bomb-record.jsonl.gz": 2,
	}
	add := func(name, what string, isHeavy bool, data []byte) error {
		if isHeavy && !heavy {
			return nil
		}
		n, ok := records[name]
		if !ok {
			n = -1
		}
		cases = append(cases, HostileCase{Name: name, What: what, Heavy: isHeavy, Records: n})
		return os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	members := func(recs ...[]byte) []byte {
		var out []byte
		for _, r := range recs {
			out = append(out, gzipBytes(r)...)
		}
		return out
	}
	trunc := members(okResp(1), okResp(2), okResp(3))
	second := len(gzipBytes(okResp(1)))
	trunc = append(trunc[:second+len(gzipBytes(okResp(2)))/2], gzipBytes(okResp(3))...)
	zstdEnc, _ := zstd.NewWriter(nil)
	zframe := func(b []byte) []byte { return zstdEnc.EncodeAll(b, nil) }
	z := append(append(zframe(okResp(1)), zframe(okResp(2))[:40]...), zframe(okResp(3))...)

	badLen := func(cl string) []byte {
		r := string(okResp(2))
		i := strings.Index(r, "Content-Length: ")
		j := strings.Index(r[i:], "\r\n")
		return []byte(r[:i] + "Content-Length: " + cl + r[i+j:])
	}
	chunked := resp(5, "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\n", page(5))
	fakeGzip := resp(6, "Content-Type: text/html\r\nContent-Encoding: gzip\r\n", page(6))
	noColon := resp(7, "Content-Type: text/html\r\nX-Broken header without colon\r\nServer\r\n", page(7))
	lfHTTP := "HTTP/1.1 200 OK\nContent-Type: text/html\n\n" + page(8)
	lfOnly := bytes.ReplaceAll(warcRecord("response", "http://hostile.example/8", lfHTTP, len(lfHTTP)), []byte("\r\n"), []byte("\n"))
	binary := make([]byte, 4096)
	for i := range binary {
		binary[i] = byte(i*7919 + i>>3)
	}
	invalidUTF8 := resp(9, "Content-Type: text/html; charset=utf-8\r\n", "<p>caf\xe9 \xff\xfe na\xc3ve \xed\xa0\x80</p>")
	nul := resp(10, "Content-Type: text/html\r\n", "<p>nul\x00bytes\x00in\x00text</p>")

	type item struct {
		name, what string
		heavy      bool
		data       []byte
		make       func() []byte // the data of a heavy case, made only when it is written
	}
	items := []item{
		{"truncated-member.warc.gz", "the second record's gzip member is cut in half", false, trunc, nil},
		{"truncated-frame.warc.zst", "the second record's zstd frame is cut", false, z, nil},
		{"garbage-between.warc.gz", "junk bytes between two gzip members", false, append(append(gzipBytes(okResp(1)), []byte("GARBAGE\x00\x01\x02 not a member")...), gzipBytes(okResp(2))...), nil},
		{"garbage-between.warc", "junk lines between two records", false, append(append(okResp(1), []byte("garbage line\r\nmore junk\r\n\r\n")...), okResp(2)...), nil},
		{"content-length-long.warc", "Content-Length larger than the record", false, append(badLen("99999"), okResp(3)...), nil},
		{"content-length-short.warc", "Content-Length smaller than the record", false, append(badLen("40"), okResp(3)...), nil},
		{"content-length-negative.warc", "negative Content-Length", false, append(badLen("-5"), okResp(3)...), nil},
		{"content-length-huge.warc", "Content-Length of 2^62", false, append(badLen("4611686018427387904"), okResp(3)...), nil},
		{"headers-no-colon.warc", "HTTP header lines without a colon", false, noColon, nil},
		{"lf-only.warc", "LF line endings instead of CRLF", false, lfOnly, nil},
		{"not-chunked.warc", "Transfer-Encoding: chunked on a plain body", false, chunked, nil},
		{"not-gzip.warc", "Content-Encoding: gzip on a plain body", false, fakeGzip, nil},
		{"binary-as-html.warc", "binary bytes labelled text/html", false, resp(11, "Content-Type: text/html\r\n", string(binary)), nil},
		{"invalid-utf8.warc", "invalid UTF-8 under a utf-8 label", false, invalidUTF8, nil},
		{"nul-bytes.warc", "NUL bytes in the payload", false, nul, nil},
		{"wrong-types.jsonl", "JSON lines with members of the wrong type", false, []byte(`{"id":1,"url":["x"],"site":{"a":1},"html":"<p>ok</p>"}` + "\n" + `{"id":"2","html":42}` + "\n" + `{"id":"3","html":null}` + "\n" + `{"id":"4","html":["<p>"]}` + "\n"), nil},
		{"missing-html.jsonl", "records without html", false, []byte(`{"id":"1","url":"http://x.example/1"}` + "\n" + `{"id":"2","text":"only text"}` + "\n"), nil},
		{"invalid-json.jsonl", "lines that are not JSON objects", false, []byte("{\"id\":\"1\",\"html\":\"<p>a</p>\"}\n{broken\n[1,2]\n\"str\"\n{\"id\":\"5\",\"html\":\"\\x\"}\n{\"id\":\"6\",\"html\":\"<p>b</p>\"}"), nil},
		{"empty.jsonl", "an empty file", false, nil, nil},
		{"leading-blanks.jsonl.gz", "gzip JSON lines after 4 KB of blank lines and spaces", false, gzipBytes(append(bytes.Repeat([]byte("  \n"), 1400),
			`{"id":"1","html":"<p>after the blanks</p>"}`+"\n"+`{"id":"2","html":"<p>second</p>"}`+"\n"...)), nil},
		{"big-page.jsonl", "one page of 50 MB", true, nil, func() []byte {
			return jsonPage("big", "<html><body>"+strings.Repeat("<p>filler words in a very long page</p>\n", n(50<<20)/40)+"</body></html>")
		}},
		{"deep-nesting.jsonl", "elements nested 100k deep", true, nil, func() []byte {
			return jsonPage("deep", strings.Repeat("<div>", n(100000))+"<p>deep text</p>"+strings.Repeat("</div>", n(100000)))
		}},
		{"siblings.jsonl", "1M sibling elements", true, nil, func() []byte {
			return jsonPage("wide", "<ul>"+strings.Repeat("<li>item</li>", n(1000000))+"</ul>")
		}},
		{"huge-line.jsonl", "a 100 MB line, over a --max-record-bytes of 64 MB", true, nil, func() []byte {
			return jsonPage("huge", strings.Repeat("x", n(100<<20)))
		}},
		{"bomb.jsonl.gz", "a gzip decompression bomb: one line of 2 GB of spaces", true, nil, func() []byte {
			return gzipRepeat(nil, ' ', int64(n(2<<30)), nil)
		}},
		{"bomb-record.jsonl.gz", "a gzip bomb inside a JSON line (an html of 2 GB of spaces), then a normal record", true, nil, func() []byte {
			return gzipRepeat([]byte(`{"id":"bomb","html":"`), ' ', int64(n(2<<30)), []byte(`"}`+"\n"+`{"id":"after","html":"<p>after the bomb</p>"}`+"\n"))
		}},
	}
	for _, it := range items {
		if it.heavy && !heavy {
			continue
		}
		if it.make != nil {
			it.data = it.make()
		}
		if err := add(it.name, it.what, it.heavy, it.data); err != nil {
			return nil, err
		}
	}
	return cases, nil
}

func warcRecord(typ, uri, block string, length int) []byte {
	return []byte("WARC/1.1\r\nWARC-Type: " + typ + "\r\nWARC-Record-ID: <urn:uuid:" + uri + ">\r\nWARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Target-URI: " + uri +
		"\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: " + strconv.Itoa(length) + "\r\n\r\n" + block + "\r\n\r\n")
}

func gzipBytes(b []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

// gzipRepeat compresses prefix, n copies of c and suffix without holding
// the copies.
func gzipRepeat(prefix []byte, c byte, n int64, suffix []byte) []byte {
	var out bytes.Buffer
	w, _ := gzip.NewWriterLevel(&out, gzip.BestCompression)
	w.Write(prefix)
	chunk := bytes.Repeat([]byte{c}, 1<<20)
	for n > 0 {
		k := min(n, int64(len(chunk)))
		w.Write(chunk[:k])
		n -= k
	}
	w.Write(suffix)
	w.Close()
	return out.Bytes()
}

func jsonPage(id, html string) []byte {
	var b bytes.Buffer
	b.WriteString(`{"id":"` + id + `","site":"hostile","html":"`)
	for _, c := range []byte(html) {
		switch c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteString("\"}\n")
	return b.Bytes()
}
