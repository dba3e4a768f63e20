package cli

// maxErrorsShown is the default of --max-errors-shown.
const maxErrorsShown = 20

// errorLog limits the per-record error lines on stderr: after max lines of
// one kind (the message with its numbers blanked) from one input, further
// ones are only counted. It also counts each input's records and errors,
// so that Close can say when an input gave nothing but errors (the wrong
// --format, say).
type errorLog struct {
	max    int // 0: no limit
	shown  map[errorKind]int
	inputs map[string]*inputCount
	order  []string // inputs in the order first seen

	lastName string
	last     *inputCount
}

type errorKind struct{ source, kind string }

type inputCount struct {
	read, errs int64
	first      string // the first error's message
}

type showing int

const (
	showNone showing = iota // over the limit: count only
	showLine                // print the line
	showLast                // print the line and say that no more are shown
)

// input returns the counts of one input.
func (l *errorLog) input(source string) *inputCount {
	if l.last != nil && l.lastName == source {
		return l.last
	}
	in := l.inputs[source]
	if in == nil {
		if l.inputs == nil {
			l.inputs = map[string]*inputCount{}
		}
		in = &inputCount{}
		l.inputs[source] = in
		l.order = append(l.order, source)
	}
	l.lastName, l.last = source, in
	return in
}

// failed counts an error of a record of source.
func (l *errorLog) failed(source, msg string) {
	in := l.input(source)
	in.errs++
	if in.first == "" {
		in.first = msg
	}
}

// show decides whether an error line with message what is printed.
func (l *errorLog) show(source, what string) showing {
	if l.max <= 0 {
		return showLine
	}
	if l.shown == nil {
		l.shown = map[errorKind]int{}
	}
	k := errorKind{source, kindOf(what)}
	n := l.shown[k] + 1
	l.shown[k] = n
	switch {
	case n < l.max:
		return showLine
	case n == l.max:
		return showLast
	}
	return showNone
}

// kindOf is a message with its runs of digits replaced by "#", so that
// "line 12: 300001 bytes" and "line 40: 512000 bytes" are one kind.
func kindOf(msg string) string {
	b := make([]byte, 0, len(msg))
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c >= '0' && c <= '9' {
			if len(b) == 0 || b[len(b)-1] != '#' {
				b = append(b, '#')
			}
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// clipMessage shortens a message quoted in another one.
func clipMessage(msg string) string {
	const most = 160
	if len(msg) <= most {
		return msg
	}
	cut := most
	for cut > 0 && msg[cut]&0xC0 == 0x80 { // not inside a UTF-8 sequence
		cut--
	}
	return msg[:cut] + "…"
}
