package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

func TestEncodeReadRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	for _, site := range []string{"a.com", "b.org"} {
		line, err := Encode(site, "ngramcut", 2, 7, map[string]any{"n": 3, "html": "<p>&"})
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	if !strings.Contains(buf.String(), `"html":"<p>&"`) {
		t.Fatalf("HTML escaped in model: %s", buf.String())
	}
	enc, _ := zstd.NewWriter(nil)
	for name, data := range map[string][]byte{"plain": buf.Bytes(), "zstd": enc.EncodeAll(buf.Bytes(), nil)} {
		set, err := Read(bytes.NewReader(data), name, "ngramcut", 2, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(set.Sites) != 2 || set.Order[1] != "b.org" || set.Sites["a.com"].Pages != 7 || string(set.Sites["a.com"].Model) != `{"html":"<p>&","n":3}` {
			t.Fatalf("%s: %+v", name, set)
		}
	}
}

func TestRefusals(t *testing.T) {
	line, _ := Encode("a", "ampl", 1, 1, 1)
	cases := map[string]string{
		"other tool":    string(line),
		"other version": strings.Replace(string(line), `"tool":"ampl","version":1`, `"tool":"ngramcut","version":1`, 1),
		"not a model":   `{"site":"a","tool":"ngramcut","version":"x"}`,
		"not json":      `nope`,
	}
	want := map[string]string{
		"other tool":    `a model of "ampl", not of ngramcut`,
		"other version": "model version 1, this ngramcut reads version 2: learn the model again",
		"not a model":   "not a model line",
		"not json":      "invalid JSON",
	}
	for name, in := range cases {
		_, err := Read(strings.NewReader(in+"\n"), "m.jsonl", "ngramcut", 2, 0)
		if err == nil || !strings.Contains(err.Error(), want[name]) || !strings.Contains(err.Error(), "m.jsonl:1") {
			t.Errorf("%s: error %v, want %q naming m.jsonl:1", name, err, want[name])
		}
	}
	if _, err := Read(strings.NewReader(strings.Repeat("x", 100)), "big", "t", 1, 50); err == nil || !strings.Contains(err.Error(), "longer than the limit") {
		t.Errorf("model size limit: %v", err)
	}
}

// FuzzRead: a damaged model file gives an error, never a panic.
func FuzzRead(f *testing.F) {
	line, _ := Encode("a", "t", 1, 1, map[string]int{"n": 1})
	f.Add(line)
	f.Add([]byte("\x28\xb5\x2f\xfd\x00"))
	f.Add([]byte(`{"site":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		set, err := Read(bytes.NewReader(data), "fuzz", "t", 1, 1<<16)
		if err == nil && set == nil {
			t.Fatal("nil set without error")
		}
	})
}

// A truncated compressed model file fails with a message that names it.
func TestTruncatedModelNamed(t *testing.T) {
	var buf bytes.Buffer
	for i := range 200 {
		line, _ := Encode(fmt.Sprintf("site%d.com", i), "ampl", 3, 5, map[string]string{"text": strings.Repeat(fmt.Sprintf("w%d ", i*7919%997), 200)})
		buf.Write(line)
		buf.WriteByte('\n')
	}
	enc, _ := zstd.NewWriter(nil)
	data := enc.EncodeAll(buf.Bytes(), nil)
	dir := t.TempDir()
	path := filepath.Join(dir, "int3.zst")
	os.WriteFile(path, data[:len(data)/2], 0o644)
	_, err := Load(path, "ampl", 3, 0)
	if err == nil || !strings.Contains(err.Error(), path+": ") || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("error %v, want an unexpected EOF naming %s", err, path)
	}
	os.WriteFile(path, data, 0o644)
	if set, err := Load(path, "ampl", 3, 0); err != nil || len(set.Sites) != 200 {
		t.Fatalf("whole file: %v", err)
	}
}
