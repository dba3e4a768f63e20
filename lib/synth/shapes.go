package synth

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Shape is a plain site: one small layout of the kinds a crawl holds besides large news sites
// (a personal blog, an HTML5 page, an old table layout, a wiki...), with a known template and
// known content. Its pages share everything but the article (and, where the shape says so, a
// date line, comments or a table of contents, which are not content either); gold and
// gold_spans are the article's title and blocks, as in Page.
//
// Shapes stand beside the news corpus of Config: they have their own streams, so adding or
// changing a shape changes neither the news corpus nor the other shapes.
type Shape struct {
	Name  string // short name; the site is "<name>.shapes.example"
	Pages int    // pages of the site
	// Words, when above 200, narrows the site's vocabulary to its Words most frequent words
	// (function words first): the articles of a small site about one thing share most of
	// their words, though never their sentences. 0: the language's whole list (3000-6000).
	Words int
	About string // what the shape is, one line
}

// shapeList is the built-in list of Shapes, with page counts from 2 to 40. The shapes the
// issue that asked for them (a plain site of 12 pages in each of several layouts and
// languages) found failing have a narrow vocabulary of 400 words, as its made-up sites had.
var shapeList = []Shape{
	{"html5", 12, 400, "HTML5 semantic elements: header, nav, main, article, aside, footer"},
	{"divs", 12, 400, "nested divs with class names, the post title in an h2"},
	{"tables", 12, 400, "an old table layout: <font>, paragraphs separated by <br><br> in one cell"},
	{"short", 12, 0, "one paragraph of 60-95 words per article"},
	{"rich", 5, 0, "articles with subheadings, lists, a data table, pre code and a block quote"},
	{"blog", 12, 400, "a blog post with a date line and a comment thread (comments differ per page, are not content)"},
	{"wiki", 3, 0, "a wiki-like page with a table of contents (not content) and sections"},
	{"ja", 5, 0, "Japanese text, no spaces between words"},
	{"ar", 12, 400, "Arabic text, dir=rtl"},
	{"ru", 12, 400, "Russian text in Cyrillic"},
	{"same", 12, 0, "pages of identical structure: a title and one <p> of 110-170 words"},
	{"redesign", 40, 0, "a site whose template changes halfway: 20 pages of an old layout, 20 of a new one"},
	{"pair", 2, 0, "a two-page personal site: site name in h1, post title in h2, rules between parts"},
}

// Shapes returns the built-in plain shapes (a copy: change Pages freely).
func Shapes() []Shape { return slices.Clone(shapeList) }

// ShapeNamed returns the built-in shape called name.
func ShapeNamed(name string) (Shape, bool) {
	for _, s := range shapeList {
		if s.Name == name {
			return s, true
		}
	}
	return Shape{}, false
}

// Host is the shape's site (the host of its URLs and the site member of its pages).
func (s Shape) Host() string { return s.Name + ".shapes.example" }

// GenerateShapes returns the pages of the shapes in memory.
func GenerateShapes(seed uint64, shapes []Shape) ([]Page, error) {
	var pages []Page
	err := EachShape(seed, shapes, func(p *Page) error {
		pages = append(pages, *p)
		return nil
	})
	return pages, err
}

// EachShape generates the pages of each shape in turn, site by site, and calls fn with each
// (the Page is fn's to keep). The same seed and shapes give byte-identical pages. It stops at
// fn's first error, and fails on a shape that is not built in or has fewer than one page.
func EachShape(seed uint64, shapes []Shape, fn func(*Page) error) error {
	for _, sh := range shapes {
		if _, ok := ShapeNamed(sh.Name); !ok {
			return fmt.Errorf("%w: no shape %q", ErrConfig, sh.Name)
		}
		if sh.Pages < 1 {
			return fmt.Errorf("%w: shape %s with %d pages", ErrConfig, sh.Name, sh.Pages)
		}
		ss := newShapeSite(seed, sh)
		for pos := range sh.Pages {
			if err := fn(ss.page(pos)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Streams of the shapes, apart from those of the news corpus.
const (
	streamShapeSite uint64 = 0x40 + iota
	streamShapeArticle
	streamShapePage
)

// shapeLang is what a shape's language changes: script, punctuation and the template's words.
type shapeLang struct {
	code, dir      string
	cjk            bool
	comma, end, qm string
	labels         map[string]string
}

var shapeLangs = map[string]*shapeLang{
	"en": {code: "en", comma: ",", end: ".", qm: "?", labels: map[string]string{
		"home": "Home", "about": "About", "archive": "Archive", "contact": "Contact",
		"popular": "Popular posts", "rights": "All rights reserved."}},
	"ja": {code: "ja", cjk: true, comma: "、", end: "。", qm: "？", labels: map[string]string{
		"home": "ホーム", "about": "このサイトについて", "archive": "アーカイブ", "contact": "お問い合わせ",
		"popular": "人気の記事", "rights": "無断転載を禁じます。"}},
	"ar": {code: "ar", dir: "rtl", comma: "،", end: ".", qm: "؟", labels: map[string]string{
		"home": "الرئيسية", "about": "من نحن", "archive": "الأرشيف", "contact": "اتصل بنا",
		"popular": "المقالات الأكثر قراءة", "rights": "جميع الحقوق محفوظة."}},
	"ru": {code: "ru", comma: ",", end: ".", qm: "?", labels: map[string]string{
		"home": "Главная", "about": "О нас", "archive": "Архив", "contact": "Контакты",
		"popular": "Популярные записи", "rights": "Все права защищены."}},
}

// shapeSite is everything fixed for one shape's site.
type shapeSite struct {
	shape   Shape
	seed    uint64
	key     uint64 // the site's part of every stream
	lang    *shapeLang
	lex     *lexicon
	name    string
	tagline string
	host    string
	epoch   time.Time
	side    []string // titles of the sidebar's links
	authors []string
}

func newShapeSite(seed uint64, sh Shape) *shapeSite {
	h := fnv.New64a()
	h.Write([]byte(sh.Name))
	ss := &shapeSite{shape: sh, seed: seed, key: h.Sum64(), host: sh.Host()}
	r := rng(seed, ss.key, streamShapeSite, 0)
	code := "en"
	switch sh.Name {
	case "ja", "ar", "ru":
		code = sh.Name
	}
	ss.lang = shapeLangs[code]
	switch code {
	case "en":
		ss.lex = newLexicon(r, false)
		ss.name = pick(r, namesA) + " " + pick(r, []string{"Notes", "Journal", "Letters", "Workshop", "Garden", "Diary", "Field Notes"})
		ss.tagline = pick(r, []string{"Notes on things worth writing down", "A small site about big questions", "Writing since 2009"})
	case "ja":
		ss.lex = newLexicon(r, true)
		ss.name = pick(r, cjkNames)[0] + "日記"
		ss.tagline = "日々の記録"
	case "ar":
		words, head := arabicVocabulary()
		ss.lex = newScriptLexicon(r, words, head)
		ss.name = "مدونة " + ss.lex.tailWord(r)
		ss.tagline = "مقالات وآراء"
	case "ru":
		words, head := russianVocabulary()
		ss.lex = newScriptLexicon(r, words, head)
		ss.name = "Заметки о " + ss.lex.tailWord(r)
		ss.tagline = "Записи и мысли"
	}
	if sh.Words > 200 && sh.Words < len(ss.lex.words) {
		ss.lex = ss.lex.narrow(sh.Words)
	}
	ss.epoch = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, r.IntN(200))
	for range 5 + r.IntN(3) {
		t, _ := ss.lex.title(r)
		ss.side = append(ss.side, t)
	}
	for range 6 {
		ss.authors = append(ss.authors, pick(r, firstNames)+" "+pick(r, lastNames))
	}
	return ss
}

func (ss *shapeSite) label(k string) string {
	l, ok := ss.lang.labels[k]
	if !ok {
		panic("synth: no shape label " + k)
	}
	return l
}

func (ss *shapeSite) sep() string {
	if ss.lang.cjk {
		return ""
	}
	return " "
}

// sentence appends a sentence in the site's language: the news corpus's for English and
// Japanese, and for Arabic and Russian words of their vocabularies with the script's
// punctuation.
func (ss *shapeSite) sentence(r *rand.Rand, toks []token, topic []string) []token {
	if ss.lang.code == "en" || ss.lang.cjk {
		return ss.lex.sentence(r, toks, topic)
	}
	n := 6 + r.IntN(14)
	for i := range n {
		w := ss.lex.word(r)
		switch p := r.Float64(); {
		case p < 0.04 && len(topic) > 0:
			w = topic[r.IntN(len(topic))]
		case p < 0.055:
			w = strconv.Itoa(2 + r.IntN(2030))
		}
		if i == 0 {
			w = capitalize(w)
		}
		t := token{text: w, html: w, bare: true}
		switch {
		case i == n-1:
			end := ss.lang.end
			if r.IntN(25) == 0 {
				end = ss.lang.qm
			}
			t.text += end
			t.html += end
			t.bare = false
		case i > 1 && r.Float64() < 0.08:
			t.text += ss.lang.comma
			t.html += ss.lang.comma
			t.bare = false
		}
		toks = append(toks, t)
	}
	return toks
}

// words returns a paragraph of at least min words.
func (ss *shapeSite) words(r *rand.Rand, min int, topic []string) []token {
	var toks []token
	for len(toks) < min {
		toks = ss.sentence(r, toks, topic)
	}
	return toks
}

// phrase renders tokens without markup: as page source and as the text a reader sees.
func (ss *shapeSite) phrase(toks []token) (src, text string) {
	var b []byte
	text = renderTokens(&b, toks, nil, ss.sep(), 0)
	return string(b), text
}

// shapeArticle is one page's article: its title and paragraphs, with inline links and
// emphasis in some of them.
type shapeArticle struct {
	title string
	topic []string
	paras [][]token
	runs  [][]inlineRun
	r     *rand.Rand // the article's stream, for the blocks a layout adds
}

// article draws the article of page pos: between minP and maxP paragraphs of 25 to 90 words
// (or of minW to maxW words when minW > 0), with inline markup unless plain.
func (ss *shapeSite) article(pos, minP, maxP, minW, maxW int, plain bool) *shapeArticle {
	r := rng(ss.seed, ss.key, streamShapeArticle, uint64(pos))
	a := &shapeArticle{r: r}
	a.title, a.topic = ss.lex.title(r)
	if minW == 0 {
		minW, maxW = 25, 90
	}
	if ss.lang.cjk {
		minW, maxW = minW+15, maxW+15
	}
	for range minP + r.IntN(maxP-minP+1) {
		toks := ss.words(r, minW+r.IntN(maxW-minW+1), a.topic)
		// A sentence may run past the target: cut at the last sentence end that fits.
		if len(toks) > maxW {
			for i := maxW - 1; i >= minW; i-- {
				if !toks[i].bare && strings.HasSuffix(toks[i].text, ss.lang.end) {
					toks = toks[:i+1]
					break
				}
			}
		}
		var runs []inlineRun
		if !plain && r.IntN(100) < 35 {
			runs = chooseRuns(r, toks, 1+r.IntN(2), ss.lang.cjk, func(words []token) (string, string) {
				if q := r.IntN(10); q < 6 {
					return fmt.Sprintf(`<a href="/posts/%d.html">`, 1+r.IntN(999)), "</a>"
				} else if q < 9 {
					return "<em>", "</em>"
				}
				return "<strong>", "</strong>"
			})
		}
		a.paras = append(a.paras, toks)
		a.runs = append(a.runs, runs)
	}
	return a
}

// para writes paragraph i of a between open and close as one content block.
func (ss *shapeSite) para(p *builder, open, close string, a *shapeArticle, i int) {
	start := len(p.b)
	p.w(open)
	text := renderTokens(&p.b, a.paras[i], a.runs[i], ss.sep(), 0)
	p.w(close)
	p.content(start, text)
}

// block writes open + text + close as one content block whose gold is text.
func (p *builder) block(open, text, close string) {
	start := len(p.b)
	p.w(open, text, close)
	p.content(start, text)
}

func (ss *shapeSite) url(pos int) string {
	return fmt.Sprintf("https://%s/posts/%d.html", ss.host, pos+1)
}

func (ss *shapeSite) date(pos int) time.Time {
	return ss.epoch.AddDate(0, 0, 3*pos).Add(time.Duration(9+pos%9) * time.Hour)
}

func (ss *shapeSite) page(pos int) *Page {
	p := &builder{b: make([]byte, 0, 8<<10)}
	tmpl := ss.shape.Name
	switch ss.shape.Name {
	case "html5":
		ss.html5(p, pos)
	case "divs":
		ss.divs(p, pos, ss.article(pos, 3, 7, 0, 0, false), "")
	case "tables":
		ss.tables(p, pos)
	case "short":
		ss.short(p, pos)
	case "rich":
		ss.rich(p, pos)
	case "blog":
		ss.blog(p, pos)
	case "wiki":
		ss.wiki(p, pos)
	case "ja", "ar", "ru":
		ss.localized(p, pos)
	case "same":
		ss.same(p, pos)
	case "redesign":
		if pos < ss.shape.Pages/2 {
			ss.divs(p, pos, ss.article(pos, 3, 7, 0, 0, false), "old")
			tmpl = "redesign-old"
		} else {
			ss.html5(p, pos)
			tmpl = "redesign-new"
		}
	case "pair":
		ss.pair(p, pos)
	}
	pg := &Page{ID: fmt.Sprintf("shape-%s-%04d", ss.shape.Name, pos), Dataset: "synth", Site: ss.host,
		URL: ss.url(pos), Date: ss.date(pos).Add(36 * time.Hour).Format(time.RFC3339), HTML: string(p.b),
		GoldSpans: p.spans, Kind: "article", Template: tmpl, Shape: ss.shape.Name}
	if len(p.gold) > 0 {
		pg.GoldTitle = p.gold[0]
		pg.Gold = strings.Join(p.gold, "\n")
	}
	return pg
}

// head writes the document up to <body>: doctype, language and direction, the page's title.
func (ss *shapeSite) head(p *builder, title, css string) {
	p.w("<!DOCTYPE html>\n<html lang=\"", ss.lang.code, "\"")
	if ss.lang.dir != "" {
		p.w(" dir=\"", ss.lang.dir, "\"")
	}
	p.w(">\n<head>\n<meta charset=\"utf-8\">\n<title>", title, " - ", ss.name, "</title>\n")
	p.w("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p.w("<style>", css, "</style>\n</head>\n")
}

// navItems are the header's links: the language's four labels.
func (ss *shapeSite) navItems() [][2]string {
	return [][2]string{{"/", ss.label("home")}, {"/about/", ss.label("about")}, {"/archive/", ss.label("archive")}, {"/contact/", ss.label("contact")}}
}

func (ss *shapeSite) sideList(p *builder, open string) {
	p.w(open, "\n")
	for i, t := range ss.side {
		p.f("<li><a href=\"/posts/%d.html\">%s</a></li>\n", 1000+i, t)
	}
	p.w("</ul>\n")
}

func (ss *shapeSite) copyright(year int) string {
	return fmt.Sprintf("&copy; %d %s. %s", year, ss.name, ss.label("rights"))
}

// html5 is the plain site in HTML5 elements.
func (ss *shapeSite) html5(p *builder, pos int) {
	a := ss.article(pos, 3, 7, 0, 0, false)
	ss.head(p, a.title, "body{font:16px/1.5 Georgia,serif;margin:0}header,footer{background:#eee;padding:8px}main{float:left;width:70%}aside{float:right;width:25%}")
	p.w("<body>\n<header class=\"site-header\">\n<a class=\"brand\" href=\"/\">", ss.name, "</a>\n<nav>\n<ul>\n")
	for _, n := range ss.navItems() {
		p.w("<li><a href=\"", n[0], "\">", n[1], "</a></li>\n")
	}
	p.w("</ul>\n</nav>\n</header>\n<main>\n<article>\n")
	p.block("<h1>", a.title, "</h1>")
	p.w("\n")
	for i := range a.paras {
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
	}
	p.w("</article>\n</main>\n<aside>\n<h2>", ss.label("popular"), "</h2>\n")
	ss.sideList(p, "<ul>")
	p.w("</aside>\n<footer>\n<p>", ss.copyright(ss.epoch.Year()), "</p>\n</footer>\n</body>\n</html>\n")
}

// divs nests class-named divs, the title in an h2; prefix gives another spelling of every
// class name and another footer (the old design of the redesign shape).
func (ss *shapeSite) divs(p *builder, pos int, a *shapeArticle, prefix string) {
	c := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "_" + strings.ReplaceAll(name, "-", "_")
	}
	ss.head(p, a.title, "."+c("page-wrap")+"{width:960px;margin:0 auto}."+c("col-main")+"{float:left;width:640px}."+c("col-side")+"{float:right;width:280px}")
	p.w("<body>\n<div id=\"page\" class=\"", c("page-wrap"), "\">\n")
	p.w("<div class=\"", c("top-bar"), "\"><div class=\"", c("inner"), "\">\n<div class=\"", c("logo"), "\"><a href=\"/\">", ss.name, "</a></div>\n")
	p.w("<div class=\"", c("menu"), "\"><ul class=\"", c("menu-list"), "\">\n")
	for _, n := range ss.navItems() {
		p.w("<li class=\"", c("menu-item"), "\"><a href=\"", n[0], "\">", n[1], "</a></li>\n")
	}
	p.w("</ul></div>\n</div></div>\n")
	p.w("<div class=\"", c("content-area"), "\"><div class=\"", c("row"), "\">\n<div class=\"", c("col"), " ", c("col-main"), "\">\n")
	p.w("<div class=\"", c("post"), "\">\n<div class=\"", c("post-header"), "\">")
	p.block("<h2 class=\""+c("post-title")+"\">", a.title, "</h2>")
	p.w("</div>\n<div class=\"", c("post-content"), "\"><div class=\"", c("entry"), "\">\n")
	for i := range a.paras {
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
	}
	p.w("</div></div>\n</div>\n</div>\n")
	p.w("<div class=\"", c("col"), " ", c("col-side"), "\">\n<div class=\"", c("widget"), "\"><div class=\"", c("widget-title"), "\">", ss.label("popular"), "</div>\n")
	ss.sideList(p, "<div class=\""+c("widget-content")+"\"><ul>")
	p.w("</div></div>\n</div>\n</div></div>\n")
	year := ss.epoch.Year()
	if prefix != "" {
		year -= 5
	}
	p.w("<div class=\"", c("bottom"), "\"><div class=\"", c("inner"), "\"><div class=\"", c("copyright"), "\">", ss.copyright(year), "</div></div></div>\n")
	p.w("</div>\n</body>\n</html>\n")
}

// tables is an old table layout: navigation, article and links in three cells, the article's
// paragraphs separated by <br><br> inside one <font>, so that a paragraph is a run of text
// (its gold span is its text, not an element).
func (ss *shapeSite) tables(p *builder, pos int) {
	a := ss.article(pos, 3, 7, 0, 0, false)
	p.w("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">\n<html>\n<head>\n")
	p.w("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\">\n<title>", ss.name, " - ", a.title, "</title>\n</head>\n")
	p.w("<body bgcolor=\"#FFFFFF\" text=\"#000000\" link=\"#0000CC\" vlink=\"#663399\">\n")
	p.w("<table width=\"760\" border=\"0\" cellpadding=\"4\" cellspacing=\"0\" align=\"center\">\n")
	p.w("<tr><td colspan=\"3\" bgcolor=\"#336699\"><font face=\"Arial\" size=\"5\" color=\"#FFFFFF\"><b>", ss.name, "</b></font></td></tr>\n<tr>\n")
	p.w("<td width=\"150\" valign=\"top\" bgcolor=\"#EEEEEE\"><font face=\"Arial\" size=\"2\">\n")
	for _, n := range ss.navItems() {
		p.w("<a href=\"", n[0], "index.html\">", n[1], "</a><br>\n")
	}
	p.w("</font></td>\n<td width=\"460\" valign=\"top\">")
	p.block("<font face=\"Verdana\" size=\"4\"><b>", a.title, "</b></font>")
	p.w("<br><br>\n<font face=\"Verdana\" size=\"2\">")
	for i := range a.paras {
		if i > 0 {
			p.w("<br><br>\n")
		}
		start := len(p.b)
		text := renderTokens(&p.b, a.paras[i], a.runs[i], ss.sep(), 0)
		p.content(start, text)
	}
	p.w("</font></td>\n<td width=\"150\" valign=\"top\"><font face=\"Arial\" size=\"1\"><b>", ss.label("popular"), "</b><br>\n")
	for i, t := range ss.side {
		p.f("<a href=\"/posts/%d.html\">%s</a><br>\n", 1000+i, t)
	}
	p.w("</font></td>\n</tr>\n<tr><td colspan=\"3\" align=\"center\"><hr><font size=\"1\">Copyright ", ss.copyright(ss.epoch.Year()-20), "</font></td></tr>\n")
	p.w("</table>\n</body>\n</html>\n")
}

// short is a site whose articles are one paragraph of 60 to 95 words.
func (ss *shapeSite) short(p *builder, pos int) {
	a := ss.article(pos, 1, 1, 60, 95, false)
	ss.head(p, a.title, ".content{max-width:640px}")
	p.w("<body>\n<div class=\"header\"><a class=\"logo\" href=\"/\">", ss.name, "</a> <span class=\"tagline\">", ss.tagline, "</span>\n<ul class=\"nav\">\n")
	for _, n := range ss.navItems() {
		p.w("<li><a href=\"", n[0], "\">", n[1], "</a></li>\n")
	}
	p.w("</ul></div>\n<div class=\"content\">\n")
	p.block("<h1>", a.title, "</h1>")
	p.w("\n")
	ss.para(p, "<p>", "</p>", a, 0)
	p.w("\n</div>\n<div class=\"sidebar\"><h3>", ss.label("popular"), "</h3>\n")
	ss.sideList(p, "<ul>")
	p.w("</div>\n<div class=\"footer\">", ss.copyright(ss.epoch.Year()), "</div>\n</body>\n</html>\n")
}

// rich articles hold subheadings, lists, a data table, code and a block quote besides
// paragraphs; every one of them is content.
func (ss *shapeSite) rich(p *builder, pos int) {
	a := ss.article(pos, 6, 9, 25, 70, false)
	r := a.r
	ss.head(p, a.title, "pre{background:#f6f6f6;padding:8px}blockquote{border-left:3px solid #ccc;margin-left:0;padding-left:12px}")
	p.w("<body>\n<header>\n<a class=\"brand\" href=\"/\">", ss.name, "</a>\n<nav>")
	for i, n := range ss.navItems() {
		if i > 0 {
			p.w(" | ")
		}
		p.w("<a href=\"", n[0], "\">", n[1], "</a>")
	}
	p.w("</nav>\n</header>\n<main>\n<article class=\"doc\">\n")
	p.block("<h1>", a.title, "</h1>")
	p.w("\n")
	ss.para(p, "<p>", "</p>", a, 0)
	p.w("\n")
	// Each further paragraph opens a section; the sections take the extra blocks in turn,
	// starting at a different one on each page, so every kind is on every page.
	kinds := []string{"list", "table", "code", "quote", "olist"}
	off := r.IntN(len(kinds))
	for i := 1; i < len(a.paras); i++ {
		if i%2 == 1 {
			head, _ := ss.lex.title(r)
			if f := strings.Fields(head); len(f) > 4 {
				head = strings.Join(f[:2+r.IntN(3)], " ")
			}
			p.block("<h2>", head, "</h2>")
			p.w("\n")
		}
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
		if i-1 < len(kinds) {
			ss.richBlock(p, r, kinds[(i-1+off)%len(kinds)], a.topic)
		}
	}
	p.w("</article>\n</main>\n<aside class=\"related\"><h2>", ss.label("popular"), "</h2>\n")
	ss.sideList(p, "<ul>")
	p.w("</aside>\n<footer><small>", ss.copyright(ss.epoch.Year()), "</small></footer>\n</body>\n</html>\n")
}

func (ss *shapeSite) richBlock(p *builder, r *rand.Rand, kind string, topic []string) {
	switch kind {
	case "list", "olist":
		tag := "ul"
		if kind == "olist" {
			tag = "ol"
		}
		var items []string
		start := len(p.b)
		p.w("<", tag, ">\n")
		for range 3 + r.IntN(3) {
			src, text := ss.phrase(ss.words(r, 4+r.IntN(8), topic))
			items = append(items, text)
			p.w("<li>", src, "</li>\n")
		}
		p.w("</", tag, ">")
		p.content(start, strings.Join(items, "\n"))
	case "table":
		cols := 3
		var cells []string
		start := len(p.b)
		p.w("<table class=\"data\">\n<thead><tr>")
		for range cols {
			h := capitalize(ss.lex.tailWord(r))
			cells = append(cells, h)
			p.w("<th>", h, "</th>")
		}
		p.w("</tr></thead>\n<tbody>\n")
		for range 2 + r.IntN(3) {
			p.w("<tr>")
			for c := range cols {
				v := ss.lex.tailWord(r)
				if c > 0 {
					v = strconv.Itoa(r.IntN(1000)) + "." + strconv.Itoa(r.IntN(10))
				}
				cells = append(cells, v)
				p.w("<td>", v, "</td>")
			}
			p.w("</tr>\n")
		}
		p.w("</tbody>\n</table>")
		p.content(start, strings.Join(cells, "\n"))
	case "code":
		var lines []string
		fn, arg := ss.lex.tailWord(r), ss.lex.tailWord(r)
		lines = append(lines, fmt.Sprintf("def %s(%s, limit=%d):", fn, arg, 2+r.IntN(50)))
		for range 2 + r.IntN(3) {
			v := ss.lex.tailWord(r)
			lines = append(lines, fmt.Sprintf("    %s = %s.%s(%d)", v, arg, ss.lex.tailWord(r), r.IntN(100)))
		}
		lines = append(lines, "    return "+arg)
		code := strings.Join(lines, "\n")
		start := len(p.b)
		p.w("<pre><code>", code, "\n</code></pre>")
		p.content(start, strings.Join(strings.Fields(code), " "))
	case "quote":
		src, text := ss.phrase(ss.words(r, 15+r.IntN(20), topic))
		start := len(p.b)
		p.w("<blockquote><p>", src, "</p></blockquote>")
		p.content(start, text)
	}
	p.w("\n")
}

// blog is a post with a date line, categories and a comment thread: per page, the date, the
// number of comments and their text differ, and none of it is content.
func (ss *shapeSite) blog(p *builder, pos int) {
	a := ss.article(pos, 4, 8, 0, 0, false)
	pr := rng(ss.seed, ss.key, streamShapePage, uint64(pos))
	d := ss.date(pos)
	ss.head(p, a.title, ".comment{margin:8px 0}.comment-meta{color:#777}")
	p.w("<body class=\"single-post\">\n<div id=\"wrapper\">\n<header id=\"masthead\">\n<p class=\"site-title\"><a href=\"/\">", ss.name,
		"</a></p>\n<p class=\"site-description\">", ss.tagline, "</p>\n</header>\n<nav id=\"site-navigation\"><ul>\n")
	for _, n := range ss.navItems() {
		p.w("<li><a href=\"", n[0], "\">", n[1], "</a></li>\n")
	}
	p.w("</ul></nav>\n<div id=\"content\">\n<article class=\"post\">\n<header class=\"entry-header\">\n")
	p.block("<h1 class=\"entry-title\">", a.title, "</h1>")
	author := ss.authors[pr.IntN(len(ss.authors))]
	p.w("\n<div class=\"entry-meta\">Posted on <time datetime=\"", d.Format("2006-01-02"), "\">", d.Format("January 2, 2006"),
		"</time> by <a href=\"/author/\">", author, "</a></div>\n</header>\n<div class=\"entry-content\">\n")
	for i := range a.paras {
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
	}
	p.w("</div>\n<footer class=\"entry-footer\">Posted in <a href=\"/category/notes/\">Notes</a></footer>\n</article>\n")
	n := 1 + pr.IntN(3)
	p.w("<div id=\"comments\" class=\"comments-area\">\n")
	noun := "comments"
	if n == 1 {
		noun = "comment"
	}
	p.f("<h2 class=\"comments-title\">%d %s</h2>\n<ol class=\"comment-list\">\n", n, noun)
	for k := range n {
		cd := d.Add(time.Duration(2+pr.IntN(70)) * time.Hour)
		who := pick(pr, firstNames)
		p.f("<li class=\"comment\" id=\"comment-%d\"><article class=\"comment-body\">\n", 100*pos+k)
		p.w("<footer class=\"comment-meta\"><b class=\"fn\">", who, "</b> <time>", cd.Format("January 2, 2006 at 3:04 pm"), "</time></footer>\n")
		src, _ := ss.phrase(ss.words(pr, 8+pr.IntN(14), nil))
		p.w("<div class=\"comment-content\"><p>", src, "</p></div>\n")
		p.w("<div class=\"reply\"><a class=\"comment-reply-link\" href=\"#respond\">Reply</a></div>\n</article></li>\n")
	}
	p.w("</ol>\n<div id=\"respond\"><h3>Leave a Reply</h3>\n<form action=\"/comment\" method=\"post\"><textarea name=\"comment\"></textarea>\n<input type=\"submit\" value=\"Post Comment\"></form></div>\n</div>\n")
	p.w("</div>\n<aside id=\"secondary\">\n<section class=\"widget\"><h2 class=\"widget-title\">Recent Posts</h2>\n")
	ss.sideList(p, "<ul>")
	p.w("</section>\n<section class=\"widget\"><h2 class=\"widget-title\">Archives</h2>\n<ul>\n")
	for m := range 4 {
		t := ss.epoch.AddDate(0, -m, 0)
		p.w("<li><a href=\"/", t.Format("2006/01"), "/\">", t.Format("January 2006"), "</a></li>\n")
	}
	p.w("</ul></section>\n</aside>\n<footer id=\"colophon\"><div class=\"site-info\">", ss.copyright(ss.epoch.Year()), "</div></footer>\n</div>\n</body>\n</html>\n")
}

// wiki is a wiki-like article: an introduction, a table of contents (navigation, not content:
// it repeats the section headings as links), then sections; the footer says when the page was
// last edited.
func (ss *shapeSite) wiki(p *builder, pos int) {
	a := ss.article(pos, 6, 10, 30, 80, false)
	r := a.r
	ss.head(p, a.title, "#toc{border:1px solid #aaa;display:inline-block;padding:4px}#sidebar{float:left;width:160px}")
	p.w("<body class=\"wiki-page\">\n<div id=\"top\"><a class=\"logo\" href=\"/wiki/Main_Page\">", ss.name, "</a>\n")
	p.w("<form class=\"search\" action=\"/w/index.php\"><input type=\"search\" name=\"search\" placeholder=\"Search\"></form></div>\n")
	p.w("<div id=\"sidebar\"><h3>Navigation</h3><ul>\n<li><a href=\"/wiki/Main_Page\">Main page</a></li>\n<li><a href=\"/wiki/Special:RecentChanges\">Recent changes</a></li>\n")
	p.w("<li><a href=\"/wiki/Special:Random\">Random page</a></li>\n<li><a href=\"/wiki/Help:Contents\">Help</a></li>\n</ul></div>\n")
	p.w("<div id=\"content\">\n")
	p.block("<h1 id=\"firstHeading\">", a.title, "</h1>")
	p.w("\n<div id=\"siteSub\">From ", ss.name, "</div>\n<div id=\"bodyContent\">\n")
	ss.para(p, "<p>", "</p>", a, 0)
	p.w("\n")
	// Sections of one or two paragraphs, each under a heading of two or three words.
	var heads []string
	var sections [][]int
	for i := 1; i < len(a.paras); {
		k := 1 + r.IntN(2)
		var sec []int
		for ; k > 0 && i < len(a.paras); k-- {
			sec = append(sec, i)
			i++
		}
		h := capitalize(ss.lex.tailWord(r)) + " " + ss.lex.word(r)
		if r.IntN(2) == 0 {
			h += " " + ss.lex.tailWord(r)
		}
		heads = append(heads, h)
		sections = append(sections, sec)
	}
	p.w("<div id=\"toc\" class=\"toc\"><div class=\"toctitle\"><h2>Contents</h2></div>\n<ul>\n")
	for k, h := range heads {
		p.f("<li class=\"toclevel-1\"><a href=\"#s%d\"><span class=\"tocnumber\">%d</span> <span class=\"toctext\">%s</span></a></li>\n", k+1, k+1, h)
	}
	p.w("</ul>\n</div>\n")
	for k, sec := range sections {
		start := len(p.b)
		p.f("<h2><span class=\"mw-headline\" id=\"s%d\">%s</span></h2>", k+1, heads[k])
		p.content(start, heads[k])
		p.w("\n")
		for _, i := range sec {
			ss.para(p, "<p>", "</p>", a, i)
			p.w("\n")
		}
	}
	p.w("</div>\n</div>\n<div id=\"footer\"><ul>\n<li>This page was last edited on ", ss.date(pos).Format("2 January 2006, at 15:04"), ".</li>\n")
	p.w("<li>Text is available under the Creative Commons Attribution-ShareAlike License.</li>\n<li><a href=\"/wiki/Privacy\">Privacy policy</a></li>\n<li><a href=\"/wiki/About\">About ", ss.name, "</a></li>\n</ul></div>\n</body>\n</html>\n")
}

// localized is the plain HTML5 site in the site's language (Japanese, Arabic right to left,
// Russian).
func (ss *shapeSite) localized(p *builder, pos int) {
	a := ss.article(pos, 3, 7, 0, 0, false)
	ss.head(p, a.title, "body{margin:0}.site-main{width:70%}")
	p.w("<body>\n<header class=\"masthead\">\n<div class=\"site-name\"><a href=\"/\">", ss.name, "</a></div>\n<p class=\"tagline\">", ss.tagline, "</p>\n<nav class=\"main-menu\">\n")
	for _, n := range ss.navItems() {
		p.w("<a href=\"", n[0], "\">", n[1], "</a>\n")
	}
	p.w("</nav>\n</header>\n<div class=\"site-main\">\n<article class=\"entry\">\n")
	p.block("<h1 class=\"entry-title\">", a.title, "</h1>")
	p.w("\n<div class=\"entry-body\">\n")
	for i := range a.paras {
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
	}
	p.w("</div>\n</article>\n</div>\n<aside class=\"widget-area\">\n<h3>", ss.label("popular"), "</h3>\n")
	ss.sideList(p, "<ul>")
	p.w("</aside>\n<footer class=\"site-footer\"><p>", ss.copyright(ss.epoch.Year()), "</p></footer>\n</body>\n</html>\n")
}

// same gives every page the same structure: a title and one paragraph without markup.
func (ss *shapeSite) same(p *builder, pos int) {
	a := ss.article(pos, 1, 1, 110, 170, true)
	ss.head(p, a.title, ".main{margin:16px}")
	p.w("<body>\n<div class=\"header\"><a href=\"/\">", ss.name, "</a>")
	for _, n := range ss.navItems()[1:] {
		p.w(" | <a href=\"", n[0], "\">", n[1], "</a>")
	}
	p.w("</div>\n<div class=\"main\">\n")
	p.block("<h1>", a.title, "</h1>")
	p.w("\n")
	ss.para(p, "<p>", "</p>", a, 0)
	p.w("\n</div>\n<div class=\"side\">\n")
	ss.sideList(p, "<ul>")
	p.w("</div>\n<div class=\"footer\">", ss.copyright(ss.epoch.Year()), "</div>\n</body>\n</html>\n")
}

// pair is a minimal personal site: the site's name in the h1, navigation in a paragraph, the
// post's title in an h2, parts separated by rules.
func (ss *shapeSite) pair(p *builder, pos int) {
	a := ss.article(pos, 3, 6, 0, 0, false)
	p.w("<html>\n<head><title>", a.title, "</title></head>\n<body>\n<h1>", ss.name, "</h1>\n<p>")
	for i, n := range ss.navItems() {
		if i > 0 {
			p.w(" &middot; ")
		}
		p.w("<a href=\"", n[0], "\">", n[1], "</a>")
	}
	p.w("</p>\n<hr>\n")
	p.block("<h2>", a.title, "</h2>")
	p.w("\n")
	for i := range a.paras {
		ss.para(p, "<p>", "</p>", a, i)
		p.w("\n")
	}
	p.w("<hr>\n<p>", ss.label("popular"), ":</p>\n")
	ss.sideList(p, "<ul>")
	p.w("<hr>\n<p><small>", ss.copyright(ss.epoch.Year()), "</small></p>\n</body>\n</html>\n")
}
