package warc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// testRecord is what a test wrote and expects to read back.
type testRecord struct {
	id, uri, date string
	offset        int64
	body          []byte
}

// makeHTML returns a deterministic HTML page of about n bytes.
func makeHTML(i, n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<!doctype html><html><head><title>Page %d</title></head><body>\n", i)
	for j := 0; b.Len() < n; j++ {
		fmt.Fprintf(&b, "<p>Paragraph %d of page %d: the quick brown fox %d jumps over the lazy dog.</p>\n", j, i, (i*31+j*7)%1000)
	}
	b.WriteString("</body></html>\n")
	return b.Bytes()
}

// writeCorpus writes a warcinfo record and n responses with the given
// options and returns the file and the responses in order.
func writeCorpus(t testing.TB, n, size int, opts ...WriterOption) ([]byte, []testRecord) {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, opts...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteWarcinfo("2026-01-01T00:00:00Z", []Field{{"software", "chaff test"}}); err != nil {
		t.Fatal(err)
	}
	var recs []testRecord
	for i := 0; i < n; i++ {
		tr := testRecord{
			uri:    fmt.Sprintf("http://example.com/page/%d", i),
			date:   "2026-01-02T03:04:05Z",
			offset: w.Offset(),
			body:   makeHTML(i, size),
		}
		tr.id, err = w.WriteResponse(tr.uri, tr.date, "", tr.body)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, tr)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), recs
}

// readAll reads every record; it returns the responses' pages and the
// record errors, and fails on a fatal error.
func readAll(t testing.TB, r io.Reader, opts ...Option) (pages []*Page, types []string, recErrs []*RecordError) {
	t.Helper()
	rd, err := NewReader(r, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var re *RecordError
		if errors.As(err, &re) {
			recErrs = append(recErrs, re)
			continue
		}
		if err != nil {
			t.Fatalf("fatal error: %v", err)
		}
		types = append(types, rec.Type)
		if p, err := ToPage(rec); err == nil {
			pages = append(pages, p)
		}
	}
	return pages, types, recErrs
}

func checkPages(t *testing.T, got []*Page, want []testRecord) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d pages, want %d", len(got), len(want))
	}
	for i, p := range got {
		w := want[i]
		if p.ID != w.id || p.URL != w.uri || p.Date != w.date || p.HTML != string(w.body) {
			t.Errorf("page %d: got id %s url %s date %s (%d bytes), want %s %s %s (%d bytes)",
				i, p.ID, p.URL, p.Date, len(p.HTML), w.id, w.uri, w.date, len(w.body))
		}
		if p.Offset != w.offset {
			t.Errorf("page %d: offset %d, want %d", i, p.Offset, w.offset)
		}
	}
}

var compressions = []struct {
	name string
	opts []WriterOption
}{
	{"plain", []WriterOption{WithCompression(Plain)}},
	{"gzip", []WriterOption{WithCompression(Gzip)}},
	{"zstd", []WriterOption{WithCompression(Zstd)}},
}

func TestRoundTrip(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			data, want := writeCorpus(t, 20, 3000, c.opts...)
			pages, types, errs := readAll(t, bytes.NewReader(data))
			if len(errs) > 0 {
				t.Fatalf("record errors: %v", errs)
			}
			if len(types) != 21 || types[0] != "warcinfo" {
				t.Fatalf("types %v", types)
			}
			checkPages(t, pages, want)
		})
	}
}

func TestRoundTripZstdDictionary(t *testing.T) {
	var samples [][]byte
	for i := 0; i < 50; i++ {
		samples = append(samples, makeHTML(1000+i, 4000))
	}
	dict, err := TrainDictionary(samples, 16<<10)
	if err != nil {
		t.Fatal(err)
	}
	for _, compressed := range []bool{false, true} {
		t.Run(fmt.Sprintf("compressed=%v", compressed), func(t *testing.T) {
			data, want := writeCorpus(t, 30, 4000, WithZstdDictionary(dict, compressed))
			if !bytes.HasPrefix(data, []byte{0x5D, 0x2A, 0x4D, 0x18}) {
				t.Fatalf("no dictionary frame at the start: % x", data[:8])
			}
			dictEnd := 8 + int(uint32(data[4])|uint32(data[5])<<8|uint32(data[6])<<16|uint32(data[7])<<24)
			plain, _ := writeCorpus(t, 30, 4000, WithCompression(Zstd))
			if len(data)-dictEnd >= len(plain) {
				t.Errorf("records with dictionary %d bytes, without %d: the dictionary does not help", len(data)-dictEnd, len(plain))
			}
			pages, _, errs := readAll(t, bytes.NewReader(data))
			if len(errs) > 0 {
				t.Fatalf("record errors: %v", errs)
			}
			checkPages(t, pages, want)
			// Without the dictionary frame the frames cannot be decoded.
			dictEnd = 8 + int(uint32(data[4])|uint32(data[5])<<8|uint32(data[6])<<16|uint32(data[7])<<24)
			pages, _, errs = readAll(t, bytes.NewReader(data[dictEnd:]))
			if len(pages) != 0 || len(errs) == 0 {
				t.Errorf("without the dictionary: %d pages, %d errors; want 0 pages and errors", len(pages), len(errs))
			}
		})
	}
}

// TestZstdRawDictionary reads frames compressed with a raw-content
// dictionary (no dictionary header, no ID in the frames).
func TestZstdRawDictionary(t *testing.T) {
	content := makeHTML(7, 8000)
	var buf bytes.Buffer
	h := []byte{0x5D, 0x2A, 0x4D, 0x18, 0, 0, 0, 0}
	h[4], h[5] = byte(len(content)), byte(len(content)>>8)
	buf.Write(h)
	buf.Write(content)
	enc, err := zstdEncoderRaw(content)
	if err != nil {
		t.Fatal(err)
	}
	body := makeHTML(8, 8000)
	rec := "WARC/1.1\r\nWARC-Type: resource\r\nWARC-Record-ID: <urn:x:1>\r\nWARC-Target-URI: http://a/\r\nContent-Type: text/html\r\nContent-Length: " +
		fmt.Sprint(len(body)) + "\r\n\r\n" + string(body) + "\r\n\r\n"
	out := enc.EncodeAll([]byte(rec), nil)
	enc.Close()
	buf.Write(out)
	pages, _, errs := readAll(t, &buf)
	if len(errs) > 0 || len(pages) != 1 || pages[0].HTML != string(body) {
		t.Fatalf("got %d pages, errors %v", len(pages), errs)
	}
	if pages[0].Offset != int64(8+len(content)) {
		t.Errorf("offset %d, want %d", pages[0].Offset, 8+len(content))
	}
}

// TestOffsetsSeek checks that a record's offset is where a new reader can
// start and find that record, for every compression.
func TestOffsetsSeek(t *testing.T) {
	for _, c := range compressions[:2] {
		t.Run(c.name, func(t *testing.T) {
			data, want := writeCorpus(t, 10, 2000, c.opts...)
			for _, w := range want {
				pages, _, errs := readAll(t, bytes.NewReader(data[w.offset:]))
				if len(errs) > 0 || len(pages) == 0 || pages[0].ID != w.id {
					t.Fatalf("reading from offset %d: %d pages, errors %v", w.offset, len(pages), errs)
				}
			}
		})
	}
}

// TestSlowReaders reads through readers that return few bytes at a time,
// as pipes and stdin do.
func TestSlowReaders(t *testing.T) {
	for _, c := range compressions {
		data, want := writeCorpus(t, 5, 5000, c.opts...)
		for name, r := range map[string]io.Reader{
			"onebyte": iotest.OneByteReader(bytes.NewReader(data)),
			"half":    iotest.HalfReader(bytes.NewReader(data)),
			"dataerr": iotest.DataErrReader(bytes.NewReader(data)),
		} {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				pages, _, errs := readAll(t, r)
				if len(errs) > 0 {
					t.Fatal(errs)
				}
				checkPages(t, pages, want)
			})
		}
	}
}

func TestEmptyInput(t *testing.T) {
	rd, err := NewReader(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Fatalf("got %v, want io.EOF", err)
	}
	if _, err := rd.Next(); err != io.EOF {
		t.Fatalf("second call: got %v, want io.EOF", err)
	}
}

// TestInputErrorIsFatal: an error of the underlying reader is returned as
// is (not a RecordError), and again on every later call.
func TestInputErrorIsFatal(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			data, _ := writeCorpus(t, 5, 5000, c.opts...)
			r := io.MultiReader(bytes.NewReader(data[:len(data)/2]), iotest.ErrReader(boom))
			rd, err := NewReader(r)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for {
				_, err = rd.Next()
				var re *RecordError
				if err == nil || errors.As(err, &re) {
					n++
					if n > 100 {
						t.Fatal("no end")
					}
					continue
				}
				break
			}
			if !errors.Is(err, boom) {
				t.Fatalf("got %v, want boom", err)
			}
			if _, err2 := rd.Next(); !errors.Is(err2, boom) {
				t.Fatalf("second call: %v", err2)
			}
		})
	}
}

// members splits a gzip-per-record file at the given record offsets.
func cutAt(data []byte, recs []testRecord) [][]byte {
	var parts [][]byte
	prev := int64(0)
	for _, r := range recs {
		parts = append(parts, data[prev:r.offset])
		prev = r.offset
	}
	return append(parts, data[prev:])
}

// TestDamagedMembers damages one record's member or frame in several ways
// and checks that exactly that record is lost, with a RecordError at its
// offset, and the reader goes on.
func TestDamagedMembers(t *testing.T) {
	// lost: whether the damaged record is lost (garbage before a member is
	// skipped with an error and the member is read).
	damage := map[string]func(member []byte) []byte{
		"truncated": func(m []byte) []byte { return m[:len(m)/2] },
		"flipped": func(m []byte) []byte {
			m = bytes.Clone(m)
			for i := len(m) / 3; i < len(m)/3+8; i++ {
				m[i] ^= 0x5a
			}
			return m
		},
		"garbage-before": func(m []byte) []byte { return append([]byte("garbage\r\n\x00\x01junk"), m...) },
		"header-only":    func(m []byte) []byte { return m[:12] },
	}
	for _, c := range compressions[1:] {
		for name, f := range damage {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				data, want := writeCorpus(t, 6, 3000, c.opts...)
				parts := cutAt(data, want) // parts[0] is warcinfo, parts[i+1] is want[i]
				const bad = 2
				parts[bad+1] = f(parts[bad+1])
				joined := bytes.Join(parts, nil)
				pages, _, errs := readAll(t, bytes.NewReader(joined))
				if len(errs) == 0 {
					t.Fatal("no RecordError")
				}
				if len(errs) > 2 {
					t.Errorf("%d errors for one damaged record: %v", len(errs), errs)
				}
				if errs[0].Offset != want[bad].offset {
					t.Errorf("error offset %d, want %d (%v)", errs[0].Offset, want[bad].offset, errs[0])
				}
				lost := name != "garbage-before"
				if wantN := map[bool]int{true: 5, false: 6}[lost]; len(pages) != wantN {
					t.Fatalf("got %d pages, want %d: %v", len(pages), wantN, errs)
				}
				for i, p := range pages {
					j := i
					if i >= bad && lost {
						j++
					}
					if p.ID != want[j].id || p.HTML != string(want[j].body) {
						t.Errorf("page %d is %s, want %s", i, p.ID, want[j].id)
					}
				}
			})
		}
	}
}

// TestTruncatedEnd cuts the file at many places: never a panic or hang;
// the records wholly before the cut are read, in order; a cut inside a
// record gives a RecordError (or, for plain WARC cut inside the record's
// final line breaks, the record itself).
func TestTruncatedEnd(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			data, want := writeCorpus(t, 4, 2000, c.opts...)
			ends := make([]int64, len(want))
			for i := range want {
				ends[i] = int64(len(data))
				if i+1 < len(want) {
					ends[i] = want[i+1].offset
				}
			}
			for cut := 0; cut < len(data); cut += 1 + len(data)/97 {
				pages, _, errs := readAll(t, bytes.NewReader(data[:cut]))
				complete, inside := 0, false
				for i := range want {
					if ends[i] <= int64(cut) {
						complete++
					} else if want[i].offset < int64(cut) {
						inside = true
					}
				}
				if len(pages) < complete || len(pages) > complete+1 {
					t.Fatalf("cut %d: %d pages, %d complete records", cut, len(pages), complete)
				}
				for i, p := range pages {
					if p.ID != want[i].id {
						t.Fatalf("cut %d: page %d is %s, want %s", cut, i, p.ID, want[i].id)
					}
				}
				if inside && len(pages) == complete && len(errs) == 0 {
					t.Errorf("cut %d inside record %d: no RecordError", cut, complete)
				}
				if len(pages) == complete+1 && c.name != "plain" {
					t.Errorf("cut %d: a truncated %s record was read", cut, c.name)
				}
			}
		})
	}
}

// TestRandomDamage damages one member of a file at random (bytes flipped,
// cut, or garbage inserted) many times and checks that every other record
// is still read, in order.
func TestRandomDamage(t *testing.T) {
	for _, c := range compressions {
		t.Run(c.name, func(t *testing.T) {
			data, want := writeCorpus(t, 8, 1500, c.opts...)
			parts := cutAt(data, want)
			rng := uint64(99)
			next := func(n int) int {
				rng = rng*6364136223846793005 + 1442695040888963407
				return int((rng >> 33) % uint64(n))
			}
			for round := 0; round < 150; round++ {
				bad := next(len(want))
				m := bytes.Clone(parts[bad+1])
				switch next(3) {
				case 0:
					for k := next(4); k >= 0; k-- {
						m[next(len(m))] ^= byte(1 + next(255))
					}
				case 1:
					m = m[:next(len(m))]
				case 2:
					at := next(len(m))
					m = append(m[:at:at], append([]byte("\x1f\x8b\x08garbage\x28\xb5\x2f\xfd"), m[at:]...)...)
				}
				damaged := append(bytes.Join(parts[:bad+1], nil), m...)
				damaged = append(damaged, bytes.Join(parts[bad+2:], nil)...)
				pages, _, _ := readAll(t, bytes.NewReader(damaged))
				got := map[string]bool{}
				for _, p := range pages {
					got[p.ID] = true
				}
				for i, w := range want {
					if i != bad && !got[w.id] {
						t.Fatalf("round %d: damage to record %d lost record %d", round, bad, i)
					}
				}
			}
		})
	}
}
