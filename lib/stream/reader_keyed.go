package stream

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/chaffkit/chaff/lib/record"
)

// Keyed lines are the Hadoop Streaming / Spark pipe() contract:
//
//	KEY<TAB>JSON            a record under a grouping key
//	KEY<TAB>TAG<TAB>JSON    the same with a tag, so that a plain
//	                        `sort -k1,1 -k2,2` puts model lines (TagModel)
//	                        before the pages (TagPage) of their key
const (
	TagModel = "0"
	TagPage  = "1"
)

// keyedSource reads keyed lines; the JSON part is read as a record.
type keyedSource struct {
	lines *record.LineReader
	name  string
	opts  Options
}

func newKeyedSource(r io.Reader, name string, opts Options) *keyedSource {
	return &keyedSource{lines: record.NewLineReader(r, opts.MaxRecordBytes), name: name, opts: opts}
}

func (k *keyedSource) Next() (*record.Record, error) {
	for {
		line, n, err := k.lines.Next()
		if err != nil {
			if le, ok := err.(*record.LineTooLong); ok {
				return nil, &record.Error{Source: k.name, N: le.N, Err: le}
			}
			return nil, err
		}
		body := bytes.TrimRight(line, "\r\n")
		if len(bytes.TrimSpace(body)) == 0 {
			continue
		}
		tab := bytes.IndexByte(body, '\t')
		if tab < 0 {
			return nil, &record.Error{Source: k.name, N: n, Err: fmt.Errorf("keyed line without a TAB after the key")}
		}
		key, rest := string(body[:tab]), body[tab+1:]
		tag := ""
		if t := bytes.IndexByte(rest, '\t'); t >= 0 && t <= 8 && (len(rest) == 0 || rest[0] != '{') {
			tag, rest = string(rest[:t]), rest[t+1:]
		}
		owned := make([]byte, len(rest))
		copy(owned, rest)
		rec, perr := record.Parse(owned, k.opts.HTMLField)
		if perr != nil {
			return nil, &record.Error{Source: k.name, N: n, Err: fmt.Errorf("invalid JSON: %w", perr)}
		}
		rec.Source, rec.N, rec.Key, rec.Tag = k.name, n, UnescapeKey(key), tag
		return rec, nil
	}
}

// EscapeKey makes s usable as the key of a keyed line, reversibly:
// backslash, TAB, LF and CR become \\, \t, \n and \r, so that two sites
// never share a key.
func EscapeKey(s string) string {
	if !strings.ContainsAny(s, "\\\t\n\r") {
		return s
	}
	return keyEscaper.Replace(s)
}

// UnescapeKey undoes EscapeKey.
func UnescapeKey(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	return keyUnescaper.Replace(s)
}

var (
	keyEscaper   = strings.NewReplacer("\\", "\\\\", "\t", "\\t", "\n", "\\n", "\r", "\\r")
	keyUnescaper = strings.NewReplacer("\\\\", "\\", "\\t", "\t", "\\n", "\n", "\\r", "\r")
)
