package warc

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/klauspost/compress/flate"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zlib"
	"github.com/klauspost/compress/zstd"
)

// ErrNotHTTP reports a response block that does not hold an HTTP response.
var ErrNotHTTP = errors.New("warc: block is not an HTTP response")

// maxDecodedBody bounds a content-decoded body (decompression bombs).
const maxDecodedBody = DefaultMaxRecordBytes

// HTTPResponse is an HTTP response message parsed leniently from a WARC
// response record.
type HTTPResponse struct {
	Proto  string  // "HTTP/1.1"
	Status int     // 0 when the status line has no valid code
	Header []Field // header fields in order; lines without a colon are dropped
	// Body is the payload: de-chunked when the message says it is chunked
	// (and it really is), content-decoded for gzip, deflate and zstd (when
	// that succeeds). It may point into the record's block.
	Body []byte
	// Encoding is a Content-Encoding that could not be undone (e.g. "br"),
	// or "" when Body is the decoded payload.
	Encoding string
}

// Get returns the first value of the named header field (case-insensitive).
func (h *HTTPResponse) Get(name string) string { return fieldValue(h.Header, name) }

// ParseHTTPResponse parses an HTTP response message. It is lenient: CRLF or
// LF line ends, header lines without a colon skipped, a missing blank line
// after the header (then the body is empty), chunked bodies that are not
// really chunked kept as they are, malformed chunks kept as far as they go,
// and content codings that fail to decode leave the body raw. Common
// Crawl's X-Crawler-Content-Encoding and X-Crawler-Transfer-Encoding mark a
// body stored already decoded: they are not acted on. It fails only with
// ErrNotHTTP.
func ParseHTTPResponse(block []byte) (*HTTPResponse, error) {
	b := block
	for len(b) > 0 && (b[0] == '\r' || b[0] == '\n' || b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	if len(b) < 5 || !hasPrefixFold(b, "http/") {
		return nil, ErrNotHTTP
	}
	head, body := splitHeader(b)
	resp := &HTTPResponse{}
	statusLine := head
	if i := strings.IndexByte(head, '\n'); i >= 0 {
		statusLine, head = head[:i], head[i+1:]
	} else {
		head = ""
	}
	statusLine = strings.TrimRight(statusLine, "\r")
	proto, rest, _ := strings.Cut(statusLine, " ")
	resp.Proto = proto
	rest = strings.TrimLeft(rest, " ")
	if len(rest) >= 3 {
		code := 0
		for i := 0; i < 3; i++ {
			c := rest[i]
			if c < '0' || c > '9' {
				code = 0
				break
			}
			code = code*10 + int(c-'0')
		}
		if len(rest) == 3 || rest[3] == ' ' || rest[3] == '\t' || rest[3] == '\r' {
			resp.Status = code
		}
	}
	resp.Header = parseFields(make([]Field, 0, 16), head)
	if te := resp.Get("Transfer-Encoding"); containsFold(te, "chunked") {
		body = dechunk(body)
	}
	if ce := strings.ToLower(strings.TrimSpace(resp.Get("Content-Encoding"))); ce != "" {
		if i := strings.LastIndexByte(ce, ','); i >= 0 {
			ce = strings.TrimSpace(ce[i+1:])
		}
		var ok bool
		body, ok = decodeContent(body, ce)
		if !ok {
			resp.Encoding = ce
		}
	}
	resp.Body = body
	return resp, nil
}

// splitHeader splits at the first blank line (CRLF or LF style).
func splitHeader(b []byte) (string, []byte) {
	for i := 0; i < len(b); i++ {
		if b[i] != '\n' {
			continue
		}
		j := i + 1
		if j < len(b) && b[j] == '\r' {
			j++
		}
		if j < len(b) && b[j] == '\n' {
			return string(b[:i]), b[j+1:]
		}
		if j >= len(b) {
			break
		}
	}
	return string(b), nil
}

func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), sub)
}

// dechunk decodes a chunked body. A body whose first line is not a chunk
// size is returned as is (it was stored de-chunked); a malformed chunk later
// on ends the decoding and the rest is appended raw; a last chunk longer
// than the data is cut.
func dechunk(b []byte) []byte {
	var out []byte
	p := b
	first := true
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 || i > 256 {
			break
		}
		line := bytes.TrimSpace(p[:i])
		if j := bytes.IndexByte(line, ';'); j >= 0 {
			line = bytes.TrimSpace(line[:j])
		}
		size, ok := parseHex(line)
		if !ok {
			break
		}
		if first {
			first = false
			out = make([]byte, 0, len(b))
		}
		p = p[i+1:]
		if size == 0 {
			return out
		}
		if size >= int64(len(p)) {
			return append(out, p...)
		}
		out = append(out, p[:size]...)
		p = p[size:]
		if len(p) > 0 && p[0] == '\r' {
			p = p[1:]
		}
		if len(p) > 0 && p[0] == '\n' {
			p = p[1:]
		}
	}
	if first {
		return b
	}
	return append(out, p...)
}

func parseHex(b []byte) (int64, bool) {
	if len(b) == 0 || len(b) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | int64(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | int64(c-'a'+10)
		case c >= 'A' && c <= 'F':
			n = n<<4 | int64(c-'A'+10)
		default:
			return 0, false
		}
	}
	return n, true
}

// decodeContent undoes a content coding. ok is false for a coding it
// cannot undo; a body that does not decode at all is returned raw with ok
// true (it was stored decoded), a body that breaks off gives what decoded.
func decodeContent(b []byte, coding string) ([]byte, bool) {
	var r io.Reader
	switch coding {
	case "identity", "none", "":
		return b, true
	case "gzip", "x-gzip":
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			return b, true
		}
		gz, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return b, true
		}
		r = gz
	case "deflate":
		if len(b) >= 2 && b[0]&0x0f == 8 && (uint(b[0])<<8|uint(b[1]))%31 == 0 {
			zr, err := zlib.NewReader(bytes.NewReader(b))
			if err != nil {
				return b, true
			}
			r = zr
		} else {
			r = flate.NewReader(bytes.NewReader(b))
		}
	case "zstd":
		if len(b) < 4 || !isZstdMagic(b) {
			return b, true
		}
		zr, err := zstd.NewReader(bytes.NewReader(b), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(maxZstdWindow))
		if err != nil {
			return b, true
		}
		defer zr.Close()
		r = zr
	default:
		return b, false
	}
	var out bytes.Buffer
	out.Grow(min(len(b)*4, maxDecodedBody))
	_, err := io.Copy(&out, io.LimitReader(r, maxDecodedBody))
	if err != nil && out.Len() == 0 {
		return b, true
	}
	return out.Bytes(), true
}
