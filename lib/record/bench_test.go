package record

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/klauspost/compress/zstd"
)

// benchLines is about 8 MB of JSON lines: pages of 4-60 KB with escapes
// (quotes, newlines), non-ASCII text, and a few small members around them.
func benchLines() []byte {
	var b bytes.Buffer
	rng := uint64(5)
	next := func() uint64 {
		rng = rng*6364136223846793005 + 1442695040888963407
		return rng >> 33
	}
	words := []string{"the", "news", "caf\u00e9", "na\u00efve", "Gr\u00fc\u00dfe", "\u65e5\u672c\u8a9e", "\u041f\u0440\u0438\u0432\u0435\u0442", "<b>bold</b>", "a \\\"quote\\\"", "line\\n", "&amp;"}
	for i := 0; b.Len() < 8<<20; i++ {
		var h strings.Builder
		for n := 4000 + int(next()%56000); h.Len() < n; {
			h.WriteString(words[next()%uint64(len(words))])
			h.WriteByte(' ')
		}
		fmt.Fprintf(&b, `{"id":"p%d","url":"https://example.com/%d","site":"example.com","meta":{"tags":["a","b"],"n":%d},"html":"%s"}`+"\n", i, i, i, h.String())
	}
	return b.Bytes()
}

// BenchmarkReader reads JSON lines into records and writes them back, the
// path every page takes through a tool: synthetic lines, and the real pages
// of ../shared/data (big9 in English, trafeval-dev in many languages) when
// present.
func BenchmarkReader(b *testing.B) {
	sets := []struct {
		name string
		data []byte
	}{{"synth", benchLines()}}
	if dir := devdata.Dir(); dir != "" {
		for _, name := range []string{"big9-2005-2013", "trafeval-dev"} {
			if data, err := readZstd(filepath.Join(dir, name+".jsonl.zst")); err == nil {
				sets = append(sets, struct {
					name string
					data []byte
				}{name, data})
			}
		}
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			data := set.data
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			var out []byte
			start := cpuTime()
			for b.Loop() {
				r := NewReader(bytes.NewReader(data), "bench", ReaderOptions{})
				for {
					rec, err := r.Next()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					out = rec.AppendJSON(out[:0])
				}
			}
			if cpu := cpuTime() - start; cpu > 0 {
				b.ReportMetric(float64(len(data))*float64(b.N)/cpu.Seconds()/1e6, "cpuMB/s")
			}
		})
	}
}

func readZstd(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := zstd.NewReader(f)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	return io.ReadAll(zr)
}

// cpuTime is the CPU time (user + system) this process has used: on a
// shared machine, MB per CPU second is steadier than wall-clock MB/s.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkQuoteRealPages encodes the HTML of real pages as JSON strings, as every
// record read from a WARC is written (big9 in English, trafeval-dev in many languages and
// scripts); skipped without ../shared/data.
func BenchmarkQuoteRealPages(b *testing.B) {
	dir := devdata.Dir()
	if dir == "" {
		b.Skip("no ../shared/data")
	}
	for _, name := range []string{"big9-2005-2013", "trafeval-dev"} {
		pages, err := devdata.ReadFile(filepath.Join(dir, name+".jsonl.zst"))
		if err != nil {
			b.Skip(err)
		}
		total := 0
		for _, p := range pages {
			total += len(p.HTML)
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(total))
			var out []byte
			start := cpuTime()
			for b.Loop() {
				for _, p := range pages {
					out = appendQuoted(out[:0], p.HTML)
				}
			}
			if cpu := cpuTime() - start; cpu > 0 {
				b.ReportMetric(float64(total)*float64(b.N)/cpu.Seconds()/1e6, "cpuMB/s")
			}
		})
	}
}
