package warc

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"

	kdict "github.com/klauspost/compress/dict"
	"github.com/klauspost/compress/zstd"
)

// Training limits: BuildZstdDict's time grows with the sample bytes, and
// the start of records (WARC and HTTP headers, the page head) is where
// records resemble each other most.
const (
	maxSampleBytes = 16 << 10 // bytes used from the start of each sample
	maxTrainBytes  = 2 << 20  // bytes used in all
)

// TrainDictionary builds a zstd dictionary of at most size bytes from
// samples (e.g. serialized records) with klauspost/compress/dict, for
// writing a .warc.zst with WithZstdDictionary. It uses the first 16 KiB of
// each sample and 2 MiB in all.
func TrainDictionary(samples [][]byte, size int) (dict []byte, err error) {
	var use [][]byte
	total := 0
	for _, s := range samples {
		if total >= maxTrainBytes {
			break
		}
		s = s[:min(len(s), maxSampleBytes)]
		if len(s) < 8 {
			continue
		}
		use = append(use, s)
		total += len(s)
	}
	if len(use) == 0 {
		return nil, errors.New("warc: no samples to train a dictionary")
	}
	if size < 4096 {
		size = 4096
	}
	h := fnv.New32a()
	for _, s := range use[:min(len(use), 16)] {
		h.Write(s[:min(len(s), 4096)])
	}
	id := 32768 + h.Sum32()%(1<<31-32768)
	defer func() {
		// The builder has been seen to panic on some inputs; a failed
		// training must not take the caller down.
		if p := recover(); p != nil {
			dict, err = nil, fmt.Errorf("warc: training a dictionary failed: %v", p)
		}
	}()
	return kdict.BuildZstdDict(use, kdict.Options{
		MaxDictSize: size,
		HashBytes:   6,
		ZstdDictID:  id,
		ZstdLevel:   zstd.SpeedDefault,
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
