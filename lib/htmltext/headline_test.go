package htmltext

import (
	"strings"
	"testing"
)

// TestHeadline: the longest piece of two words or more whose folded text is part of the
// folded <title> wins, plain or not; no <title>, no picker.
func TestHeadline(t *testing.T) {
	page := "<html><head><title>Der Sturm  trifft MÜNCHEN &amp; Umland | Zeitung</title></head><body>"
	h, after := NewHeadline(page)
	if h == nil || after != strings.Index(page, "</title") {
		t.Fatalf("NewHeadline: %v, %d", h, after)
	}
	words := func(s string) float64 { return float64(len(strings.Fields(s))) }
	for i, piece := range []string{
		"<p>Zeitung</p>",                      // one word
		"<h1>Der Sturm</h1>",                  // in the title
		"<h1 class=x>DER   STURM trifft</h1>", // longer, folded
		"<p>Der Sturm trifft heute</p>",       // not in the title
		"ass=x>Der Sturm trifft München",      // not plain, longest: the pick
		"<p>Der Sturm</p>",                    // shorter than the best
	} {
		h.Offer(i, piece, words)
	}
	if got := h.Best(); got != 4 {
		t.Errorf("Best = %d, want 4", got)
	}
	if h, _ := NewHeadline("<p>no title</p>"); h != nil {
		t.Error("a page without a <title> has a picker")
	}
	if h, _ := NewHeadline("<title> </title><h1>Text here</h1>"); h != nil {
		t.Error("a page with an empty <title> has a picker")
	}
}
