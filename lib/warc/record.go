package warc

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Record is one WARC record. Its header fields are its own; Block points
// into the Reader's buffers and is valid only until the next call to Next
// (copy it to keep it).
type Record struct {
	Version       string // "1.0" or "1.1" (what follows "WARC/"); "ARC" for an ARC record
	Type          string // WARC-Type, e.g. "response"
	ID            string // WARC-Record-ID as written, e.g. "<urn:uuid:...>"
	TargetURI     string // WARC-Target-URI, with stray "<>" and spaces trimmed
	Date          string // WARC-Date
	ContentType   string // Content-Type of the block
	ContentLength int64  // length of Block
	// Offset is the byte offset in the input file of the record's start: for
	// gzip and zstd input the start of the member or frame holding it.
	Offset int64
	// Inner is where the record starts in the decompressed content of that
	// member or frame: 0 when it starts the member (one record per member,
	// as the standard recommends) and always 0 for plain input; more for a
	// file compressed as one stream, where Offset alone does not find it.
	Inner  int64
	Fields []Field // all header fields in file order
	Block  []byte  // the record block; valid until the next call to Next
}

// Field is one WARC or HTTP header field.
type Field struct {
	Name, Value string
}

// Header returns the value of the first header field named name (ASCII
// case-insensitive), or "".
func (r *Record) Header(name string) string {
	return fieldValue(r.Fields, name)
}

func fieldValue(fields []Field, name string) string {
	for i := range fields {
		if strings.EqualFold(fields[i].Name, name) {
			return fields[i].Value
		}
	}
	return ""
}

// RecordError reports a problem with one record (or one damaged region of
// the input). The Reader has skipped it and continues with the next record.
type RecordError struct {
	Offset int64  // file offset where the damaged record or region starts
	Inner  int64  // and how far into its member's decompressed content (see Record.Inner)
	ID     string // WARC-Record-ID when known
	Err    error  // one of the Err* sentinels, possibly wrapped with detail
}

func (e *RecordError) Error() string {
	if e.ID != "" {
		return fmt.Sprintf("warc: record %s at %s: %v", e.ID, e.Where(), e.Err)
	}
	return fmt.Sprintf("warc: %s: %v", e.Where(), e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// Sentinel errors wrapped by RecordError.
var (
	ErrNotWARC          = errors.New("warc: not a WARC record (garbage skipped)")
	ErrTruncated        = errors.New("warc: truncated record")
	ErrBadHeader        = errors.New("warc: bad record header")
	ErrBadContentLength = errors.New("warc: bad Content-Length")
	ErrTooLarge         = errors.New("warc: record larger than the limit (skipped)")
	ErrCompression      = errors.New("warc: damaged compressed data")
)

// parseFields splits a header block (lines after the version line, CRLF or
// LF separated, no trailing empty line) into fields. Lines without a colon
// are dropped; lines starting with a space or tab continue the previous
// value. Values are trimmed.
func parseFields(dst []Field, hdr string) []Field {
	for len(hdr) > 0 {
		var line string
		if i := strings.IndexByte(hdr, '\n'); i >= 0 {
			line, hdr = hdr[:i], hdr[i+1:]
		} else {
			line, hdr = hdr, ""
		}
		line = strings.TrimSuffix(line, "\r")
		if line == "" {
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(dst) > 0 {
			v := strings.TrimSpace(line)
			if v != "" {
				last := &dst[len(dst)-1]
				if last.Value == "" {
					last.Value = v
				} else {
					last.Value += " " + v
				}
			}
			continue
		}
		c := strings.IndexByte(line, ':')
		if c <= 0 {
			continue
		}
		dst = append(dst, Field{
			Name:  strings.TrimSpace(line[:c]),
			Value: strings.TrimSpace(line[c+1:]),
		})
	}
	return dst
}

// parseContentLength parses a decimal Content-Length; -1 if invalid.
func parseContentLength(s string) int64 {
	if s == "" || len(s) > 18 {
		return -1
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int64(c-'0')
	}
	return n
}

// cleanURI trims what some writers put around a target URI: spaces and the
// angle brackets of WARC/1.0 drafts ("<http://...>").
func cleanURI(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '<' && s[len(s)-1] == '>' {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	return s
}

// Where says where the damaged record starts: "offset N", with
// ", +M decompressed" when it is M bytes into its member's content.
func (e *RecordError) Where() string { return Location(e.Offset, e.Inner) }

// Location formats a record's position for messages: "offset N", or
// "offset N, +M decompressed" when the record is M bytes into the content
// of the member or frame at N (see Record.Inner).
func Location(offset, inner int64) string {
	s := "offset " + strconv.FormatInt(offset, 10)
	if inner > 0 {
		s += ", +" + strconv.FormatInt(inner, 10) + " decompressed"
	}
	return s
}
