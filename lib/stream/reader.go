package stream

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/chaffkit/chaff/lib/record"
)

// Options tune a Reader. The zero value detects everything.
type Options struct {
	Format         Format // FormatAuto (or "") detects it per input
	HTMLField      string // member holding the page in JSON lines; "html" when empty
	MaxRecordBytes int    // longest JSON line or WARC record accepted; 0 = the readers' defaults
	Keyed          bool   // every input is keyed lines, KEY<TAB>[TAG<TAB>]JSON
}

// StdinName names standard input in messages.
const StdinName = "<stdin>"

// InputError is an input that could not be opened or read to the end; the
// Reader goes on with the next input.
type InputError struct {
	Source string
	Err    error
}

func (e *InputError) Error() string { return e.Source + ": " + e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// source yields the records of one input.
type source interface {
	Next() (*record.Record, error)
}

// Reader yields the page records of a list of inputs in order, and counts
// what it read and skipped. It is not safe for concurrent use.
type Reader struct {
	paths []string
	stdin io.Reader
	opts  Options

	next    int
	cur     source
	closers []io.Closer
	counter *countingReader
	cut     *cutReader // the current input's content, when read through one

	bytesDone int64
	read      int64
	readOf    map[string]int64 // records read, by input name (sourceName)
	skipped   map[string]int64
}

// NewReader reads paths in order; "-" or an empty list means stdin.
func NewReader(paths []string, stdin io.Reader, opts Options) *Reader {
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	if opts.Format == "" {
		opts.Format = FormatAuto
	}
	return &Reader{paths: paths, stdin: stdin, opts: opts, skipped: map[string]int64{}, readOf: map[string]int64{}}
}

// Next returns the next page record, or io.EOF after the last input. A
// *record.Error is a bad record and an *InputError a bad input: both are
// reported by the caller, and reading goes on with the next call. Records
// the input holds that are not pages (WARC requests, metadata, non-HTML
// payloads) are not returned but counted in Skipped.
func (r *Reader) Next() (*record.Record, error) {
	for {
		if r.cur == nil {
			if r.next >= len(r.paths) {
				return nil, io.EOF
			}
			path := r.paths[r.next]
			r.next++
			if err := r.open(path); err != nil {
				r.closeCurrent()
				return nil, inputError(path, err)
			}
		}
		rec, err := r.cur.Next()
		switch {
		case err == nil:
			r.count()
			return rec, nil
		case err == io.EOF:
			cut := r.cut
			r.closeCurrent()
			if cut != nil && cut.err != nil {
				// The records before the failure were returned; the input
				// still could not be read to its end.
				return nil, inputError(r.paths[r.next-1], cut.err)
			}
			continue
		}
		var re *record.Error
		var skip *SkipError
		switch {
		case errors.As(err, &skip):
			r.count()
			r.skipped[skip.Reason]++
			continue
		case errors.As(err, &re):
			r.count()
			return nil, err
		}
		path := r.paths[r.next-1]
		r.closeCurrent()
		return nil, inputError(path, err)
	}
}

// inputError names the input once: an *fs.PathError about the input's own
// path ("open x: no such file or directory", "read /tmp: is a directory")
// is reduced to its cause, which errors.Is still finds.
func inputError(path string, err error) *InputError {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		err = pe.Err
	}
	return &InputError{Source: sourceName(path), Err: err}
}

// ErrTruncated wraps the failure of an input that ended before its
// compressed stream or last record did (a cut download or copy).
var ErrTruncated = errors.New("truncated input")

// truncation reports a failed read as an error that names the cause.
func truncation(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %w", ErrTruncated, err)
	}
	return err
}

// SkipError is a record of the input that is not a page; the Reader counts
// it under Reason and does not return it.
type SkipError struct{ Reason string }

func (e *SkipError) Error() string { return "skipped: " + e.Reason }

// count counts a record of the current input.
func (r *Reader) count() {
	r.read++
	r.readOf[sourceName(r.paths[r.next-1])]++
}

// Read is the number of input records seen so far, pages or not.
func (r *Reader) Read() int64 { return r.read }

// ReadOf is the number of records seen so far in the input named source (as records name
// it: the path, or StdinName), pages or not.
func (r *Reader) ReadOf(source string) int64 { return r.readOf[source] }

// Skipped returns the records skipped so far, by reason.
func (r *Reader) Skipped() map[string]int64 { return r.skipped }

// Bytes is the number of input bytes consumed so far (compressed size).
func (r *Reader) Bytes() int64 {
	if r.counter != nil {
		return r.bytesDone + r.counter.n
	}
	return r.bytesDone
}

// Close releases the current input.
func (r *Reader) Close() error {
	r.closeCurrent()
	return nil
}

func sourceName(path string) string {
	if path == "-" {
		return StdinName
	}
	return path
}

func (r *Reader) closeCurrent() {
	for i := len(r.closers) - 1; i >= 0; i-- {
		r.closers[i].Close()
	}
	r.closers = r.closers[:0]
	r.cut = nil
	if r.counter != nil {
		r.bytesDone += r.counter.n
		r.counter = nil
	}
	r.cur = nil
}

func (r *Reader) open(path string) error {
	var in io.Reader = r.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		r.closers = append(r.closers, f)
		in = f
	}
	r.counter = &countingReader{r: in}
	br := bufio.NewReaderSize(r.counter, 1<<20)
	if head, err := br.Peek(1); len(head) == 0 {
		if err != nil && err != io.EOF {
			return err // a directory, an I/O error: not an empty input
		}
		r.cur = emptySource{} // an empty input holds no record, whatever its format
		return nil
	}
	comp := SniffCompression(br)
	name := sourceName(path)
	if r.opts.Keyed {
		content, err := r.decompress(br, comp)
		if err != nil {
			return err
		}
		r.cur = newKeyedSource(skipBOM(content), name, r.opts)
		return nil
	}
	format := r.opts.Format
	if format == FormatAuto {
		format = SniffFormat(br, comp)
	}
	if format == FormatWARC {
		src, err := newWARCSource(br, name, r.opts)
		if err != nil {
			return err
		}
		r.cur = src
		return nil
	}
	content, err := r.decompress(br, comp)
	if err != nil {
		return err
	}
	switch format {
	case FormatJSONL:
		r.cur = record.NewReader(skipBOM(content), name, record.ReaderOptions{HTMLField: r.opts.HTMLField, MaxBytes: r.opts.MaxRecordBytes})
	case FormatHTML:
		r.cur = &htmlFileSource{r: content, name: name, opts: r.opts}
	default:
		return fmt.Errorf("unknown format %q", format)
	}
	return nil
}

func (r *Reader) decompress(br *bufio.Reader, c Compression) (io.Reader, error) {
	rd, release, err := Decompressor(br, c)
	if err != nil {
		return nil, err
	}
	r.closers = append(r.closers, closerFunc(release))
	if c == Plain {
		return rd, nil // read errors of plain input fail it at once
	}
	r.cut = &cutReader{r: rd}
	return r.cut, nil
}

// cutReader ends the content of an input at its first read failure (a
// truncated gzip or zstd stream, an I/O error) as if the input ended there,
// and keeps the failure: the line or page cut short is still read, and
// reported as a bad record, before the Reader reports the input as failed.
type cutReader struct {
	r   io.Reader
	err error
}

func (c *cutReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, io.EOF
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF {
		c.err = truncation(err)
		err = io.EOF
	}
	return n, err
}

type closerFunc func()

func (f closerFunc) Close() error { f(); return nil }

// countingReader counts the bytes read from an input and makes its first
// error sticky: bufio hands a failed Peek's error out only once, and the
// sniffers' look ahead must not swallow a read failure.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// htmlFileSource makes one page of a whole HTML file; its id is the path, its url the address
// the page gives itself (pageAddress), when it gives one.
type htmlFileSource struct {
	r    io.Reader
	name string
	opts Options
	done bool
}

func (h *htmlFileSource) Next() (*record.Record, error) {
	if h.done {
		return nil, io.EOF
	}
	h.done = true
	limit := int64(h.opts.MaxRecordBytes)
	if limit <= 0 {
		limit = record.DefaultMaxBytes
	}
	body, err := io.ReadAll(io.LimitReader(h.r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(body)) > limit {
		return nil, &record.Error{Source: h.name, N: 1, Err: fmt.Errorf("file larger than the limit of %d bytes (--max-record-bytes)", limit)}
	}
	if blank(body) {
		return nil, io.EOF // white space only (e.g. blank lines on stdin): no page
	}
	rec := &record.Record{Source: h.name, N: 1, HTMLField: h.opts.HTMLField}
	rec.Set("id", h.name)
	field := h.opts.HTMLField
	if field == "" {
		field = "html"
	}
	html := decodeHTML(body, "")
	if u := pageAddress(html); u != "" {
		rec.Set("url", u)
	}
	rec.Set(field, html)
	return rec, nil
}

// skipBOM returns r as a buffered reader (the size the line readers use, so
// that they do not buffer it again) past a leading UTF-8 byte order mark,
// which a line of JSON cannot start with.
func skipBOM(r io.Reader) *bufio.Reader {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReaderSize(r, 1<<20)
	}
	if head, _ := br.Peek(len(utf8BOM)); bytes.Equal(head, utf8BOM) {
		br.Discard(len(utf8BOM))
	}
	return br
}

// blank tells whether b holds only white space, after an optional UTF-8
// byte order mark.
func blank(b []byte) bool {
	return len(bytes.TrimSpace(bytes.TrimPrefix(b, utf8BOM))) == 0
}

var utf8BOM = []byte("\xef\xbb\xbf")

type emptySource struct{}

func (emptySource) Next() (*record.Record, error) { return nil, io.EOF }
