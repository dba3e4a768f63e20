package htmltext

import "strings"

// Invisible is a set of the kinds of element that hold nothing a reader sees.
type Invisible uint8

const (
	Comments Invisible = 1 << iota
	Scripts
	Styles
	// AllInvisible is every kind: comments, scripts and styles.
	AllInvisible = Comments | Scripts | Styles
)

// NextInvisible returns where the next comment, script or style element (of the kinds
// asked for) at or after byte from of html starts and ends (end just past its closing "-->" or end tag; one left open
// runs to the end of html), or len(html) twice when there is none. Those hold nothing a
// reader sees, and a quarter of a news page's bytes (half of a modern page's): the
// algorithms that learn from a page's raw bytes (ampl's windows, ngramcut's units) skip
// them unread. It is a byte scan, not the tokenizer: a "<script" inside an attribute
// value or a comment's text counts (rare, and the same on every page of a site).
func NextInvisible(html string, from int, kinds Invisible) (start, end int) {
	for i := from; i < len(html); {
		j := strings.IndexByte(html[i:], '<')
		if j < 0 {
			break
		}
		i += j
		// Most tags cannot start one (startsInvisible): passed over without a call.
		if i+1 < len(html) && startsInvisible[html[i+1]] {
			if end := invisibleEnd(html, i, kinds); end > i {
				return i, end
			}
		}
		i++
	}
	return len(html), len(html)
}

// EachText walks the source of html outside tags and outside the invisible elements of
// kinds, in order: text gets each run of text between them as the source has it (entities
// not decoded), tag the source of each tag between its < and > ("" for an invisible
// element). A tag left open runs to the next invisible element or to the end. It is the
// byte scan for those who read a page's text without the tokenizer (Fingerprint, the
// content model's code lines).
func EachText(html string, kinds Invisible, text, tag func(string)) {
	for at := 0; at < len(html); {
		start, end := NextInvisible(html, at, kinds)
		for seg := html[at:start]; seg != ""; {
			i := strings.IndexByte(seg, '<')
			if i < 0 {
				text(seg)
				break
			}
			if i > 0 {
				text(seg[:i])
			}
			k := strings.IndexByte(seg[i:], '>')
			if k < 0 {
				tag(seg[i+1:])
				break
			}
			tag(seg[i+1 : i+k])
			seg = seg[i+k+1:]
		}
		if end > start {
			tag("")
		}
		at = end
	}
}

// invisibleElements are the elements of the kinds other than comments.
var invisibleElements = [...]struct {
	name string
	kind Invisible
}{{"script", Scripts}, {"style", Styles}}

// startsInvisible marks the bytes that can follow the '<' of something invisibleEnd reads:
// '!' (a comment) and the first letter of each of invisibleElements, in either case.
var startsInvisible = func() (t [256]bool) {
	t['!'] = true
	for _, el := range invisibleElements {
		t[el.name[0]], t[el.name[0]-'a'+'A'] = true, true
	}
	return t
}()

// invisibleEnd returns the end of the element of one of kinds that starts at html[i]
// ('<'), or i when none does.
func invisibleEnd(html string, i int, kinds Invisible) int {
	rest := html[i:]
	if kinds&Comments != 0 && strings.HasPrefix(rest, "<!--") {
		if k := strings.Index(rest[4:], "-->"); k >= 0 {
			return i + 4 + k + 3
		}
		return len(html)
	}
	for _, el := range invisibleElements {
		name := el.name
		if kinds&el.kind != 0 && len(rest) > len(name)+1 && strings.EqualFold(rest[1:1+len(name)], name) {
			switch rest[1+len(name)] {
			case '>', ' ', '\t', '\n', '\r', '\f', '/':
			default:
				continue
			}
			k := IndexFold(rest, "</"+name)
			if k < 0 {
				return len(html)
			}
			if gt := strings.IndexByte(rest[k:], '>'); gt >= 0 {
				return i + k + gt + 1
			}
			return len(html)
		}
	}
	return i
}

// IndexFold is strings.Index under ASCII case folding, for a needle that starts with a
// byte that has no case ('<'): the index of the first match in s, or -1.
func IndexFold(s, needle string) int {
	for i := 0; i+len(needle) <= len(s); i++ {
		j := strings.IndexByte(s[i:], needle[0])
		if j < 0 {
			return -1
		}
		i += j
		if i+len(needle) <= len(s) && strings.EqualFold(s[i:i+len(needle)], needle) {
			return i
		}
	}
	return -1
}
