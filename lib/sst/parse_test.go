package sst

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/synth"
)

// TestSpaceTextIgnored checks that the white-space text nodes parse leaves out make no
// difference: a model learned from full dom.Parse trees equals one learned with AddHTML, and
// Apply on a full tree gives what ApplyHTML gives, in every mode.
func TestSpaceTextIgnored(t *testing.T) {
	ps, err := synth.Generate(synth.Config{Seed: 11, Sites: 1, PagesPerSite: 12, Templates: 2, PageBytes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	pages := make([]string, len(ps))
	for i, p := range ps {
		// Indent the markup, so that there is white-space text between most tags.
		pages[i] = strings.ReplaceAll(p.HTML, "><", ">\n  <")
	}
	for _, o := range []Options{DefaultOptions(), FaithfulOptions(), func() Options { o := DefaultOptions(); o.Mode = ModeCollapse; return o }()} {
		full, _ := NewLearner(o)
		lean, _ := NewLearner(o)
		for _, p := range pages[:8] {
			full.Add(dom.Parse(p))
			lean.AddHTML(p)
		}
		a, _ := json.Marshal(full.Model())
		b, _ := json.Marshal(lean.Model())
		if string(a) != string(b) {
			t.Fatalf("mode %v: models differ", o.Mode)
		}
		m := lean.Model()
		kept := 0
		for _, p := range pages {
			want := m.Apply(dom.Parse(p))
			got := m.ApplyHTML(p)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("mode %v: ApplyHTML %v, Apply on the full tree %v", o.Mode, got, want)
			}
			kept += got.Kept
		}
		if kept == 0 {
			t.Errorf("mode %v: nothing kept", o.Mode)
		}
	}
}
