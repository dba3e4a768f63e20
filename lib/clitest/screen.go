package clitest

import (
	"bytes"
	"strings"
	"sync"
)

// Screen is a fake terminal for a command's stderr: it keeps every byte written (Raw) and
// shows what a terminal would show (Text), interpreting a carriage return (back to the start
// of the line), ESC [ K (erase to the end of the line) and a newline. It is a cli.Terminal,
// so a command draws its progress line on it; Width is the width it reports (0: unknown).
// It is safe for concurrent use.
type Screen struct {
	Width int

	mu    sync.Mutex
	raw   bytes.Buffer
	lines [][]rune // the lines shown; the last is the one the cursor is on
	col   int
	// Writes counts the calls to Write, Draws the writes that start with "\r\033[K" and do
	// not end a line: progress lines drawn.
	writes, draws int
	// onDraw, when set, is called (without the lock) after each progress line drawn.
	onDraw func(line string)
}

// TerminalWidth reports Width: the Screen is a terminal.
func (s *Screen) TerminalWidth() int { return s.Width }

// OnDraw sets a function called with each progress line drawn, after it is drawn.
func (s *Screen) OnDraw(f func(line string)) {
	s.mu.Lock()
	s.onDraw = f
	s.mu.Unlock()
}

const eraseLine = "\033[K"

// Write shows p.
func (s *Screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	s.raw.Write(p)
	s.writes++
	str := string(p)
	drawn := strings.HasPrefix(str, "\r"+eraseLine) && !strings.Contains(str, "\n") && len(str) > len("\r"+eraseLine)
	if drawn {
		s.draws++
	}
	if len(s.lines) == 0 {
		s.lines = [][]rune{nil}
	}
	for len(str) > 0 {
		switch {
		case strings.HasPrefix(str, eraseLine):
			cur := len(s.lines) - 1
			if s.col < len(s.lines[cur]) {
				s.lines[cur] = s.lines[cur][:s.col]
			}
			str = str[len(eraseLine):]
			continue
		case str[0] == '\r':
			s.col = 0
		case str[0] == '\n':
			s.lines = append(s.lines, nil)
			s.col = 0
		default:
			r := []rune(str)[0]
			cur := len(s.lines) - 1
			if s.col < len(s.lines[cur]) {
				s.lines[cur][s.col] = r
			} else {
				s.lines[cur] = append(s.lines[cur], r)
			}
			s.col++
			str = str[len(string(r)):]
			continue
		}
		str = str[1:]
	}
	f := s.onDraw
	line := string(s.lines[len(s.lines)-1])
	s.mu.Unlock()
	if drawn && f != nil {
		f(line)
	}
	return len(p), nil
}

// Text is what the terminal shows: its lines, each ended by a newline but the one the
// cursor is on, which ends the text when it is not empty.
func (s *Screen) Text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for i, l := range s.lines {
		b.WriteString(string(l))
		if i < len(s.lines)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Raw is every byte written, escapes included.
func (s *Screen) Raw() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()
}

// Draws is the number of progress lines drawn: writes that begin by erasing the line and
// write a line without ending it.
func (s *Screen) Draws() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.draws
}
