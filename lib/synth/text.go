package synth

import (
	"html"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word of running text as the reader sees it (text) and as the page source
// spells it (html: entities, escaped ampersands). bare tokens carry no punctuation and may be
// wrapped in inline markup.
type token struct {
	text, html string
	bare       bool
}

func capitalize(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return w
	}
	return string(unicode.ToUpper(r)) + w[n:]
}

// sentence appends one sentence to toks. Words of topic (the article's key words, from its
// title) come up more often than their rank says, as in real articles.
func (l *lexicon) sentence(r *rand.Rand, toks []token, topic []string) []token {
	if l.cjk {
		return l.cjkSentence(r, toks, topic)
	}
	n := 7 + r.IntN(16)
	for i := range n {
		w := l.word(r)
		h := ""
		p := r.Float64()
		switch {
		case p < 0.04 && len(topic) > 0:
			w = topic[r.IntN(len(topic))]
		case p < 0.07:
			w = capitalize(l.tailWord(r))
		case p < 0.085:
			if r.IntN(2) == 0 {
				w = strconv.Itoa(1990 + r.IntN(36))
			} else {
				w = strconv.Itoa(2 + r.IntN(500))
			}
		case p < 0.095 && len(w) > 2:
			// A possessive with a typographic apostrophe, raw or as a character reference.
			if r.IntN(2) == 0 {
				h = w + "&#8217;s"
			} else {
				h = w + "\u2019s"
			}
			w += "\u2019s"
		case p < 0.101 && i > 0 && i < n-1:
			toks = append(toks, token{text: "&", html: "&amp;"})
		}
		if i == 0 {
			w = capitalize(w)
			if h != "" {
				h = capitalize(h)
			}
		}
		if h == "" {
			h = w
		}
		t := token{text: w, html: h, bare: true}
		switch {
		case i == n-1:
			end := "."
			if q := r.IntN(50); q < 3 {
				end = "?"
			} else if q < 4 {
				end = "!"
			}
			t.text += end
			t.html += end
			t.bare = false
		case i > 1 && r.Float64() < 0.08:
			t.text += ","
			t.html += ","
			t.bare = false
		}
		toks = append(toks, t)
	}
	return toks
}

func (l *lexicon) cjkSentence(r *rand.Rand, toks []token, topic []string) []token {
	n := 6 + r.IntN(14)
	for i := range n {
		w := l.word(r)
		if len(topic) > 0 && r.IntN(25) == 0 {
			w = topic[r.IntN(len(topic))]
		}
		if i == 0 {
			w = l.tailWord(r) // a sentence opens with a noun, not a particle
		}
		t := token{text: w, html: w, bare: true}
		switch {
		case i == n-1:
			t.text += "。"
			t.html += "。"
			t.bare = false
		case i > 1 && r.Float64() < 0.1:
			t.text += "、"
			t.html += "、"
			t.bare = false
		}
		toks = append(toks, t)
	}
	return toks
}

// paragraphTokens makes sentences until the paragraph holds at least minWords tokens.
func (l *lexicon) paragraphTokens(r *rand.Rand, toks []token, minWords int, topic []string) []token {
	for len(toks) < minWords {
		toks = l.sentence(r, toks, topic)
	}
	return toks
}

// title makes a headline (no trailing punctuation, no characters that need escaping) and
// returns it with its key words, the topic of the article.
func (l *lexicon) title(r *rand.Rand) (string, []string) {
	var topic []string
	if l.cjk {
		var sb strings.Builder
		n := 3 + r.IntN(4)
		for i := range n {
			if i%2 == 1 && r.IntN(3) > 0 {
				sb.WriteString(l.words[r.IntN(12)]) // a particle between nouns
			}
			w := l.tailWord(r)
			topic = append(topic, w)
			sb.WriteString(w)
			if i == n/2 && r.IntN(4) == 0 {
				sb.WriteString("、")
			}
		}
		return sb.String(), topic
	}
	n := 5 + r.IntN(7)
	words := make([]string, 0, n)
	for i := range n {
		var w string
		switch {
		case i == 0 || r.IntN(3) == 0:
			w = l.tailWord(r)
			topic = append(topic, w)
		default:
			w = l.word(r)
		}
		if i == 0 || r.IntN(8) == 0 {
			w = capitalize(w)
		}
		words = append(words, w)
	}
	if n > 7 && r.IntN(5) == 0 {
		words[2] += ":"
	}
	return strings.Join(words, " "), topic
}

// slug turns an English title into a URL path segment.
func slug(title string) string {
	var sb strings.Builder
	n := 0
	for _, f := range strings.Fields(title) {
		if n == 7 {
			break
		}
		f = strings.Trim(strings.ToLower(f), ":")
		if f == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('-')
		}
		sb.WriteString(f)
		n++
	}
	return sb.String()
}

// inlineRun marks tokens [from, to) of a paragraph to be wrapped in <open>...</close>.
type inlineRun struct {
	from, to    int
	open, close string
}

// renderTokens writes the tokens as page source into b and returns the text a renderer shows
// for them. sep is " " for space-separated scripts and "" for CJK. wrap > 0 breaks source lines
// after that many bytes (a renderer folds the newline into a space).
func renderTokens(b *[]byte, toks []token, runs []inlineRun, sep string, wrap int) string {
	var text strings.Builder
	line := 0
	ri := 0
	for i, t := range toks {
		if i > 0 {
			text.WriteString(sep)
			if sep != "" && wrap > 0 && line > wrap {
				*b = append(*b, '\n')
				line = 0
			} else {
				*b = append(*b, sep...)
				line += len(sep)
			}
		}
		if ri < len(runs) && runs[ri].from == i {
			*b = append(*b, runs[ri].open...)
			line += len(runs[ri].open)
		}
		*b = append(*b, t.html...)
		line += len(t.html)
		text.WriteString(t.text)
		if ri < len(runs) && runs[ri].to == i+1 {
			*b = append(*b, runs[ri].close...)
			line += len(runs[ri].close)
			ri++
		}
	}
	return text.String()
}

// chooseRuns picks up to k non-overlapping runs of 1-3 bare tokens, in order.
func chooseRuns(r *rand.Rand, toks []token, k int, cjk bool, mk func(words []token) (open, close string)) []inlineRun {
	var runs []inlineRun
	if len(toks) < 4 {
		return nil
	}
	seg := len(toks) / k
	for j := 0; j < k && seg > 3; j++ {
		start := j*seg + r.IntN(seg-3)
		n := 1 + r.IntN(3)
		if cjk {
			n = 1 + r.IntN(2)
		}
		end := start
		for end < start+n && end < len(toks) && toks[end].bare {
			end++
		}
		if end == start {
			continue
		}
		open, close := mk(toks[start:end])
		runs = append(runs, inlineRun{from: start, to: end, open: open, close: close})
	}
	return runs
}

func escapeAttr(s string) string { return html.EscapeString(s) }
