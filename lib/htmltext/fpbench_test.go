package htmltext

import (
	"path/filepath"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
)

func BenchmarkFingerprintRealPages(b *testing.B) {
	dir := devdata.Dir()
	if dir == "" {
		b.Skip("no ../shared/data")
	}
	pages, err := devdata.ReadFile(filepath.Join(dir, "big9-2005-2013.jsonl.zst"))
	if err != nil {
		b.Skip(err)
	}
	total := 0
	for _, p := range pages {
		total += len(p.HTML)
	}
	b.SetBytes(int64(total))
	var s uint64
	for b.Loop() {
		for _, p := range pages {
			s += Fingerprint(p.HTML)
		}
	}
	_ = s
}
