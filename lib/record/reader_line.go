package record

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// LineReader reads lines of any length up to a limit, without the capped
// scanner's trap: a longer line is skipped whole and reported.
type LineReader struct {
	br     *bufio.Reader
	max    int
	n      int64 // lines read
	offset int64 // bytes read
	buf    []byte
}

// LineTooLong reports a line over the limit; the reader has skipped it.
type LineTooLong struct {
	N     int64 // its line number
	Limit int
}

func (e *LineTooLong) Error() string {
	return fmt.Sprintf("line longer than the limit of %d bytes (--max-record-bytes)", e.Limit)
}

// NewLineReader reads lines from r; max <= 0 means DefaultMaxBytes.
func NewLineReader(r io.Reader, max int) *LineReader {
	if max <= 0 {
		max = DefaultMaxBytes
	}
	br, ok := r.(*bufio.Reader)
	if !ok || br.Size() < 1<<16 {
		br = bufio.NewReaderSize(r, 1<<20)
	}
	return &LineReader{br: br, max: max}
}

// Next returns the next line with its newline (the last line may lack it)
// and its 1-based number. The line is valid until the next call. At the end
// it returns io.EOF; a line over the limit gives *LineTooLong.
func (l *LineReader) Next() (line []byte, n int64, err error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		if len(l.buf)+len(chunk) > l.max {
			skipped := int64(len(l.buf) + len(chunk))
			for errors.Is(err, bufio.ErrBufferFull) {
				chunk, err = l.br.ReadSlice('\n')
				skipped += int64(len(chunk))
			}
			l.offset += skipped
			l.n++
			if err != nil && err != io.EOF {
				return nil, l.n, err
			}
			return nil, l.n, &LineTooLong{N: l.n, Limit: l.max}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			l.buf = append(l.buf, chunk...)
			continue
		}
		if len(l.buf) > 0 {
			l.buf = append(l.buf, chunk...)
			chunk = l.buf
		}
		if len(chunk) == 0 {
			if err == nil {
				err = io.EOF
			}
			return nil, l.n, err
		}
		l.n++
		l.offset += int64(len(chunk))
		if err == io.EOF {
			err = nil // the last line, without newline; EOF comes next call
		}
		return chunk, l.n, err
	}
}

// Offset is the number of bytes consumed so far.
func (l *LineReader) Offset() int64 { return l.offset }
