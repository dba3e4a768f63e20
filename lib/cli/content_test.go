package cli

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/page"
)

// TestStaleTitle: a site model that fits the page gives the page its title (and, with
// TitleFirst, the text's first line); a stale one (fit below StaleFit) does not, since what
// it finds where the title used to be is often the <title> with the site's name: the title
// is then the content model's, and the page gets the stale note.
func TestStaleTitle(t *testing.T) {
	m, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	c := &contentJoin{model: m, favor: content.Balanced}
	html := `<html><head><title>The river rose in the night - The Daily Example</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>The river rose in the night</h1>
<p>The river rose by three metres in the night, and the people of the valley woke to water in their streets and fields.</p>
<p>By the morning the bridges were closed, and the schools of the two towns stayed shut while the water went down slowly.</p>
<p>The mayor said the town would need weeks to clean the streets, and asked the people to keep away from the banks.</p>
</article><footer>Copyright The Daily Example</footer></body></html>`
	siteTitle := "The river rose in the night - The Daily Example"
	for _, tc := range []struct {
		fit   float64
		stale bool
	}{{0.9, false}, {0.2, true}} {
		p := &page.Page{HTML: html}
		f := &Found{Title: siteTitle, TitleFirst: true, Fit: tc.fit}
		j := c.decide(p, f, nil, 10, false)
		first, _, _ := strings.Cut(j.text, "\n")
		if (j.stale != "") != tc.stale {
			t.Errorf("fit %v: stale note %q", tc.fit, j.stale)
		}
		switch {
		case !tc.stale && (j.title != siteTitle || first != siteTitle):
			t.Errorf("fit %v: title %q, first line %q: want the site model's title, first", tc.fit, j.title, first)
		case tc.stale && (j.title != "The river rose in the night" || first != "The river rose in the night"):
			t.Errorf("fit %v: title %q, first line %q: want the page's own headline", tc.fit, j.title, first)
		}
	}
}

// TestStaleNoteSaysWhy: the note of a page its site model fits poorly gives the reason that
// can hold: a model loaded (apply) was learned from other pages or the site changed; one
// learned in this run from these very pages (run, show) finds a page unlike the others.
func TestStaleNoteSaysWhy(t *testing.T) {
	m, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	c := &contentJoin{model: m, favor: content.Balanced}
	html := `<html><body><article><h1>Title</h1><p>One paragraph of some words for the page, enough to read.</p></article></body></html>`
	for _, tc := range []struct {
		here bool
		want string
	}{{false, "the model learned from other pages"}, {true, "unlike most of this site's pages in the input"}} {
		j := c.decide(&page.Page{HTML: html}, &Found{Fit: 0.4999}, nil, 10, tc.here)
		if !strings.Contains(j.stale, tc.want) || !strings.Contains(j.stale, "(fit 0.499 < 0.5: ") {
			t.Errorf("learned here %v: note %q, want %q", tc.here, j.stale, tc.want)
		}
	}
}

// TestStalePageAlone: a site model that fits the page poorly has no say in its text. Its
// template evidence over the whole article moves nothing, and the page is "by": "page" with
// trust 0, as if the site model were not there. So applying a stale model never does worse
// than the page alone. The same evidence from a model that fits has no say either, since it
// calls template what the page plainly holds as content (content.Page.Agreement); one that
// calls the page's frame template is joined, fully trusted.
func TestStalePageAlone(t *testing.T) {
	m, err := content.Default()
	if err != nil {
		t.Fatal(err)
	}
	c := &contentJoin{model: m, favor: content.Balanced}
	html := `<html><head><title>The river rose in the night</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>The river rose in the night</h1>
<p>The river rose by three metres in the night, and the people of the valley woke to water in their streets and fields.</p>
<p>By the morning the bridges were closed, and the schools of the two towns stayed shut while the water went down slowly.</p>
</article><footer>Copyright The Daily Example</footer></body></html>`
	alone := c.decide(&page.Page{HTML: html}, &Found{}, errPageOnly, 0, false)
	all := []Evidence{{Start: 0, End: len(html), Strength: 1}}
	for _, fit := range []float64{0.3, 0.9} {
		j := c.decide(&page.Page{HTML: html}, &Found{Template: all, Fit: fit}, nil, 10, false)
		if j.text != alone.text || j.detail.By != "page" || j.detail.Trust != 0 || (j.stale != "") != (fit < StaleFit) ||
			(j.detail.Why == agreementWhy) != (fit >= StaleFit) {
			t.Errorf("fit %v, all template: text %q, by %q, trust %v, note %q, why %q; want the page alone's %q, by page, trust 0, the stale note or the why of agreement",
				fit, j.text, j.detail.By, j.detail.Trust, j.stale, j.detail.Why, alone.text)
		}
	}
	article := strings.Index(html, "<article>")
	footer := strings.Index(html, "<footer>")
	frame := []Evidence{{Start: 0, End: article, Strength: 1}, {Start: footer, End: len(html), Strength: 1}}
	fits := c.decide(&page.Page{HTML: html}, &Found{Template: frame, Fit: 0.9}, nil, 10, false)
	if fits.detail.By != "joined" || fits.detail.Trust != 0.9 || strings.Contains(fits.text, "Copyright") {
		t.Errorf("a model that fits, the frame template: by %q, trust %v, text %q; want joined, trust 0.9, no footer", fits.detail.By, fits.detail.Trust, fits.text)
	}
}
