// Package model stores what a tool learned: one JSON line per site,
// {"site","tool","version","pages","model"}, in a plain or zstd file. A tool
// refuses a model of another tool or version with a message that says what
// to do.
package model

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
)

// Line is one site's model.
type Line struct {
	Site    string          `json:"site"`
	Tool    string          `json:"tool"`
	Version int             `json:"version"`
	Pages   int             `json:"pages"`
	Model   json.RawMessage `json:"model,omitempty"`
	// Error says why learning the site failed; such a line has no model,
	// and applying it fails the site's pages with this error, as run does.
	Error string `json:"error,omitempty"`
}

// Encode returns the line as JSON (no newline), with the tool's model
// encoded by record.Marshal (no HTML escaping). The model's bytes are
// written into the line as they are, not encoded again.
func Encode(site, tool string, version, pages int, m any) ([]byte, error) {
	raw, err := record.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("model of site %q: %w", site, err)
	}
	line, err := record.Marshal(Line{Site: site, Tool: tool, Version: version, Pages: pages})
	if err != nil {
		return nil, err
	}
	// line ends in "}": the model member goes before it, in the order of Line's fields.
	out := make([]byte, 0, len(line)+len(raw)+10)
	out = append(out, line[:len(line)-1]...)
	out = append(out, `,"model":`...)
	out = append(out, raw...)
	return append(out, '}'), nil
}

// EncodeError returns the line of a site whose learning failed.
func EncodeError(site, tool string, version, pages int, err error) ([]byte, error) {
	return record.Marshal(Line{Site: site, Tool: tool, Version: version, Pages: pages, Error: err.Error()})
}

// Set is every site's model of one tool, loaded from a file.
type Set struct {
	Tool    string
	Version int
	Sites   map[string]Line
	Order   []string // sites in file order
}

// Load reads a model file (plain or zstd) and checks every line is a model
// of tool at version. maxBytes bounds one line (0: the record default).
func Load(path, tool string, version, maxBytes int) (*Set, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path, tool, version, maxBytes)
}

// Read is Load on an open stream; name is used in messages.
func Read(r io.Reader, name, tool string, version, maxBytes int) (*Set, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	var in io.Reader = br
	if c := stream.SniffCompression(br); c != stream.Plain {
		dec, closeDec, err := stream.Decompressor(br, c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		defer closeDec()
		in = dec
	}
	set := &Set{Tool: tool, Version: version, Sites: map[string]Line{}}
	rd := record.NewReader(in, name, record.ReaderOptions{MaxBytes: maxBytes})
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var re *record.Error
		switch {
		case errors.As(err, &re):
			return nil, fmt.Errorf("model file %w", err) // names the file and line
		case err != nil:
			return nil, fmt.Errorf("model file %s: %w", name, err)
		}
		line, err := FromRecord(rec, tool, version)
		if err != nil {
			return nil, err
		}
		if _, dup := set.Sites[line.Site]; !dup {
			set.Order = append(set.Order, line.Site)
		}
		set.Sites[line.Site] = line
	}
	return set, nil
}

// FromRecord takes the model line read as rec (a JSON-lines record) and checks it is a model
// of tool at version. The members are taken where the record holds them, the model as its
// raw bytes: the line is neither written out again nor decoded twice (the algorithm decodes
// the model once).
func FromRecord(rec *record.Record, tool string, version int) (Line, error) {
	var line Line
	bad := func(format string, args ...any) (Line, error) {
		return line, fmt.Errorf("model file %s: not a model line: "+format, append([]any{rec.Where()}, args...)...)
	}
	for _, f := range []struct {
		key string
		dst *string
	}{{"site", &line.Site}, {"tool", &line.Tool}, {"error", &line.Error}} {
		raw := rec.Get(f.key)
		if raw == nil || string(raw) == "null" {
			continue
		}
		s, ok := rec.GetString(f.key)
		if !ok {
			return bad("%q is not a string", f.key)
		}
		*f.dst = s
	}
	for _, f := range []struct {
		key string
		dst *int
	}{{"version", &line.Version}, {"pages", &line.Pages}} {
		raw := rec.Get(f.key)
		if raw == nil || string(raw) == "null" {
			continue
		}
		if err := json.Unmarshal(raw, f.dst); err != nil {
			return bad("%q: %v", f.key, err)
		}
	}
	if raw := rec.Get("model"); raw != nil && string(raw) != "null" {
		line.Model = raw
	}
	return check(line, rec.Where(), tool, version)
}

// check reports a line of another tool or version.
func check(line Line, where, tool string, version int) (Line, error) {
	if line.Tool != tool {
		return line, fmt.Errorf("model file %s: a model of %q, not of %s", where, line.Tool, tool)
	}
	if line.Version != version {
		return line, fmt.Errorf("model file %s: model version %d, this %s reads version %d: learn the model again", where, line.Version, tool, version)
	}
	return line, nil
}

// Decode parses one model line and checks it is a model of tool at
// version; where names the line in messages.
func Decode(data []byte, where, tool string, version int) (Line, error) {
	var line Line
	if err := json.Unmarshal(data, &line); err != nil {
		return line, fmt.Errorf("model file %s: not a model line: %w", where, err)
	}
	return check(line, where, tool, version)
}
