package rtdm

import "strings"

// Timestamps tell reader comments from articles: each comment carries its time or date
// ("tim00099 at 6:26 PM", "27. Jun, 2012 / Toren says:"), an article has few.

// clockTimes counts the clock times (d:dd or dd:dd, not followed by a digit) in text.
func clockTimes(text string) int { return countTimes(text, false) }

// stampTimes counts the clock times that read as a time of day stamped on a post: followed
// by am or pm ("6:26 PM", "12:27 a.m.") or right after a year ("24th July 2012 - 19:58"); not
// a video's duration ("-- 3:00").
func stampTimes(text string) int { return countTimes(text, true) }

func countTimes(text string, stamped bool) int {
	times := 0
	for i := 1; i+2 < len(text); i++ {
		if text[i] != ':' || !isDigit(text[i-1]) || !isDigit(text[i+1]) || !isDigit(text[i+2]) {
			continue
		}
		if i+3 < len(text) && isDigit(text[i+3]) {
			continue
		}
		if stamped && !ampm(text[i+3:]) && !yearBefore(text, i) {
			continue
		}
		times++
	}
	return times
}

// yearBefore reports a year (19xx, 20xx) ending at most 4 bytes before the clock time whose
// colon is at text[colon], or an ISO date and one byte ("2012-07-24 14:43", "...T14:43").
func yearBefore(text string, colon int) bool {
	start := colon - 1
	if start > 0 && isDigit(text[start-1]) {
		start--
	}
	if d := start - 11; d >= 0 && isoDate(text, d, d+4) {
		return true
	}
	for end := start; end >= start-4 && end >= 4; end-- {
		if isYear(text[end-4:end]) && (end-4 == 0 || !isDigit(text[end-5])) {
			return true
		}
		if isDigit(text[end-1]) {
			return false
		}
	}
	return false
}

// ampm reports text starting, after spaces, with am, pm, a.m. or p.m. (any case), then not a letter.
func ampm(text string) bool {
	text = strings.TrimLeft(text, " \u00a0")
	if len(text) < 2 || text[0]|0x20 != 'a' && text[0]|0x20 != 'p' {
		return false
	}
	rest := text[1:]
	if rest[0] == '.' {
		rest = rest[1:]
	}
	if len(rest) == 0 || rest[0]|0x20 != 'm' {
		return false
	}
	rest = strings.TrimPrefix(rest[1:], ".")
	return len(rest) == 0 || !(rest[0]|0x20 >= 'a' && rest[0]|0x20 <= 'z')
}

// timestamps counts the clock times and the dates in text. Dates are a day, an English month
// name (or its three-letter abbreviation) and a four-digit year in either order ("27. Jun,
// 2012", "June 27th, 2012", "27 June 2012"), or ISO dates (2012-06-27).
func timestamps(text string) int {
	n := clockTimes(text)
	var toks [3]string // the last three alphanumeric tokens
	for i := 0; i < len(text); {
		if !isAlnum(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isAlnum(text[j]) {
			j++
		}
		tok := text[i:j]
		if isoDate(text, i, j) {
			n++
		}
		toks[0], toks[1], toks[2] = toks[1], toks[2], tok
		if isYear(tok) && (isDay(toks[0]) && isMonth(toks[1]) || isMonth(toks[0]) && isDay(toks[1])) {
			n++
		}
		i = j
	}
	return n
}

func isAlnum(c byte) bool { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isoDate reports a token text[i:j] of four digits followed by -dd-dd.
func isoDate(text string, i, j int) bool {
	if j-i != 4 || !isYear(text[i:j]) || j+6 > len(text) {
		return false
	}
	d := text[j : j+6]
	return d[0] == '-' && isDigit(d[1]) && isDigit(d[2]) && d[3] == '-' && isDigit(d[4]) && isDigit(d[5]) &&
		(j+6 == len(text) || !isDigit(text[j+6]))
}

// isYear reports 19xx or 20xx.
func isYear(s string) bool {
	return len(s) == 4 && (s[:2] == "19" || s[:2] == "20") && isDigit(s[2]) && isDigit(s[3])
}

// isDay reports 1 to 31, optionally with an ordinal suffix (1st, 22nd, 3rd, 27th).
func isDay(s string) bool {
	if len(s) > 2 {
		if suf := strings.ToLower(s[len(s)-2:]); suf == "st" || suf == "nd" || suf == "rd" || suf == "th" {
			s = s[:len(s)-2]
		}
	}
	if len(s) == 0 || len(s) > 2 || !isDigit(s[0]) || len(s) == 2 && !isDigit(s[1]) {
		return false
	}
	d := int(s[0] - '0')
	if len(s) == 2 {
		d = 10*d + int(s[1]-'0')
	}
	return d >= 1 && d <= 31
}

var months = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}

// isMonth reports an English month name or its first three letters ("Sept" too).
func isMonth(s string) bool {
	if len(s) < 3 {
		return false
	}
	l := strings.ToLower(s)
	for _, m := range months {
		if l == m || l == m[:3] || l == "sept" && m == "september" {
			return true
		}
	}
	return false
}
