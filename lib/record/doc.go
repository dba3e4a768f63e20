// Package record is the page record every chaff tool reads and writes: one JSON
// object per line, with the fields the tools know (id, url, site, date, html)
// decoded and every other field passed through byte for byte.
//
// A Reader reads JSON lines with no line-length cap of its own (an explicit
// MaxBytes limit turns an oversized line into a per-record error). A Writer
// writes records back, keeping the members of the input in their order and
// appending the fields a tool set; values it did not change are not re-encoded,
// and a string a tool set (a page's HTML read from a WARC, say) is encoded only
// where the record is written, straight into the output line.
//
// Every record written is valid JSON of valid Unicode: the Reader replaces, in
// the strings of every member, each \u escape of a lone surrogate and each
// byte of invalid UTF-8 with \ufffd (both are valid JSON syntax, but jq and
// strict decoders reject them); sound members keep their bytes as read.
package record
