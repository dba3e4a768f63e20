package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
)

// FuzzReader: whatever the input, the reader never panics, every line is
// a record, a blank or a named error, and every record it returns
// re-encodes to valid JSON that decodes to the same values.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		`{"id":"a","html":"<p>x</p>"}`,
		`{"html":"a\"b\\c\u00e9\ud83d\ude00","n":[1,{"x":null}]}` + "\n" + `{}`,
		"{\"html\":\"\xff\xfe\"}",
		`{"a":1,}`, `[1]`, `{"a":"\ud800"}`, "{\"a\":\"\x01\"}", `{"a" 1}`, `{"a":tru}`,
		"\n\n{\"id\":1}\r\n", `{"a":{"b":[}]}`,
		`{"html":"\udc00\ud83d\ude00\ud83d","x":["\ud800\u0041"]}`, "{\"k\xff\":\"\xed\xa0\x80\",\"html\":\"\\u00e9\xc3\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data), "fuzz", ReaderOptions{MaxBytes: 1 << 16})
		for {
			rec, err := r.Next()
			if err == io.EOF {
				return
			}
			var re *Error
			if errors.As(err, &re) {
				continue
			}
			if err != nil {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			out := rec.AppendJSON(nil)
			if err := strictJSON(out); err != nil {
				t.Fatalf("output %q from %q: %v", out, data, err)
			}
			var back map[string]any
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatal(err)
			}
			if h, ok := back["html"].(string); ok && h != rec.HTML {
				t.Fatalf("html decoded as %q, encoding/json says %q", rec.HTML, h)
			}
			rec.Set("text", rec.HTML)
			if err := strictJSON(rec.AppendJSON(nil)); err != nil {
				t.Fatalf("after Set: %v", err)
			}
		}
	})
}
