package content

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/htmltext"
	"golang.org/x/net/html/atom"
)

// Meta is what a page says about itself in its head and its structured data: the titles
// it gives, its type, and the descriptions it carries.
type Meta struct {
	DocTitle    string // <title>
	OGTitle     string // og:title or twitter:title
	SiteName    string // og:site_name
	OGType      string // og:type
	Description string // og:description or meta description
	// From JSON-LD: the @type of the main item (Article, Product, ...), its headline or
	// name, and its description or articleBody.
	LDType, LDTitle, LDDescription string
	// LDKinds are the kinds of every JSON-LD item the page describes (ldKinds, a bit each):
	// an ItemList or a Product beside an Article say what kind of page it is.
	LDKinds uint32
	// The page's own address: its canonical link and og:url; Base the first <base href>, the
	// address its relative links are read against.
	Canonical, OGURL, Base string

	// What the page says of its language, dates, authors and image, for the record's meta
	// member (Page.Metadata); the model reads none of these. Each source apart, as found.
	HTMLLang, ContentLang, OGLocale, LDLang string   // <html lang>, Content-Language, og:locale, inLanguage
	LDPublished, LDModified                 string   // the main JSON-LD item's (else the first item's that has one)
	MetaPublished, MetaModified             string   // meta elements (article:published_time ...)
	TimePublished                           string   // a <time> marked datePublished or pubdate
	LDAuthors, MetaAuthors                  []string // JSON-LD author names; meta author names
	LDPublisher                             string   // the JSON-LD publisher's name
	OGImage, LDImage                        string
}

// publishedKeys and modifiedKeys are the meta names and properties (lower case) that give a
// page's dates, in order of trust: Open Graph's article properties, schema.org's itemprops,
// then the names of Dublin Core, Google Scholar and the common publishing platforms.
var publishedKeys = []string{"article:published_time", "og:published_time", "datepublished",
	"dc.date.issued", "dcterms.issued", "dc.date", "dcterms.date", "dcterms.created",
	"citation_publication_date", "citation_date", "parsely-pub-date", "sailthru.date",
	"publish-date", "publish_date", "publishdate", "pubdate", "date"}
var modifiedKeys = []string{"article:modified_time", "og:updated_time", "datemodified", "dcterms.modified", "last-modified"}

// authorKeys are the meta names that give a page's authors.
var authorKeys = []string{"author", "article:author", "parsely-author", "sailthru.author", "dc.creator", "dcterms.creator", "citation_author"}

// ldKinds are the JSON-LD types whose presence anywhere in a page's structured data the
// model sees, a bit each (LDKinds): types that tell a page of many items from a page of one.
var ldKinds = [][]string{
	{"itemlist", "collectionpage", "searchresultspage", "offercatalog"},
	{"product", "productgroup", "offer", "aggregateoffer"},
	{"breadcrumblist"},
	{"discussionforumposting", "qapage", "socialmediaposting", "comment"},
	{"faqpage", "question"},
	{"article", "newsarticle", "blogposting", "reportagenewsarticle", "techarticle", "scholarlyarticle", "analysisnewsarticle", "opinionnewsarticle"},
	{"service", "localbusiness", "professionalservice", "organization", "corporation"},
	{"howto", "recipe", "course", "event", "jobposting"},
}

func ldKind(t string) uint32 {
	for k, ts := range ldKinds {
		for _, x := range ts {
			if t == x {
				return 1 << k
			}
		}
	}
	return 0
}

// readMeta reads the head's title and meta elements and the JSON-LD scripts of the page.
func readMeta(root *dom.Node) Meta {
	var m Meta
	pubRank, modRank := len(publishedKeys), len(modifiedKeys)
	root.Walk(func(n *dom.Node) bool {
		if n.Type != dom.Element && n.Type != dom.Document {
			return false
		}
		switch n.Atom {
		case atom.Html:
			if m.HTMLLang == "" {
				m.HTMLLang = strings.TrimSpace(firstNonEmpty(n.Attr("lang"), n.Attr("xml:lang")))
			}
		case atom.Time:
			if m.TimePublished == "" && (strings.EqualFold(n.Attr("itemprop"), "datepublished") || n.HasAttr("pubdate")) {
				m.TimePublished = strings.TrimSpace(n.Attr("datetime"))
			}
		case atom.Title:
			if m.DocTitle == "" && len(n.Children) == 1 {
				m.DocTitle = htmltext.FieldText(n.Children[0].Text)
			}
			return false
		case atom.Meta:
			key := n.Attr("property")
			if key == "" {
				key = n.Attr("name")
			}
			val := htmltext.FieldText(n.Attr("content"))
			key = strings.ToLower(key)
			switch key {
			case "og:title", "twitter:title":
				if m.OGTitle == "" {
					m.OGTitle = val
				}
			case "og:site_name":
				m.SiteName = val
			case "og:type":
				m.OGType = strings.ToLower(val)
			case "og:url":
				if m.OGURL == "" {
					m.OGURL = val
				}
			case "og:description", "description", "twitter:description":
				if len(val) > len(m.Description) {
					m.Description = val
				}
			}
			if key == "" {
				key = strings.ToLower(n.Attr("itemprop"))
			}
			m.readInfo(n, key, val, &pubRank, &modRank)
			return false
		case atom.Base:
			if m.Base == "" {
				m.Base = strings.TrimSpace(n.Attr("href"))
			}
			return false
		case atom.Link:
			if m.Canonical == "" && strings.EqualFold(n.Attr("rel"), "canonical") {
				m.Canonical = strings.TrimSpace(n.Attr("href"))
			}
			return false
		case atom.Script:
			if strings.EqualFold(strings.TrimSpace(n.Attr("type")), "application/ld+json") && len(n.Children) == 1 {
				m.readLD(n.Children[0].Text)
			}
			return false
		case atom.Svg, atom.Style, atom.Noscript, atom.Template, atom.Iframe:
			return false
		}
		return true
	})
	return m
}

// readInfo reads a meta element's language, date, author or image (key lower case, val its
// content collapsed) into m; pubRank and modRank are the ranks of the dates kept so far.
func (m *Meta) readInfo(n *dom.Node, key, val string, pubRank, modRank *int) {
	if val == "" {
		return
	}
	if strings.EqualFold(n.Attr("http-equiv"), "content-language") && m.ContentLang == "" {
		m.ContentLang = val
		return
	}
	switch key {
	case "og:locale":
		if m.OGLocale == "" {
			m.OGLocale = val
		}
		return
	case "og:image", "og:image:url", "og:image:secure_url", "twitter:image":
		if m.OGImage == "" {
			m.OGImage = val
		}
		return
	}
	if r := slices.Index(publishedKeys, key); r >= 0 && r < *pubRank {
		*pubRank, m.MetaPublished = r, val
	} else if r := slices.Index(modifiedKeys, key); r >= 0 && r < *modRank {
		*modRank, m.MetaModified = r, val
	} else if slices.Contains(authorKeys, key) && len(m.MetaAuthors) < maxAuthors {
		m.MetaAuthors = append(m.MetaAuthors, val)
	}
}

// maxAuthors is the most author names kept from one source.
const maxAuthors = 10

// ldItem is the part of a JSON-LD item the model reads, and what Metadata reads.
type ldItem struct {
	Type        json.RawMessage   `json:"@type"`
	Headline    string            `json:"headline"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	ArticleBody string            `json:"articleBody"`
	Graph       []json.RawMessage `json:"@graph"`
	MainEntity  json.RawMessage   `json:"mainEntity"`

	// Raw, so that a member of an unexpected type never makes the item unreadable (the
	// model's members above would be lost with it).
	DatePublished json.RawMessage `json:"datePublished"`
	DateModified  json.RawMessage `json:"dateModified"`
	Author        json.RawMessage `json:"author"`
	Publisher     json.RawMessage `json:"publisher"`
	InLanguage    json.RawMessage `json:"inLanguage"`
	Image         json.RawMessage `json:"image"`
}

// mainTypes are the JSON-LD types of a page's main item, in order of preference.
var mainTypes = []string{"product", "newsarticle", "article", "blogposting", "reportagenewsarticle",
	"techarticle", "scholarlyarticle", "recipe", "qapage", "discussionforumposting", "howto",
	"event", "course", "jobposting", "faqpage", "book", "movie", "softwareapplication",
	"localbusiness", "organization", "collectionpage", "itemlist", "webpage"}

func typeRank(t string) int {
	for i, m := range mainTypes {
		if t == m {
			return i
		}
	}
	return len(mainTypes)
}

// readLD reads one JSON-LD script, keeping the item whose type ranks first.
func (m *Meta) readLD(src string) {
	src = strings.TrimSpace(src)
	if len(src) < 2 || len(src) > 4<<20 {
		return
	}
	var items []json.RawMessage
	if src[0] == '[' {
		if json.Unmarshal([]byte(src), &items) != nil {
			return
		}
	} else {
		items = []json.RawMessage{json.RawMessage(src)}
	}
	best := typeRank(strings.ToLower(m.LDType))
	if m.LDType == "" {
		best = len(mainTypes) + 1
	}
	var visit func(raw json.RawMessage, depth int)
	visit = func(raw json.RawMessage, depth int) {
		if depth > 3 || len(raw) == 0 || raw[0] != '{' {
			return
		}
		var it ldItem
		if json.Unmarshal(raw, &it) != nil {
			return
		}
		for _, g := range it.Graph {
			visit(g, depth+1)
		}
		if len(it.MainEntity) > 0 {
			visit(it.MainEntity, depth+1)
		}
		main := false
		for _, t := range ldTypes(it.Type) {
			m.LDKinds |= ldKind(t)
			if r := typeRank(t); r < best {
				best = r
				m.LDType = t
				m.LDTitle = htmltext.FieldText(firstNonEmpty(it.Headline, it.Name))
				m.LDDescription = htmltext.FieldText(firstNonEmpty(it.ArticleBody, it.Description))
				main = true
			}
		}
		m.readLDInfo(&it, main)
	}
	for _, raw := range items {
		visit(raw, 0)
	}
}

// readLDInfo reads an item's dates, authors, publisher, language and image into m: the
// main item's (main: the item ranks first so far) replace those of items read before it,
// another item's fill only what is still missing.
func (m *Meta) readLDInfo(it *ldItem, main bool) {
	set := func(dst *string, v string) {
		if v = htmltext.FieldText(v); v != "" && (main || *dst == "") {
			*dst = v
		}
	}
	set(&m.LDPublished, ldName(it.DatePublished))
	set(&m.LDModified, ldName(it.DateModified))
	set(&m.LDLang, ldName(it.InLanguage))
	set(&m.LDPublisher, ldName(it.Publisher))
	set(&m.LDImage, ldURL(it.Image))
	if names := ldNames(it.Author); len(names) > 0 && (main || len(m.LDAuthors) == 0) {
		m.LDAuthors = names
	}
}

// ldNames reads an author: a name, a Person or Organization with a name, or a list of
// those (at most maxAuthors).
func ldNames(raw json.RawMessage) []string {
	raw = json.RawMessage(strings.TrimSpace(string(raw)))
	if len(raw) == 0 {
		return nil
	}
	if raw[0] != '[' {
		if n := htmltext.FieldText(ldName(raw)); n != "" {
			return []string{n}
		}
		return nil
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) != nil {
		return nil
	}
	var out []string
	for _, r := range list {
		if n := htmltext.FieldText(ldName(r)); n != "" && len(out) < maxAuthors {
			out = append(out, n)
		}
	}
	return out
}

// ldName reads a name: a string, or an object's (a Person, an Organization, a Language) name,
// else its alternateName, or the first of a list of those.
func ldName(raw json.RawMessage) string { return ldString(raw, "name", "alternateName") }

// ldURL reads an image: a URL, an ImageObject's url (else its contentUrl), or the first of a
// list of those.
func ldURL(raw json.RawMessage) string { return ldString(raw, "url", "contentUrl") }

// ldString reads a JSON-LD value that is a string, an object whose first non-empty string
// member of keys says it, or a list whose first item is one of those.
func ldString(raw json.RawMessage, keys ...string) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var o map[string]json.RawMessage
	if json.Unmarshal(raw, &o) == nil {
		for _, k := range keys {
			if json.Unmarshal(o[k], &s) == nil && s != "" {
				return s
			}
		}
		return ""
	}
	var list []json.RawMessage
	if json.Unmarshal(raw, &list) == nil && len(list) > 0 {
		return ldString(list[0], keys...)
	}
	return ""
}

// ldTypes reads an @type, a string or an array of strings, lower-cased.
func ldTypes(raw json.RawMessage) []string {
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{strings.ToLower(one)}
	}
	var many []string
	if json.Unmarshal(raw, &many) == nil {
		for i := range many {
			many[i] = strings.ToLower(many[i])
		}
		return many
	}
	return nil
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if strings.TrimSpace(x) != "" {
			return x
		}
	}
	return ""
}
