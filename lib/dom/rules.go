package dom

import "golang.org/x/net/html/atom"

// Element categories, as bits of flags(a).
const (
	fVoid      = 1 << iota // no content, no end tag
	fRaw                   // content is raw text, not decoded (script, style, ...)
	fRCDATA                // content is text, entity-decoded (title, textarea)
	fClosesP               // its start tag closes an open p (in button scope)
	fSpecial               // "special" in HTML5: inline end tags do not cross it
	fScope                 // boundary of the default scope
	fHeadOK                // allowed in head (others close an open head)
	fBreakout              // its start tag breaks out of svg/math
	fBlock                 // rendered as a line break (see IsBlock)
	fHeading               // h1-h6
	fTablePart             // table, caption, colgroup, tbody, thead, tfoot, tr, td, th
	fHidden                // its content is not displayed (see IsHidden)
)

func flags(a atom.Atom) uint32 {
	switch a {
	case atom.Area, atom.Col, atom.Embed, atom.Keygen, atom.Source, atom.Track, atom.Wbr, atom.Param, atom.Input, atom.Img, atom.Frame:
		return fVoid | fSpecial
	case atom.Br, atom.Hr:
		return fVoid | fSpecial | fBlock | fClosesP*b2u(a == atom.Hr) | fBreakout
	case atom.Base, atom.Basefont, atom.Bgsound, atom.Link, atom.Meta:
		return fVoid | fSpecial | fHeadOK | fBreakout*b2u(a == atom.Meta)
	case atom.Script, atom.Style:
		return fRaw | fSpecial | fHeadOK | fHidden
	case atom.Noscript, atom.Noframes:
		return fRaw | fSpecial | fHeadOK | fHidden
	case atom.Iframe, atom.Noembed:
		return fRaw | fSpecial | fHidden
	case atom.Xmp:
		return fRaw | fSpecial | fClosesP | fBlock
	case atom.Plaintext:
		return fRaw | fSpecial | fClosesP | fBlock
	case atom.Title:
		return fRCDATA | fSpecial | fHeadOK | fHidden
	case atom.Textarea:
		return fRCDATA | fSpecial | fHidden
	case atom.Template:
		return fSpecial | fScope | fHeadOK | fHidden
	case atom.Address, atom.Article, atom.Aside, atom.Blockquote, atom.Center, atom.Details, atom.Dialog,
		atom.Dir, atom.Div, atom.Dl, atom.Fieldset, atom.Figcaption, atom.Figure, atom.Footer, atom.Form, atom.Header,
		atom.Hgroup, atom.Main, atom.Menu, atom.Nav, atom.Ol, atom.Section, atom.Summary, atom.Ul, atom.Search,
		atom.Pre, atom.Listing:
		return fClosesP | fSpecial | fBlock | fBreakout
	case atom.P:
		return fClosesP | fSpecial | fBlock | fBreakout
	case atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		return fClosesP | fSpecial | fBlock | fBreakout | fHeading
	case atom.Li, atom.Dd, atom.Dt:
		return fClosesP | fSpecial | fBlock | fBreakout
	case atom.Table:
		return fClosesP | fSpecial | fScope | fBlock | fBreakout | fTablePart
	case atom.Caption, atom.Td, atom.Th:
		return fSpecial | fScope | fBlock | fTablePart
	case atom.Tr, atom.Tbody, atom.Thead, atom.Tfoot:
		return fSpecial | fBlock | fTablePart
	case atom.Colgroup:
		return fSpecial | fTablePart
	case atom.Html:
		return fSpecial | fScope | fBlock
	case atom.Body:
		return fSpecial | fBlock | fBreakout
	case atom.Head:
		return fSpecial | fBreakout | fHidden
	case atom.Applet, atom.Marquee, atom.Object:
		return fSpecial | fScope
	case atom.Button:
		return fSpecial
	case atom.Select, atom.Datalist:
		return fSpecial*b2u(a == atom.Select) | fHidden
	case atom.Frameset:
		return fSpecial | fBlock
	case atom.Legend, atom.Option, atom.Optgroup:
		return fBlock
	case atom.B, atom.Big, atom.Code, atom.Em, atom.I, atom.S, atom.Small, atom.Strike, atom.Strong, atom.Tt, atom.U,
		atom.Font, atom.Nobr, atom.Span, atom.Sub, atom.Sup, atom.Var, atom.Ruby:
		return fBreakout
	case atom.Svg:
		return fHidden
	case atom.Rt, atom.Rp:
		return fHidden // ruby annotations: a reading aid over the text, not text
	}
	return 0
}

func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// IsVoid reports whether the element has no content and no end tag (br, img, ...).
func IsVoid(a atom.Atom) bool { return flags(a)&fVoid != 0 }

// IsBlock reports whether the element is rendered as a line break around
// its content by lib/htmltext: p, div, headings, lists and their items,
// table rows and cells, br, hr, section, article, header, footer, nav,
// aside, blockquote, pre, figure, figcaption, form, fieldset, legend, dl,
// dt, dd, main, address, center, details, summary, dialog, html, body, ...
func IsBlock(a atom.Atom) bool { return flags(a)&fBlock != 0 }

// IsHidden reports whether the element's content is not displayed as page
// text: script, style, noscript, template, title, textarea, iframe,
// noembed, noframes, select, datalist, svg and head; and rt and rp, ruby
// annotations (furigana, pinyin), which a reader of the text does not want
// inside its words ("子こども" for "子ども").
func IsHidden(a atom.Atom) bool { return flags(a)&fHidden != 0 }

// IsRawText reports whether the element's content is one raw text token
// (script, style, textarea, title, noscript, xmp, iframe, noembed,
// noframes, plaintext); template content is also kept as one Text child
// by Parse but is tokenized as HTML.
func IsRawText(a atom.Atom) bool { return flags(a)&(fRaw|fRCDATA) != 0 }
