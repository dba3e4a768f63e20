package synth

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"

	"golang.org/x/net/html"
)

var (
	defaultOnce  sync.Once
	defaultPages []Page
	defaultErr   error
)

// corpus returns the default corpus, generated once for all tests.
func corpus(t testing.TB) []Page {
	t.Helper()
	defaultOnce.Do(func() { defaultPages, defaultErr = Generate(DefaultConfig()) })
	if defaultErr != nil {
		t.Fatal(defaultErr)
	}
	return defaultPages
}

// The default corpus's bytes are pinned: other packages' golden files (cmd/rtdm's CLI cases)
// hold synth pages. A change to the generator that changes them must be deliberate: update
// the hash here and rerun those packages' tests with -update.
const defaultSHA256 = "71401dfcb03569e00716edee8ddc0fbf09f1013d301f7a1e31a9634f865aec6a"

func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	cfg := DefaultConfig()
	if err := WriteJSONL(&a, cfg); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSONL(&b, cfg); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two runs with the same config differ")
	}
	if sum := sha256.Sum256(a.Bytes()); hex.EncodeToString(sum[:]) != defaultSHA256 {
		t.Errorf("the default corpus changed (sha256 %x, want %s): if that is meant, update the hash and the golden files that hold synth pages (go test ./cmd/rtdm -update)", sum, defaultSHA256)
	}
	small := Config{Seed: 1, Sites: 3, PagesPerSite: 6, IndexPages: 1, CJK: true}
	var c, d bytes.Buffer
	if err := WriteJSONL(&c, small); err != nil {
		t.Fatal(err)
	}
	small.Seed = 2
	if err := WriteJSONL(&d, small); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(c.Bytes(), d.Bytes()) {
		t.Fatal("seeds 1 and 2 give the same corpus")
	}

	// Interleaving changes the order only.
	ordered, err := Generate(small)
	if err != nil {
		t.Fatal(err)
	}
	small.Interleave = true
	inter, err := Generate(small)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]Page{}
	for _, p := range ordered {
		byID[p.ID] = p
	}
	if len(inter) != len(byID) {
		t.Fatalf("interleaved corpus has %d pages, want %d", len(inter), len(byID))
	}
	if inter[0].Site == inter[1].Site {
		t.Errorf("interleaved corpus starts with two pages of %s", inter[0].Site)
	}
	for _, p := range inter {
		q, ok := byID[p.ID]
		if !ok || q.HTML != p.HTML || q.Gold != p.Gold {
			t.Fatalf("interleaved page %s differs", p.ID)
		}
	}
}

func TestRecordFormat(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, Config{Sites: 1, PagesPerSite: 6, IndexPages: 1, Seed: 9}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines, want 6", len(lines))
	}
	want := []string{"id", "dataset", "site", "url", "date", "html", "gold", "gold_title", "gold_spans", "kind", "template"}
	sawIndex := false
	for _, l := range lines {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range want {
			if _, ok := m[k]; !ok {
				t.Errorf("record lacks %q", k)
			}
		}
		if string(m["dataset"]) != `"synth"` {
			t.Errorf("dataset = %s", m["dataset"])
		}
		if string(m["kind"]) == `"index"` {
			sawIndex = true
			if string(m["gold_spans"]) != "[]" || string(m["gold"]) != `""` {
				t.Errorf("index page has gold %s spans %s", m["gold"], m["gold_spans"])
			}
		}
		if strings.Contains(l, `\u003c`) {
			t.Error("HTML is escaped in the JSON line")
		}
	}
	if !sawIndex {
		t.Error("no index page")
	}
}

// tagToken is one tag of a page with its byte range.
type tagToken struct {
	typ        html.TokenType
	name       string
	start, end int
}

func tagTokens(src string) []tagToken {
	z := html.NewTokenizer(strings.NewReader(src))
	var toks []tagToken
	off := 0
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return toks
		}
		n := len(z.Raw())
		if tt == html.StartTagToken || tt == html.EndTagToken {
			name, _ := z.TagName()
			toks = append(toks, tagToken{tt, string(name), off, off + n})
		}
		off += n
	}
}

var blockTags = map[string]bool{"p": true, "h1": true, "h2": true, "div": true, "figcaption": true, "li": true, "td": true}

// renderSpan is the test's own renderer of one span: text tokens with entities decoded,
// whitespace folded, a line break at block tags.
func renderSpan(frag string) string {
	z := html.NewTokenizer(strings.NewReader(frag))
	var sb strings.Builder
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return strings.Join(strings.Fields(sb.String()), " ")
		case html.TextToken:
			sb.Write(z.Text())
		case html.StartTagToken, html.EndTagToken:
			name, _ := z.TagName()
			if blockTags[string(name)] {
				sb.WriteString("\n")
			}
		}
	}
}

func TestGoldSpans(t *testing.T) {
	for _, p := range corpus(t) {
		if p.Kind == "index" {
			if len(p.GoldSpans) != 0 || p.Gold != "" || p.GoldTitle != "" {
				t.Errorf("%s: index page with gold", p.ID)
			}
			continue
		}
		toks := tagTokens(p.HTML)
		starts := map[int]int{}
		for i, tk := range toks {
			if tk.typ == html.StartTagToken {
				starts[tk.start] = i
			}
		}
		lines := strings.Split(p.Gold, "\n")
		if len(lines) != len(p.GoldSpans) {
			t.Fatalf("%s: %d gold lines, %d spans", p.ID, len(lines), len(p.GoldSpans))
		}
		if lines[0] != p.GoldTitle {
			t.Errorf("%s: first gold line %q is not the title %q", p.ID, lines[0], p.GoldTitle)
		}
		prev := 0
		for k, sp := range p.GoldSpans {
			s, e := sp[0], sp[1]
			if s < prev || e <= s || e > len(p.HTML) {
				t.Fatalf("%s: span %d %v out of order or bounds", p.ID, k, sp)
			}
			prev = e
			i, ok := starts[s]
			if !ok {
				t.Fatalf("%s: span %v does not start at a start tag", p.ID, sp)
			}
			// Walk to the end tag that closes the element opened at s.
			name, depth, end := toks[i].name, 0, -1
			for _, tk := range toks[i:] {
				if tk.name != name {
					continue
				}
				if tk.typ == html.StartTagToken {
					depth++
				} else if depth--; depth == 0 {
					end = tk.end
					break
				}
			}
			if end != e {
				t.Fatalf("%s: span %v of <%s> ends at %d, its element at %d", p.ID, sp, name, e, end)
			}
			if k == 0 && name != "h1" {
				t.Errorf("%s: first span is <%s>, want <h1>", p.ID, name)
			}
			frag := p.HTML[s:e]
			for _, bad := range []string{"<script", "<style", "<!--"} {
				if strings.Contains(frag, bad) {
					t.Errorf("%s: span %v contains %s", p.ID, sp, bad)
				}
			}
			if got := renderSpan(frag); got != lines[k] {
				t.Errorf("%s: span %v renders as\n%q\nwant gold line\n%q", p.ID, sp, got, lines[k])
			}
		}
	}
}

var wordRE = regexp.MustCompile(`\w+`)

// Every gold word is inside the spans, and the text outside them has the page's template.
func TestGoldWordsInSpans(t *testing.T) {
	for _, p := range corpus(t) {
		if p.Kind != "article" {
			continue
		}
		var in strings.Builder
		for _, sp := range p.GoldSpans {
			in.WriteString(renderSpan(p.HTML[sp[0]:sp[1]]))
			in.WriteByte(' ')
		}
		have := map[string]int{}
		for _, w := range wordRE.FindAllString(in.String(), -1) {
			have[w]++
		}
		for _, w := range wordRE.FindAllString(p.Gold, -1) {
			if have[w] == 0 {
				t.Fatalf("%s: gold word %q not inside the spans", p.ID, w)
			}
			have[w]--
		}
	}
}

// outsideLines splits the bytes outside the gold spans into trimmed, non-empty lines.
func outsideLines(p Page) []string {
	var out strings.Builder
	prev := 0
	for _, sp := range p.GoldSpans {
		out.WriteString(p.HTML[prev:sp[0]])
		out.WriteByte('\n')
		prev = sp[1]
	}
	out.WriteString(p.HTML[prev:])
	var lines []string
	for l := range strings.SplitSeq(out.String(), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}

// The template bytes of a page are mostly shared with the other pages of its template, and
// some of them vary, as on real sites.
func TestTemplateShared(t *testing.T) {
	type group struct{ site, tmpl string }
	pages := map[group][]Page{}
	for _, p := range corpus(t) {
		if p.Kind == "article" {
			g := group{p.Site, p.Template}
			pages[g] = append(pages[g], p)
		}
	}
	for g, ps := range pages {
		if len(ps) < 3 {
			t.Fatalf("%v: only %d pages", g, len(ps))
		}
		count := map[string]int{}
		for _, p := range ps {
			seen := map[string]bool{}
			for _, l := range outsideLines(p) {
				if !seen[l] {
					seen[l] = true
					count[l]++
				}
			}
		}
		for _, p := range ps {
			shared, total := 0, 0
			for _, l := range outsideLines(p) {
				total += len(l)
				if 2*count[l] > len(ps) {
					shared += len(l)
				}
			}
			frac := float64(shared) / float64(total)
			if frac < 0.75 || frac > 0.99 {
				t.Errorf("%v %s: %.3f of the template bytes are on most pages of the template, want 0.75-0.99", g, p.ID, frac)
			}
		}
	}
}

func TestTemplatesDiffer(t *testing.T) {
	bySite := map[string]map[string]map[string]bool{}
	for _, p := range corpus(t) {
		if p.Kind != "article" {
			continue
		}
		if bySite[p.Site] == nil {
			bySite[p.Site] = map[string]map[string]bool{}
		}
		if bySite[p.Site][p.Template] == nil {
			bySite[p.Site][p.Template] = map[string]bool{}
		}
		for _, l := range outsideLines(p) {
			bySite[p.Site][p.Template][l] = true
		}
	}
	for site, tm := range bySite {
		a, b := tm["A"], tm["B"]
		if len(a) == 0 || len(b) == 0 {
			t.Fatalf("%s: templates A %d lines, B %d lines", site, len(a), len(b))
		}
		common := 0
		for l := range a {
			if b[l] {
				common++
			}
		}
		if f := float64(common) / float64(min(len(a), len(b))); f > 0.35 {
			t.Errorf("%s: templates A and B share %.2f of their lines", site, f)
		}
	}
}

func TestCJKSite(t *testing.T) {
	ps := corpus(t)
	cjkSite := ps[len(ps)-1].Site
	n := 0
	for _, p := range ps {
		if p.Site != cjkSite || p.Kind != "article" {
			continue
		}
		n++
		han := 0
		for _, r := range p.Gold {
			if r < 0x80 && unicode.IsLetter(r) {
				t.Fatalf("%s: ASCII letter %q in CJK content", p.ID, r)
			}
			if r == ' ' {
				t.Fatalf("%s: space in CJK content", p.ID)
			}
			if unicode.Is(unicode.Han, r) {
				han++
			}
		}
		if han < 100 {
			t.Errorf("%s: only %d Han characters", p.ID, han)
		}
	}
	if n == 0 {
		t.Fatal("no CJK articles")
	}
	for _, p := range ps[:len(ps)-DefaultPagesPerSite] {
		if p.Site == cjkSite {
			t.Fatalf("CJK site %s is not only the last", cjkSite)
		}
		if p.Kind == "article" && !strings.Contains(p.Gold, " the ") {
			t.Errorf("%s: English article without \" the \"", p.ID)
		}
	}
}

func TestCorpusShape(t *testing.T) {
	cfg := DefaultConfig()
	ps := corpus(t)
	if len(ps) != cfg.Sites*cfg.PagesPerSite {
		t.Fatalf("%d pages, want %d", len(ps), cfg.Sites*cfg.PagesPerSite)
	}
	kinds := map[string]map[string]int{}
	ids, urls := map[string]bool{}, map[string]bool{}
	total := 0
	for _, p := range ps {
		if kinds[p.Site] == nil {
			kinds[p.Site] = map[string]int{}
		}
		kinds[p.Site][p.Template]++
		if ids[p.ID] || urls[p.URL] {
			t.Errorf("duplicate id %s or url %s", p.ID, p.URL)
		}
		ids[p.ID], urls[p.URL] = true, true
		if !strings.HasPrefix(p.URL, "https://"+p.Site+"/") {
			t.Errorf("%s: url %s not on site %s", p.ID, p.URL, p.Site)
		}
		if len(p.HTML) < 15000 || len(p.HTML) > 80000 {
			t.Errorf("%s: %d bytes", p.ID, len(p.HTML))
		}
		total += len(p.HTML)
		if p.Kind == "article" {
			if n := len(strings.Fields(p.GoldTitle)); n < 1 || n > 20 {
				t.Errorf("%s: title of %d words", p.ID, n)
			}
			if body := p.Gold[len(p.GoldTitle):]; len(wordRE.FindAllString(body, -1)) < 100 && !strings.ContainsRune(body, '。') {
				t.Errorf("%s: body under 100 words", p.ID)
			}
		}
	}
	if len(kinds) != cfg.Sites {
		t.Fatalf("%d sites", len(kinds))
	}
	for site, k := range kinds {
		if k["index"] != cfg.IndexPages || k["A"] < 8 || k["B"] < 6 {
			t.Errorf("%s: pages per template %v", site, k)
		}
	}
	if mean := total / len(ps); mean < 20000 || mean > 45000 {
		t.Errorf("mean page size %d", mean)
	}
}

func TestConfig(t *testing.T) {
	ps, err := Generate(Config{PagesPerSite: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != DefaultSites*5 {
		t.Fatalf("Config{PagesPerSite: 5} gives %d pages", len(ps))
	}
	tmpl := map[string]bool{}
	for _, p := range ps {
		tmpl[p.Template] = true
	}
	if !tmpl["A"] || !tmpl["B"] {
		t.Errorf("zero Templates does not give two templates: %v", tmpl)
	}
	for _, p := range ps {
		if p.Kind != "article" {
			t.Fatalf("zero Config gives a %s page", p.Kind)
		}
	}

	ps, err = Generate(Config{Sites: 2, PagesPerSite: 10, Templates: 1, PageBytes: 100000})
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, p := range ps {
		if p.Template != "A" {
			t.Fatalf("one template but page %s has %s", p.ID, p.Template)
		}
		total += len(p.HTML)
	}
	if mean := total / len(ps); mean < 70000 || mean > 150000 {
		t.Errorf("PageBytes 100000 gives a mean of %d bytes", mean)
	}

	for _, bad := range []Config{{Templates: 3}, {IndexPages: 30}, {Sites: -1}} {
		if _, err := Generate(bad); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: err %v, want ErrConfig", bad, err)
		}
	}
	stop := errors.New("stop")
	n := 0
	err = Each(DefaultConfig(), func(*Page) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if err != stop || n != 3 {
		t.Errorf("Each went on after an error: %v after %d pages", err, n)
	}
}

// With StaticTemplate, the bytes outside the content are the same on every article of a
// template.
var paraRun = regexp.MustCompile("\x00(\n\x00)*")

func TestStaticTemplate(t *testing.T) {
	cfg := DefaultConfig()
	cfg.StaticTemplate = true
	pages, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	skeleton := map[string]string{}
	n := map[string]int{}
	for _, p := range pages {
		if p.Kind != "article" {
			continue
		}
		var sb strings.Builder
		prev := 0
		for _, sp := range p.GoldSpans {
			sb.WriteString(p.HTML[prev:sp[0]])
			sb.WriteString("\x00")
			prev = sp[1]
		}
		sb.WriteString(p.HTML[prev:])
		// Consecutive paragraphs are separated by a newline: fold them into one mark.
		got := paraRun.ReplaceAllString(sb.String(), "\x00")
		key := p.Site + " " + p.Template
		n[key]++
		if want, ok := skeleton[key]; !ok {
			skeleton[key] = got
		} else if got != want {
			t.Errorf("%s: template bytes differ from the first page of %s", p.ID, key)
		}
	}
	if len(n) != 2*cfg.Sites {
		t.Fatalf("%d site templates", len(n))
	}
}

func TestSmallConfigs(t *testing.T) {
	for _, cfg := range []Config{
		{Sites: 1, PagesPerSite: 1},
		{Sites: 1, PagesPerSite: 1, CJK: true},
		{Sites: 1, PagesPerSite: 3, IndexPages: 3},
		{Sites: 2, PagesPerSite: 2, IndexPages: 1, Templates: 1, PageBytes: 1000},
	} {
		pages, err := Generate(cfg)
		if err != nil {
			t.Fatalf("%+v: %v", cfg, err)
		}
		if len(pages) != cfg.Sites*cfg.PagesPerSite {
			t.Errorf("%+v: %d pages", cfg, len(pages))
		}
		for _, p := range pages {
			if (p.Kind == "article") != (len(p.GoldSpans) > 1) {
				t.Errorf("%+v: %s %s page with %d spans", cfg, p.ID, p.Kind, len(p.GoldSpans))
			}
		}
	}
}
