package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// strictJSON is the oracle for "valid JSON of valid Unicode": encoding/json
// accepts the syntax, the bytes are valid UTF-8, and no \u escape is half
// of a surrogate pair standing alone (encoding/json would quietly decode it
// to U+FFFD; jq stops on it). Written apart from the reader's own scanner.
func strictJSON(b []byte) error {
	if !json.Valid(b) {
		return fmt.Errorf("not JSON")
	}
	if !utf8.Valid(b) {
		return fmt.Errorf("invalid UTF-8")
	}
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case !in && b[i] == '"':
			in = true
		case in && b[i] == '"':
			in = false
		case in && b[i] == '\\':
			i++
			if b[i] != 'u' {
				continue
			}
			var r int
			fmt.Sscanf(string(b[i+1:i+5]), "%04x", &r)
			i += 4
			switch {
			case r >= 0xDC00 && r <= 0xDFFF:
				return fmt.Errorf("lone low surrogate \\u%04x", r)
			case r >= 0xD800 && r <= 0xDBFF:
				var r2 int
				if i+6 < len(b) && b[i+1] == '\\' && b[i+2] == 'u' {
					fmt.Sscanf(string(b[i+3:i+7]), "%04x", &r2)
				}
				if r2 < 0xDC00 || r2 > 0xDFFF {
					return fmt.Errorf("lone high surrogate \\u%04x", r)
				}
				i += 6
			}
		}
	}
	return nil
}

// TestUnsoundStringsReplaced: lone surrogate escapes and invalid UTF-8 in
// any member (top level, nested, in a key) come out as \ufffd; sound
// members, valid pairs and other escapes are kept byte for byte, and the
// decoded fields agree with the output.
func TestUnsoundStringsReplaced(t *testing.T) {
	cases := []struct{ in, out, html string }{
		{`{"id":"a","x":"\ud800","html":"<p>ok</p>"}`, `{"id":"a","x":"\ufffd","html":"<p>ok</p>"}`, "<p>ok</p>"},
		{`{"html":"a\udc00b\ud800\ud800c"}`, `{"html":"a\ufffdb\ufffd\ufffdc"}`, "a\uFFFDb\uFFFD\uFFFDc"},
		{`{"html":"pair \ud83d\ude00 kept, \ud83d\u0041 not"}`, `{"html":"pair \ud83d\ude00 kept, \ufffd\u0041 not"}`, "pair 😀 kept, \uFFFDA not"},
		{`{"html":"\\ud800 is text"}`, `{"html":"\\ud800 is text"}`, `\ud800 is text`},
		{"{\"html\":\"caf\xe9 \xc3\xa9\"}", `{"html":"caf\ufffd é"}`, "caf\uFFFD é"},
		{"{\"meta\":{\"k\":[\"\xff\",1,\"\\udfff\"], \"ok\" : \"\\u00e9\"},\"html\":\"x\"}", "{\"meta\":{\"k\":[\"\\ufffd\",1,\"\\ufffd\"], \"ok\" : \"\\u00e9\"},\"html\":\"x\"}", "x"},
		{"{\"k\\ud800\":1,\"html\":\"\xed\xa0\x80\"}", `{"k�":1,"html":"\ufffd\ufffd\ufffd"}`, "\uFFFD\uFFFD\uFFFD"},
		{`{"html":"\ud800`, "", ""}, // cut: still an invalid line
	}
	for _, c := range cases {
		rec, err := Parse([]byte(c.in), "html")
		if c.out == "" {
			if err == nil {
				t.Errorf("%s: no error", c.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		out := rec.AppendJSON(nil)
		if string(out) != c.out || rec.HTML != c.html {
			t.Errorf("%s:\n got %s html %q\nwant %s html %q", c.in, out, rec.HTML, c.out, c.html)
		}
		if err := strictJSON(out); err != nil {
			t.Errorf("%s: output %s: %v", c.in, out, err)
		}
		var back map[string]any
		if err := json.Unmarshal(out, &back); err != nil || back["html"] != rec.HTML {
			t.Errorf("%s: encoding/json reads html %q (%v), the record %q", c.in, back["html"], err, rec.HTML)
		}
	}
}

// TestSoundMembersShared: members that need no change are not copied (the
// raw value is the input's own bytes), so the clean-up costs nothing on
// sound input.
func TestSoundMembersShared(t *testing.T) {
	line := []byte(`{"id":"a","t":"caf` + "\u00e9" + `","n":{"x":"\u00e9"},"html":"<p>` + "\u65e5" + `</p>"}`)
	rec, err := Parse(line, "html")
	if err != nil {
		t.Fatal(err)
	}
	start := uintptr(unsafe.Pointer(&line[0]))
	for _, m := range rec.fields {
		p := uintptr(unsafe.Pointer(&m.raw[0]))
		if p < start || p >= start+uintptr(len(line)) {
			t.Errorf("member %s is a copy, not the input's bytes", m.key)
		}
	}
	if rec.HTML != "<p>\u65e5</p>" || unsafe.StringData(rec.HTML) != &rec.fields[3].raw[1] {
		t.Errorf("html %q is a copy", rec.HTML)
	}
}

// TestJQAcceptsOutput runs jq, when installed, over records made from
// unsound input: every line must parse.
func TestJQAcceptsOutput(t *testing.T) {
	jq, err := exec.LookPath("jq")
	if err != nil {
		t.Skip("jq not installed; the strictJSON oracle still runs in the other tests")
	}
	in := strings.Join([]string{
		`{"x":"\ud800","html":"a"}`, `{"x":"\udc00\ud800","html":"\ud83d"}`,
		"{\"x\":[\"\xff\xfe\"],\"html\":\"\xf0\x9f\x98\"}", `{"html":"\ud83d\ude00"}`,
	}, "\n")
	var out bytes.Buffer
	r := NewReader(strings.NewReader(in), "t", ReaderOptions{})
	w := NewWriter(&out)
	for {
		rec, err := r.Next()
		if err != nil {
			break
		}
		w.Write(rec)
	}
	w.Flush()
	cmd := exec.Command(jq, "-c", ".")
	cmd.Stdin = bytes.NewReader(out.Bytes())
	got, err := cmd.CombinedOutput()
	if err != nil || bytes.Count(got, []byte("\n")) != 4 {
		t.Fatalf("jq: %v\n%s\ninput:\n%s", err, got, out.Bytes())
	}
}
