package rtdm_test

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/rtdm"
)

// A body root that holds the article and, deeper, a list of related links and a footer of
// links: the lists go, the paragraphs (their inline links included) stay.
func TestPruneLinks(t *testing.T) {
	const page = `<html><body><div id="main">
<div class="story"><p>The council voted on Tuesday to close the old bridge for repairs, the <a href="/mayor">mayor said</a> in a statement.</p>
<p>Work will start next month and last about a year, according to the city engineer.</p>
<div class="related"><ul><li><a href="/a">Bridge repairs delayed again</a></li><li><a href="/b">New ferry line opens downtown</a></li></ul></div>
</div>
<div class="footer"><a href="/about">About us</a> | <a href="/contact">Contact us</a> | <a href="/jobs">Jobs at the paper</a></div>
</div></body></html>`
	pg := rtdm.NewPage(page)
	main := firstDiv(pg)
	text := func(roots []int32) string {
		return htmltext.RenderSpans(pg.HTML, pg.Spans(roots))
	}
	got := text(rtdm.PruneLinks(pg.Tree, []int32{main}, 0.5, 5))
	for _, want := range []string{"The council voted", "mayor said", "city engineer"} {
		if !strings.Contains(got, want) {
			t.Errorf("pruned body lost %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"Bridge repairs delayed", "Contact us"} {
		if strings.Contains(got, gone) {
			t.Errorf("pruned body still has %q:\n%s", gone, got)
		}
	}
	// Below the word threshold nothing is a link list; a body that is all links is kept whole.
	if got := text(rtdm.PruneLinks(pg.Tree, []int32{main}, 0.5, 100)); !strings.Contains(got, "Contact us") {
		t.Errorf("minWords 100 pruned the footer:\n%s", got)
	}
	footer := int32(-1)
	for i := range pg.Tree.Nodes {
		if pg.Tree.Nodes[i].Tag == "div" {
			footer = int32(i) // the last div
		}
	}
	if got := rtdm.PruneLinks(pg.Tree, []int32{footer}, 0.5, 5); len(got) != 1 || got[0] != footer {
		t.Errorf("an all-links body was pruned to %v", got)
	}
}

// A body root that holds the article, a strip of three related-video cards (thumbnail,
// headline, "Watch Video" link) and a gallery of three captioned photos: the cards go; the
// photos (image links without link text) and the paragraphs stay.
func TestPruneTeasers(t *testing.T) {
	card := func(h string) string {
		return `<div class="rel"><div class="thumb"><a href="/v"><img src="t.jpg"></a></div><div class="head">` + h + ` <a href="/v">Watch Video</a></div></div>`
	}
	photo := func(c string) string {
		return `<div class="photo"><a href="big.jpg"><img src="p.jpg"></a><p class="caption">` + c + `</p></div>`
	}
	page := `<html><body><div id="main"><p>The council voted on Tuesday to close the old bridge for repairs, the mayor said.</p>` +
		card("Bridge closes for a year") + card("Mayor answers questions") + card("Ferry line opens downtown") +
		`<p>Work will start next month and last about a year, according to the city engineer.</p>` +
		photo("The bridge at dawn.") + photo("Workers on the deck.") + photo("The ferry pier.") +
		`</div></body></html>`
	pg := rtdm.NewPage(page)
	main := firstDiv(pg)
	got := htmltext.RenderSpans(pg.HTML, pg.Spans(rtdm.PruneTeasers(pg.Tree, []int32{main}, 3, 30)))
	for _, want := range []string{"The council voted", "city engineer", "The bridge at dawn.", "The ferry pier."} {
		if !strings.Contains(got, want) {
			t.Errorf("pruned body lost %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"Bridge closes", "Watch Video", "Ferry line opens"} {
		if strings.Contains(got, gone) {
			t.Errorf("pruned body still has %q:\n%s", gone, got)
		}
	}
	// Two cards are no strip.
	if got := htmltext.RenderSpans(pg.HTML, pg.Spans(rtdm.PruneTeasers(pg.Tree, []int32{main}, 4, 30))); !strings.Contains(got, "Watch Video") {
		t.Errorf("a run of 3 pruned with minRun 4:\n%s", got)
	}
}

// firstDiv returns the page tree's first div element.
func firstDiv(pg *rtdm.Page) int32 {
	for i := range pg.Tree.Nodes {
		if pg.Tree.Nodes[i].Tag == "div" {
			return int32(i)
		}
	}
	return -1
}
