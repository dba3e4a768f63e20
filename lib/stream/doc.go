// Package stream is the input and output stage every tool shares: it opens
// files or stdin, recognises compression (gzip, zstd) and format (WARC, JSON
// lines, a single HTML file) from the first bytes, and yields page records;
// on the way out it writes plain, gzip- or zstd-compressed streams. An input
// that cannot be opened or read to its end (a directory, a compressed
// stream cut short) is an *InputError after the records it gave.
package stream
