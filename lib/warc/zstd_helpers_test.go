package warc

import "github.com/klauspost/compress/zstd"

func zstdEncoderRaw(content []byte) (*zstd.Encoder, error) {
	return zstd.NewWriter(nil, zstd.WithEncoderDictRaw(0, content), zstd.WithEncoderConcurrency(1))
}
