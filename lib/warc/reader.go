package warc

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// DefaultMaxRecordBytes is the default limit on a record's block size.
const DefaultMaxRecordBytes = 64 << 20

const (
	unitBufSize    = 1 << 20   // decompressed (or plain) read buffer; blocks that fit are not copied
	rawBufSize     = 64 << 10  // compressed read buffer
	dataBufSize    = 256 << 10 // decompressed read buffer
	maxHeaderBytes = 1 << 20   // limit on one record's WARC header
	trailerPeek    = 16        // bytes looked at after a block to check its length
	trialLookahead = 64 << 10  // compressed bytes wanted when testing a resync candidate
	maxZstdWindow  = 1 << 27   // refuse zstd frames that need a larger window
)

// Option configures a Reader.
type Option func(*readerOptions)

type readerOptions struct {
	maxRecord int64
}

// WithMaxRecordBytes sets the largest record block the Reader loads into
// memory (default DefaultMaxRecordBytes). Larger records are skipped without
// being loaded and reported as a *RecordError wrapping ErrTooLarge.
func WithMaxRecordBytes(n int64) Option {
	return func(o *readerOptions) {
		if n > 0 {
			o.maxRecord = n
		}
	}
}

type format uint8

const (
	formatPlain format = iota
	formatGzip
	formatZstd
)

type resyncKind uint8

const (
	resyncNone   resyncKind = iota
	resyncUnit              // find the next "WARC/" line inside the current member (or plain stream)
	resyncStream            // the compressed stream is damaged: find the next good member/frame
)

// countingReader counts the bytes taken from the input and remembers the
// input's own error, which is always fatal.
type countingReader struct {
	r   io.Reader
	n   int64
	err error
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// Reader reads WARC records from a plain, gzip or zstd stream. It is not
// safe for concurrent use. Close releases its decoders; the caller closes
// the underlying reader. Its memory is bounded: up to about 5 MiB of buffers plus
// the largest block read so far (at most the WithMaxRecordBytes limit) and,
// for zstd, the frames' window. It never reads more than it needs to return
// the next record, so it works on pipes and stdin; a truncated input ends
// with a RecordError and io.EOF.
type Reader struct {
	cr  countingReader // the input
	src countingReader // what br reads: the input, or rb
	rb  *rawBuffer     // compressed input with history, under br; nil for plain input
	br  *bufio.Reader  // the input as given (compressed or not)
	dr  *bufio.Reader  // the current member's decompressed bytes; == br for plain input
	fmt format

	gz      *gzip.Reader
	zd      *zstd.Decoder
	fr      frameReader
	zdOpts  []zstd.DOption // dictionary options from the IIPC dictionary frame
	trialGz *gzip.Reader
	trialZd *zstd.Decoder
	trialBR bytes.Reader
	trialFR frameReader

	maxRecord  int64
	inUnit     bool
	unitStart  int64
	unitOut    int64 // decompressed bytes the current member gave dr so far
	recOff     int64 // Offset of the record being read
	recInner   int64 // its Inner
	pending    int   // bytes of the last returned block still to discard from dr
	resync     resyncKind
	resyncFrom int64 // where the stream scan starts (the damaged member's start + 1)
	err        error
	blockBuf   []byte
	hdrBuf     []byte
	arc        int // ARC mode: the ARC version (1 or 2) once a filedesc record was seen

	splice        bool // a version line was found inside a header: read that record next
	spliceVersion string
	spliceOff     int64
	spliceInner   int64
}

// NewReader returns a Reader for the raw (possibly compressed) WARC stream
// r. The compression is detected from the first bytes; anything that is
// neither gzip nor zstd is read as plain WARC. An empty input gives a Reader
// whose Next returns io.EOF; an error reading the first bytes is returned.
func NewReader(r io.Reader, opts ...Option) (*Reader, error) {
	o := readerOptions{maxRecord: DefaultMaxRecordBytes}
	for _, opt := range opts {
		opt(&o)
	}
	w := &Reader{maxRecord: o.maxRecord}
	w.cr.r = r
	w.rb = newRawBuffer(&w.cr)
	w.rb.setMark(0) // keep the first bytes: they are read again after the format is known
	var head [4]byte
	n, err := readFull(w.rb, head[:])
	if n == 0 {
		if err == io.EOF {
			w.err = io.EOF
			return w, nil
		}
		return nil, err
	}
	if !w.rb.rewind(0) {
		return nil, errors.New("warc: internal error: cannot reread the first bytes")
	}
	p := head[:n]
	switch {
	case len(p) >= 2 && p[0] == 0x1f && p[1] == 0x8b:
		w.fmt = formatGzip
	case len(p) == 4 && (isZstdMagic(p) || isSkippableMagic(p)):
		w.fmt = formatZstd
	}
	if w.fmt == formatPlain {
		// Plain input needs no history: read the (counted) input directly,
		// starting with the bytes already taken.
		w.src.r = io.MultiReader(bytes.NewReader(w.rb.buf), &w.cr)
		w.rb = nil
		w.br = bufio.NewReaderSize(&w.src, unitBufSize)
		w.dr = w.br
	} else {
		w.src.r = w.rb
		w.br = bufio.NewReaderSize(&w.src, rawBufSize)
		w.dr = bufio.NewReaderSize(nil, dataBufSize)
	}
	return w, nil
}

// Close releases the decompressors. It does not close the underlying reader.
func (r *Reader) Close() error {
	if r.zd != nil {
		r.zd.Close()
	}
	if r.trialZd != nil {
		r.trialZd.Close()
	}
	if r.err == nil {
		r.err = errors.New("warc: reader closed")
	}
	return nil
}

// All iterates over the records; a *RecordError is yielded with a nil
// record and the iteration goes on, any other error ends it.
func (r *Reader) All() iter.Seq2[*Record, error] {
	return func(yield func(*Record, error) bool) {
		for {
			rec, err := r.Next()
			if err == io.EOF {
				return
			}
			if !yield(rec, err) {
				return
			}
			var re *RecordError
			if err != nil && !errors.As(err, &re) {
				return
			}
		}
	}
}

// Next returns the next record, io.EOF at the end of the input, a
// *RecordError for a damaged or oversized record (call Next again to go on),
// or another error when the input itself fails (fatal: every later call
// returns it too). The returned record's Block is valid until the next call.
func (r *Reader) Next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if r.pending > 0 {
		r.dr.Discard(r.pending)
		r.pending = 0
	}
	for {
		switch r.resync {
		case resyncUnit:
			r.resync = resyncNone
			if err := r.scanUnit(); err != nil {
				return r.result(nil, err)
			}
			continue // the scan may have found the member damaged
		case resyncStream:
			r.resync = resyncNone
			if err := r.scanStream(); err != nil {
				return r.result(nil, err)
			}
		}
		if !r.inUnit {
			if err := r.openUnit(); err != nil {
				return r.result(nil, err)
			}
		}
		rec, err := r.readRecord()
		if rec != nil || err != nil {
			return r.result(rec, err)
		}
	}
}

// result makes fatal errors (anything but a *RecordError) sticky, and
// places a damaged record inside its member.
func (r *Reader) result(rec *Record, err error) (*Record, error) {
	if err != nil {
		var re *RecordError
		if !errors.As(err, &re) {
			r.err = err
		} else if re.Offset == r.recOff && re.Inner == 0 {
			re.Inner = r.recInner
		}
		return nil, err
	}
	return rec, nil
}

// inner is the position in the current member's decompressed content of
// the next byte dr gives; 0 for plain input.
func (r *Reader) inner() int64 {
	if r.fmt == formatPlain {
		return 0
	}
	return r.unitOut - int64(r.dr.Buffered())
}

// startRecord notes where the record being read starts.
func (r *Reader) startRecord(off, inner int64) {
	r.recOff, r.recInner = off, inner
}

// pos is the offset in the input of the next unread raw byte.
func (r *Reader) pos() int64 { return r.src.n - int64(r.br.Buffered()) }

// eof turns the end of the raw input into io.EOF, or the input's own
// failure into that failure.
func (r *Reader) eof(err error) error {
	if r.cr.err != nil {
		return r.cr.err
	}
	if err == nil || err == io.EOF {
		return io.EOF
	}
	return err
}

// unitFailure handles a read error inside a member: a clean end of the
// member closes it, a decompression error also schedules a stream resync,
// an input error is fatal. kind is the sentinel describing the record's fate.
func (r *Reader) unitFailure(err error, off int64, id string, kind error, detail string) error {
	if r.cr.err != nil {
		return r.cr.err
	}
	r.inUnit = false
	if err == io.EOF || err == nil {
		if detail != "" {
			return &RecordError{Offset: off, ID: id, Err: fmt.Errorf("%w: %s", kind, detail)}
		}
		return &RecordError{Offset: off, ID: id, Err: kind}
	}
	if r.fmt == formatPlain {
		// bufio over the input fails only when the input does (e.g. it
		// keeps returning nothing: io.ErrNoProgress): fatal.
		return err
	}
	r.streamResync()
	if detail != "" {
		return &RecordError{Offset: off, ID: id, Err: fmt.Errorf("%w: %s: %w", kind, detail, err)}
	}
	return &RecordError{Offset: off, ID: id, Err: fmt.Errorf("%w: %w", kind, err)}
}

// readRecord reads one record from the current member. It returns
// (nil, nil) when the member ended cleanly before another record.
// setSplice notes that the version line v, just read inside another line,
// starts the next record.
func (r *Reader) setSplice(v []byte) {
	r.splice, r.spliceVersion = true, string(bytes.TrimSpace(v[5:]))
	r.spliceOff = r.unitStart
	if r.fmt == formatPlain {
		r.spliceOff = r.pos() - int64(len(v))
	} else {
		r.spliceInner = r.inner() - int64(len(v))
	}
}

// readVersionLine skips line breaks and reads the "WARC/" line that starts
// a record. ok is false when there is no WARC record here; then rec and err
// are what readRecord returns (an ARC record, an error, or (nil, nil) at the
// end of the member).
func (r *Reader) readVersionLine() (version string, off int64, rec *Record, err error, ok bool) {
	for {
		p, err := r.dr.Peek(1)
		if len(p) == 0 {
			r.startRecord(r.unitStart, r.inner())
			if r.cr.err != nil {
				return "", 0, nil, r.cr.err, false
			}
			if err == io.EOF {
				r.inUnit = false
				return "", 0, nil, nil, false
			}
			return "", 0, nil, r.unitFailure(err, r.unitStart, "", ErrCompression, ""), false
		}
		if c := p[0]; c != '\r' && c != '\n' && c != ' ' && c != '\t' && c != 0 {
			break
		}
		r.dr.Discard(1)
	}
	off = r.unitStart
	if r.fmt == formatPlain {
		off = r.pos()
	}
	r.startRecord(off, r.inner())
	line, err := r.dr.ReadSlice('\n')
	if len(line) < 5 || string(line[:5]) != "WARC/" {
		if rec, rerr, isARC := r.readARC(line, err, off); isARC {
			return "", 0, rec, rerr, false
		}
		if err != nil && err != bufio.ErrBufferFull {
			return "", 0, nil, r.unitFailure(err, off, "", ErrNotWARC, ""), false
		}
		if i := bytes.Index(line, []byte("WARC/")); i > 0 && isVersionLine(line[i:]) {
			// Garbage (or a cut record) right before a version line.
			r.setSplice(line[i:])
			return "", 0, nil, &RecordError{Offset: off, Err: ErrNotWARC}, false
		}
		r.resync = resyncUnit
		return "", 0, nil, &RecordError{Offset: off, Err: ErrNotWARC}, false
	}
	version = string(bytes.TrimSpace(line[5:]))
	if err != nil && err != bufio.ErrBufferFull {
		return "", 0, nil, r.unitFailure(err, off, "", ErrTruncated, "end of input in the header"), false
	}
	return version, off, nil, nil, true
}

func (r *Reader) readRecord() (*Record, error) {
	var version string
	var off int64
	if r.splice {
		// The version line was found inside the last record's header.
		r.splice = false
		version, off = r.spliceVersion, r.spliceOff
		r.startRecord(off, r.spliceInner)
	} else {
		var rec *Record
		var err error
		var ok bool
		if version, off, rec, err, ok = r.readVersionLine(); !ok {
			return rec, err
		}
	}
	r.hdrBuf = r.hdrBuf[:0]
	lineStart := 0 // index in hdrBuf where the current line starts
	for {
		line, err := r.dr.ReadSlice('\n')
		r.hdrBuf = append(r.hdrBuf, line...)
		if err == io.EOF && r.fmt != formatPlain && r.cr.err == nil && r.memberFollows() {
			// The header goes on in the next member.
			if err := r.openUnit(); err != nil {
				return nil, err
			}
			continue
		}
		if err != nil && err != bufio.ErrBufferFull {
			return nil, r.unitFailure(err, off, "", ErrTruncated, "end of input in the header")
		}
		if len(r.hdrBuf)-lineStart > maxHeaderBytes || len(r.hdrBuf) > 4*maxHeaderBytes {
			r.resync = resyncUnit
			return nil, &RecordError{Offset: off, Err: fmt.Errorf("%w: header longer than %d bytes", ErrBadHeader, maxHeaderBytes)}
		}
		if err == nil {
			l := r.hdrBuf[lineStart:]
			if len(l) == 1 || (len(l) == 2 && l[0] == '\r') {
				r.hdrBuf = r.hdrBuf[:lineStart]
				break
			}
			if i := bytes.Index(l, []byte("WARC/")); i >= 0 && isVersionLine(l[i:]) {
				// The record was cut inside its header and the next one
				// follows: report this one, read that one next.
				r.setSplice(l[i:])
				id := fieldValue(parseFields(nil, string(r.hdrBuf[:lineStart])), "WARC-Record-ID")
				return nil, &RecordError{Offset: off, ID: id, Err: fmt.Errorf("%w: the next record starts inside its header", ErrTruncated)}
			}
			lineStart = len(r.hdrBuf)
		}
	}
	fields := parseFields(make([]Field, 0, 12), string(r.hdrBuf))
	rec := &Record{
		Version:     version,
		Type:        fieldValue(fields, "WARC-Type"),
		ID:          fieldValue(fields, "WARC-Record-ID"),
		TargetURI:   cleanURI(fieldValue(fields, "WARC-Target-URI")),
		Date:        fieldValue(fields, "WARC-Date"),
		ContentType: fieldValue(fields, "Content-Type"),
		Offset:      off,
		Inner:       r.recInner,
		Fields:      fields,
	}
	cl := parseContentLength(fieldValue(fields, "Content-Length"))
	if cl < 0 {
		r.resync = resyncUnit
		return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %q", ErrBadContentLength, fieldValue(fields, "Content-Length"))}
	}
	return r.readBody(rec, cl, trailerOK)
}

// readBody reads the block of cl bytes of rec (whose header has been read)
// and checks with trailer that the record ends after it.
func (r *Reader) readBody(rec *Record, cl int64, trailer func([]byte) bool) (*Record, error) {
	off := rec.Offset
	rec.ContentLength = cl
	if cl > r.maxRecord {
		if _, err := discard(r.dr, cl); err != nil {
			return nil, r.unitFailure(err, off, rec.ID, ErrTooLarge, fmt.Sprintf("%d bytes (limit %d), and truncated", cl, r.maxRecord))
		}
		return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %d bytes (limit %d)", ErrTooLarge, cl, r.maxRecord)}
	}
	n := int(cl)
	if n+trailerPeek <= r.dr.Size() {
		// The block fits in the buffer: hand out a slice of it, discard it
		// on the next call.
		p, err := r.dr.Peek(n + trailerPeek)
		if err != nil && err != io.EOF {
			return nil, r.unitFailure(err, off, rec.ID, ErrTruncated, "")
		}
		if len(p) >= n {
			if !trailer(p[n:]) {
				r.resync = resyncUnit
				if at, _ := nextWARCStart(p[:n]); at >= 0 {
					return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: the next record starts inside the declared %d bytes", ErrTruncated, n)}
				}
				return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %d, but the block is not followed by the end of the record", ErrBadContentLength, n)}
			}
			rec.Block = p[:n:n]
			r.pending = n
			return rec, nil
		}
		if r.cr.err != nil {
			return nil, r.cr.err
		}
		if r.fmt == formatPlain || !r.memberFollows() {
			r.resync = resyncUnit
			return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %d of %d bytes", ErrTruncated, len(p), n)}
		}
		// The member ended inside the block and another member follows:
		// some writers split a record over members; read on through them.
	}
	got, err := r.readBlock(n)
	if got < n {
		if err == io.EOF && r.cr.err == nil {
			return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %d of %d bytes", ErrTruncated, got, n)}
		}
		return nil, r.unitFailure(err, off, rec.ID, ErrTruncated, fmt.Sprintf("%d of %d bytes", got, n))
	}
	p, err := r.dr.Peek(trailerPeek)
	if err != nil && err != io.EOF {
		return nil, r.unitFailure(err, off, rec.ID, ErrTruncated, "")
	}
	if !trailer(p) {
		r.resync = resyncUnit
		return nil, &RecordError{Offset: off, ID: rec.ID, Err: fmt.Errorf("%w: %d, but the block is not followed by the end of the record", ErrBadContentLength, n)}
	}
	rec.Block = r.blockBuf[:n:n]
	return rec, nil
}

// readBlock reads n bytes into blockBuf, growing it as the bytes arrive
// (so that a false Content-Length costs no more memory than the data).
func (r *Reader) readBlock(n int) (int, error) {
	got := 0
	for got < n {
		if cap(r.blockBuf) == got {
			c := min(n, max(2*cap(r.blockBuf), 1<<20))
			nb := make([]byte, c)
			copy(nb, r.blockBuf[:got])
			r.blockBuf = nb
		}
		m, err := r.readSpanning(r.blockBuf[got:min(n, cap(r.blockBuf))])
		got += m
		if err != nil {
			return got, err
		}
	}
	return got, nil
}

// readSpanning fills p from the current member and, when a member ends
// cleanly inside p, from the members that follow it.
func (r *Reader) readSpanning(p []byte) (int, error) {
	n := 0
	for {
		m, err := readFull(r.dr, p[n:])
		n += m
		if n == len(p) {
			return n, nil
		}
		if err != io.EOF || r.fmt == formatPlain || r.cr.err != nil || !r.memberFollows() {
			return n, err
		}
		if err := r.openUnit(); err != nil {
			return n, err
		}
	}
}

// memberFollows tells whether the raw input goes on with a gzip member or
// zstd frame.
func (r *Reader) memberFollows() bool {
	p, _ := r.br.Peek(4)
	if r.fmt == formatGzip {
		return len(p) >= 3 && p[0] == 0x1f && p[1] == 0x8b && p[2] == 8
	}
	return len(p) == 4 && isZstdMagic(p)
}

// trailerOK tells whether the bytes after a block look like the end of a
// record: the standard CRLF CRLF, or line breaks followed by the end of the
// member or the next "WARC/".
func trailerOK(t []byte) bool {
	i := 0
	for i < len(t) && (t[i] == '\r' || t[i] == '\n') {
		i++
	}
	// The standard trailer: whatever follows is the next record's business.
	if i >= 4 && string(t[:4]) == "\r\n\r\n" {
		return true
	}
	t = t[i:]
	return len(t) == 0 || (len(t) >= 5 && string(t[:5]) == "WARC/")
}

// readFull reads len(p) bytes unless the reader fails, returning its error
// as is (io.EOF included, unlike io.ReadFull).
func readFull(r io.Reader, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := r.Read(p[n:])
		n += m
		if err != nil {
			if n == len(p) {
				return n, nil
			}
			return n, err
		}
	}
	return n, nil
}

// discard skips n bytes of br.
func discard(br *bufio.Reader, n int64) (int64, error) {
	var done int64
	for done < n {
		step := n - done
		if step > 1<<30 {
			step = 1 << 30
		}
		m, err := br.Discard(int(step))
		done += int64(m)
		if err != nil {
			return done, err
		}
	}
	return done, nil
}

// scanUnit moves to the next line starting with "WARC/" in the current
// member; reaching the member's end closes it.
func (r *Reader) scanUnit() error {
	if !r.inUnit {
		return nil
	}
	first := true
	for {
		p, err := r.dr.Peek(r.dr.Size())
		if first {
			line := p
			if i := bytes.IndexByte(p, '\n'); i >= 0 {
				line = p[:i+1]
			}
			if r.isRecordStart(line) {
				return nil
			}
		}
		first = false
		at, keep := r.nextRecordStart(p)
		if at >= 0 {
			r.dr.Discard(at)
			return nil
		}
		if err != nil && err != bufio.ErrBufferFull {
			r.dr.Discard(len(p))
			if r.cr.err != nil {
				return r.cr.err
			}
			r.inUnit = false
			if err != io.EOF && r.fmt != formatPlain {
				r.streamResync()
			}
			return nil
		}
		if keep >= len(p) {
			keep = 0
		}
		r.dr.Discard(len(p) - keep)
	}
}

// openUnit starts the next gzip member or zstd frame (for plain input, the
// stream itself). It returns io.EOF at the end of the input.
func (r *Reader) openUnit() error {
	switch r.fmt {
	case formatGzip:
		p, err := r.br.Peek(3)
		if len(p) == 0 {
			return r.eof(err)
		}
		off := r.pos()
		if len(p) < 3 || p[0] != 0x1f || p[1] != 0x8b || p[2] != 8 {
			if allZero(p) && r.trailingZeros() {
				return io.EOF
			}
			r.resync, r.resyncFrom = resyncStream, off+1
			return &RecordError{Offset: off, Err: fmt.Errorf("%w: no gzip member starts here", ErrCompression)}
		}
		r.unitStart = off
		r.rb.setMark(off)
		if r.gz == nil {
			r.gz = new(gzip.Reader)
		}
		if err := r.gz.Reset(r.br); err != nil {
			if r.cr.err != nil {
				return r.cr.err
			}
			r.streamResync()
			return &RecordError{Offset: off, Err: fmt.Errorf("%w: %w", ErrCompression, err)}
		}
		r.gz.Multistream(false)
		r.unitOut = 0
		r.dr.Reset(gzipUnit{r})
	case formatZstd:
		for {
			p, err := r.br.Peek(4)
			if len(p) == 0 {
				return r.eof(err)
			}
			off := r.pos()
			if len(p) == 4 && isSkippableMagic(p) {
				if err := r.skippableFrame(off); err != nil {
					return err
				}
				continue
			}
			if len(p) < 4 || !isZstdMagic(p) {
				if allZero(p) && r.trailingZeros() {
					return io.EOF
				}
				r.resync, r.resyncFrom = resyncStream, off+1
				return &RecordError{Offset: off, Err: fmt.Errorf("%w: no zstd frame starts here", ErrCompression)}
			}
			r.unitStart = off
			r.rb.setMark(off)
			if r.zd == nil {
				zd, err := zstd.NewReader(nil, r.zstdOptions()...)
				if err != nil {
					return err
				}
				r.zd = zd
			}
			r.fr.reset(r.br)
			if err := r.zd.Reset(&r.fr); err != nil {
				if r.cr.err != nil {
					return r.cr.err
				}
				r.streamResync()
				return &RecordError{Offset: off, Err: fmt.Errorf("%w: %w", ErrCompression, err)}
			}
			r.unitOut = 0
			r.dr.Reset(zstdUnit{r})
			break
		}
	default:
		p, err := r.br.Peek(1)
		if len(p) == 0 {
			return r.eof(err)
		}
		r.unitStart = r.pos()
	}
	r.inUnit = true
	return nil
}

// gzipUnit reads the current member's content, counting it.
type gzipUnit struct{ r *Reader }

func (u gzipUnit) Read(p []byte) (int, error) {
	n, err := u.r.gz.Read(p)
	u.r.unitOut += int64(n)
	return n, err
}

// zstdUnit reads the current frame's content and reports a frame that ends
// before its last block (which the decoder may take for a clean end) as
// io.ErrUnexpectedEOF.
type zstdUnit struct{ r *Reader }

func (u zstdUnit) Read(p []byte) (int, error) {
	n, err := u.r.zd.Read(p)
	u.r.unitOut += int64(n)
	if err == io.EOF && !u.r.fr.done {
		if u.r.fr.err != nil {
			err = u.r.fr.err
		} else {
			err = io.ErrUnexpectedEOF
		}
	}
	return n, err
}

func allZero(p []byte) bool {
	for _, c := range p {
		if c != 0 {
			return false
		}
	}
	return true
}

// trailingZeros consumes zero padding at the end of a compressed file (some
// writers pad to a block size) and tells whether the input ended there.
func (r *Reader) trailingZeros() bool {
	for {
		p, _ := r.br.Peek(r.br.Size())
		if len(p) == 0 {
			return true
		}
		i := 0
		for i < len(p) && p[i] == 0 {
			i++
		}
		if i < len(p) {
			r.br.Discard(i)
			return false
		}
		r.br.Discard(i)
	}
}

func (r *Reader) zstdOptions() []zstd.DOption {
	// Per-record frames never need a window larger than a record; files
	// compressed whole may use up to 8 MiB (zstd -19) or more (--long).
	window := min(max(2*r.maxRecord, 8<<20), maxZstdWindow)
	opts := []zstd.DOption{
		zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxWindow(uint64(window)),
		zstd.WithDecoderMaxMemory(uint64(window)),
	}
	return append(opts, r.zdOpts...)
}

// skippableFrame reads a zstd skippable frame; the IIPC dictionary frame
// (magic 0x184D2A5D) replaces the decoders' dictionary.
func (r *Reader) skippableFrame(off int64) error {
	var h [8]byte
	if n, err := readFull(r.br, h[:]); n < 8 {
		if r.cr.err != nil {
			return r.cr.err
		}
		_ = err
		return &RecordError{Offset: off, Err: fmt.Errorf("%w: truncated skippable frame", ErrCompression)}
	}
	size := int64(uint32(h[4]) | uint32(h[5])<<8 | uint32(h[6])<<16 | uint32(h[7])<<24)
	if h[0] != 0x5D || size > r.maxRecord {
		if _, err := discard(r.br, size); err != nil {
			return r.eof(err)
		}
		return nil
	}
	buf := make([]byte, size)
	if n, _ := readFull(r.br, buf); int64(n) < size {
		if r.cr.err != nil {
			return r.cr.err
		}
		return &RecordError{Offset: off, Err: fmt.Errorf("%w: truncated dictionary frame", ErrCompression)}
	}
	dict, err := decodeDictFrame(buf, r.maxRecord)
	if err != nil {
		return &RecordError{Offset: off, Err: fmt.Errorf("%w: dictionary: %w", ErrCompression, err)}
	}
	if len(dict) >= 4 && string(dict[:4]) == dictMagic {
		r.zdOpts = []zstd.DOption{zstd.WithDecoderDicts(dict)}
	} else {
		r.zdOpts = []zstd.DOption{zstd.WithDecoderDictRaw(0, dict)}
	}
	if r.zd != nil {
		r.zd.Close()
		r.zd = nil
	}
	if r.trialZd != nil {
		r.trialZd.Close()
		r.trialZd = nil
	}
	zd, err := zstd.NewReader(nil, r.zstdOptions()...)
	if err != nil {
		r.zdOpts = nil
		return &RecordError{Offset: off, Err: fmt.Errorf("%w: dictionary: %w", ErrCompression, err)}
	}
	r.zd = zd
	return nil
}

const (
	zstdMagic = "\x28\xb5\x2f\xfd"
	dictMagic = "\x37\xa4\x30\xec"
)

func isZstdMagic(p []byte) bool { return string(p[:4]) == zstdMagic }

func isSkippableMagic(p []byte) bool {
	return p[0]&0xf0 == 0x50 && string(p[1:4]) == "\x2a\x4d\x18"
}

// decodeDictFrame returns the dictionary held by an IIPC dictionary frame's
// payload: zstd-compressed or as is.
func decodeDictFrame(payload []byte, limit int64) ([]byte, error) {
	if len(payload) < 4 || !isZstdMagic(payload) {
		return payload, nil
	}
	d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(limit)))
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.DecodeAll(payload, nil)
}

// streamResync schedules a search for the next good member from the byte
// after the start of the current (damaged) one.
func (r *Reader) streamResync() {
	r.resync = resyncStream
	r.resyncFrom = r.unitStart + 1
}

// scanStream looks for the next gzip member or zstd frame that decodes to a
// WARC record, after damage. It returns io.EOF when none is left.
func (r *Reader) scanStream() error {
	r.inUnit = false
	if r.resyncFrom < r.pos() && r.rb.rewind(r.resyncFrom) {
		r.src.n = r.rb.pos()
		r.br.Reset(&r.src)
	}
	skip := 0
	for {
		p, err := r.br.Peek(r.br.Size())
		if err == bufio.ErrBufferFull {
			err = nil
		}
		if r.cr.err != nil {
			return r.cr.err
		}
		refill := false
		for i := skip; i+4 <= len(p); {
			j := r.nextCandidate(p[i:])
			if j < 0 {
				break
			}
			i += j
			if err == nil && i > 0 && len(p)-i < trialLookahead {
				r.br.Discard(i)
				refill = true
				break
			}
			if r.trial(p[i:]) {
				r.br.Discard(i)
				return nil
			}
			i++
		}
		skip = 0
		if refill {
			continue
		}
		if err != nil {
			r.br.Discard(len(p))
			return r.eof(err)
		}
		r.br.Discard(len(p) - 3)
	}
}

// nextCandidate finds the next possible member or frame start in p.
func (r *Reader) nextCandidate(p []byte) int {
	if r.fmt == formatGzip {
		return bytes.Index(p, []byte{0x1f, 0x8b, 0x08})
	}
	return bytes.Index(p, []byte(zstdMagic))
}

// trial tells whether p starts with a member or frame whose content starts
// with "WARC/".
func (r *Reader) trial(p []byte) bool {
	var head [5]byte
	r.trialBR.Reset(p)
	switch r.fmt {
	case formatGzip:
		if r.trialGz == nil {
			r.trialGz = new(gzip.Reader)
		}
		if r.trialGz.Reset(&r.trialBR) != nil {
			return false
		}
		r.trialGz.Multistream(false)
		n, _ := readFull(r.trialGz, head[:])
		return n == 5 && string(head[:]) == "WARC/"
	case formatZstd:
		if r.trialZd == nil {
			zd, err := zstd.NewReader(nil, r.zstdOptions()...)
			if err != nil {
				return false
			}
			r.trialZd = zd
		}
		r.trialFR.reset(&r.trialBR)
		if r.trialZd.Reset(&r.trialFR) != nil {
			return false
		}
		n, _ := readFull(r.trialZd, head[:])
		return n == 5 && string(head[:]) == "WARC/"
	}
	return false
}
