package warc

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
)

// CharsetSource tells where the encoding of a page came from.
type CharsetSource uint8

const (
	CharsetBOM      CharsetSource = iota + 1 // a byte order mark
	CharsetHTTP                              // the charset parameter of the HTTP Content-Type
	CharsetMeta                              // a <meta> in the first 1024 bytes
	CharsetUTF8                              // no label, and the bytes are valid UTF-8
	CharsetFallback                          // no label, not UTF-8, no guess: windows-1252
	CharsetMetaLate                          // a <meta> further into the head
	CharsetDetect                            // the statistical detector
)

// String is the source's name in records ("charset_by"): bom, http, meta,
// valid-utf8, meta-late, detect or fallback.
func (s CharsetSource) String() string {
	switch s {
	case CharsetBOM:
		return "bom"
	case CharsetHTTP:
		return "http"
	case CharsetMeta:
		return "meta"
	case CharsetUTF8:
		return "valid-utf8"
	case CharsetFallback:
		return "fallback"
	case CharsetMetaLate:
		return "meta-late"
	case CharsetDetect:
		return "detect"
	}
	return "unknown"
}

// prescanLimit is how far the <meta> prescan looks, as in the HTML standard;
// headScanLimit how far the later look for a <meta> in the head goes.
const (
	prescanLimit  = 1024
	headScanLimit = 64 << 10
)

// DecodeHTML decodes an HTML payload to UTF-8 the way browsers do (the HTML
// standard's encoding sniffing, with a detector as browsers add one): a byte
// order mark wins, then the charset parameter of contentType (the HTTP
// Content-Type), then a <meta charset> or <meta http-equiv=content-type> in
// the first 1024 bytes; without any label the bytes are read as UTF-8 when
// they are valid UTF-8; else a <meta> further into the head (the first 64 KB,
// up to </head> or <body>, script and style skipped) decides, else a
// statistical guess among the legacy encodings a crawl meets (GBK, Big5,
// Shift_JIS, EUC-JP, EUC-KR, windows-1250 to 1257, ISO-8859-2, KOI8-R/U,
// windows-874: see charset_detect.go), else windows-1252. Labels follow the
// WHATWG Encoding standard (iso-8859-1 and latin1 mean windows-1252, a UTF-16
// label in a <meta> means UTF-8). Invalid bytes become U+FFFD. It returns the
// text, the WHATWG name of the encoding used and the rule that chose it.
func DecodeHTML(body []byte, contentType string) (html, charset string, source CharsetSource) {
	name, bom, source := DetectCharset(body, contentType)
	if source == CharsetUTF8 {
		return string(body), name, source // checked valid already
	}
	return decodeAs(body[bom:], name), name, source
}

// DetectCharset returns the WHATWG name of body's encoding, the length of
// its byte order mark (0 if none) and the source of the decision, by the
// rules of DecodeHTML.
func DetectCharset(body []byte, contentType string) (name string, bomLen int, source CharsetSource) {
	switch {
	case len(body) >= 3 && body[0] == 0xEF && body[1] == 0xBB && body[2] == 0xBF:
		return "utf-8", 3, CharsetBOM
	case len(body) >= 2 && body[0] == 0xFE && body[1] == 0xFF:
		return "utf-16be", 2, CharsetBOM
	case len(body) >= 2 && body[0] == 0xFF && body[1] == 0xFE:
		return "utf-16le", 2, CharsetBOM
	}
	if label := contentTypeCharset(contentType); label != "" {
		if n := encodingName(label); n != "" {
			return n, 0, CharsetHTTP
		}
	}
	if n := prescanMeta(body[:min(len(body), prescanLimit)]); n != "" {
		return n, 0, CharsetMeta
	}
	if utf8.Valid(body) {
		return "utf-8", 0, CharsetUTF8
	}
	if n := prescan(body[:min(len(body), headScanLimit)], true); n != "" {
		return n, 0, CharsetMetaLate
	}
	if n := detectLegacy(body); n != "" {
		return n, 0, CharsetDetect
	}
	return "windows-1252", 0, CharsetFallback
}

// encodingName maps a label to its WHATWG encoding name, "" if unknown.
func encodingName(label string) string {
	label = strings.TrimSpace(label)
	if label == "" {
		return ""
	}
	e, err := htmlindex.Get(label)
	if err != nil {
		return ""
	}
	n, err := htmlindex.Name(e)
	if err != nil {
		return ""
	}
	return n
}

// decodeAs decodes b from the named encoding.
func decodeAs(b []byte, name string) string {
	switch name {
	case "utf-8":
		return decodeUTF8(b)
	case "windows-1252":
		return decodeWindows1252(b)
	}
	var e encoding.Encoding
	if e0, err := htmlindex.Get(name); err == nil {
		e = e0
	}
	if e == nil {
		return decodeUTF8(b)
	}
	out, err := e.NewDecoder().Bytes(b)
	if err != nil {
		return decodeUTF8(b)
	}
	return decodeUTF8(out) // the decoders emit UTF-8; this only guards against stray invalid output
}

// decodeUTF8 returns b as a string with each maximal invalid subsequence
// replaced by U+FFFD, as the WHATWG UTF-8 decoder does.
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for len(b) > 0 {
		c := b[0]
		if c < utf8.RuneSelf {
			i := 1
			for i < len(b) && b[i] < utf8.RuneSelf {
				i++
			}
			sb.Write(b[:i])
			b = b[i:]
			continue
		}
		r, size := utf8.DecodeRune(b)
		if r != utf8.RuneError || size > 1 {
			sb.Write(b[:size])
			b = b[size:]
			continue
		}
		sb.WriteRune(utf8.RuneError)
		b = b[invalidUTF8Len(b):]
	}
	return sb.String()
}

// invalidUTF8Len is the length of the maximal subpart of an ill-formed
// sequence at the start of b (at least 1): the lead byte and the
// continuation bytes that were still acceptable after it.
func invalidUTF8Len(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	i := 1
	for ; i <= need && i < len(b); i++ {
		if b[i] < lo || b[i] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return i
}

// windows1252High maps bytes 0x80-0x9F per the WHATWG index; the rest of
// windows-1252 is Latin-1.
var windows1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

func decodeWindows1252(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/4)
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] < utf8.RuneSelf {
			i++
		}
		sb.Write(b[:i])
		b = b[i:]
		if len(b) == 0 {
			break
		}
		c := b[0]
		if c < 0xA0 {
			sb.WriteRune(windows1252High[c-0x80])
		} else {
			sb.WriteRune(rune(c))
		}
		b = b[1:]
	}
	return sb.String()
}

// contentTypeCharset returns the charset parameter of a Content-Type value.
func contentTypeCharset(ct string) string {
	for {
		i := strings.IndexByte(ct, ';')
		if i < 0 {
			return ""
		}
		ct = ct[i+1:]
		param := strings.TrimLeft(ct, " \t")
		if len(param) >= 8 && strings.EqualFold(param[:7], "charset") {
			v := strings.TrimLeft(param[7:], " \t")
			if len(v) == 0 || v[0] != '=' {
				continue
			}
			v = strings.TrimLeft(v[1:], " \t")
			if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
				q := v[0]
				v = v[1:]
				if j := strings.IndexByte(v, q); j >= 0 {
					v = v[:j]
				}
				return strings.TrimSpace(v)
			}
			if j := strings.IndexAny(v, "; \t,"); j >= 0 {
				v = v[:j]
			}
			return v
		}
	}
}

func isSpaceByte(c byte) bool {
	return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20
}

func isASCIIAlpha(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 0x20
	}
	return c
}

func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerByte(b[i]) != prefix[i] {
			return false
		}
	}
	return true
}

// prescanMeta is the HTML standard's "prescan a byte stream to determine its
// encoding" over b (the first 1024 bytes): it returns the WHATWG name of the
// encoding a <meta> declares, or "".
func prescanMeta(b []byte) string { return prescan(b, false) }

// prescan is prescanMeta, and with head the look further into the head: it
// stops at <body> or </head> and skips the content of <script> and <style>
// (where a "<meta charset" may be a string of the script).
func prescan(b []byte, head bool) string {
	pos := 0
	for pos < len(b) {
		if b[pos] != '<' { // every step below starts at a '<'
			i := bytes.IndexByte(b[pos:], '<')
			if i < 0 {
				return ""
			}
			pos += i
		}
		rest := b[pos:]
		switch {
		case hasPrefixFold(rest, "<!--"):
			// The comment ends at the first "-->" whose '>' comes after "<!-".
			end := indexFrom(b, "-->", pos+2)
			if end < 0 {
				return ""
			}
			pos = end + 3
			continue
		case hasPrefixFold(rest, "<meta") && len(rest) > 5 && (isSpaceByte(rest[5]) || rest[5] == '/'):
			pos += 6
			if name, ok := scanMetaAttributes(b, &pos); ok {
				return name
			}
			continue
		case len(rest) >= 2 && rest[0] == '<' && (isASCIIAlpha(rest[1]) || (rest[1] == '/' && len(rest) >= 3 && isASCIIAlpha(rest[2]))):
			var rawText string
			if head {
				switch {
				case tagIs(rest, "<body"), tagIs(rest, "</head"):
					return ""
				case tagIs(rest, "<script"):
					rawText = "</script"
				case tagIs(rest, "<style"):
					rawText = "</style"
				}
			}
			pos++
			for pos < len(b) && !isSpaceByte(b[pos]) && b[pos] != '>' {
				pos++
			}
			for {
				_, _, ok := getAttribute(b, &pos)
				if !ok {
					break
				}
			}
			if rawText != "" {
				end := indexFoldFrom(b, rawText, pos)
				if end < 0 {
					return ""
				}
				pos = end
				continue
			}
		case len(rest) >= 2 && rest[0] == '<' && (rest[1] == '!' || rest[1] == '/' || rest[1] == '?'):
			j := indexFrom(b, ">", pos+1)
			if j < 0 {
				return ""
			}
			pos = j
		}
		pos++
	}
	return ""
}

// tagIs tells whether b starts with the tag name prefix ("<body", "</head")
// followed by the end of a name.
func tagIs(b []byte, prefix string) bool {
	if !hasPrefixFold(b, prefix) {
		return false
	}
	if len(b) == len(prefix) {
		return true
	}
	c := b[len(prefix)]
	return isSpaceByte(c) || c == '>' || c == '/'
}

// indexFoldFrom is indexFrom with ASCII letters matched in either case
// (lower must be lower-case).
func indexFoldFrom(b []byte, lower string, from int) int {
	if from > len(b) {
		return -1
	}
	if i := indexASCIIFold(string(b[from:]), lower); i >= 0 {
		return from + i
	}
	return -1
}

func indexFrom(b []byte, s string, from int) int {
	if from > len(b) {
		return -1
	}
	if i := strings.Index(string(b[from:]), s); i >= 0 {
		return from + i
	}
	return -1
}

// scanMetaAttributes reads the attributes of a <meta> (pos just after
// "<meta" and the following byte) and returns the encoding it declares.
func scanMetaAttributes(b []byte, pos *int) (string, bool) {
	var seen []string
	gotPragma := false
	needPragma := 0 // 0 null, 1 true, 2 false
	charset := ""   // "" null; "\x00" failure
	for {
		name, value, ok := getAttribute(b, pos)
		if !ok {
			break
		}
		dup := false
		for _, s := range seen {
			if s == name {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen = append(seen, name)
		switch name {
		case "http-equiv":
			if value == "content-type" {
				gotPragma = true
			}
		case "content":
			if charset == "" {
				if label, found := charsetFromMetaContent(value); found {
					charset = encodingName(label)
					if charset == "" {
						charset = "\x00"
					}
					needPragma = 1
				}
			}
		case "charset":
			if charset == "" {
				charset = encodingName(value)
				if charset == "" {
					charset = "\x00"
				}
				needPragma = 2
			}
		}
	}
	if needPragma == 0 || (needPragma == 1 && !gotPragma) || charset == "" || charset == "\x00" {
		return "", false
	}
	switch charset {
	case "utf-16be", "utf-16le":
		charset = "utf-8"
	case "x-user-defined":
		charset = "windows-1252"
	}
	return charset, true
}

// getAttribute is the HTML standard's "get an attribute" for the prescan.
// Names and values are lower-cased. ok is false when there is no attribute
// (a '>' or the end of the bytes).
func getAttribute(b []byte, pos *int) (name, value string, ok bool) {
	p := *pos
	defer func() { *pos = p }()
	for p < len(b) && (isSpaceByte(b[p]) || b[p] == '/') {
		p++
	}
	if p >= len(b) || b[p] == '>' {
		return "", "", false
	}
	var nb []byte
	for {
		if p >= len(b) {
			return "", "", false
		}
		c := b[p]
		if c == '=' && len(nb) > 0 {
			p++
			goto value
		}
		if isSpaceByte(c) {
			break
		}
		if c == '/' || c == '>' {
			return string(nb), "", true
		}
		nb = append(nb, lowerByte(c))
		p++
	}
	for p < len(b) && isSpaceByte(b[p]) {
		p++
	}
	if p >= len(b) {
		return "", "", false
	}
	if b[p] != '=' {
		return string(nb), "", true
	}
	p++
value:
	for p < len(b) && isSpaceByte(b[p]) {
		p++
	}
	if p >= len(b) {
		return "", "", false
	}
	var vb []byte
	if q := b[p]; q == '"' || q == '\'' {
		p++
		for {
			if p >= len(b) {
				return "", "", false
			}
			if b[p] == q {
				p++
				return string(nb), string(vb), true
			}
			vb = append(vb, lowerByte(b[p]))
			p++
		}
	}
	if b[p] == '>' {
		return string(nb), "", true
	}
	for p < len(b) {
		c := b[p]
		if isSpaceByte(c) || c == '>' {
			return string(nb), string(vb), true
		}
		vb = append(vb, lowerByte(c))
		p++
	}
	return "", "", false
}

// indexASCIIFold is strings.Index with ASCII letters matched in either case; lower must be
// lower-case ASCII.
func indexASCIIFold(s, lower string) int {
	for i := 0; i+len(lower) <= len(s); i++ {
		j := 0
		for j < len(lower) && lowerByte(s[i+j]) == lower[j] {
			j++
		}
		if j == len(lower) {
			return i
		}
	}
	return -1
}

// charsetFromMetaContent is the HTML standard's "extracting a character
// encoding from a meta element" for a content attribute value.
func charsetFromMetaContent(s string) (string, bool) {
	pos := 0
	for {
		// ASCII case folding only: strings.ToLower may change the length of a string
		// with invalid UTF-8 (a byte becomes U+FFFD), and i must index s.
		i := indexASCIIFold(s[pos:], "charset")
		if i < 0 {
			return "", false
		}
		pos += i + 7
		for pos < len(s) && isSpaceByte(s[pos]) {
			pos++
		}
		if pos >= len(s) || s[pos] != '=' {
			continue
		}
		pos++
		for pos < len(s) && isSpaceByte(s[pos]) {
			pos++
		}
		if pos >= len(s) {
			return "", false
		}
		if q := s[pos]; q == '"' || q == '\'' {
			j := strings.IndexByte(s[pos+1:], q)
			if j < 0 {
				return "", false
			}
			return s[pos+1 : pos+1+j], true
		}
		end := pos
		for end < len(s) && !isSpaceByte(s[end]) && s[end] != ';' {
			end++
		}
		return s[pos:end], true
	}
}
