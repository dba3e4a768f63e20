package content

import (
	"encoding/json"
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
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
	// The page's own address: its canonical link and og:url.
	Canonical, OGURL string
}

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
	root.Walk(func(n *dom.Node) bool {
		if n.Type != dom.Element && n.Type != dom.Document {
			return false
		}
		switch n.Atom {
		case atom.Title:
			if m.DocTitle == "" && len(n.Children) == 1 {
				m.DocTitle = collapse(n.Children[0].Text)
			}
			return false
		case atom.Meta:
			key := n.Attr("property")
			if key == "" {
				key = n.Attr("name")
			}
			val := collapse(n.Attr("content"))
			switch strings.ToLower(key) {
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

// ldItem is the part of a JSON-LD item the model reads.
type ldItem struct {
	Type        json.RawMessage   `json:"@type"`
	Headline    string            `json:"headline"`
	Name        string            `json:"name"`
	Description string            `json:"description"`
	ArticleBody string            `json:"articleBody"`
	Graph       []json.RawMessage `json:"@graph"`
	MainEntity  json.RawMessage   `json:"mainEntity"`
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
		for _, t := range ldTypes(it.Type) {
			m.LDKinds |= ldKind(t)
			if r := typeRank(t); r < best {
				best = r
				m.LDType = t
				m.LDTitle = collapse(firstNonEmpty(it.Headline, it.Name))
				m.LDDescription = collapse(firstNonEmpty(it.ArticleBody, it.Description))
			}
		}
	}
	for _, raw := range items {
		visit(raw, 0)
	}
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

// collapse trims s and turns its runs of white space into single spaces.
func collapse(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
