package warc

import (
	"errors"
	"io"
)

var errZstdFrame = errors.New("warc: malformed zstd frame")

// frameReader passes exactly one zstd frame through from r and then reports
// io.EOF, by following the frame's block headers (RFC 8878 section 3.1.1).
// The zstd decoder reading from it thus stops at the frame's end, leaving r
// positioned at the next frame: that is how each record's offset stays exact.
type frameReader struct {
	r        io.Reader
	stage    [18]byte // frame or block header bytes read but not yet handed out
	s, e     int
	left     int64 // bytes of block content (or checksum) to pass through
	started  bool
	last     bool
	checksum bool
	done     bool
	err      error
}

func (f *frameReader) reset(r io.Reader) { *f = frameReader{r: r} }

func (f *frameReader) Read(p []byte) (int, error) {
	for {
		if f.s < f.e {
			n := copy(p, f.stage[f.s:f.e])
			f.s += n
			return n, nil
		}
		if f.left > 0 {
			if int64(len(p)) > f.left {
				p = p[:f.left]
			}
			n, err := f.r.Read(p)
			f.left -= int64(n)
			if err == io.EOF {
				if n > 0 {
					return n, nil
				}
				err = io.ErrUnexpectedEOF
			}
			if err != nil {
				f.err = err
			}
			return n, err
		}
		if f.err != nil {
			return 0, f.err
		}
		if f.done {
			return 0, io.EOF
		}
		if err := f.advance(); err != nil {
			f.err = err
			return 0, err
		}
	}
}

// advance reads the next header (frame or block) into stage.
func (f *frameReader) advance() error {
	if !f.started {
		f.started = true
		if err := f.fill(0, 5); err != nil {
			return err
		}
		if string(f.stage[:4]) != zstdMagic {
			return errZstdFrame
		}
		fhd := f.stage[4]
		if fhd&0x08 != 0 {
			return errZstdFrame
		}
		single := fhd&0x20 != 0
		n := 0
		if !single {
			n++ // window descriptor
		}
		n += [4]int{0, 1, 2, 4}[fhd&3]
		switch fhd >> 6 {
		case 0:
			if single {
				n++
			}
		case 1:
			n += 2
		case 2:
			n += 4
		case 3:
			n += 8
		}
		f.checksum = fhd&0x04 != 0
		return f.fill(5, n)
	}
	if f.last {
		if f.checksum {
			f.checksum = false
			f.left = 4
			return nil
		}
		f.done = true
		return nil
	}
	if err := f.fill(0, 3); err != nil {
		return err
	}
	h := uint32(f.stage[0]) | uint32(f.stage[1])<<8 | uint32(f.stage[2])<<16
	f.last = h&1 != 0
	size := int64(h >> 3)
	if size > 128<<10 {
		return errZstdFrame
	}
	switch (h >> 1) & 3 {
	case 0, 2: // raw, compressed
		f.left = size
	case 1: // RLE: one byte
		f.left = 1
	default:
		return errZstdFrame
	}
	return nil
}

// fill reads n header bytes into stage[at:] and stages stage[0:at+n].
func (f *frameReader) fill(at, n int) error {
	if _, err := io.ReadFull(f.r, f.stage[at:at+n]); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return err
	}
	f.s, f.e = 0, at+n
	return nil
}
