package warc

import (
	"errors"
	"hash/fnv"
	"io"
	"slices"

	"github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
)

// TrainDictionary builds a zstd dictionary of at most size bytes from
// samples (e.g. record blocks) with klauspost/compress/dict, for writing a
// .warc.zst with WithZstdDictionary.
func TrainDictionary(samples [][]byte, size int) ([]byte, error) {
	if len(samples) == 0 {
		return nil, errors.New("warc: no samples to train a dictionary")
	}
	if size < 4096 {
		size = 4096
	}
	h := fnv.New32a()
	for _, s := range samples[:min(len(samples), 16)] {
		h.Write(s[:min(len(s), 4096)])
	}
	id := 32768 + h.Sum32()%(1<<31-32768)
	return dict.BuildZstdDict(samples, dict.Options{
		MaxDictSize: size,
		HashBytes:   6,
		ZstdDictID:  id,
		ZstdLevel:   zstd.SpeedBetterCompression,
	})
}

// Recompress copies the WARC records of src (any format NewReader reads) to
// dst as a .warc.zst with a dictionary of about dictSize bytes trained on
// the first records (up to 1000 records or 16 MiB). Damaged records are
// dropped and counted in skipped. It returns the number of records written.
func Recompress(dst io.Writer, src io.Reader, dictSize int) (written, skipped int, err error) {
	rd, err := NewReader(src)
	if err != nil {
		return 0, 0, err
	}
	defer rd.Close()
	var held []*Record
	var samples [][]byte
	sampleBytes := 0
	for len(held) < 1000 && sampleBytes < 16<<20 {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var re *RecordError
		if errors.As(err, &re) {
			skipped++
			continue
		}
		if err != nil {
			return 0, skipped, err
		}
		rec.Block = slices.Clone(rec.Block)
		held = append(held, rec)
		samples = append(samples, rec.Block)
		sampleBytes += len(rec.Block)
	}
	if len(held) == 0 {
		return 0, skipped, nil
	}
	dict, err := TrainDictionary(samples, dictSize)
	if err != nil {
		return 0, skipped, err
	}
	w, err := NewWriter(dst, WithZstdDictionary(dict, true), WithLevel(int(zstd.SpeedBetterCompression)))
	if err != nil {
		return 0, skipped, err
	}
	for _, rec := range held {
		if err := w.Copy(rec); err != nil {
			return written, skipped, err
		}
		written++
	}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			break
		}
		var re *RecordError
		if errors.As(err, &re) {
			skipped++
			continue
		}
		if err != nil {
			return written, skipped, err
		}
		if err := w.Copy(rec); err != nil {
			return written, skipped, err
		}
		written++
	}
	return written, skipped, w.Close()
}
