package stream

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression of an input stream.
type Compression int

const (
	Plain Compression = iota
	Gzip
	Zstd
)

func (c Compression) String() string {
	return [...]string{"plain", "gzip", "zstd"}[c]
}

// Format of an input stream's content.
type Format string

const (
	FormatAuto  Format = "auto"
	FormatJSONL Format = "jsonl"
	FormatWARC  Format = "warc"
	FormatHTML  Format = "html"
)

// Formats lists the accepted --format values.
var Formats = []Format{FormatAuto, FormatJSONL, FormatWARC, FormatHTML}

const (
	zstdMagic          = 0xFD2FB528
	zstdSkippableMask  = 0xFFFFFFF0
	zstdSkippableMagic = 0x184D2A50
)

// SniffCompression tells the compression of br from its magic bytes
// without consuming them.
func SniffCompression(br *bufio.Reader) Compression {
	head, _ := br.Peek(4)
	if len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b {
		return Gzip
	}
	if len(head) == 4 {
		m := binary.LittleEndian.Uint32(head)
		if m == zstdMagic || m&zstdSkippableMask == zstdSkippableMagic {
			return Zstd
		}
	}
	return Plain
}

// sniffWindow is how much compressed input is decoded on the side to see
// the first bytes of the content.
const sniffWindow = 256 << 10

// SniffFormat tells the format of br's content (after decompression) from
// its first bytes, without consuming anything. An ARC file ("filedesc://"
// first) is FormatWARC: lib/warc reads both.
func SniffFormat(br *bufio.Reader, c Compression) Format {
	raw, _ := br.Peek(sniffWindow)
	head := raw
	switch c {
	case Gzip:
		head = decodePrefix(func(r io.Reader) (io.Reader, error) {
			return gzip.NewReader(r)
		}, raw)
	case Zstd:
		if len(raw) >= 4 && binary.LittleEndian.Uint32(raw)&zstdSkippableMask == zstdSkippableMagic {
			// A skippable frame first: the IIPC WARC zstd profile's dictionary.
			return FormatWARC
		}
		head = decodePrefix(func(r io.Reader) (io.Reader, error) {
			d, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1))
			if err != nil {
				return nil, err
			}
			return d.IOReadCloser(), nil
		}, raw)
	}
	return formatOf(head)
}

// sniffBlankLimit bounds the leading white space decoded to find the first
// content byte of a compressed input (blank lines before JSON lines).
const sniffBlankLimit = 1 << 20

// decodePrefix decodes raw, the first bytes of a compressed input, and
// returns up to 512 bytes from its first byte that is not white space (or
// a byte order mark); nil when it decodes to nothing else within
// sniffBlankLimit bytes.
func decodePrefix(open func(io.Reader) (io.Reader, error), raw []byte) []byte {
	r, err := open(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	if c, ok := r.(io.Closer); ok {
		defer c.Close()
	}
	buf := make([]byte, 4096)
	for decoded := 0; decoded < sniffBlankLimit; {
		n, err := io.ReadFull(r, buf)
		chunk := buf[:n]
		if decoded == 0 {
			chunk = bytes.TrimPrefix(chunk, utf8BOM)
		}
		decoded += n
		chunk = bytes.TrimLeft(chunk, " \t\r\n")
		if len(chunk) > 0 {
			k := copy(buf, chunk)
			if k < 512 && err == nil {
				m, _ := io.ReadFull(r, buf[k:512])
				k += m
			}
			return buf[:min(k, 512)]
		}
		if err != nil {
			return nil
		}
	}
	return nil
}

func formatOf(head []byte) Format {
	head = bytes.TrimPrefix(head, utf8BOM)
	head = bytes.TrimLeft(head, " \t\r\n")
	switch {
	case bytes.HasPrefix(head, []byte("WARC/")), bytes.HasPrefix(head, []byte("filedesc://")):
		return FormatWARC // lib/warc reads ARC files (a filedesc record first) too
	case len(head) > 0 && head[0] == '{':
		return FormatJSONL
	default:
		return FormatHTML
	}
}

// Decompressor returns a reader of br's decompressed content and a function
// that releases it.
func Decompressor(br *bufio.Reader, c Compression) (io.Reader, func(), error) {
	switch c {
	case Gzip:
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, err
		}
		return zr, func() { zr.Close() }, nil
	case Zstd:
		zr, err := zstd.NewReader(br, zstd.WithDecoderMaxMemory(1<<32), zstd.WithDecoderConcurrency(1))
		if err != nil {
			return nil, nil, err
		}
		return zr, zr.Close, nil
	}
	return br, func() {}, nil
}
