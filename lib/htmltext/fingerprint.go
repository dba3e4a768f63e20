package htmltext

import "github.com/cespare/xxhash/v2"

// Fingerprint hashes the page's text as its bytes spell it: the bytes outside tags,
// comments, scripts and styles, every run of white space and tags as one separator and
// every run of digits as one symbol. Copies of a page that differ only in markup,
// comments, attributes (session ids, tracking parameters) or numbers (a crawl date, a
// view counter) have the same fingerprint. A page without such text is fingerprinted by
// its bytes, so that pages of scripts alone are not all one page. It reads each byte once,
// without the tokenizer: no entity is decoded and no element is hidden (a rendered text
// made it 4 times slower, and took two pages of a shop, a product and a collection whose
// content is in hidden elements, for copies: their menu and footer were the same).
func Fingerprint(html string) uint64 {
	d := xxhash.New()
	var buf [4096]byte
	n := 0
	put := func(c byte) {
		if n == len(buf) {
			d.Write(buf[:])
			n = 0
		}
		buf[n] = c
		n++
	}
	text := false // any text hashed
	sep := false  // a separator is due before the next text byte
	digits := false
	EachText(html, AllInvisible, func(s string) {
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f':
				sep, digits = true, false
				continue
			case c >= '0' && c <= '9':
				if digits {
					continue
				}
				digits, c = true, '0'
			default:
				digits = false
			}
			if sep && text {
				put(' ')
			}
			sep, text = false, true
			put(c)
		}
	}, func(string) { sep, digits = true, false })
	if !text {
		return xxhash.Sum64String(html)
	}
	d.Write(buf[:n])
	return d.Sum64()
}
