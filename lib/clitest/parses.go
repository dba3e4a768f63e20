package clitest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/page"
	"github.com/chaffkit/chaff/lib/synth"
)

// CheckOneParse runs a tree-building tool's run, apply and show over synthetic sites and
// checks that each page's tree is parsed once per command (page.Parses): in run, a page of
// the learning sample is parsed for learning and its tree used again to apply the model.
func CheckOneParse(t *testing.T, run RunFunc, prog string) {
	t.Helper()
	in := SynthJSONL(t, synth.Config{Seed: 5, Sites: 2, PagesPerSite: 10, Templates: 1, PageBytes: 6000})
	pages := int64(strings.Count(in, "\n"))
	count := func(args ...string) int64 {
		t.Helper()
		before := page.Parses()
		var out, errb bytes.Buffer
		if code := run(append([]string{prog}, args...), strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		return page.Parses() - before
	}
	for _, args := range [][]string{
		{"run", "-j", "1"}, {"run", "-j", "3"}, {"run", "--sample", "4"}, {"learn"}, {"show", "--out-dir", t.TempDir()},
	} {
		if n := count(args...); n != pages {
			t.Errorf("%s %v: %d trees parsed for %d pages", prog, args, n, pages)
		}
	}
}
