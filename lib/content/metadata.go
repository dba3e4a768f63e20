package content

import (
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/language"
)

// Metadata is what a page says about itself, in the forms a corpus wants: the record's
// "meta" member. Every member is left out when the page does not say it, or says it in a
// form that cannot be read (a date that is not one, a language tag that is not a tag); none
// is guessed from the text.
type Metadata struct {
	// Lang is the language the page declares, as a BCP 47 tag ("de", "en-US", "zh-Hant"):
	// <html lang>, else the Content-Language meta, else og:locale, else JSON-LD inLanguage.
	// What a page declares is sometimes its template's language, not its text's.
	Lang string `json:"lang,omitempty"`
	// Published and Modified are the dates the page gives for itself (JSON-LD datePublished
	// and dateModified, else article:published_time and the like, else a <time> marked as the
	// publication's), as RFC 3339 when the page gives a time and a zone, else as
	// "2006-01-02T15:04:05" or "2006-01-02".
	Published string `json:"published,omitempty"`
	Modified  string `json:"modified,omitempty"`
	// Author is the page's authors, "; " between two: JSON-LD's, else the meta elements'.
	Author string `json:"author,omitempty"`
	// SiteName is og:site_name, else the JSON-LD publisher's name.
	SiteName string `json:"site_name,omitempty"`
	// Description is the longest of og:description, twitter:description and the meta
	// description.
	Description string `json:"description,omitempty"`
	// Image is og:image (else JSON-LD's image), and Canonical the canonical link (else
	// og:url), both absolute.
	Image     string `json:"image,omitempty"`
	Canonical string `json:"canonical,omitempty"`
}

// Metadata returns what the page says about itself (see Metadata); relative addresses are
// resolved against the page's URL.
func (p *Page) Metadata() Metadata {
	m := &p.Meta
	md := Metadata{
		Lang:        firstNonEmpty(langTag(m.HTMLLang), langTag(m.ContentLang), langTag(m.OGLocale), langTag(m.LDLang)),
		Published:   firstNonEmpty(pageDate(m.LDPublished), pageDate(m.MetaPublished), pageDate(m.TimePublished)),
		Modified:    firstNonEmpty(pageDate(m.LDModified), pageDate(m.MetaModified)),
		Author:      authors(m.LDAuthors),
		SiteName:    firstNonEmpty(m.SiteName, m.LDPublisher),
		Description: m.Description,
	}
	if md.Author == "" {
		md.Author = authors(m.MetaAuthors)
	}
	var base *url.URL
	base, md.Canonical = p.webAddress()
	md.Image = absURL(base, firstNonEmpty(m.OGImage, m.LDImage))
	return md
}

// webAddress returns the page's address as an absolute http(s) URL (the one its caller gave,
// else its canonical one; nil when neither is) and its canonical address (the canonical link,
// else og:url) read against the address its caller gave.
func (p *Page) webAddress() (base *url.URL, canonical string) {
	base = webURL(p.URL)
	canonical = absURL(base, firstNonEmpty(p.Meta.Canonical, p.Meta.OGURL))
	if base == nil {
		base = webURL(canonical) // a page without its address: its canonical one
	}
	return base, canonical
}

// webURL parses an absolute http(s) address, or gives nil.
func webURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil || !isWeb(u) {
		return nil
	}
	return u
}

// langTag reads a declared language ("en_US", "EN-us", "de") as a canonical BCP 47 tag, or
// "" for what is not one (a template's "{{lang}}", "x-default", "und").
func langTag(s string) string {
	s, _, _ = strings.Cut(s, ",") // Content-Language may list several: the first
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "-")
	if s == "" || len(s) > 35 {
		return ""
	}
	t, err := language.Parse(s)
	if err != nil || t == language.Und {
		return ""
	}
	if base, conf := t.Base(); conf == language.No || base.String() == "und" {
		return ""
	}
	return t.String()
}

// dateLayouts are the forms of dates pages give, most common first; zoned says the layout
// carries a zone.
var dateLayouts = []struct {
	layout string
	zoned  bool
}{
	{time.RFC3339Nano, true},
	{"2006-01-02T15:04:05Z0700", true},
	{"2006-01-02T15:04Z07:00", true},
	{"2006-01-02T15:04:05.999999999", false},
	{"2006-01-02 15:04:05Z07:00", true},
	{"2006-01-02 15:04:05 -0700", true},
	{"2006-01-02 15:04:05", false},
	{"2006-01-02T15:04", false},
	{"2006-01-02", false},
	{"2006/01/02", false},
	{"20060102", false},
	{time.RFC1123Z, true},
	{time.RFC1123, true},
	{"Mon, 2 Jan 2006 15:04:05 -0700", true},
	{"January 2, 2006", false},
	{"2 January 2006", false},
}

// pageDate reads a date a page gives for itself (see Metadata.Published), or "" for what is
// not a date, or not one of the web's (before 1991 or after 2100: an epoch's zero, a
// template's default). A form of the layouts above keeps its time; any other keeps the day
// alone when it is unambiguous: a year-first date ("2022-1-26T14:32:06+02:00",
// "2012/07/24T14:41"), a day and a month's English name and a year ("Dec 19th 2025", "8:43
// AM, April 19, 2013", "Tue Jan 28 15:28:56 CET 2020"), a day.month.year ("Di., 25.01.2022"),
// a day/month/year or month/day/year whose day is past 12 ("13/11/2025", "Thu, 09/25/2025").
// "10/05/2022" is not read: its order is the writer's convention.
func pageDate(s string) string {
	s = strings.TrimSpace(s)
	if len(s) < 8 || len(s) > 64 {
		return ""
	}
	for _, l := range dateLayouts {
		t, err := time.Parse(l.layout, s)
		if err != nil {
			continue
		}
		if !webYear(t.Year()) {
			return ""
		}
		switch {
		case l.zoned:
			return t.Format(time.RFC3339)
		case t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && !strings.ContainsAny(s[min(len(s), 10):], ":"):
			return t.Format("2006-01-02")
		default:
			return t.Format("2006-01-02T15:04:05")
		}
	}
	y, m, d := looseDate(s)
	if !webYear(y) || m < 1 || m > 12 || d < 1 || d > 31 {
		return ""
	}
	t := time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC)
	if t.Day() != d { // the 31st of a month of 30 days
		return ""
	}
	return t.Format("2006-01-02")
}

func webYear(y int) bool { return y >= 1991 && y <= 2100 }

var (
	yearFirst   = regexp.MustCompile(`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\D|$)`)
	dayFirst    = regexp.MustCompile(`(?:^|\D)(\d{1,2})([./])(\d{1,2})[./](\d{4})(?:\D|$)`)
	monthNamed  = regexp.MustCompile(`(?i)\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\b`)
	dayNumber   = regexp.MustCompile(`^\W*(\d{1,2})(?:st|nd|rd|th)?\b`)
	dayBefore   = regexp.MustCompile(`\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:of\s+)?$`)
	anyYear     = regexp.MustCompile(`\b(\d{4})\b`)
	monthPrefix = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
)

// looseDate reads the year, month and day of the forms pageDate's doc names (0s if none).
func looseDate(s string) (y, m, d int) {
	if g := yearFirst.FindStringSubmatch(s); g != nil {
		return atoi(g[1]), atoi(g[2]), atoi(g[3])
	}
	if g := dayFirst.FindStringSubmatch(s); g != nil {
		a, b := atoi(g[1]), atoi(g[3])
		switch {
		case g[2] == "." || a > 12:
			return atoi(g[4]), b, a
		case b > 12:
			return atoi(g[4]), a, b // month/day/year
		}
		return 0, 0, 0
	}
	loc := monthNamed.FindStringSubmatchIndex(s)
	if loc == nil {
		return 0, 0, 0
	}
	name := strings.ToLower(s[loc[2]:loc[3]])
	for i, p := range monthPrefix {
		if strings.HasPrefix(name, p) {
			m = i + 1
		}
	}
	if g := dayNumber.FindStringSubmatch(s[loc[1]:]); g != nil {
		d = atoi(g[1])
	} else if g := dayBefore.FindStringSubmatch(s[:loc[0]]); g != nil {
		d = atoi(g[1])
	}
	for _, g := range anyYear.FindAllStringSubmatch(s, -1) {
		if webYear(atoi(g[1])) {
			return atoi(g[1]), m, d
		}
	}
	return 0, 0, 0
}

// atoi reads a run of ASCII digits (the expressions above match only those).
func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// authors joins the names that are names, each once, with "; " (names read collapsed).
func authors(names []string) string {
	var out []string
	seen := map[string]bool{}
	for _, n := range names {
		low := strings.ToLower(n)
		if seen[low] || !isName(n, low) {
			continue
		}
		seen[low] = true
		out = append(out, n)
	}
	return strings.Join(out, "; ")
}

// isName tells a name from what templates put where a name goes: an address, a whole
// sentence, a placeholder ("undefined", "null"), an identifier of hex digits.
func isName(n, low string) bool {
	switch {
	case n == "" || len(n) > 100, strings.Contains(n, "://"), strings.HasPrefix(n, "/"), strings.HasPrefix(low, "www."):
		return false
	case low == "undefined" || low == "null" || low == "none" || low == "unknown" || low == "n/a":
		return false
	}
	letters, hex, digits := 0, true, 0
	for _, r := range low {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'f' || r == '-':
		default:
			hex = false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters > 0 && !(hex && digits >= 2 && len(n) >= 8)
}

// absURL resolves ref against base, keeping only http(s) addresses ("" otherwise). ref is
// read as the URL standard reads an address: without the C0 controls and spaces around it
// and without any tab or line break inside it (an href written over two lines is one
// address to a browser; url.Parse refuses it).
func absURL(base *url.URL, ref string) string {
	ref = strings.TrimFunc(ref, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(ref, "\t\n\r") {
		ref = dropTabsAndBreaks.Replace(ref)
	}
	if ref == "" {
		return ""
	}
	u, err := url.Parse(ref)
	if err != nil {
		return ""
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if !isWeb(u) {
		return ""
	}
	return u.String()
}

// dropTabsAndBreaks removes what the URL standard removes from inside an address (byte by
// byte: an address's other bytes, valid UTF-8 or not, stay as they are).
var dropTabsAndBreaks = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// isWeb reports whether u is an absolute http(s) address.
func isWeb(u *url.URL) bool { return (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" }
