package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/chaffkit/chaff/lib/record"
)

// The stages pipe keyed lines (SITE<TAB>TAG<TAB>JSON, docs/DESIGN.md) through the tool.
const (
	tagModel = "0"
	tagPage  = "1"
)

// mapFn pipes one input file through `TOOL map` and emits every page under its site key
// (output 1) and again the pages that have html, the candidates for the sample (output 2).
// A local file is named to the tool (so pages get the same ids as in `TOOL run FILE`); a
// file of another filesystem (gs://, s3://) is streamed to the tool's stdin.
type mapFn struct{ Tool string }

func (f *mapFn) ProcessElement(ctx context.Context, in File, all, learnable func(string, Page)) error {
	args := []string{"map"}
	var stdin io.Reader
	if !strings.Contains(in.Path, "://") {
		args = append(args, in.Path)
	} else {
		fs, err := filesystem.New(ctx, in.Path)
		if err != nil {
			return err
		}
		defer fs.Close()
		r, err := fs.OpenRead(ctx, in.Path)
		if err != nil {
			return err
		}
		defer r.Close()
		stdin = r
	}
	var n int64
	return pipe(ctx, f.Tool, args, stdin, func(line []byte) error {
		key, tag, js, err := splitKeyed(line)
		if err != nil || tag != tagPage {
			return fmt.Errorf("%s map: %s: unexpected line %.80q", f.Tool, in.Path, line)
		}
		p := Page{File: in.Index, N: n, JSON: string(js)}
		n++
		all(key, p)
		if rec, err := record.Parse(js, "html"); err == nil {
			if raw := rec.Get("html"); len(raw) > 0 && raw[0] == '"' {
				learnable(key, p)
			}
		}
		return nil
	})
}

// learnFn pipes a site's sample, in input order, through `TOOL learn --keyed` and emits the
// model (the JSON of its model line) under the site.
type learnFn struct {
	Tool   string
	Sample int
	Flags  []string
}

func (f *learnFn) ProcessElement(ctx context.Context, site string, pages []Page, emit func(string, string)) error {
	slices.SortFunc(pages, func(a, b Page) int {
		if Before(a, b) {
			return -1
		}
		if Before(b, a) {
			return 1
		}
		return 0
	})
	feed := func(w *bufio.Writer) error {
		for _, p := range pages {
			writeKeyed(w, site, tagPage, p.JSON)
		}
		return nil
	}
	args := append([]string{"learn", "--keyed", "--sample", fmt.Sprint(f.Sample)}, f.Flags...)
	return pipeFed(ctx, f.Tool, args, feed, func(line []byte) error {
		key, tag, js, err := splitKeyed(line)
		if err != nil || tag != tagModel || key != site {
			return fmt.Errorf("%s learn: unexpected line %.80q", f.Tool, line)
		}
		emit(site, string(js))
		return nil
	})
}

// applyFn pipes a site's model line and pages through `TOOL apply --keyed` and emits the
// records (the JSON after the key). A site without a model (its learning failed) still has
// its pages emitted, each with the tool's error.
type applyFn struct {
	Tool  string
	Flags []string
}

func (f *applyFn) ProcessElement(ctx context.Context, site string, models func(*string) bool, pages func(*Page) bool, emit func(string)) error {
	// The iterators are read by the feeding goroutine only, while this one reads the
	// tool's output and emits.
	feed := func(w *bufio.Writer) error {
		var m string
		for models(&m) {
			writeKeyed(w, site, tagModel, m)
		}
		var p Page
		for pages(&p) {
			writeKeyed(w, site, tagPage, p.JSON)
		}
		return nil
	}
	args := append([]string{"apply", "--keyed"}, f.Flags...)
	return pipeFed(ctx, f.Tool, args, feed, func(line []byte) error {
		_, rec, ok := bytes.Cut(line, []byte("\t"))
		if !ok {
			return fmt.Errorf("%s apply: line without a key %.80q", f.Tool, line)
		}
		emit(string(rec))
		return nil
	})
}

func writeKeyed(w *bufio.Writer, key, tag, js string) {
	w.WriteString(key)
	w.WriteByte('\t')
	w.WriteString(tag)
	w.WriteByte('\t')
	w.WriteString(js)
	w.WriteByte('\n')
}

// splitKeyed splits KEY<TAB>TAG<TAB>JSON.
func splitKeyed(line []byte) (key, tag string, js []byte, err error) {
	k, rest, ok := bytes.Cut(line, []byte("\t"))
	t, js, ok2 := bytes.Cut(rest, []byte("\t"))
	if !ok || !ok2 {
		return "", "", nil, errors.New("not a tagged keyed line")
	}
	return string(k), string(t), js, nil
}

// pipeFed runs the tool with stdin written by feed on another goroutine.
func pipeFed(ctx context.Context, tool string, args []string, feed func(*bufio.Writer) error, each func([]byte) error) error {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		w := bufio.NewWriterSize(pw, 1<<16)
		err := feed(w)
		if err == nil {
			err = w.Flush()
		}
		pw.CloseWithError(err)
		done <- err
	}()
	err := pipe(ctx, tool, args, pr, each)
	pr.CloseWithError(errors.New("tool ended")) // unblocks the feeder if the tool stopped early
	return errors.Join(err, ignorePipeClosed(<-done))
}

func ignorePipeClosed(err error) error {
	if err == nil || errors.Is(err, io.ErrClosedPipe) || err.Error() == "tool ended" {
		return nil
	}
	return err
}

// pipe runs the tool with stdin (nil: none) and calls each for every line of its stdout
// (without the newline). A non-zero exit is an error carrying the end of the tool's stderr.
func pipe(ctx context.Context, tool string, args []string, stdin io.Reader, each func([]byte) error) error {
	cmd := exec.CommandContext(ctx, tool, args...)
	cmd.Stdin = stdin
	var stderr tailBuffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	r := bufio.NewReaderSize(out, 1<<16)
	var ferr error
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 && ferr == nil {
			ferr = each(bytes.TrimSuffix(line, []byte("\n")))
		}
		if err != nil {
			if err != io.EOF {
				ferr = errors.Join(ferr, err)
			}
			break
		}
	}
	if err := cmd.Wait(); err != nil {
		return errors.Join(ferr, fmt.Errorf("%s %s: %v: %s", tool, strings.Join(args, " "), err, stderr.String()))
	}
	return ferr
}

// tailBuffer keeps the last 4 KB written to it: the end of a tool's stderr for an error.
type tailBuffer struct{ b []byte }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > 4096 {
		t.b = append(t.b[:0], t.b[len(t.b)-4096:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string { return strings.TrimSpace(string(t.b)) }
