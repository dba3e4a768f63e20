package stream

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// A WARC page's location for messages has its byte offset, so that a
// per-page error can be found in the file; JSON lines keep file:line.
func TestWARCPagesLocatedByOffset(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.warc.gz")
	data := warcGz(t)
	os.WriteFile(path, data, 0o644)
	recs, _, _ := readAll(t, []string{path}, nil, Options{})
	if len(recs) != 1 {
		t.Fatalf("%d records", len(recs))
	}
	off := recs[0].Offset
	if off == 0 || data[off] != 0x1f {
		t.Fatalf("offset %d is not a gzip member's start", off)
	}
	if want := fmt.Sprintf("%s:2 (offset %d)", path, off); recs[0].Where() != want {
		t.Errorf("WARC page at %q, want %q", recs[0].Where(), want)
	}
	oneStream, offs := warcOneStream(t, 3, zst)
	recs, _, _ = readAll(t, nil, oneStream, Options{})
	if want := fmt.Sprintf("<stdin>:3 (offset 0, +%d decompressed)", offs[2]); len(recs) != 3 || recs[2].Where() != want {
		t.Errorf("page in a one-stream file at %q, want %q", recs[len(recs)-1].Where(), want)
	}
	recs, _, _ = readAll(t, nil, []byte(jsonl), Options{})
	if recs[1].Where() != "<stdin>:2" {
		t.Errorf("JSON line at %q, want <stdin>:2", recs[1].Where())
	}
}
