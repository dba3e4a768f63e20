package synth_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/synth"
)

// Every shape: the gold is what the project's renderer shows for the gold spans, its first
// line is the title, every page is an article of the shape's site, and the same seed gives
// the same bytes (another seed other bytes).
func TestShapes(t *testing.T) {
	shapes := synth.Shapes()
	counts := map[int]bool{}
	pages, err := synth.GenerateShapes(1, shapes)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := synth.GenerateShapes(1, shapes)
	other, _ := synth.GenerateShapes(2, shapes)
	i := 0
	for _, sh := range shapes {
		counts[sh.Pages] = true
		if _, ok := synth.ShapeNamed(sh.Name); !ok {
			t.Fatalf("ShapeNamed(%q) fails", sh.Name)
		}
		texts := map[string]bool{}
		for pos := range sh.Pages {
			p := pages[i]
			if p.HTML != again[i].HTML || p.Gold != again[i].Gold {
				t.Fatalf("%s: not deterministic", p.ID)
			}
			if p.HTML == other[i].HTML {
				t.Errorf("%s: seeds 1 and 2 give the same page", p.ID)
			}
			i++
			if p.Site != sh.Host() || p.Shape != sh.Name || p.Kind != "article" || !strings.HasPrefix(p.URL, "https://"+sh.Host()+"/") {
				t.Errorf("%s: site %q shape %q kind %q url %q", p.ID, p.Site, p.Shape, p.Kind, p.URL)
			}
			if got := htmltext.RenderSpans(p.HTML, p.GoldSpans); got != p.Gold {
				t.Errorf("%s: htmltext renders the gold spans as\n%.400q\nwant\n%.400q", p.ID, got, p.Gold)
			}
			if first, _, _ := strings.Cut(p.Gold, "\n"); first != p.GoldTitle || p.GoldTitle == "" {
				t.Errorf("%s: title %q, first gold line %q", p.ID, p.GoldTitle, first)
			}
			if texts[p.Gold] {
				t.Errorf("%s: page %d repeats the gold of an earlier page", sh.Name, pos)
			}
			texts[p.Gold] = true
			prev := 0
			for _, sp := range p.GoldSpans {
				if sp[0] < prev || sp[1] <= sp[0] || sp[1] > len(p.HTML) {
					t.Fatalf("%s: gold span %v out of order or bounds", p.ID, sp)
				}
				prev = sp[1]
			}
		}
	}
	for _, n := range []int{2, 3, 5, 12, 40} {
		if !counts[n] {
			t.Errorf("no shape of %d pages", n)
		}
	}
	if _, err := synth.GenerateShapes(1, []synth.Shape{{Name: "nope", Pages: 3}}); err == nil {
		t.Error("an unknown shape generates")
	}
}

// The text of each language shape is in its script: Japanese without spaces, Arabic and
// Cyrillic letters with spaces between words; the Arabic page is right to left.
func TestShapeScripts(t *testing.T) {
	for _, c := range []struct {
		name   string
		script *unicode.RangeTable
		spaces bool
	}{{"ja", unicode.Han, false}, {"ar", unicode.Arabic, true}, {"ru", unicode.Cyrillic, true}} {
		sh, _ := synth.ShapeNamed(c.name)
		sh.Pages = 2
		pages, err := synth.GenerateShapes(3, []synth.Shape{sh})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pages {
			body := p.Gold[len(p.GoldTitle):]
			in, letters := 0, 0
			for _, r := range body {
				if unicode.IsLetter(r) {
					letters++
					if unicode.Is(c.script, r) || (c.name == "ja" && (unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r))) {
						in++
					}
				}
			}
			if letters == 0 || float64(in) < 0.95*float64(letters) {
				t.Errorf("%s: %d of %d letters in the script", p.ID, in, letters)
			}
			if spaces := strings.Count(body, " "); (spaces > 0) != c.spaces {
				t.Errorf("%s: %d spaces in the text", p.ID, spaces)
			}
			if c.name == "ar" && !strings.Contains(p.HTML, `dir="rtl"`) {
				t.Errorf("%s: not right to left", p.ID)
			}
		}
	}
}

// The news corpus does not change when shapes exist: its records have no shape member.
func TestShapesApart(t *testing.T) {
	var buf bytes.Buffer
	if err := synth.WriteJSONL(&buf, synth.Config{Seed: 1, Sites: 1, PagesPerSite: 3}); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte(`"shape"`)) {
		t.Error("news records carry a shape member")
	}
	with := synth.Config{Seed: 1, Sites: 1, PagesPerSite: 3, Shapes: []synth.Shape{{Name: "pair", Pages: 2}}}
	pages, err := synth.Generate(with)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 5 || pages[3].Shape != "pair" || !strings.HasPrefix(buf.String(), `{"id":"`+pages[0].ID) {
		t.Errorf("Config.Shapes: %d pages", len(pages))
	}
}

// TestDumpShapes writes the shapes as JSON lines to $CHAFF_SHAPES_DUMP, to run the tools on
// variants the case table does not hold (skipped otherwise): CHAFF_SHAPES_SEED (default 1),
// CHAFF_SHAPES_PAGES (every shape with that many pages) and CHAFF_SHAPES_WORDS (every shape
// with that vocabulary, 0 the whole one). lib/sst's and lib/rtdm's READMEs list the variants
// checked this way.
func TestDumpShapes(t *testing.T) {
	path := os.Getenv("CHAFF_SHAPES_DUMP")
	if path == "" {
		t.Skip("set CHAFF_SHAPES_DUMP=file")
	}
	shapes := synth.Shapes()
	for i := range shapes {
		if n, err := strconv.Atoi(os.Getenv("CHAFF_SHAPES_WORDS")); err == nil {
			shapes[i].Words = n
		}
		if n, _ := strconv.Atoi(os.Getenv("CHAFF_SHAPES_PAGES")); n > 0 {
			shapes[i].Pages = n
		}
	}
	seed, _ := strconv.ParseUint(os.Getenv("CHAFF_SHAPES_SEED"), 10, 64)
	pages, err := synth.GenerateShapes(max(seed, 1), shapes)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	for _, p := range pages {
		if err := enc.Encode(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
