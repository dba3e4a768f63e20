package synth_test

import (
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/synth"
)

// The gold text is what the project's renderer shows for the gold spans.
func TestGoldIsRenderedSpans(t *testing.T) {
	for _, static := range []bool{false, true} {
		cfg := synth.DefaultConfig()
		cfg.StaticTemplate = static
		pages, err := synth.Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			if got := htmltext.RenderSpans(p.HTML, p.GoldSpans); got != p.Gold {
				t.Errorf("%s (static %v): htmltext renders the spans as\n%.300q\nwant\n%.300q", p.ID, static, got, p.Gold)
			}
		}
	}
}
