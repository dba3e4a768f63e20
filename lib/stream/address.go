package stream

import (
	"strings"

	"golang.org/x/net/html/atom"

	"github.com/chaffkit/chaff/lib/dom"
)

// pageAddress returns the address an HTML file gives itself in its head: its canonical link,
// else its og:url, when that is an absolute http(s) address; "" otherwise. A page saved to a
// file (a browser's "save as", a mirror) has no URL of its own, and without one it has no site
// either (every such page would be one site, site.All): its own address gives it both, and
// gives the reader of the output where the text came from. Only the head is read, up to the
// body's first tag or text, as a crawler reads a canonical link; a relative address is left out
// (the file does not say what it is relative to).
func pageAddress(html string) string {
	var canonical, og string
	inTitle := false
	s := dom.NewScanner(html)
	for {
		e, ok := s.Next()
		if !ok {
			break
		}
		if e.Kind == dom.TextEvent && !e.Raw && !inTitle && strings.TrimSpace(html[e.Start:e.End]) != "" {
			break // text outside the title: the body has begun
		}
		if e.Atom == atom.Title {
			inTitle = e.Kind == dom.StartEvent
		}
		if e.Kind != dom.StartEvent {
			continue
		}
		if !inHead(e.Atom) {
			break // the body's first tag (or one that begins it)
		}
		if e.Atom != atom.Link && e.Atom != atom.Meta {
			continue
		}
		var rel, href, property, value string
		for _, a := range dom.ParseAttrs(html[e.Start:e.End]) {
			switch a.Key {
			case "rel":
				rel = a.Val
			case "href":
				href = a.Val
			case "property":
				property = a.Val
			case "content":
				value = a.Val
			}
		}
		switch {
		case e.Atom == atom.Link && canonical == "" && hasToken(rel, "canonical"):
			canonical = absoluteWeb(href)
		case e.Atom == atom.Meta && og == "" && strings.EqualFold(strings.TrimSpace(property), "og:url"):
			og = absoluteWeb(value)
		}
		if canonical != "" {
			break
		}
	}
	if canonical != "" {
		return canonical
	}
	return og
}

// hasToken reports whether the space-separated list holds tok, in any case (a rel value).
func hasToken(list, tok string) bool {
	for _, t := range strings.Fields(list) {
		if strings.EqualFold(t, tok) {
			return true
		}
	}
	return false
}

// absoluteWeb returns addr trimmed when it is an absolute http or https address, else "".
func absoluteWeb(addr string) string {
	addr = strings.TrimSpace(addr)
	for _, scheme := range [...]string{"http://", "https://"} {
		if len(addr) > len(scheme) && strings.EqualFold(addr[:len(scheme)], scheme) {
			return addr
		}
	}
	return ""
}

// inHead reports whether an element of this atom may stand in a page's head (or be the html
// or head element itself); any other begins the body.
func inHead(a atom.Atom) bool {
	switch a {
	case atom.Html, atom.Head, atom.Title, atom.Base, atom.Link, atom.Meta, atom.Style, atom.Script, atom.Noscript, atom.Template:
		return true
	}
	return false
}
