// Package mojibake repairs a page that was UTF-8 read as Windows-1252 or Latin-1 ("computerâ€™s"
// for "computer’s", "Â£219" for "£219"): a common defect of crawl dumps made by other tools,
// which a reader of the extracted text sees at once. It repairs a whole text or nothing: only
// when every character of the text maps back to one byte (Latin-1, or a Windows-1252 special
// such as € or ’) and those bytes read as UTF-8 with at least one character outside ASCII.
// A text in a single-byte encoding, written correctly, fails that test at its first accented
// letter or symbol (é, ©, ° alone are not UTF-8); a correct UTF-8 text fails at its first
// character beyond Latin-1 that Windows-1252 lacks, or at its first ’ or € after a letter. So
// nothing correct is changed, and a page mangled only in part is left as it is.
package mojibake

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// Repair returns s decoded again (see the package doc) and true, or s and false when s is not
// mojibake.
func Repair(s string) (string, bool) {
	i := firstNonASCII(s)
	if i < 0 || !repairable(s[i:]) {
		return s, false
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		c, _ := byteOf(r)
		b.WriteByte(c)
	}
	return b.String(), true
}

// repairable tells whether the bytes of s's characters (byteOf) are valid UTF-8: s begins
// with its first character outside ASCII. It stops at the first character or sequence that
// fails, which in a correct text comes early.
func repairable(s string) bool {
	var seq [utf8.UTFMax]byte
	n, need := 0, 0 // bytes of the current sequence, and its length
	for _, r := range s {
		c, ok := byteOf(r)
		if !ok {
			return false // includes U+FFFD, what ranging over invalid UTF-8 gives
		}
		if n == 0 {
			if c < utf8.RuneSelf {
				continue
			}
			if need = seqLen(c); need == 0 {
				return false // a continuation byte without its lead, or a byte UTF-8 never has
			}
		}
		seq[n] = c
		n++
		if n == need {
			if r, size := utf8.DecodeRune(seq[:n]); r == utf8.RuneError || size != n {
				return false // overlong, a surrogate, or an ASCII byte inside the sequence
			}
			n = 0
		}
	}
	return n == 0
}

// seqLen is the length of the UTF-8 sequence lead byte c begins, 0 when c cannot begin one.
func seqLen(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}

// byteOf is the byte that Windows-1252 (or Latin-1, for U+0080-U+009F, which browsers give the
// five bytes Windows-1252 leaves undefined) reads as r, false when none does.
func byteOf(r rune) (byte, bool) {
	if r < 0x100 {
		return byte(r), true
	}
	for i, w := range cp1252 {
		if w == r {
			return byte(0x80 + i), true
		}
	}
	return 0, false
}

// cp1252 is what Windows-1252 reads bytes 0x80-0x9F as (0 where it leaves one undefined).
var cp1252 = [32]rune{
	'€', 0, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0, 'Ž', 0,
	0, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0, 'ž', 'Ÿ',
}

// firstNonASCII is the index of s's first byte outside ASCII, -1 when there is none: eight
// bytes at a time, since most pages are read to their end here.
func firstNonASCII(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if binary.LittleEndian.Uint64([]byte(s[i:i+8]))&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}

// RepairMarked is Repair of one text of a page (a text node, an attribute's value, a field
// of structured data) where the text itself shows the defect: it holds a C1 control
// character (U+0080-U+009F, what Latin-1 reads the bytes of "’" or "–" as, and which no
// correct text holds) or "â€" (the lead of every such punctuation mark read as
// Windows-1252). Repair's test of a whole page misses a page that is right but for some of
// its texts (a comment section encoded twice), and a short text gives it too little to
// reject: "NESCAFÉ®" reads as UTF-8 too ("NESCAFɮ"), so without the mark a text is left as
// it is, and so is a text mangled only in its letters ("SprÃ¼hregen").
func RepairMarked(s string) (string, bool) {
	if !marked(s) {
		return s, false
	}
	return Repair(s)
}

// marked tells whether s holds a C1 control character (in UTF-8 the byte 0xC2 and one of
// 0x80-0x9F) or "â€": two scans for a byte, since every text of a page is asked.
func marked(s string) bool {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], 0xC2)
		if j < 0 {
			break
		}
		i += j + 1
		if i < len(s) && s[i] >= 0x80 && s[i] < 0xA0 {
			return true
		}
	}
	return strings.Contains(s, "â€")
}
