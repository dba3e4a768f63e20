package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/klauspost/compress/zstd"
)

// writeFn writes one output shard, OUTPUT-SSSSS-of-NNNNN.jsonl.zst, as zstd JSON lines. A
// retried bundle rewrites the whole file, so retries leave no duplicates.
type writeFn struct {
	Output string
	Shards int
}

func (f *writeFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := fmt.Sprintf("%s-%05d-of-%05d.jsonl.zst", f.Output, shard, f.Shards)
	if !strings.Contains(name, "://") {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
	}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	zw, err := zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
	if err != nil {
		w.Close()
		return err
	}
	var line string
	for lines(&line) {
		zw.Write([]byte(line))
		if _, err := zw.Write([]byte{'\n'}); err != nil {
			zw.Close()
			w.Close()
			return err
		}
	}
	if err := zw.Close(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
