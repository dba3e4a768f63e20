package stream

import (
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Create opens the output: path "" or "-" is stdout. The stream is
// zstd-compressed when compress is set or the path ends in ".zst". Close
// flushes and closes what Create opened (never stdout itself).
func Create(path string, stdout io.Writer, compress bool) (io.WriteCloser, error) {
	var w io.Writer = stdout
	var file *os.File
	if path != "" && path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return nil, err
		}
		file, w = f, f
		compress = compress || strings.HasSuffix(path, ".zst")
	}
	out := &output{w: w, file: file}
	if compress {
		zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedDefault))
		if err != nil {
			if file != nil {
				file.Close()
			}
			return nil, err
		}
		out.zw, out.w = zw, zw
	}
	return out, nil
}

type output struct {
	w    io.Writer
	zw   *zstd.Encoder
	file *os.File
}

func (o *output) Write(p []byte) (int, error) { return o.w.Write(p) }

func (o *output) Close() error {
	var err error
	if o.zw != nil {
		err = o.zw.Close()
	}
	if o.file != nil {
		if cerr := o.file.Close(); err == nil {
			err = cerr
		}
	}
	return err
}
