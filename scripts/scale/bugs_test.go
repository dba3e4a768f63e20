package scale

import (
	"os"
	"path/filepath"
	"testing"
)

// Regression tests for two cases in which the keyed job once differed from run (fixed in
// lib/cli and lib/stream by 23ed1cb):
//
// LearnFailure: when learning a site fails (ngramcut on pages with no text), run emits the
// site's pages with the learn error ("site S: learn: ..."); learn --keyed wrote no model line,
// so apply --keyed emitted them with "no model line for key ...". Now learn --keyed writes a
// model line carrying the error and apply --keyed fails the site's pages with it.
//
// TabInSite: sites "x<TAB>y" and "x y" (from the site member) are two sites for run but were
// one key for the keyed job, which folded TAB into a space. Now keys are escaped reversibly.
func TestKeyedContractBugLearnFailure(t *testing.T) {
	testKeyedEdge(t, `{"id":"e1","url":"http://empty.example/1","html":""}
{"id":"e2","url":"http://empty.example/2","html":""}
`)
}

func TestKeyedContractBugTabInSite(t *testing.T) {
	testKeyedEdge(t, "{\"id\":\"t1\",\"site\":\"x\\ty\",\"url\":\"http://t.example/1\",\"html\":\"<p>one tab page words here</p>\"}\n"+
		`{"id":"s1","site":"x y","url":"http://t.example/2","html":"<div>completely other template</div><p>space page</p>"}
`)
}

func testKeyedEdge(t *testing.T, records string) {
	in := filepath.Join(t.TempDir(), "edge.jsonl")
	if err := os.WriteFile(in, []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	eachTool(t, func(t *testing.T, bin string) {
		want := sh(t, nil, bin, "run", in)
		mapped := sh(t, nil, bin, "map", in)
		models := sh(t, keySort(t, mapped), bin, "learn", "--keyed")
		joined := sh(t, keySort(t, append(models, mapped...)), bin, "apply", "--keyed")
		if err := Same(joined, true, want); err != nil {
			t.Fatal(err)
		}
	})
}
