package record

import (
	"bufio"
	"io"
)

// Writer writes records as JSON lines through one buffer. Call Flush at the
// end. It is not safe for concurrent use.
type Writer struct {
	w   *bufio.Writer
	buf []byte
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, 1<<20)}
}

// Write writes rec as one line.
func (w *Writer) Write(rec *Record) error {
	w.buf = rec.AppendJSON(w.buf[:0])
	w.buf = append(w.buf, '\n')
	_, err := w.w.Write(w.buf)
	if cap(w.buf) > 64<<20 {
		w.buf = nil // don't keep one giant page's buffer for the rest of the run
	}
	return err
}

// WriteLine writes one already encoded line; a newline is added.
func (w *Writer) WriteLine(line []byte) error {
	if _, err := w.w.Write(line); err != nil {
		return err
	}
	return w.w.WriteByte('\n')
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() error { return w.w.Flush() }
