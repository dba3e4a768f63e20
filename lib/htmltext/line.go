package htmltext

// Line renders decoded text pieces into lines by the package's rules, for a caller that
// walks a lib/dom tree itself (the content model): runs of white space (U+00A0 and other
// Unicode spaces included) become one space, NUL, control characters and the invisible ones
// (U+200B, U+FEFF, the soft hyphen U+00AD) are dropped, invalid UTF-8 becomes U+FFFD, lines
// are trimmed and empty lines dropped. The zero value is ready; a Line is not safe for
// concurrent use.
type Line struct{ r renderer }

// Write adds decoded text (a dom Text node's Text) to the current line.
func (l *Line) Write(s string) { l.r.writeString(s) }

// Space adds a space before the next character, unless the line is empty.
func (l *Line) Space() { l.r.space = true }

// Break ends the current line: the next character starts a new one.
func (l *Line) Break() { l.r.brk = true }

// Len returns the number of bytes written so far (line breaks included).
func (l *Line) Len() int { return len(l.r.out) }

// Bytes returns the text so far; it is valid until the next call that writes.
func (l *Line) Bytes() []byte { return l.r.out }

// String returns the text so far.
func (l *Line) String() string { return string(l.r.out) }

// Grow makes room for n more bytes of text, so that a caller that knows about how much it
// will write does not grow the buffer step by step.
func (l *Line) Grow(n int) {
	if n > cap(l.r.out)-len(l.r.out) {
		out := make([]byte, len(l.r.out), len(l.r.out)+n)
		copy(out, l.r.out)
		l.r.out = out
	}
}

// Reset empties the Line, keeping its buffer.
func (l *Line) Reset() { l.r = renderer{out: l.r.out[:0]} }
