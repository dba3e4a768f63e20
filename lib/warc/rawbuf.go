package warc

import "io"

const (
	rawChunk      = 64 << 10 // bytes asked of the input per read, at least
	rawInitial    = 64 << 10 // initial capacity of the raw buffer
	rawCap        = 4 << 20  // capacity the raw buffer may grow to
	maxRawHistory = 1 << 20  // how far back a rewind may reach
)

// rawBuffer buffers the compressed input and keeps the bytes since the
// start of the current gzip member or zstd frame (the mark), so that after
// damage the Reader can rewind there and look for the next member from the
// byte after it: a truncated member would otherwise swallow the start of
// the member that follows. It sits under the bufio.Reader that the
// decompressors read (whose fast paths need a *bufio.Reader).
type rawBuffer struct {
	r    io.Reader
	buf  []byte
	base int64 // input offset of buf[0]
	rd   int   // index of the next byte to hand out
	mark int64 // keep bytes from this offset on, if not too far back
	err  error
}

func newRawBuffer(r io.Reader) *rawBuffer {
	return &rawBuffer{r: r, buf: make([]byte, 0, rawInitial), mark: -1}
}

// pos is the input offset of the next byte Read returns.
func (b *rawBuffer) pos() int64 { return b.base + int64(b.rd) }

func (b *rawBuffer) setMark(off int64) { b.mark = off }

// rewind moves the read position back (or forward) to off if that byte is
// still buffered.
func (b *rawBuffer) rewind(off int64) bool {
	if off < b.base || off > b.base+int64(len(b.buf)) {
		return false
	}
	b.rd = int(off - b.base)
	return true
}

func (b *rawBuffer) Read(p []byte) (int, error) {
	if b.rd == len(b.buf) {
		if b.err != nil {
			return 0, b.err
		}
		b.fill()
		if b.rd == len(b.buf) {
			return 0, b.err
		}
	}
	n := copy(p, b.buf[b.rd:])
	b.rd += n
	return n, nil
}

// fill reads more input, first dropping the bytes no rewind can need.
func (b *rawBuffer) fill() {
	if cap(b.buf)-len(b.buf) < rawChunk {
		keep := b.rd
		if m := b.mark - b.base; m >= 0 && m < int64(b.rd) && int64(b.rd)-m <= maxRawHistory {
			keep = int(m)
		}
		if cap(b.buf)-(len(b.buf)-keep) < rawChunk && cap(b.buf) < rawCap {
			// Shifting would not make room: grow (the history is long).
			nb := make([]byte, len(b.buf)-keep, min(2*cap(b.buf), rawCap))
			copy(nb, b.buf[keep:])
			b.buf = nb
		} else {
			n := copy(b.buf, b.buf[keep:])
			b.buf = b.buf[:n]
		}
		b.base += int64(keep)
		b.rd -= keep
	}
	for tries := 0; tries < 100; tries++ {
		n, err := b.r.Read(b.buf[len(b.buf):cap(b.buf)])
		b.buf = b.buf[:len(b.buf)+n]
		if err != nil {
			b.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	b.err = io.ErrNoProgress
}
