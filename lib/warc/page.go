package warc

import (
	"strings"
)

// Page is an HTML page taken from a WARC record, decoded to UTF-8.
type Page struct {
	ID      string // WARC-Record-ID
	URL     string // WARC-Target-URI
	Date    string // WARC-Date
	HTML    string // the payload as UTF-8
	Offset  int64  // the record's file offset
	Inner   int64  // its offset in the decompressed member at Offset (Record.Inner)
	Charset string // WHATWG name of the encoding the payload was decoded from
	// CharsetSource tells how Charset was chosen.
	CharsetSource CharsetSource
}

// SkipReason says why a record gave no page. The values are short stable
// words, fit for counting in a summary ("skipped 12 not-html").
type SkipReason string

const (
	SkipNotResponse SkipReason = "not-response"   // a record type other than response or resource
	SkipNotHTTP     SkipReason = "not-http"       // a response whose block is not an HTTP response
	SkipHTTPStatus  SkipReason = "http-status"    // an HTTP status other than 2xx
	SkipNotHTML     SkipReason = "not-html"       // a payload that is not HTML
	SkipEmpty       SkipReason = "empty"          // an empty payload
	SkipEncoding    SkipReason = "content-coding" // a Content-Encoding that cannot be undone (e.g. br)
)

// SkipError is what ToPage returns for a record that is not an HTML page.
type SkipError struct {
	Reason SkipReason
	Detail string // e.g. the record type, the status or the content type
}

func (e *SkipError) Error() string {
	if e.Detail == "" {
		return "warc: skipped: " + string(e.Reason)
	}
	return "warc: skipped: " + string(e.Reason) + ": " + e.Detail
}

// ToPage turns a response or resource record with an HTML payload into a
// Page: the HTTP message of a response is parsed with ParseHTTPResponse
// (de-chunked, content-decoded), and the payload is decoded to UTF-8 with
// DecodeHTML. Any other record gives a *SkipError saying why. The Page does
// not point into the record's block.
func ToPage(rec *Record) (*Page, error) {
	var body []byte
	var contentType string
	switch strings.ToLower(rec.Type) {
	case "response":
		resp, err := ParseHTTPResponse(rec.Block)
		if err != nil {
			return nil, &SkipError{Reason: SkipNotHTTP, Detail: rec.ContentType}
		}
		if resp.Status != 0 && (resp.Status < 200 || resp.Status > 299) {
			return nil, &SkipError{Reason: SkipHTTPStatus, Detail: itoa(resp.Status)}
		}
		if resp.Encoding != "" {
			return nil, &SkipError{Reason: SkipEncoding, Detail: resp.Encoding}
		}
		body = resp.Body
		contentType = resp.Get("Content-Type")
	case "resource":
		body = rec.Block
		contentType = rec.ContentType
	default:
		return nil, &SkipError{Reason: SkipNotResponse, Detail: rec.Type}
	}
	if len(body) == 0 {
		return nil, &SkipError{Reason: SkipEmpty}
	}
	if !IsHTML(contentType, body) {
		return nil, &SkipError{Reason: SkipNotHTML, Detail: mediaType(contentType)}
	}
	html, charset, source := DecodeHTML(body, contentType)
	return &Page{
		ID:            rec.ID,
		URL:           rec.TargetURI,
		Date:          rec.Date,
		HTML:          html,
		Offset:        rec.Offset,
		Inner:         rec.Inner,
		Charset:       charset,
		CharsetSource: source,
	}, nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// mediaType is the lower-cased type/subtype of a Content-Type value.
func mediaType(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.ToLower(strings.TrimSpace(ct))
}

// IsHTML tells whether a payload with the given Content-Type is HTML:
// text/html and application/xhtml+xml are; a missing or generic type
// (application/octet-stream, unknown/unknown, ...) is sniffed for an HTML
// start (the HTML tag patterns of the WHATWG MIME Sniffing standard, after
// whitespace and a BOM).
func IsHTML(contentType string, body []byte) bool {
	switch mt := mediaType(contentType); mt {
	case "text/html", "application/xhtml+xml":
		return true
	case "", "application/octet-stream", "application/unknown", "unknown/unknown",
		"*/*", "binary/octet-stream", "application/binary", "text/unknown", "unknown":
		return sniffHTML(body)
	default:
		return !strings.Contains(mt, "/") && sniffHTML(body) // unparseable type
	}
}

// htmlSniffTags are the WHATWG MIME Sniffing patterns that identify HTML;
// each must be followed by a space or '>' (a tag-terminating byte).
var htmlSniffTags = []string{
	"<!doctype html", "<html", "<head", "<script", "<iframe", "<h1", "<div",
	"<font", "<table", "<a", "<style", "<title", "<b", "<body", "<br", "<p",
	"<!--",
}

func sniffHTML(b []byte) bool {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	for len(b) > 0 && isSpaceByte(b[0]) {
		b = b[1:]
	}
	for _, tag := range htmlSniffTags {
		if hasPrefixFold(b, tag) && len(b) > len(tag) {
			if c := b[len(tag)]; c == ' ' || c == '>' {
				return true
			}
		}
	}
	return false
}
