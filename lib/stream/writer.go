package stream

import (
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Create opens the output: path "" or "-" is stdout. A path ending in ".gz"
// is written gzip-compressed, one ending in ".zst" (or any output when
// compress is set) zstd-compressed, anything else plain. Close flushes and
// closes what Create opened (never stdout itself). The file is written in
// place: giving it its name only once complete is the caller's business
// (lib/cli writes -o under a temporary name).
func Create(path string, stdout io.Writer, compress bool) (io.WriteCloser, error) {
	out := &output{w: stdout}
	if path != "" && path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		out.file, out.w = f, f
	}
	var err error
	switch {
	case compress || (out.file != nil && strings.HasSuffix(path, ".zst")):
		var zw *zstd.Encoder
		zw, err = zstd.NewWriter(out.w, zstd.WithEncoderLevel(zstd.SpeedDefault))
		out.enc, out.w = zw, zw
	case out.file != nil && strings.HasSuffix(path, ".gz"):
		var gw *gzip.Writer
		gw, err = gzip.NewWriterLevel(out.w, gzip.DefaultCompression)
		out.enc, out.w = gw, gw
	}
	if err != nil {
		if out.file != nil {
			out.file.Close()
		}
		return nil, err
	}
	return out, nil
}

type output struct {
	w    io.Writer
	enc  io.WriteCloser // the compressor, if any
	file *os.File
}

func (o *output) Write(p []byte) (int, error) { return o.w.Write(p) }

func (o *output) Close() error {
	var err error
	if o.enc != nil {
		err = o.enc.Close()
	}
	if o.file != nil {
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
	}
	return err
}
