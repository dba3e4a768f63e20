package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

// A WARC file compressed as one stream (zcat x.warc.gz | zstd) has all its
// records in one member at offset 0: Inner is what finds each of them, and
// a record cut short by a truncated download is placed by it too.
func TestInnerOffsetOfOneStreamFiles(t *testing.T) {
	plain, want := writeCorpus(t, 60, 5000, WithCompression(Plain))
	var gz bytes.Buffer
	gw := gzip.NewWriter(&gz)
	gw.Write(plain)
	gw.Close()
	enc, _ := zstd.NewWriter(nil)
	zst := enc.EncodeAll(plain, nil)
	perRecord, perWant := writeCorpus(t, 60, 5000) // one gzip member per record

	for _, c := range []struct {
		name      string
		data      []byte
		want      []testRecord
		oneStream bool
	}{
		{"gzip stream", gz.Bytes(), want, true},
		{"zstd stream", zst, want, true},
		{"plain", plain, want, false},
		{"gzip per record", perRecord, perWant, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewReader(bytes.NewReader(c.data))
			if err != nil {
				t.Fatal(err)
			}
			var got []*Record
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if rec.Type == "response" {
					cp := *rec
					got = append(got, &cp)
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("%d responses, want %d", len(got), len(c.want))
			}
			for i, rec := range got {
				off, inner := c.want[i].offset, int64(0)
				if c.oneStream {
					off, inner = 0, c.want[i].offset
				}
				if rec.Offset != off || rec.Inner != inner {
					t.Errorf("record %d at offset %d inner %d, want %d and %d", i, rec.Offset, rec.Inner, off, inner)
				}
			}

			// Cut the file inside a response: the damaged record
			// is reported where it starts.
			cut := c.data[:len(c.data)*4/7]
			if c.oneStream {
				cut = c.data[:len(c.data)-len(c.data)/4]
			}
			r, _ = NewReader(bytes.NewReader(cut))
			var last *Record
			var recErr *RecordError
			for {
				rec, err := r.Next()
				if err == io.EOF {
					break
				}
				if errors.As(err, &recErr) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				cp := *rec
				last = &cp
			}
			if recErr == nil || last == nil {
				t.Fatalf("no error for the cut record, or no record before it (last %v, error %v)", last, recErr)
			}
			var wantOff, wantInner int64
			for _, w := range c.want {
				if c.oneStream && w.offset > last.Inner {
					wantOff, wantInner = 0, w.offset
					break
				}
				if !c.oneStream && w.offset > last.Offset {
					wantOff = w.offset
					break
				}
			}
			if recErr.Offset != wantOff || recErr.Inner != wantInner {
				t.Fatalf("cut record reported at offset %d inner %d, want %d and %d (%v)", recErr.Offset, recErr.Inner, wantOff, wantInner, recErr)
			}
			if c.oneStream && !strings.Contains(recErr.Error(), fmt.Sprintf("offset 0, +%d decompressed", wantInner)) {
				t.Errorf("message does not place the record inside the stream: %v", recErr)
			}
		})
	}
}
