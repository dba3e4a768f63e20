package record

import (
	"errors"
	"fmt"
	"io"
	"unsafe"
)

// DefaultMaxBytes is the default limit on one JSON line (1 GiB): large
// enough for any real page, small enough to stop a runaway line.
const DefaultMaxBytes = 1 << 30

// ReaderOptions tune a Reader. The zero value reads "html" with the default
// line limit.
type ReaderOptions struct {
	HTMLField string // member holding the page; "html" when empty
	MaxBytes  int    // longest accepted line; DefaultMaxBytes when 0
}

// Reader reads records from JSON lines. It is not safe for concurrent use.
type Reader struct {
	lines  *LineReader
	source string
	opts   ReaderOptions
}

// NewReader returns a Reader of JSON lines from r; source names r in
// messages ("<stdin>" or a path). The caller closes r.
func NewReader(r io.Reader, source string, opts ReaderOptions) *Reader {
	if opts.HTMLField == "" {
		opts.HTMLField = "html"
	}
	return &Reader{lines: NewLineReader(r, opts.MaxBytes), source: source, opts: opts}
}

// Next returns the next record, or io.EOF after the last. A line that is
// not a JSON object gives an *Error (the reader goes on at the next line);
// any other error is an I/O failure. Blank lines are not records.
func (r *Reader) Next() (*Record, error) {
	for {
		start := r.lines.Offset()
		line, n, err := r.lines.Next()
		var tooLong *LineTooLong
		if errors.As(err, &tooLong) {
			return nil, &Error{Source: r.source, N: n, Err: err}
		}
		if err != nil {
			return nil, err
		}
		body := trimSpace(line)
		if len(skipSpaceBytes(body)) == 0 {
			continue
		}
		owned := make([]byte, len(body))
		copy(owned, body)
		rec, perr := Parse(owned, r.opts.HTMLField)
		if perr != nil {
			return nil, &Error{Source: r.source, N: n, Err: fmt.Errorf("invalid JSON: %w", perr)}
		}
		rec.Source, rec.N, rec.Offset = r.source, n, start
		return rec, nil
	}
}

func skipSpaceBytes(b []byte) []byte { return b[skipSpace(b, 0):] }

// Parse makes a record of one JSON object; htmlField names the page's member
// ("html" when empty). The record keeps line: the caller must not modify it
// afterwards.
func Parse(line []byte, htmlField string) (*Record, error) {
	if htmlField == "" {
		htmlField = "html"
	}
	fields, err := parseObject(line)
	if err != nil {
		return nil, err
	}
	rec := &Record{HTMLField: htmlField, fields: fields}
	for i := range fields {
		if err := rec.decodeKnown(&fields[i]); err != nil {
			return nil, fmt.Errorf("member %q: %w", fields[i].key, err)
		}
	}
	return rec, nil
}

// decodeKnown sets the decoded copy of m when it is a known field (id, url, site, date, the
// html member) holding a string read from input; it may share m's bytes (unquoteOwned).
func (r *Record) decodeKnown(m *member) error {
	switch m.key {
	case "id", "url", "site", "date", r.HTMLMember():
		if m.quote || len(m.raw) == 0 || m.raw[0] != '"' {
			return nil
		}
		s, err := unquoteOwned(m.raw, m.flags)
		if err != nil {
			return err
		}
		r.setKnown(m.key, s)
	}
	return nil
}

// unquoteOwned is unquote for bytes the record owns for good: a string
// without escapes shares their memory instead of copying a page again.
// flags are scanString's for raw (sound: appendSound has run if needed).
func unquoteOwned(raw []byte, flags uint8) (string, error) {
	body := raw[1 : len(raw)-1]
	if flags&strEscape == 0 && (flags&strNonASCII == 0 || flags&strValidUTF8 != 0) && len(body) > 0 {
		return unsafe.String(&body[0], len(body)), nil
	}
	return unquoteFlags(raw, flags)
}
