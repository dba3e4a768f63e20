package clitest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/synth"
)

// CheckRunIsLearnApply checks that `run` emits what `learn` then `apply` of the written models
// emit, record for record, with the content model joined and without: whatever run reuses
// of learning when it applies a model to its own sample (ampl's marks, ngramcut's coverage,
// the pages' trees) must not change what comes out.
func CheckRunIsLearnApply(t *testing.T, run RunFunc, prog string) {
	t.Helper()
	in := SynthJSONL(t, synth.Config{Seed: 11, Sites: 2, PagesPerSite: 10, Templates: 1, PageBytes: 12000})
	dir := t.TempDir()
	models := filepath.Join(dir, "models.jsonl")
	var out, errb bytes.Buffer
	if code := run([]string{prog, "learn", "-o", models, "-"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("%s learn: exit %d: %s", prog, code, errb.String())
	}
	if fi, err := os.Stat(models); err != nil || fi.Size() == 0 {
		t.Fatalf("%s learn wrote no models: %v", prog, err)
	}
	for _, content := range []string{"on", "off"} {
		var runOut, applyOut bytes.Buffer
		errb.Reset()
		if code := run([]string{prog, "run", "--drop-html", "--content", content, "-"}, strings.NewReader(in), &runOut, &errb); code != 0 {
			t.Fatalf("%s run --content %s: exit %d: %s", prog, content, code, errb.String())
		}
		errb.Reset()
		if code := run([]string{prog, "apply", "--drop-html", "--content", content, "-m", models, "-"}, strings.NewReader(in), &applyOut, &errb); code != 0 {
			t.Fatalf("%s apply --content %s: exit %d: %s", prog, content, code, errb.String())
		}
		got, want := Records(t, runOut.String()), Records(t, applyOut.String())
		if len(got) != len(want) || len(got) == 0 {
			t.Fatalf("%s --content %s: run emitted %d records, learn and apply %d", prog, content, len(got), len(want))
		}
		for i := range got {
			for _, key := range []string{"id", "text", "title", prog, "content"} {
				if g, w := jsonOf(t, got[i][key]), jsonOf(t, want[i][key]); g != w {
					t.Fatalf("%s --content %s, record %d (%v): %q differs: run %s, learn and apply %s",
						prog, content, i, got[i]["id"], key, clip(g), clip(w))
				}
			}
		}
	}
}

// jsonOf is v encoded as JSON.
func jsonOf(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
