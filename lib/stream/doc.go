// Package stream is the input and output stage every tool shares: it opens
// files or stdin, recognises compression (gzip, zstd) and format (WARC, JSON
// lines, a single HTML file) from the first bytes, and yields page records;
// on the way out it writes plain or zstd-compressed streams.
package stream
