package content

import (
	"strconv"
	"strings"

	"github.com/chaffkit/chaff/lib/dom"
)

// An Image is a picture the page shows between its blocks: an img element that no block's
// text is open around (a figure's picture, a photo between two paragraphs, a card's
// picture), noted when Segment is asked for them (WithImages), for lib/markdown. Pictures
// inside a line of text (an emoji, a flag, a forum's smiley, an icon before a label) are not
// noted: the plain text has no place for them either.
type Image struct {
	Before int32     // the index of the block after it (len(Blocks) when none follows)
	Node   *dom.Node // the img element
	Flags  Flags     // where it stands (InTableCell, InListItem, InQuote...), as a block's
	Src    string    // the address it shows as the page writes it (see ImageAddress)
}

// WithImages has Segment note the page's images (Images), for a writer that writes them.
func WithImages() SegmentOption { return func(s *segmenter) { s.images = true } }

// minImageSide is the least width or height, in pixels in the img element's own attributes
// or inline style, of an image worth noting: smaller ones are icons, spacers and tracking
// pixels.
const minImageSide = 48

// image notes img element n, met outside any open block with the context flags fl, unless
// it is hidden, small or has no address.
func (s *segmenter) image(n *dom.Node, fl Flags) {
	src := imageSource(n)
	if fl&(InHidden|InAriaHidden) != 0 || src == "" {
		return
	}
	style := n.Attr("style")
	for _, side := range [...]string{"width", "height"} {
		if v, ok := pixels(n.Attr(side)); ok && v < minImageSide {
			return
		}
		if v, ok := pixels(dom.StyleValue(style, side)); ok && v > 0 && v < minImageSide { // 0: a box that min-width sizes
			return
		}
	}
	s.p.images = append(s.p.images, Image{Before: int32(len(s.p.Blocks)), Node: n, Flags: fl, Src: src})
}

// pixels reads a length in pixels ("16", "16px"); false for any other value.
func pixels(v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), "px"))
	return n, err == nil
}

// ImagesBefore returns the images noted (WithImages) between block i-1 and block i, in the
// page's order; i = len(Blocks) gives those after the last block.
func (p *Page) ImagesBefore(i int) []Image {
	from, to := blockRun(len(p.images), func(k int) int32 { return p.images[k].Before }, i)
	return p.images[from:to:to]
}

// ImageAddress returns the address of image m: the address a lazy-loading script puts in
// its src (an attribute data-...src, as data-src, data-lazy-src or data-wpfc-original-src,
// or data-original: src then holds a placeholder, a spacer gif or a grey box), else its src,
// else the first of srcset's, read against the page's address and <base href> (as
// ResolveLink reads a link's); "" when none gives an http(s) address.
func (p *Page) ImageAddress(m Image) string {
	return p.resolve(m.Src)
}

// imageSource returns the address img element n shows, unresolved ("" if none).
func imageSource(n *dom.Node) string {
	for _, a := range n.Attrs() {
		if strings.HasPrefix(a.Key, "data-") && (strings.HasSuffix(a.Key, "src") || a.Key == "data-original") {
			if src := srcAddress(a.Val); src != "" {
				return src
			}
		}
	}
	if src := srcAddress(n.Attr("src")); src != "" {
		return src
	}
	for _, key := range [...]string{"srcset", "data-srcset"} {
		if src := firstSrcset(n.Attr(key)); srcAddress(src) != "" {
			return src
		}
	}
	return ""
}

// firstSrcset returns the address of a srcset's first candidate as the HTML standard reads
// it: after white space and commas, everything up to white space, less the commas it ends
// with. A comma inside the address is part of it: an image service's
// ".../upload/w_400,h_300,c_fill/a.jpg 400w" is one address, not ".../upload/w_400".
func firstSrcset(v string) string {
	v = strings.TrimLeft(v, " \t\n\r\f,")
	if end := strings.IndexAny(v, " \t\n\r\f"); end >= 0 {
		v = v[:end]
	}
	return strings.TrimRight(v, ",")
}

// srcAddress returns v trimmed, or "" when it is empty or a data: address (an inline placeholder).
func srcAddress(v string) string {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "data:") {
		return ""
	}
	return v
}
