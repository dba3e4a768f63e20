package stream

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// The output's compression follows its name: .gz gzip, .zst zstd (or any
// name with compress set), plain otherwise; stdout is plain unless asked.
func TestCreateCompressionByName(t *testing.T) {
	dir := t.TempDir()
	const text = "{\"id\":\"a\"}\n{\"id\":\"b\"}\n"
	cases := []struct {
		name     string
		compress bool
		want     Compression
	}{
		{"out.jsonl.gz", false, Gzip},
		{"out.jsonl.zst", false, Zstd},
		{"out.jsonl", false, Plain},
		{"model.bin", true, Zstd},
		{"-", false, Plain},
		{"-", true, Zstd},
	}
	for _, c := range cases {
		var stdout bytes.Buffer
		path := c.name
		if path != "-" {
			path = filepath.Join(dir, c.name)
		}
		w, err := Create(path, &stdout, c.compress)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, text)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		data := stdout.Bytes()
		if path != "-" {
			data, err = os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
		}
		got := SniffCompression(bufioOf(data))
		if got != c.want {
			t.Errorf("%s (compress %v): written %s, want %s", c.name, c.compress, got, c.want)
			continue
		}
		if plain := decompressAll(t, data, got); plain != text {
			t.Errorf("%s: content %q", c.name, plain)
		}
	}
}

func decompressAll(t *testing.T, data []byte, c Compression) string {
	t.Helper()
	var r io.Reader = bytes.NewReader(data)
	switch c {
	case Gzip:
		zr, err := gzip.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case Zstd:
		zr, err := zstd.NewReader(r)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func bufioOf(data []byte) *bufio.Reader { return bufio.NewReader(bytes.NewReader(data)) }
