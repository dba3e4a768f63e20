package synth

import (
	"io"
	"testing"
)

// BenchmarkEach measures generation alone (bytes = HTML generated).
func BenchmarkEach(b *testing.B) {
	cfg := DefaultConfig()
	var n int64
	if err := Each(cfg, func(p *Page) error { n += int64(len(p.HTML)); return nil }); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		if err := Each(cfg, func(*Page) error { return nil }); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWriteJSONL measures generation and JSON encoding (bytes = JSON lines written).
func BenchmarkWriteJSONL(b *testing.B) {
	cfg := DefaultConfig()
	var cw countWriter
	if err := WriteJSONL(&cw, cfg); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(cw.n)
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteJSONL(io.Discard, cfg); err != nil {
			b.Fatal(err)
		}
	}
}

type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }
