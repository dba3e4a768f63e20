package ampl

import "github.com/chaffkit/chaff/lib/htmltext"

// Text renders the page's content (the spans not covered by the template) to plain text
// with htmltext.RenderSpans, the renderer every tool shares.
func (m *Model) Text(html string) string {
	return htmltext.RenderSpans(html, m.Content(html))
}
