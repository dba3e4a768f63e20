package warc

import (
	"bufio"
	"crypto/sha1"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// Compression is the compression a Writer applies to each record.
type Compression uint8

const (
	Gzip  Compression = iota // one gzip member per record (.warc.gz), the default
	Zstd                     // one zstd frame per record (.warc.zst, IIPC profile)
	Plain                    // no compression (.warc)
)

// WriterOption configures a Writer.
type WriterOption func(*writerOptions)

type writerOptions struct {
	comp     Compression
	dict     []byte
	level    int
	compDict bool
}

// WithCompression chooses the compression (default Gzip).
func WithCompression(c Compression) WriterOption {
	return func(o *writerOptions) { o.comp = c }
}

// WithZstdDictionary makes the Writer write zstd with the given dictionary
// (in zstd's dictionary format, e.g. from TrainDictionary): the file starts
// with the IIPC dictionary frame (skippable frame 0x184D2A5D) and every
// record is a frame compressed with it. compressed chooses whether the
// dictionary inside that frame is itself zstd-compressed.
func WithZstdDictionary(dict []byte, compressed bool) WriterOption {
	return func(o *writerOptions) {
		o.comp = Zstd
		o.dict = dict
		o.compDict = compressed
	}
}

// WithLevel sets the compression level: 1 (fastest) to 9 (smallest) for
// gzip, 1 to 4 (zstd.EncoderLevel) for zstd. 0 keeps the default.
func WithLevel(level int) WriterOption {
	return func(o *writerOptions) { o.level = level }
}

// Writer writes WARC/1.1 records, each compressed on its own. It is not safe
// for concurrent use. Close flushes it; the caller closes the underlying
// writer. Record IDs are derived from the records' content and their order,
// so equal input writes byte-identical files.
type Writer struct {
	bw  *bufio.Writer
	o   writerOptions
	gz  *gzip.Writer
	zw  *zstd.Encoder
	buf []byte // the serialized record
	out []byte // the compressed record
	n   int64  // bytes written
	seq uint64
	err error
}

// NewWriter returns a Writer on w. With a zstd dictionary it writes the
// dictionary frame at once.
func NewWriter(w io.Writer, opts ...WriterOption) (*Writer, error) {
	o := writerOptions{comp: Gzip}
	for _, opt := range opts {
		opt(&o)
	}
	wr := &Writer{bw: bufio.NewWriterSize(w, 256<<10), o: o}
	switch o.comp {
	case Gzip:
		level := gzip.DefaultCompression
		if o.level != 0 {
			level = o.level
		}
		gz, err := gzip.NewWriterLevel(nil, level)
		if err != nil {
			return nil, err
		}
		wr.gz = gz
	case Zstd:
		zopts := []zstd.EOption{zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(true)}
		if o.level != 0 {
			zopts = append(zopts, zstd.WithEncoderLevel(zstd.EncoderLevel(o.level)))
		}
		if o.dict != nil {
			zopts = append(zopts, zstd.WithEncoderDict(o.dict))
		}
		zw, err := zstd.NewWriter(nil, zopts...)
		if err != nil {
			return nil, fmt.Errorf("warc: zstd encoder: %w", err)
		}
		wr.zw = zw
		if o.dict != nil {
			if err := wr.writeDictFrame(); err != nil {
				return nil, err
			}
		}
	case Plain:
	default:
		return nil, errors.New("warc: unknown compression")
	}
	return wr, nil
}

func (w *Writer) writeDictFrame() error {
	payload := w.o.dict
	if w.o.compDict {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1))
		if err != nil {
			return err
		}
		payload = enc.EncodeAll(w.o.dict, nil)
		enc.Close()
	}
	var h [8]byte
	binary.LittleEndian.PutUint32(h[:4], 0x184D2A5D)
	binary.LittleEndian.PutUint32(h[4:], uint32(len(payload)))
	w.write(h[:])
	w.write(payload)
	return w.err
}

func (w *Writer) write(p []byte) {
	if w.err != nil {
		return
	}
	n, err := w.bw.Write(p)
	w.n += int64(n)
	w.err = err
}

// Offset is the number of bytes written so far: the file offset the next
// record will start at.
func (w *Writer) Offset() int64 { return w.n }

// WriteWarcinfo writes a warcinfo record whose block lists info as
// "name: value" lines, and returns its record ID.
func (w *Writer) WriteWarcinfo(date string, info []Field) (string, error) {
	var b strings.Builder
	for _, f := range info {
		b.WriteString(f.Name)
		b.WriteString(": ")
		b.WriteString(f.Value)
		b.WriteString("\r\n")
	}
	return w.WriteRecord("warcinfo", "", date, "application/warc-fields", nil, []byte(b.String()))
}

// WriteResponse writes a response record for targetURI. httpHeader is the
// HTTP status line and header lines (LF or CRLF line ends; the blank line
// that ends them may be left out); "" means "HTTP/1.1 200 OK" with
// Content-Type text/html; charset=utf-8 and a Content-Length. It returns
// the record ID.
func (w *Writer) WriteResponse(targetURI, date, httpHeader string, body []byte) (string, error) {
	if httpHeader == "" {
		httpHeader = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " +
			strconv.Itoa(len(body)) + "\r\n"
	}
	var b []byte
	for _, line := range strings.Split(strings.TrimRight(httpHeader, "\r\n"), "\n") {
		b = append(b, strings.TrimSuffix(line, "\r")...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "\r\n"...)
	b = append(b, body...)
	return w.WriteRecord("response", targetURI, date, "application/http;msgtype=response", nil, b)
}

// WriteResource writes a resource record: body is the payload itself, with
// contentType as its type.
func (w *Writer) WriteResource(targetURI, date, contentType string, body []byte) (string, error) {
	return w.WriteRecord("resource", targetURI, date, contentType, nil, body)
}

// WriteRecord writes a record of type typ with the standard fields
// (WARC-Type, WARC-Record-ID, WARC-Date, WARC-Target-URI when not empty,
// Content-Type when not empty, WARC-Block-Digest, Content-Length) followed by
// extra. An empty date means now. It returns the record ID.
func (w *Writer) WriteRecord(typ, targetURI, date, contentType string, extra []Field, block []byte) (string, error) {
	if date == "" {
		date = time.Now().UTC().Format(time.RFC3339)
	}
	sum := sha1.Sum(block)
	digest := "sha1:" + base32.StdEncoding.EncodeToString(sum[:])
	id := w.recordID(typ, targetURI, date, sum[:])
	fields := make([]Field, 0, 8+len(extra))
	fields = append(fields, Field{"WARC-Type", typ}, Field{"WARC-Record-ID", id}, Field{"WARC-Date", date})
	if targetURI != "" {
		fields = append(fields, Field{"WARC-Target-URI", targetURI})
	}
	if contentType != "" {
		fields = append(fields, Field{"Content-Type", contentType})
	}
	fields = append(fields, Field{"WARC-Block-Digest", digest})
	fields = append(fields, extra...)
	fields = append(fields, Field{"Content-Length", strconv.Itoa(len(block))})
	return id, w.writeRecord("1.1", fields, block)
}

// Copy writes rec again, with its version, header fields (Content-Length
// set to the block's length) and block; used to recompress a WARC.
func (w *Writer) Copy(rec *Record) error {
	fields := make([]Field, 0, len(rec.Fields))
	for _, f := range rec.Fields {
		if !strings.EqualFold(f.Name, "Content-Length") {
			fields = append(fields, f)
		}
	}
	fields = append(fields, Field{"Content-Length", strconv.Itoa(len(rec.Block))})
	version := rec.Version
	if version == "" {
		version = "1.1"
	}
	return w.writeRecord(version, fields, rec.Block)
}

func (w *Writer) recordID(typ, uri, date string, blockSum []byte) string {
	w.seq++
	h := sha1.New()
	var seq [8]byte
	binary.BigEndian.PutUint64(seq[:], w.seq)
	h.Write(seq[:])
	io.WriteString(h, typ+"\x00"+uri+"\x00"+date+"\x00")
	h.Write(blockSum)
	u := h.Sum(nil)[:16]
	u[6] = u[6]&0x0f | 0x50 // version 5 (name-based, SHA-1)
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	return fmt.Sprintf("<urn:uuid:%x-%x-%x-%x-%x>", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
}

func (w *Writer) writeRecord(version string, fields []Field, block []byte) error {
	if w.err != nil {
		return w.err
	}
	b := append(w.buf[:0], "WARC/"...)
	b = append(b, version...)
	b = append(b, "\r\n"...)
	for _, f := range fields {
		b = append(b, f.Name...)
		b = append(b, ": "...)
		b = append(b, f.Value...)
		b = append(b, "\r\n"...)
	}
	b = append(b, "\r\n"...)
	b = append(b, block...)
	b = append(b, "\r\n\r\n"...)
	w.buf = b
	switch w.o.comp {
	case Gzip:
		w.gz.Reset(countWriter{w})
		if _, err := w.gz.Write(b); err != nil {
			return err
		}
		if err := w.gz.Close(); err != nil {
			return err
		}
	case Zstd:
		w.out = w.zw.EncodeAll(b, w.out[:0])
		w.write(w.out)
	default:
		w.write(b)
	}
	return w.err
}

// countWriter lets the gzip writer write through Writer.write.
type countWriter struct{ w *Writer }

func (c countWriter) Write(p []byte) (int, error) {
	c.w.write(p)
	if c.w.err != nil {
		return 0, c.w.err
	}
	return len(p), nil
}

// Close flushes the buffered output and releases the encoder; it does not
// close the underlying writer.
func (w *Writer) Close() error {
	if w.zw != nil {
		w.zw.Close()
		w.zw = nil
	}
	if w.err != nil {
		return w.err
	}
	return w.bw.Flush()
}
