// Package warc reads and writes WARC files (WARC/1.0 and 1.1) and turns
// their HTML responses into UTF-8 pages.
//
// The Reader takes the raw byte stream and detects its compression from the
// first bytes: plain WARC, gzip with one member per record, or zstd per the
// IIPC profile (an optional dictionary in a skippable frame, one frame per
// record). Every record keeps the file offset of its start (for compressed
// input, the start of its gzip member or zstd frame). Damaged input yields a
// *RecordError from Next and the Reader resynchronises on the next record;
// only errors of the underlying reader are fatal. Files in the older ARC
// format (a "filedesc://" record first) are read too, as response, resource
// and warcinfo records.
//
// ToPage parses the HTTP message of a response record with a lenient parser
// of its own (chunked transfer coding, gzip/deflate content coding, Common
// Crawl's X-Crawler-* headers) and decodes the HTML to UTF-8 the way browsers
// do (BOM, HTTP charset, <meta> prescan, valid UTF-8; then a <meta> later in
// the head and a statistical detector of legacy encodings before the
// windows-1252 default: see DecodeHTML). Records that are not HTML pages are
// reported with a *SkipError whose Reason can be counted.
//
// The Writer writes gzip-per-record or zstd-per-record WARC files, optionally
// with a trained zstd dictionary; it serves the synthetic corpus and tests.
package warc
