package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Record is one page (or, for score, one prediction) with its provenance.
// The zero value is an empty record ready to use.
type Record struct {
	Source string // where the record came from: a path, or "<stdin>"
	N      int64  // 1-based position of the record in Source
	Offset int64  // byte offset of the record in Source (of the compressed member for WARC)
	// Loc, when set, is a position that finds the record in Source better
	// than its number (a WARC record's "offset N"): Where adds it.
	Loc string

	// Known fields, decoded. They mirror the members of the same name; change
	// them through Set so that the output follows.
	ID, URL, Site, Date, HTML string

	// HTMLField names the member that holds the page ("html" unless the
	// reader was told otherwise).
	HTMLField string

	// Key is the grouping key a keyed line (KEY<TAB>JSON) carried, and Tag
	// the optional tag between them (KEY<TAB>TAG<TAB>JSON); empty otherwise.
	Key, Tag string

	fields []member
}

// member is one JSON object member: the key as written and its raw value.
type member struct {
	key   string
	raw   []byte
	flags uint8 // scanString's flags for a value read from input; 0 when set
	// str, with quote, is a string value set by Set and not yet encoded: it is quoted
	// where the record is written (AppendJSON), straight into the output. A page read from
	// a WARC is then never encoded when its html is dropped, and otherwise once, where it
	// had been encoded into the record and copied into each output line.
	str   string
	quote bool
}

// rawValue is the member's JSON value (a string set by Set encoded now).
func (m *member) rawValue() []byte {
	if m.quote {
		return appendQuoted(make([]byte, 0, len(m.str)+len(m.str)/8+18), m.str)
	}
	return m.raw
}

// appendValue appends the member's JSON value to buf.
func (m *member) appendValue(buf []byte) []byte {
	if m.quote {
		return appendQuoted(buf, m.str)
	}
	return append(buf, m.raw...)
}

// Error is a problem with one record: it names the record so that the
// one-line message on stderr tells the user where to look.
type Error struct {
	Source string
	N      int64
	Loc    string // as Record.Loc
	Err    error
}

func (e *Error) Error() string {
	return where(e.Source, e.N, e.Loc) + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error about r.
func (r *Record) Errorf(format string, args ...any) *Error {
	return &Error{Source: r.Source, N: r.N, Loc: r.Loc, Err: fmt.Errorf(format, args...)}
}

// Where returns "source:n", or "source:n (loc)" when Loc is set, the
// record's location for messages.
func (r *Record) Where() string { return where(r.Source, r.N, r.Loc) }

func where(source string, n int64, loc string) string {
	w := source + ":" + strconv.FormatInt(n, 10)
	if loc != "" {
		w += " (" + loc + ")"
	}
	return w
}

// Size estimates the bytes the record holds in memory: its members' names and raw JSON
// values, and the decoded copies of its known fields (the HTML above all), for a bound on
// the memory of pages held (lib/cli's --max-buffer-bytes). A value decoded from a string
// without escapes may share the raw bytes; it is counted twice all the same. A string set
// by Set is held once, not encoded (see member): the html member's is the HTML counted.
func (r *Record) Size() int {
	n := len(r.ID) + len(r.URL) + len(r.Site) + len(r.Date) + len(r.HTML) + len(r.Source) + len(r.Loc) + len(r.Key)
	for _, m := range r.fields {
		n += len(m.key) + len(m.raw)
		if m.key != r.HTMLMember() {
			n += len(m.str) // the html member's string is HTML's, counted above
		}
	}
	return n
}

// Keys returns the member names in output order.
func (r *Record) Keys() []string {
	keys := make([]string, len(r.fields))
	for i, m := range r.fields {
		keys[i] = m.key
	}
	return keys
}

// member returns the member named key, nil when absent.
func (r *Record) member(key string) *member {
	for i := range r.fields {
		if r.fields[i].key == key {
			return &r.fields[i]
		}
	}
	return nil
}

// Get returns the raw JSON value of key, or nil when absent. The slice must
// not be modified. A string set by Set is encoded here: to test or read a
// string (a page's HTML), IsString and GetString do not encode it.
func (r *Record) Get(key string) json.RawMessage {
	if m := r.member(key); m != nil {
		return m.rawValue()
	}
	return nil
}

// GetString returns the value of key when it is a JSON string.
func (r *Record) GetString(key string) (string, bool) {
	m := r.member(key)
	switch {
	case m == nil:
		return "", false
	case m.quote && utf8.ValidString(m.str):
		return m.str, true
	case m.quote:
		return replaceInvalid([]byte(m.str)), true // as it will be written
	case len(m.raw) == 0 || m.raw[0] != '"':
		return "", false
	}
	s, err := unquote(m.raw)
	if err != nil {
		return "", false
	}
	return s, true
}

// IsString reports whether the record has a member named key whose value is a JSON string.
func (r *Record) IsString(key string) bool {
	m := r.member(key)
	return m != nil && (m.quote || len(m.raw) > 0 && m.raw[0] == '"')
}

// Has reports whether the record has a member named key.
func (r *Record) Has(key string) bool { return r.member(key) != nil }

// Set sets key to the JSON encoding of v, replacing the member in place or
// appending it. HTML characters are not escaped. Setting a known field also
// updates the decoded copy.
func (r *Record) Set(key string, v any) error {
	if s, ok := v.(string); ok {
		r.set(member{key: key, str: s, quote: true})
		r.setKnown(key, s)
		return nil
	}
	raw, err := Marshal(v)
	if err != nil {
		return fmt.Errorf("record: field %q: %w", key, err)
	}
	r.SetRaw(key, raw)
	return nil
}

// SetRaw sets key to raw, which must be valid JSON.
func (r *Record) SetRaw(key string, raw []byte) { r.set(member{key: key, raw: raw}) }

// set replaces the member of m's key in place, or appends m.
func (r *Record) set(m member) {
	for i := range r.fields {
		if r.fields[i].key == m.key {
			r.fields[i] = m
			return
		}
	}
	r.fields = append(r.fields, m)
}

// DetachHTML lets the record's input line go while it keeps the page's decoded HTML: the
// html member becomes a string written from HTML (as a page read from a WARC is), and the
// other members' values are copied out of the line into one small buffer of their own. A
// tool that leaves html out of its output (--drop-html) calls it on every page it holds
// for a while: the page then holds its HTML once, not twice (escaped in the line and
// decoded). The html member, if written after all, is encoded anew: its escapes may
// differ from the input's. Nothing changes for a record not read from a JSON line, or
// whose HTML shares the line's bytes (a string without escapes: the line is the HTML).
func (r *Record) DetachHTML() {
	key := r.HTMLMember()
	hm := r.member(key)
	if hm == nil || hm.quote || len(hm.raw) == 0 || hm.raw[0] != '"' || hm.flags&strEscape == 0 {
		return
	}
	*hm = member{key: key, str: r.HTML, quote: true}
	n := 0
	for _, m := range r.fields {
		n += len(m.raw)
	}
	buf := make([]byte, 0, n)
	for i := range r.fields {
		m := &r.fields[i]
		if m.quote || len(m.raw) == 0 {
			continue
		}
		start := len(buf)
		buf = append(buf, m.raw...)
		m.raw = buf[start:len(buf):len(buf)]
		r.decodeKnown(m) // the decoded copy may have shared the line's bytes too; decoded once already, it cannot fail
	}
}

// Delete removes key.
func (r *Record) Delete(key string) {
	for i := range r.fields {
		if r.fields[i].key == key {
			r.fields = append(r.fields[:i], r.fields[i+1:]...)
			r.setKnown(key, "")
			return
		}
	}
}

func (r *Record) setKnown(key, s string) {
	switch key {
	case "id":
		r.ID = s
	case "url":
		r.URL = s
	case "site":
		r.Site = s
	case "date":
		r.Date = s
	}
	if key == r.HTMLMember() {
		r.HTML = s
	}
}

// HTMLMember names the member that holds the page: HTMLField, "html" when that is empty.
func (r *Record) HTMLMember() string {
	if r.HTMLField == "" {
		return "html"
	}
	return r.HTMLField
}

// AppendJSON appends the record as one JSON object (no newline) to buf.
func (r *Record) AppendJSON(buf []byte) []byte {
	buf = append(buf, '{')
	for i, m := range r.fields {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = appendQuoted(buf, m.key)
		buf = append(buf, ':')
		buf = m.appendValue(buf)
	}
	return append(buf, '}')
}

// MarshalJSON implements json.Marshaler.
func (r *Record) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil), nil }

// Marshal encodes v as JSON without escaping <, > and &, and without the
// trailing newline json.Encoder adds.
func Marshal(v any) ([]byte, error) {
	if s, ok := v.(string); ok {
		// Room for the quotes and a few escapes up front: a page's HTML is not copied over
		// and over while the buffer grows.
		return appendQuoted(make([]byte, 0, len(s)+len(s)/8+18), s), nil
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
