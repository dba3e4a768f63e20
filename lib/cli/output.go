package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/chaffkit/chaff/lib/stream"
)

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
