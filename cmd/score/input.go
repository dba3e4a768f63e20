package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"
)

var (
	magicGzip = []byte{0x1f, 0x8b}
	magicZstd = []byte{0x28, 0xb5, 0x2f, 0xfd}
)

// input is one opened source of JSON lines, decompressed.
type input struct {
	name   string
	r      io.Reader
	closer []func() error
}

// Close releases the decoder and the file, in that order.
func (in *input) Close() error {
	var first error
	for i := len(in.closer) - 1; i >= 0; i-- {
		if err := in.closer[i](); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// openInput opens path ("-" is stdin, named "<stdin>") and undoes gzip or zstd compression,
// recognised by the first bytes, not by the name. The caller closes the input; stdin itself
// is not closed.
func openInput(path string, stdin io.Reader) (*input, error) {
	in := &input{name: path}
	var src io.Reader
	if path == "-" {
		in.name = "<stdin>"
		src = stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		in.closer = append(in.closer, f.Close)
		src = f
	}
	br := bufio.NewReaderSize(src, 1<<20)
	head, err := br.Peek(4)
	if err != nil && err != io.EOF {
		in.Close()
		return nil, fmt.Errorf("%s: %w", in.name, err)
	}
	switch {
	case bytes.HasPrefix(head, magicGzip):
		zr, err := gzip.NewReader(br)
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: gzip: %w", in.name, err)
		}
		in.closer = append(in.closer, zr.Close)
		in.r = bufio.NewReaderSize(zr, 1<<20)
	case bytes.HasPrefix(head, magicZstd):
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1))
		if err != nil {
			in.Close()
			return nil, fmt.Errorf("%s: zstd: %w", in.name, err)
		}
		in.closer = append(in.closer, func() error { zr.Close(); return nil })
		in.r = bufio.NewReaderSize(zr, 1<<20)
	default:
		in.r = br
	}
	return in, nil
}
