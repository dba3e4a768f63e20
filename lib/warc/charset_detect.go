package warc

import (
	"sync"
	"unicode"

	"golang.org/x/text/encoding/htmlindex"
)

// The charset detector: the last rule of DetectCharset before the
// windows-1252 default, for bytes that are not UTF-8 and that nothing labels.
// Browsers have one (Firefox's chardetng, Chrome's CED); this is a compact one
// of our own, in the same spirit:
//
//   - Only the bytes >= 0x80 tell legacy encodings apart (ASCII reads the same
//     in all of them), so the detector reads just those, with the byte after
//     each and the ASCII letters of the words around them (islands), from the
//     first MB of the page until it has 2048 of them.
//   - Each candidate encoding decodes the islands and scores each byte >= 0x80:
//     a byte that is not valid in the encoding costs badByte; a character
//     plausible in text earns up to 1 point per byte >= 0x80 it spans.
//   - Double-byte encodings (GBK, Big5, Shift_JIS, EUC-JP, EUC-KR) score a
//     character by where it sits in the encoding's own charts, which list
//     characters by frequency of use: GB2312's level 1 hanzi, Big5's frequent
//     hanzi, KS X 1001's 2,350 hangul, JIS X 0208's kana and level 1 kanji
//     score high; level 2, extensions, and scripts foreign to the language
//     (kana read as GBK, hanja read as EUC-KR) score low; user-defined areas
//     cost. A character between two ASCII letters (an accented letter of a
//     Latin word read as a double-byte code) scores low; a Japanese reading
//     with kanji but hardly any kana, and a Big5 reading with hardly any
//     trail byte below 0x80, lose what their characters earned.
//   - Single-byte encodings (windows-125x, ISO-8859-2, KOI8, windows-874)
//     score the words the bytes make: a symbol inside a word, a word mixing
//     scripts, a lower-case letter followed by a capital, an unplaced combining
//     mark or a final sigma inside a word cost a point; the letters left are
//     scored by how well one language of their script explains them (its
//     letters, weighted by frequency; a letter of another language of the
//     same region scores a little, one of no such language costs:
//     charset_langs.go), and a script read mostly as capitals loses the
//     excess.
//   - The best total wins (ties go to the earlier candidate in detectOrder),
//     if it beats windows-1252 by a margin; otherwise windows-1252 stays.

// Detector limits: the prefix of the page read, and the number of bytes >=
// 0x80 that are enough.
const (
	detectLimit    = 1 << 20
	detectNonASCII = 2048
	islandWord     = 32 // ASCII letters kept on each side of a byte >= 0x80
)

// Scores.
const (
	badByte     = -3.0 // a byte >= 0x80 the encoding does not map
	implausible = -1.0 // a symbol inside a word, a mixed-script word, ...
	// A candidate must score detectMargin points above windows-1252, and
	// detectMarginPerByte more for each byte >= 0x80 read, to replace it.
	detectMargin        = 2.0
	detectMarginPerByte = 0.05
)

// detectOrder lists the candidates, windows-1252 first: on equal scores the
// earlier wins (EUC-KR before GBK: Korean text reads as common hanzi in GBK,
// while Chinese text has hanja in EUC-KR).
var detectOrder = []string{
	"windows-1252",
	"euc-kr", "gbk", "shift_jis", "euc-jp", "big5",
	"windows-1251", "windows-1250", "iso-8859-2", "windows-1256", "windows-1253",
	"windows-1254", "windows-1255", "windows-1257", "koi8-r", "koi8-u", "windows-874",
}

// multiByte scores the islands as a double-byte encoding.
var multiByte = map[string]func([]byte) float64{
	"gbk":       scoreGBK,
	"big5":      scoreBig5,
	"euc-kr":    scoreEUCKR,
	"euc-jp":    scoreEUCJP,
	"shift_jis": scoreShiftJIS,
}

// detectLegacy guesses the encoding of b, which is not valid UTF-8: the
// WHATWG name of the best candidate, or "" when none beats windows-1252.
func detectLegacy(b []byte) string {
	isl, n := islands(b[:min(len(b), detectLimit)])
	if n == 0 {
		return ""
	}
	scores := detectScores(isl)
	best := 0
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	if best == 0 || scores[best] < scores[0]+detectMargin+detectMarginPerByte*float64(n) {
		return ""
	}
	return detectOrder[best]
}

// detectScores scores the islands in each encoding of detectOrder.
func detectScores(isl []byte) []float64 {
	sbOnce.Do(buildSingleByte)
	scores := make([]float64, len(detectOrder))
	for i, name := range detectOrder {
		if f := multiByte[name]; f != nil {
			scores[i] = f(isl)
		} else {
			scores[i] = singleByte[name].score(isl)
		}
	}
	return scores
}

// islands returns what the detector reads of b: every byte >= 0x80 with the
// byte after it (a trail byte may be ASCII), and the ASCII letters of the
// words around them, joined with a space where they were apart; and the
// number of bytes >= 0x80 in them. It stops at the end of the word in which
// the detectNonASCII-th such byte falls.
func islands(b []byte) ([]byte, int) {
	var out []byte
	n, prevEnd := 0, 0
	for i := 0; i < len(b) && n < detectNonASCII; {
		if b[i] < 0x80 {
			i++
			continue
		}
		start := i
		for start > prevEnd && i-start < islandWord && isASCIILetter(b[start-1]) {
			start--
		}
		end := i + 1
		for end < len(b) && (b[end] >= 0x80 || b[end-1] >= 0x80) {
			end++
		}
		for stop := end + islandWord; end < len(b) && end < stop && isASCIILetter(b[end]); end++ {
		}
		if len(out) > 0 && start > prevEnd {
			out = append(out, ' ')
		}
		for _, c := range b[start:end] {
			if c >= 0x80 {
				n++
			}
		}
		out = append(out, b[start:end]...)
		prevEnd, i = end, end
	}
	return out, n
}

func isASCIILetter(c byte) bool { return (c|0x20) >= 'a' && (c|0x20) <= 'z' }

// Double-byte encodings. Each function walks the islands, scores each
// character by its class times the number of its bytes >= 0x80, and charges
// badByte for a byte that starts no valid sequence.

func scoreGBK(b []byte) float64 {
	pts := 0.0
	for i := 0; i < len(b); {
		l := b[i]
		if l < 0x80 {
			i++
			continue
		}
		if l == 0x80 || l == 0xFF || i+1 >= len(b) {
			pts += badByte
			i++
			continue
		}
		t := b[i+1]
		if t >= 0x30 && t <= 0x39 { // a four-byte GB18030 sequence: rare characters
			if i+3 < len(b) && b[i+2] >= 0x81 && b[i+2] <= 0xFE && b[i+3] >= 0x30 && b[i+3] <= 0x39 {
				pts += -0.5 * 2
				i += 4
				continue
			}
			pts += badByte
			i++
			continue
		}
		if t < 0x40 || t == 0x7F || t == 0xFF {
			pts += badByte
			i++
			continue
		}
		pts += dbcs(b, i, gbkWeight(l, t), t, l <= 0xA9 && t >= 0xA1)
		i += 2
	}
	return pts
}

// dbcs is the points of a double-byte character at b[i] with trail byte t
// and class weight w: w for each of its bytes >= 0x80, or sandwich when it
// is not a symbol (punctuation may join Latin words: "you’re") and stands
// between ASCII letters, as an accented letter of a Latin-script word read
// as a double-byte encoding does ("Curaçao" in Shift_JIS), and CJK text
// hardly ever.
func dbcs(b []byte, i int, w float64, t byte, symbol bool) float64 {
	if !symbol && sandwiched(b, i, 2) {
		w = min(w, sandwich)
	}
	if t >= 0x80 {
		return 2 * w
	}
	return w
}

const sandwich = -0.5

// sandwiched tells whether the size bytes at b[i] stand between ASCII
// letters.
func sandwiched(b []byte, i, size int) bool {
	return i > 0 && isASCIILetter(b[i-1]) && i+size < len(b) && isASCIILetter(b[i+size])
}

// gbkWeight scores a GBK character by its place: GB2312's symbols, level 1
// (the 3,755 common hanzi) and level 2, GBK's extensions, user-defined areas.
// A class rare in Chinese text scores below zero: wrong readings of other
// encodings land in such classes far more often than Chinese text does.
func gbkWeight(l, t byte) float64 {
	if t < 0xA1 || l < 0xA1 {
		if l >= 0xA1 && l <= 0xA7 {
			return -1 // user-defined
		}
		return -0.3 // GBK/3, GBK/4, GBK/5: rare hanzi and symbols
	}
	switch {
	case l == 0xA1 || l == 0xA3: // punctuation, full-width ASCII
		return 1
	case l == 0xA2:
		return 0.3
	case l == 0xA4 || l == 0xA5: // kana: not Chinese text
		return -0.5
	case l <= 0xA9:
		return -0.3
	case l <= 0xAF:
		return -1 // user-defined
	case l <= 0xD7:
		if l == 0xD7 && t >= 0xFA {
			return -1
		}
		return 1 // level 1
	case l <= 0xF7:
		return 0 // level 2
	default:
		return -1 // user-defined
	}
}

func scoreBig5(b []byte) float64 {
	pts := 0.0
	low, high := 0, 0 // characters with a trail byte below 0x80, and above
	for i := 0; i < len(b); {
		l := b[i]
		if l < 0x80 {
			i++
			continue
		}
		if l == 0x80 || l == 0xFF || i+1 >= len(b) {
			pts += badByte
			i++
			continue
		}
		t := b[i+1]
		if !(t >= 0x40 && t <= 0x7E || t >= 0xA1 && t <= 0xFE) {
			pts += badByte
			i++
			continue
		}
		// Big5 text has about two in five trail bytes below 0x80 (63 of a
		// row's 157 cells): a reading without them is not Big5. Each
		// character with a high trail pays a little for it, and when fewer
		// than one in ten of 50 or more have a low one, they pay back what
		// they earned.
		w := big5Weight(l, t)
		if t >= 0xA1 {
			w -= 0.25
			high++
		} else {
			low++
		}
		pts += dbcs(b, i, w, t, l <= 0xA3)
		i += 2
	}
	if low+high >= 50 && 10*low < low+high {
		pts -= 2 * float64(high)
	}
	return pts
}

// big5Weight: Big5 lists 5,401 frequent hanzi (A440-C67E) before 7,652 less
// frequent ones (C940-F9D5); HKSCS and the ETEN extensions sit around them.
func big5Weight(l, t byte) float64 {
	switch {
	case l < 0xA1 || l >= 0xFA:
		return -0.3 // HKSCS
	case l == 0xA1:
		return 1 // punctuation
	case l == 0xA2:
		return 0.3
	case l == 0xA3:
		if t >= 0xC0 {
			return -1
		}
		return -0.3 // bopomofo, Greek
	case l < 0xC6 || l == 0xC6 && t <= 0x7E:
		return 1 // frequent hanzi
	case l < 0xC9:
		return -0.5 // kana, Cyrillic (ETEN), HKSCS
	case l < 0xF9 || l == 0xF9 && t <= 0xD5:
		return 0 // less frequent hanzi
	default:
		return -0.5 // ETEN box drawing
	}
}

func scoreEUCKR(b []byte) float64 {
	pts := 0.0
	for i := 0; i < len(b); {
		l := b[i]
		if l < 0x80 {
			i++
			continue
		}
		if l == 0x80 || l == 0xFF || i+1 >= len(b) {
			pts += badByte
			i++
			continue
		}
		t := b[i+1]
		if !(t >= 0x41 && t <= 0x5A || t >= 0x61 && t <= 0x7A || t >= 0x81 && t <= 0xFE) {
			pts += badByte
			i++
			continue
		}
		if (t < 0xA1 || l < 0xA1) && l > 0xC6 {
			pts += badByte // no UHC extension there
			i++
			continue
		}
		pts += dbcs(b, i, euckrWeight(l, t), t, l <= 0xA3 && t >= 0xA1)
		i += 2
	}
	return pts
}

// euckrWeight: KS X 1001 holds the 2,350 hangul syllables of common use
// (B0-C8) and 4,888 hanja, rare in today's Korean text; windows-949 (UHC,
// the WHATWG euc-kr) adds the other 8,822 syllables around them.
func euckrWeight(l, t byte) float64 {
	switch {
	case t < 0xA1 || l < 0xA1:
		return -0.3 // UHC extension syllables
	case l == 0xA1 || l == 0xA3:
		return 1 // punctuation, full-width ASCII
	case l == 0xA2 || l == 0xA4:
		return 0.3 // symbols, jamo
	case l == 0xAA || l == 0xAB:
		return -0.5 // kana
	case l <= 0xA9:
		return 0 // Greek, box drawing, units, circled letters and numbers
	case l == 0xAC:
		return -0.3 // Cyrillic
	case l <= 0xAF:
		return -1
	case l <= 0xC8:
		return 1.1 // hangul: a little above GBK's level 1, which they read as
	case l == 0xC9 || l == 0xFE:
		return -1 // user-defined
	default:
		return -0.3 // hanja
	}
}

// japanese keeps the count of kana and kanji of a Japanese reading: running
// Japanese text is about two fifths kana, and a reading with kanji but
// hardly any kana (Korean or Chinese bytes read as EUC-JP) is not Japanese.
type japanese struct{ kana, kanji int }

func (j *japanese) count(row int) {
	switch {
	case row == 4 || row == 5:
		j.kana++
	case row >= 16 && row <= 84:
		j.kanji++
	}
}

// penalty takes back most of what the kanji earned when the kana are
// fewer than one in ten of them.
func (j *japanese) penalty() float64 {
	if j.kanji >= 20 && 10*j.kana < j.kanji {
		return -0.5 * 2 * float64(j.kanji)
	}
	return 0
}

func scoreEUCJP(b []byte) float64 {
	pts := 0.0
	var j japanese
	for i := 0; i < len(b); {
		l := b[i]
		if l < 0x80 {
			i++
			continue
		}
		switch {
		case l == 0x8E && i+1 < len(b) && b[i+1] >= 0xA1 && b[i+1] <= 0xDF:
			pts += halfWidthKana * 2
			i += 2
		case l == 0x8F && i+2 < len(b) && b[i+1] >= 0xA1 && b[i+1] <= 0xFE && b[i+2] >= 0xA1 && b[i+2] <= 0xFE:
			pts += -0.5 * 3 // JIS X 0212
			i += 3
		case l >= 0xA1 && l <= 0xFE && i+1 < len(b) && b[i+1] >= 0xA1 && b[i+1] <= 0xFE:
			pts += dbcs(b, i, jisRowWeight(int(l)-0xA0), b[i+1], l <= 0xA3)
			j.count(int(l) - 0xA0)
			i += 2
		default:
			pts += badByte
			i++
		}
	}
	return pts + j.penalty()
}

func scoreShiftJIS(b []byte) float64 {
	pts := 0.0
	var j japanese
	for i := 0; i < len(b); {
		l := b[i]
		if l < 0x80 {
			i++
			continue
		}
		if l >= 0xA1 && l <= 0xDF {
			if sandwiched(b, i, 1) {
				pts += sandwich
			} else {
				pts += halfWidthKana
			}
			i++
			continue
		}
		if !(l >= 0x81 && l <= 0x9F || l >= 0xE0 && l <= 0xFC) || i+1 >= len(b) {
			pts += badByte
			i++
			continue
		}
		t := b[i+1]
		if !(t >= 0x40 && t <= 0x7E || t >= 0x80 && t <= 0xFC) {
			pts += badByte
			i++
			continue
		}
		var w float64
		symbol := false
		switch {
		case l >= 0xF0 && l <= 0xF9:
			w = -1 // user-defined
		case l >= 0xFA:
			w = -0.5 // IBM extensions
		default:
			row := int(l-0x81)*2 + 1
			if l >= 0xE0 {
				row = int(l-0xC1)*2 + 1
			}
			if t >= 0x9F {
				row++
			}
			w = jisRowWeight(row)
			symbol = row <= 3
			j.count(row)
		}
		pts += dbcs(b, i, w, t, symbol)
		i += 2
	}
	return pts + j.penalty()
}

// halfWidthKana scores a half-width katakana: old Japanese sites use them,
// but every Latin-1 letter and sign reads as one in Shift_JIS.
const halfWidthKana = -0.3

// jisRowWeight scores a JIS X 0208 row (1-94): kana and punctuation are the
// mark of Japanese text, level 1 kanji (rows 16-47) are common, level 2
// (48-84) rare.
func jisRowWeight(row int) float64 {
	switch {
	case row == 1 || row == 4 || row == 5:
		return 1
	case row == 2 || row == 3:
		return 0.3
	case row <= 8:
		return -0.5
	case row == 13:
		return 0 // NEC special characters (circled numbers, units)
	case row <= 15:
		return -1
	case row <= 47:
		return 0.8
	case row <= 84:
		return -0.2
	case row >= 89 && row <= 92:
		return -0.5 // NEC-selected IBM extensions
	default:
		return -1
	}
}

// Single-byte encodings.

type sbKind uint8

const (
	sbBad    sbKind = iota // not mapped, or a C1 control
	sbLetter               // a letter of a known script
	sbMark                 // a combining mark of a known script
	sbSym                  // punctuation, a symbol, a letter of no known script
	sbJoin                 // may stand inside a word: apostrophes, soft hyphen, ZWNJ...
	sbSpace                // no-break space
)

type sbByte struct {
	kind   sbKind
	script script
	upper  bool
	lower  bool
	key    rune    // the letter's lower-case form, for the language tables
	sym    float64 // a symbol's points when it stands apart
	attach bool    // a symbol that may touch a word on one side ("don’t", "«Le", "Windows®", "m²")
	r      rune
}

type sbTable struct {
	name  string
	bytes [128]sbByte
	// fit[l][c] is the points of byte 0x80+c as a letter of languages[l]:
	// its weight there, regionalLetter, foreignLetter, or 0 when it is not
	// a letter of that language's script.
	fit [][128]float64
}

var (
	sbOnce     sync.Once
	singleByte map[string]*sbTable
)

func buildSingleByte() {
	singleByte = map[string]*sbTable{}
	for _, name := range detectOrder {
		if multiByte[name] != nil {
			continue
		}
		e, err := htmlindex.Get(name)
		if err != nil {
			panic("warc: no encoding " + name)
		}
		dec := e.NewDecoder()
		t := &sbTable{name: name}
		for c := 0x80; c < 0x100; c++ {
			out, err := dec.Bytes([]byte{byte(c)})
			r := unicode.ReplacementChar
			if err == nil && len(out) > 0 {
				r = []rune(string(out))[0]
			}
			t.bytes[c-0x80] = classify(r)
		}
		t.fit = make([][128]float64, len(langTables))
		for l, lt := range langTables {
			for c := range t.bytes {
				info := &t.bytes[c]
				if (info.kind != sbLetter && info.kind != sbMark) || info.script != lt.script {
					continue
				}
				w, ok := lt.weight[info.key]
				switch {
				case ok:
				case inRegions(info.key, lt.regions):
					w = regionalLetter
				default:
					w = foreignLetter
				}
				t.fit[l][c] = w
			}
		}
		singleByte[name] = t
	}
}

func classify(r rune) sbByte {
	b := sbByte{r: r}
	switch {
	case r == unicode.ReplacementChar || r < 0xA0:
		b.kind = sbBad
	case r == 0xA0:
		b.kind = sbSpace
	case unicode.Is(unicode.Mn, r) && scriptOf(r) != scriptNone:
		b.kind, b.script = sbMark, scriptOf(r)
		b.key = r
	case unicode.IsLetter(r) && scriptOf(r) != scriptNone:
		b.kind, b.script = sbLetter, scriptOf(r)
		b.upper, b.lower = unicode.IsUpper(r), unicode.IsLower(r)
		b.key = unicode.ToLower(r)
		if b.key < 0x80 { // İ: its lower case is ASCII i
			b.key = r
		}
	case r == 0x2019 || r == 0x2018 || r == 0xB4 || r == 0xB7 || r == 0x2010 || r == 0x2011 || r == 0x2013 || r == 0x2014 ||
		r == 0xAD || r == 0x200C || r == 0x200D || r == 0x200E || r == 0x200F:
		b.kind = sbJoin
		b.sym = 1
	default:
		b.kind = sbSym
		b.sym = symbolPoints(r)
		b.attach = attachable(r)
	}
	return b
}

// attachable tells whether a symbol may touch a word: punctuation, quotes,
// currency, degrees, ordinals and trade marks may; ±, ¶, ¹, ¼, ¦, ©, §...
// touching letters are what Central European letters read as windows-1252
// look like ("wspó³praca", "©koda").
func attachable(r rune) bool {
	switch r {
	case 0xB1, 0xB6, 0xB9, 0xBC, 0xBD, 0xBE, 0xA4, 0xA6, 0xA8, 0xAF, 0xB8, 0xAC, 0xB5, 0xA7, 0xD7, 0xF7, 0xA9, 0xA2, 0xA5:
		return false
	}
	return r < 0x2500 // not box drawing, shapes, ...
}

// scriptOf tells the script of a letter or mark by its block.
func scriptOf(r rune) script {
	switch {
	case r >= 0xC0 && r <= 0x24F && r != 0xD7 && r != 0xF7, r >= 0x1E00 && r <= 0x1EFF:
		return scriptLatin
	case r >= 0x370 && r <= 0x3FF:
		return scriptGreek
	case r >= 0x400 && r <= 0x4FF:
		return scriptCyrillic
	case r >= 0x590 && r <= 0x5FF:
		return scriptHebrew
	case r >= 0x600 && r <= 0x6FF, r >= 0x750 && r <= 0x77F, r >= 0xFB50 && r <= 0xFDFF, r >= 0xFE70 && r <= 0xFEFF:
		return scriptArabic
	case r >= 0xE00 && r <= 0xE7F:
		return scriptThai
	}
	return scriptNone
}

// symbolPoints is what a symbol standing apart from words earns: 1 for the
// punctuation and signs of running text, 0 for rarer Latin-1 signs, -1 for
// box drawing, spacing accents, mathematical operators and the like, which a
// wrong decoding yields far more often than text does.
func symbolPoints(r rune) float64 {
	switch r {
	case 0xA4, 0xA6, 0xA8, 0xAF, 0xB8, 0xAC, 0xB1, 0xB9, 0xB2, 0xB3, 0xB5, 0xAA, 0xBA, 0xF7,
		0x2C6, 0x2DC, 0x2039, 0x203A:
		return 0
	}
	switch {
	case r < 0x100, r >= 0x2012 && r <= 0x2044, r >= 0x20A0 && r <= 0x20CF, r == 0x2116, r == 0x2122,
		r >= 0x60C && r <= 0x61F, r == 0x66A, r == 0x6D4, r == 0x5BE, r == 0x5C3, r == 0x5F3, r == 0x5F4, r == 0xE3F, r == 0xE2F, r == 0xE46, r == 0xE5A, r == 0xE5B,
		r >= 0xE50 && r <= 0xE59, r >= 0x660 && r <= 0x669, r >= 0x6F0 && r <= 0x6F9:
		return 1
	}
	return -1
}

// score decodes the islands with the table and scores them (see the top of
// the file).
func (t *sbTable) score(b []byte) float64 {
	var (
		pts       float64
		hist      [128]int // letters and marks of words with one script, by byte
		upper     [numScripts]int
		lower     [numScripts]int
		word      [64]byte // the current word's letters >= 0x80
		nword     int
		wordMask  uint16 // scripts in the current word
		prevLower bool   // the previous byte was a lower-case letter (ASCII or not)
		prevASCII bool
		prevKey   rune // the previous letter's key, 0 after a non-letter
		prevKind  sbKind
	)
	endWord := func() {
		switch {
		case wordMask&(wordMask-1) != 0: // more than one script
			pts += implausible * float64(nword)
		case nword == 1 && wordMask&(1<<scriptThai|1<<scriptHebrew|1<<scriptArabic) != 0:
			// A lone letter: Thai, Hebrew and Arabic words hardly ever are one
			// (a sign read in the wrong encoding often is).
			pts += implausible
		default:
			for _, c := range word[:min(nword, len(word))] {
				hist[c-0x80]++
			}
		}
		nword, wordMask, prevLower, prevKey = 0, 0, false, 0
	}
	letterAt := func(i int) bool {
		if i >= len(b) {
			return false
		}
		c := b[i]
		if c < 0x80 {
			return isASCIILetter(c)
		}
		k := t.bytes[c-0x80].kind
		return k == sbLetter || k == sbMark
	}
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c < 0x80 {
			if isASCIILetter(c) {
				up := c <= 'Z'
				if up && prevLower && !prevASCII {
					pts += implausible // non-ASCII lower then ASCII capital
				}
				if prevKey == 'ς' {
					pts += implausible
				}
				wordMask |= 1 << scriptLatin
				prevLower, prevASCII, prevKey, prevKind = !up, true, rune(c), sbLetter
				continue
			}
			if nword > 0 || wordMask != 0 {
				endWord()
			}
			prevKind = sbSym
			continue
		}
		info := &t.bytes[c-0x80]
		switch info.kind {
		case sbBad:
			pts += badByte
			endWord()
			prevKind = sbBad
		case sbLetter, sbMark:
			if info.kind == sbMark && prevKind != sbLetter && prevKind != sbMark {
				pts += implausible // a combining mark with nothing to combine with
			}
			if info.upper && prevLower {
				pts += implausible // a capital after a lower-case letter
			}
			if prevKey == 'ς' {
				pts += implausible // final sigma inside a word
			}
			if prevKey >= 0xE40 && prevKey <= 0xE44 && !(info.r >= 0xE01 && info.r <= 0xE2E) {
				pts += implausible // a Thai leading vowel not before a consonant
			}
			wordMask |= 1 << info.script
			if nword < len(word) {
				word[nword] = c
			}
			nword++
			if info.upper {
				upper[info.script]++
			} else if info.lower {
				lower[info.script]++
			}
			prevLower = info.lower || (info.kind == sbMark && prevLower)
			prevASCII, prevKey, prevKind = false, info.r, info.kind
		case sbJoin:
			pts += info.sym
			prevKey, prevKind = 0, sbJoin
		default: // sbSym, sbSpace
			before, after := prevKind == sbLetter || prevKind == sbMark, letterAt(i+1)
			switch {
			case info.kind == sbSym && before && after:
				pts += implausible // a symbol inside a word
			case info.kind == sbSym && !info.attach && (before || after):
				pts += implausible // a sign stuck to a word
			default:
				pts += info.sym
			}
			endWord()
			prevKind = info.kind
		}
	}
	endWord()
	// The letters, by the best language of each script.
	var seen [numScripts]bool
	for i, n := range hist {
		if n > 0 {
			seen[t.bytes[i].script] = true
		}
	}
	for s := scriptLatin; s < numScripts; s++ {
		if !seen[s] {
			continue
		}
		best, first := 0.0, true
		for l, lt := range langTables {
			if lt.script != s {
				continue
			}
			sum := 0.0
			fit := &t.fit[l]
			for i, n := range hist {
				if n != 0 {
					sum += fit[i] * float64(n)
				}
			}
			if first || sum > best {
				best, first = sum, false
			}
		}
		pts += best
		// Text is mostly lower case: capitals beyond half of a script's
		// cased letters count against the reading.
		if n := upper[s] + lower[s]; n >= 6 && 2*upper[s] > n {
			pts += implausible * (float64(upper[s]) - float64(n)/2)
		}
	}
	return pts
}
