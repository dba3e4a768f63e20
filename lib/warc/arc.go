package warc

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// The older ARC format (Internet Archive, early Common Crawl) is read too:
// a file starting with a "filedesc://" record switches the Reader to ARC
// mode. An ARC record is one header line, "URL IP-address Archive-date
// Content-type Archive-length" (version 1; version 2 has five more fields
// before the length), then Archive-length bytes, then a line break. URLs may
// hold spaces, so the fields are taken from the right.
//
// ARC records become Records with Version "ARC", Type "warcinfo" for the
// filedesc record, "response" when the block is an HTTP response and
// "resource" otherwise, an ID made of the date and URL (ARC has no record
// IDs), the date in WARC form, and Fields holding the header's fields.

type arcHeader struct {
	url, ip, date, mime, length string
	n                           int64 // parsed length, -1 if invalid
}

// parseARCHeader parses an ARC header line (without its line break).
// version is 2 for version-2 files, else 1.
func parseARCHeader(line string, version int) (arcHeader, bool) {
	f := strings.Fields(line)
	after := 4 // fields after the URL
	if version == 2 {
		after = 9
	}
	if len(f) < after+1 {
		return arcHeader{}, false
	}
	h := arcHeader{
		url:    strings.Join(f[:len(f)-after], " "),
		ip:     f[len(f)-after],
		date:   f[len(f)-after+1],
		mime:   f[len(f)-after+2],
		length: f[len(f)-1],
	}
	if len(h.date) < 8 || !allDigits(h.date) || !strings.Contains(h.url, ":") {
		return arcHeader{}, false
	}
	h.n = parseContentLength(h.length)
	return h, true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// arcDate turns "20140216050221" into "2014-02-16T05:02:21Z".
func arcDate(d string) string {
	if len(d) < 14 {
		return d
	}
	return d[0:4] + "-" + d[4:6] + "-" + d[6:8] + "T" + d[8:10] + ":" + d[10:12] + ":" + d[12:14] + "Z"
}

// arcTrailerOK: an ARC block is followed by a line break (or the end).
func arcTrailerOK(t []byte) bool {
	return len(t) == 0 || t[0] == '\n' || t[0] == '\r'
}

// readARC reads an ARC record whose header line is line, if it is one (ok
// false otherwise). A filedesc line starts ARC mode.
func (r *Reader) readARC(line []byte, lerr error, off int64) (rec *Record, err error, ok bool) {
	if lerr != nil && lerr != io.EOF {
		return nil, nil, false
	}
	text := strings.TrimRight(string(line), "\r\n")
	desc := strings.HasPrefix(text, "filedesc://")
	if !desc && r.arc == 0 {
		return nil, nil, false
	}
	h, ok := parseARCHeader(text, r.arc)
	if desc {
		// A filedesc header is in its file's version, unknown yet.
		if h2, ok2 := parseARCHeader(text, 2); ok2 {
			h, ok = h2, true
		} else {
			h, ok = parseARCHeader(text, 1)
		}
	}
	if !ok {
		return nil, nil, false
	}
	if lerr == io.EOF {
		return nil, r.unitFailure(lerr, off, "", ErrTruncated, "end of input after an ARC header"), true
	}
	if desc {
		r.arc = 1
	}
	rec = &Record{
		Version:     "ARC",
		ID:          "<urn:arc:" + h.date + ":" + h.url + ">",
		TargetURI:   h.url,
		Date:        arcDate(h.date),
		ContentType: h.mime,
		Offset:      off,
		Inner:       r.recInner,
		Fields: []Field{
			{"ARC-URL", h.url}, {"ARC-IP-Address", h.ip}, {"ARC-Archive-Date", h.date},
			{"Content-Type", h.mime}, {"Content-Length", h.length},
		},
	}
	if h.n < 0 {
		r.resync = resyncUnit
		return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %q", ErrBadContentLength, h.length)}, true
	}
	rec, err = r.readBody(rec, h.n, arcTrailerOK)
	if rec == nil {
		return nil, err, true
	}
	switch {
	case desc:
		rec.Type = "warcinfo"
		if len(rec.Block) > 0 && rec.Block[0] == '2' {
			r.arc = 2
		}
	case len(rec.Block) >= 5 && hasPrefixFold(rec.Block, "http/"):
		rec.Type = "response"
	default:
		rec.Type = "resource"
	}
	return rec, nil, true
}

// isRecordStart tells whether line (a whole line, line break included or
// not) starts a record: a WARC version line, or in ARC mode an ARC header.
func (r *Reader) isRecordStart(line []byte) bool {
	if len(line) >= 5 && string(line[:5]) == "WARC/" {
		return true
	}
	if r.arc == 0 {
		return false
	}
	text := strings.TrimRight(string(line), "\r\n")
	h, ok := parseARCHeader(text, r.arc)
	return ok && h.n >= 0
}

// nextRecordStart returns the index in p of the first line after a line
// break that starts a record, or -1; keep is how many bytes at the end of p
// must be looked at again with more data.
func (r *Reader) nextRecordStart(p []byte) (at, keep int) {
	if r.arc == 0 {
		return nextWARCStart(p)
	}
	for i := 0; i < len(p); {
		j := bytes.IndexByte(p[i:], '\n')
		if j < 0 {
			return -1, 0
		}
		start := i + j + 1
		end := bytes.IndexByte(p[start:], '\n')
		if end < 0 {
			// The line is incomplete: look again with more data, unless it
			// is too long to be a header.
			return -1, min(len(p)-start, 8<<10)
		}
		if r.isRecordStart(p[start : start+end+1]) {
			return start, 0
		}
		i = start
	}
	return -1, 0
}

// nextWARCStart finds the next "WARC/" at a line start after p[0], or the
// next well-formed version line ("WARC/1.1" and a line break) anywhere: a
// record cut short is directly followed by the next record's version line.
func nextWARCStart(p []byte) (at, keep int) {
	for from := 1; from < len(p); {
		i := bytes.Index(p[from:], []byte("WARC/"))
		if i < 0 {
			break
		}
		i += from
		if p[i-1] == '\n' || isVersionLine(p[i:]) {
			return i, 0
		}
		from = i + 1
	}
	return -1, min(16, len(p))
}

// isVersionLine tells whether p starts with "WARC/" digits "." digits and a
// line break.
func isVersionLine(p []byte) bool {
	i := 5
	digits := func() bool {
		j := i
		for i < len(p) && i-j < 4 && p[i] >= '0' && p[i] <= '9' {
			i++
		}
		return i > j
	}
	if !digits() || i >= len(p) || p[i] != '.' {
		return false
	}
	i++
	if !digits() {
		return false
	}
	return i < len(p) && (p[i] == '\n' || (p[i] == '\r' && i+1 < len(p) && p[i+1] == '\n'))
}
