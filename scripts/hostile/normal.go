package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/warc"
)

// formatOf is the dump format of a file name: its extension without the
// directory and base name, e.g. ".warc.gz" or ".jsonl".
func formatOf(name string) string {
	for _, f := range []string{".warc.gz", ".warc.zst", ".warc", ".jsonl.gz", ".jsonl.zst", ".jsonl"} {
		if strings.HasSuffix(name, f) {
			return f
		}
	}
	return filepath.Ext(name)
}

// normalConfig is the synthetic corpus of the normal dumps with n pages:
// the default four sites (the last Japanese-like) and one index page in
// eight; fewer sites when there are fewer than four pages.
func normalConfig(n int) synth.Config {
	cfg := synth.DefaultConfig()
	cfg.Sites = min(cfg.Sites, max(n, 1))
	cfg.PagesPerSite = max(1, (n+cfg.Sites-1)/cfg.Sites)
	cfg.IndexPages = cfg.PagesPerSite / 8
	cfg.CJK = cfg.Sites == synth.DefaultSites
	return cfg
}

// writeDump writes cfg's pages in format to w and returns the bytes written.
func writeDump(w io.Writer, format string, cfg synth.Config) (int64, error) {
	cw := &countingWriter{w: w}
	switch format {
	case ".jsonl":
		return cw.n, synth.WriteJSONL(cw, cfg)
	case ".jsonl.gz":
		zw := gzip.NewWriter(cw)
		err := errors.Join(synth.WriteJSONL(zw, cfg), zw.Close())
		return cw.n, err
	case ".jsonl.zst":
		zw, err := zstd.NewWriter(cw)
		if err != nil {
			return 0, err
		}
		err = errors.Join(synth.WriteJSONL(zw, cfg), zw.Close())
		return cw.n, err
	case ".warc", ".warc.gz", ".warc.zst":
		comp := map[string]warc.Compression{".warc": warc.Plain, ".warc.gz": warc.Gzip, ".warc.zst": warc.Zstd}[format]
		ww, err := warc.NewWriter(cw, warc.WithCompression(comp))
		if err != nil {
			return 0, err
		}
		err = errors.Join(synth.WriteWARC(ww, nil, cfg), ww.Close())
		return cw.n, err
	}
	return 0, fmt.Errorf("no normal dump in format %q", format)
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
