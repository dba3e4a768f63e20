package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/chaffkit/chaff/lib/stream"
)

// output is where a command writes: stdout or the -o file, compressed or not, through a
// buffer that only flush empties, so that a page is counted as emitted only once the bytes
// holding it are written out (counts.emitted), and as skipped.unwritten when that fails.
// After the first failed write nothing more is written.
type output struct {
	w    io.WriteCloser // the -o file or stdout, compressed or not
	file *outputFile    // the -o file, renamed into place by close (nil for stdout)
	bw   *bufio.Writer
	c    *counts
	// Pages written into bw but not yet flushed, and those of them with "error".
	pendingPages, pendingErrs int64
	err                       error // the first failed write
	// failed is told of the first failed write (a closed pipe included).
	failed func(error)
}

// newOutput opens path (see createOutput) for a run that counts into c.
func newOutput(path string, stdout io.Writer, compress bool, c *counts, failed func(error)) (*output, error) {
	w, of, err := createOutput(path, stdout, compress)
	if err != nil {
		return nil, err
	}
	return &output{w: w, file: of, bw: bufio.NewWriterSize(w, outBufSize), c: c, failed: failed}, nil
}

// outBufSize is the output buffer's size. Small records (text) are written 64 KB at a time; a
// line longer than that (a page with its HTML) goes to the output straight from where it was
// encoded (copying it into a buffer of 1 MB, out of the cache, cost `map` 3-5% of its CPU time).
const outBufSize = 64 << 10

// writeLine writes one line: a page record (page, with "error" when isErr), or another line
// (a model line, a row). A page is counted as emitted once the buffer holding it is flushed,
// as skipped.unwritten when a write fails.
func (o *output) writeLine(line []byte, page, isErr bool) {
	if o.err == nil && o.bw.Buffered() > 0 && len(line)+1 > o.bw.Available() {
		o.flush()
	}
	if o.err != nil {
		if page {
			o.c.skip("unwritten", 1)
		}
		return
	}
	_, err := o.bw.Write(line)
	if err == nil {
		err = o.bw.WriteByte('\n')
	}
	if page {
		o.pendingPages++
		o.c.live.emitted.Add(1)
		if isErr {
			o.pendingErrs++
		}
	}
	if err != nil {
		o.fail(err)
	}
}

// writeRaw writes bytes that are neither records nor lines (a view).
func (o *output) writeRaw(b []byte) {
	if o.err != nil {
		return
	}
	if _, err := o.bw.Write(b); err != nil {
		o.fail(err)
	}
}

// flush writes out the buffer and counts its pages as emitted.
func (o *output) flush() bool {
	if o.err != nil {
		return false
	}
	if err := o.bw.Flush(); err != nil {
		o.fail(err)
		return false
	}
	o.c.emitted += o.pendingPages
	o.c.errs += o.pendingErrs
	o.pendingPages, o.pendingErrs = 0, 0
	return true
}

// fail records the first failed write: the pages pending in the buffer are unwritten.
func (o *output) fail(err error) {
	o.err = err
	o.c.skip("unwritten", o.pendingPages)
	o.pendingPages, o.pendingErrs = 0, 0
	o.failed(err)
}

// close flushes and closes the output, then gives an -o file its name when the run ended
// well (complete), or removes the temporary file. It returns what went wrong, as lines for
// stderr, and whether that is a failure of the run.
func (o *output) close(complete bool) (msgs []string, failed bool) {
	o.flush()
	if err := o.w.Close(); err != nil && o.err == nil && !errors.Is(err, syscall.EPIPE) {
		o.err = err
		msgs, failed = append(msgs, fmt.Sprintf("close output: %v", err)), true
	}
	if o.file == nil {
		return msgs, failed
	}
	if !complete || o.err != nil {
		if o.file.tmp != "" {
			o.file.discard()
			msgs = append(msgs, fmt.Sprintf("-o %s not written: the run did not finish", o.file.path))
		}
		return msgs, failed
	}
	if err := o.file.commit(); err != nil {
		msgs, failed = append(msgs, fmt.Sprintf("-o %s: %v", o.file.path, err)), true
	}
	return msgs, failed
}

// outputFile is the -o file of a run. A regular file is written under a
// temporary name in the same directory and renamed onto its real name only
// when the run ends well, so that an interrupted or failed run never leaves
// a truncated file (nor clobbers the one that was there). A device or pipe
// (/dev/null, /dev/stdout, a FIFO) is written in place.
type outputFile struct {
	path string // as given to -o, for messages
	dest string // the file renamed onto: path, or the target of the link path is
	tmp  string // the temporary name, "" when written in place
	mode fs.FileMode
}

// createOutput opens where a command writes: stdout when path is "" or
// "-", else the file path (see outputFile). It fails at once, naming the
// path, when the file cannot be written, so that a run does not read its
// whole input first.
func createOutput(path string, stdout io.Writer, compress bool) (io.WriteCloser, *outputFile, error) {
	if path == "" || path == "-" {
		w, err := stream.Create("", stdout, compress)
		return w, nil, err
	}
	fail := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write -o %s: %w", path, err)
	}
	of := &outputFile{path: path, mode: 0o644}
	dest := path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		dest = resolved // a symbolic link: replace its target, not the link
	}
	switch st, err := os.Stat(dest); {
	case err == nil && st.IsDir():
		return nil, nil, fail(errors.New("is a directory"))
	case err == nil && !st.Mode().IsRegular():
		w, err := stream.Create(path, stdout, compress) // a device or pipe: in place
		if err != nil {
			return nil, nil, fail(err)
		}
		return w, of, nil
	case err == nil:
		of.mode = st.Mode().Perm()
	case !errors.Is(err, fs.ErrNotExist):
		return nil, nil, fail(err)
	}
	// The temporary name ends with the real one, so that stream.Create
	// picks the same compression from its suffix.
	dir, base := filepath.Split(dest)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, ".chaff-*-"+base)
	if err != nil {
		return nil, nil, fail(err)
	}
	of.tmp, of.dest = f.Name(), dest
	f.Close()
	w, err := stream.Create(of.tmp, stdout, compress)
	if err != nil {
		os.Remove(of.tmp)
		return nil, nil, fail(err)
	}
	return w, of, nil
}

// commit gives the written file its real name.
func (of *outputFile) commit() error {
	if of == nil || of.tmp == "" {
		return nil
	}
	if err := os.Chmod(of.tmp, of.mode); err != nil {
		os.Remove(of.tmp)
		return err
	}
	if err := os.Rename(of.tmp, of.dest); err != nil {
		os.Remove(of.tmp)
		return err
	}
	return nil
}

// discard removes the temporary file of a run that did not end well; the
// file at the real name, if any, is left as it was.
func (of *outputFile) discard() {
	if of != nil && of.tmp != "" {
		os.Remove(of.tmp)
	}
}
