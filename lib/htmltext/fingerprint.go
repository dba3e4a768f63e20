package htmltext

import "github.com/cespare/xxhash/v2"

// Fingerprint hashes what a reader of the page sees: its visible text (as
// Render gives it) with every run of digits counted as one symbol. Copies of
// a page that differ only in markup, comments, attributes (session ids,
// tracking parameters) or numbers (a crawl date, a view counter) have the
// same fingerprint. A page without visible text is fingerprinted by its
// bytes, so that pages of scripts alone are not all one page.
func Fingerprint(html string) uint64 { return fingerprint(html, Render(html)) }

// fingerprint is Fingerprint of the page html whose text is text.
func fingerprint(html, text string) uint64 {
	if text == "" {
		return xxhash.Sum64String(html)
	}
	d := xxhash.New()
	buf := make([]byte, 0, 4096)
	digits := false
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= '0' && c <= '9' {
			if digits {
				continue
			}
			digits, c = true, '0'
		} else {
			digits = false
		}
		buf = append(buf, c)
		if len(buf) == cap(buf) {
			d.Write(buf)
			buf = buf[:0]
		}
	}
	d.Write(buf)
	return d.Sum64()
}
