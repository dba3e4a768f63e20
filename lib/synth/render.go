package synth

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"
)

// head is what other pages know about an article: enough for related links, teasers and
// popular lists. It comes from the article's own stream, so every page that links to
// article pos shows the same title.
type head struct {
	pos       int
	title     string
	topic     []string // the title's key words, frequent in the article
	section   int
	author    int
	published time.Time
	tmpl      int // 0 = A, 1 = B
	url       string
	lead      []token // the first sentence of the article
	leadText  string
	leadHTML  string
}

// indexAt returns the positions of the index pages: the middles of c.IndexPages equal
// stretches of the site.
func indexAt(c *Config) []int {
	at := make([]int, c.IndexPages)
	for k := range at {
		at[k] = (2*k + 1) * c.PagesPerSite / (2 * c.IndexPages)
	}
	return at
}

// indexNumber returns which index page pos is (0, 1, ...), or -1 for an article.
func (s *site) indexNumber(pos int) int {
	k, ok := slices.BinarySearch(s.indexPos, pos)
	if !ok {
		return -1
	}
	return k
}

func (s *site) isIndex(pos int) bool { return s.indexNumber(pos) >= 0 }

func (s *site) template(pos int) int {
	if s.cfg.Templates == 2 && (pos*2+s.index)%5 < 2 {
		return 1
	}
	return 0
}

func (s *site) head(pos int) *head {
	r := rng(s.cfg.Seed, uint64(s.index), streamHead, uint64(pos))
	h := &head{pos: pos, tmpl: s.template(pos)}
	h.title, h.topic = s.lex.title(r)
	h.section = r.IntN(len(s.sections))
	h.author = r.IntN(len(s.authors))
	h.published = s.epoch.Add(time.Duration(pos)*14*time.Hour + time.Duration(r.IntN(600))*time.Minute)
	h.lead = s.lex.sentence(r, nil, h.topic)
	var b []byte
	h.leadText = renderTokens(&b, h.lead, nil, s.sep(), 0)
	h.leadHTML = string(b)
	y, m, d := h.published.Date()
	sec := s.sections[h.section][0]
	switch {
	case s.cjk:
		h.url = fmt.Sprintf("https://%s/articles/%04d%02d%02d/%d.html", s.host, y, m, d, 100000+pos)
	case h.tmpl == 1:
		h.url = fmt.Sprintf("https://%s/archive/%04d%02d%02d/%s/story%d.htm", s.host, y, m, d, sec, 50000+pos)
	default:
		h.url = fmt.Sprintf("https://%s/%s/%04d/%02d/%02d/%s-%d.html", s.host, sec, y, m, d, slug(h.title), pos)
	}
	return h
}

func (s *site) sep() string {
	if s.cjk {
		return ""
	}
	return " "
}

// articles picks n distinct article positions other than not, from the corpus and beyond it
// (links to articles that are not in the corpus, as on a real site).
func (s *site) articles(r *rand.Rand, n, not int) []*head {
	limit := s.cfg.PagesPerSite + 60
	seen := map[int]bool{not: true}
	var hs []*head
	for len(hs) < n {
		p := r.IntN(limit)
		if seen[p] || s.isIndex(p) {
			continue
		}
		seen[p] = true
		hs = append(hs, s.head(p))
	}
	return hs
}

func (s *site) indexURL(pos int) (url string, section, pageNo int) {
	k := s.indexNumber(pos)
	section = k % len(s.sections)
	pageNo = 1 + k/len(s.sections)
	sec := s.sections[section][0]
	if pageNo == 1 {
		return fmt.Sprintf("https://%s/%s/", s.host, sec), section, pageNo
	}
	return fmt.Sprintf("https://%s/%s/page/%d/", s.host, sec, pageNo), section, pageNo
}

// builder accumulates a page's source and its gold.
type builder struct {
	b     []byte
	spans [][2]int
	gold  []string
}

func (p *builder) w(ss ...string) {
	for _, s := range ss {
		p.b = append(p.b, s...)
	}
}

func (p *builder) f(format string, args ...any) { p.b = fmt.Appendf(p.b, format, args...) }

// content records the bytes written since start as one content block with the given text.
func (p *builder) content(start int, text string) {
	p.spans = append(p.spans, [2]int{start, len(p.b)})
	p.gold = append(p.gold, text)
}

// body is an article's content, drawn from its own stream.
type body struct {
	paras   [][]token
	runs    [][]inlineRun
	image   bool
	caption []token
	words   int
}

func (s *site) body(h *head) *body {
	r := rng(s.cfg.Seed, uint64(s.index), streamBody, uint64(h.pos))
	bd := &body{}
	k := 3 + r.IntN(10)
	for i := 0; i < k || bd.words < 130; i++ {
		var toks []token
		if i == 0 {
			toks = append(toks, h.lead...)
		}
		minWords := 25 + r.IntN(60)
		if s.cjk {
			minWords += 20
		}
		toks = s.lex.paragraphTokens(r, toks, minWords, h.topic)
		var runs []inlineRun
		if r.IntN(100) < 35 {
			runs = chooseRuns(r, toks, 1+r.IntN(2), s.cjk, func(words []token) (string, string) {
				switch q := r.IntN(10); {
				case q < 7:
					w := strings.ToLower(words[0].text)
					if s.cjk {
						return fmt.Sprintf(`<a href="/tags/%d/">`, s.lex.rank(words[0].text)), "</a>"
					}
					return fmt.Sprintf(`<a href="https://%s/topics/%s/">`, s.host, w), "</a>"
				case q < 9:
					return "<em>", "</em>"
				default:
					return "<strong>", "</strong>"
				}
			})
		}
		bd.paras = append(bd.paras, toks)
		bd.runs = append(bd.runs, runs)
		bd.words += len(toks)
	}
	if r.IntN(100) < 40 {
		bd.image = true
		for len(bd.caption) < 5 {
			bd.caption = s.lex.sentence(r, nil, h.topic)
		}
	}
	return bd
}

// paragraph writes <p>..</p> as a content block.
func (s *site) paragraph(p *builder, toks []token, runs []inlineRun) {
	start := len(p.b)
	p.w("<p>")
	text := renderTokens(&p.b, toks, runs, s.sep(), s.wrap)
	p.w("</p>")
	p.content(start, text)
}

func (s *site) page(pos int) *Page {
	var pg *Page
	if s.isIndex(pos) {
		pg = s.indexPage(pos)
	} else {
		h := s.head(pos)
		if h.tmpl == 1 {
			pg = s.articleB(h)
		} else {
			pg = s.articleA(h)
		}
	}
	pg.Dataset = "synth"
	pg.Site = s.host
	pg.ID = fmt.Sprintf("synth-%d-%04d", s.index, pos)
	return pg
}

// view is what a template shows of its article outside the content. With
// Config.StaticTemplate every article of a template gets the same view, so that all bytes
// outside the content are equal on all of them.
type view struct {
	title, lead, url            string
	section, author, pos, words int
	published, fetched          time.Time
	r                           *rand.Rand // the template's choices: optional blocks, ids, lists
	static                      bool
}

func (s *site) view(h *head, bd *body) *view {
	if s.cfg.StaticTemplate {
		return &view{title: s.name, lead: s.tagline, url: "https://" + s.host + "/", published: s.epoch, fetched: s.epoch,
			r: rng(s.cfg.Seed, uint64(s.index), streamPage, 1<<40|uint64(h.tmpl)), static: true}
	}
	return &view{title: h.title, lead: h.leadText, url: h.url, section: h.section, author: h.author, pos: h.pos,
		words: bd.words, published: h.published, fetched: s.fetchDate(h),
		r: rng(s.cfg.Seed, uint64(s.index), streamPage, uint64(h.pos))}
}

// fetchDate is when the crawler fetched the article: the record's date.
func (s *site) fetchDate(h *head) time.Time {
	return s.fetched(rng(s.cfg.Seed, uint64(s.index), streamDate, uint64(h.pos)), h.published)
}

func (s *site) fetched(r *rand.Rand, t time.Time) time.Time {
	return t.Add(time.Duration(1+r.IntN(30*24)) * time.Hour).Add(time.Duration(r.IntN(3600)) * time.Second)
}

func (s *site) finish(p *builder, url, kind, tmpl string, date time.Time) *Page {
	pg := &Page{URL: url, Date: date.Format(time.RFC3339), HTML: string(p.b), Kind: kind, Template: tmpl}
	pg.GoldSpans = p.spans
	if pg.GoldSpans == nil {
		pg.GoldSpans = [][2]int{}
	}
	if len(p.gold) > 0 {
		pg.GoldTitle = p.gold[0]
		pg.Gold = strings.Join(p.gold, "\n")
	}
	return pg
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func (s *site) dateLong(t time.Time) string {
	if s.cjk {
		return fmt.Sprintf("%d年%d月%d日 %d時%02d分", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute())
	}
	h, ampm := t.Hour()%12, "a.m."
	if h == 0 {
		h = 12
	}
	if t.Hour() >= 12 {
		ampm = "p.m."
	}
	return fmt.Sprintf("%s %d, %d at %d:%02d %s", t.Month(), t.Day(), t.Year(), h, t.Minute(), ampm)
}

func (s *site) dateShort(t time.Time) string {
	if s.cjk {
		return fmt.Sprintf("%d月%d日", t.Month(), t.Day())
	}
	return t.Format("Jan 2, 2006")
}

// ---- template A (and the frame of index pages) ----

func (s *site) headA(p *builder, title, desc, url string, v *view) {
	lang := "en"
	if s.cjk {
		lang = "ja"
	}
	p.w("<!DOCTYPE html>\n<html lang=\"", lang, "\">\n<head>\n<meta charset=\"utf-8\">\n")
	p.w("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	p.w("<title>", escapeAttr(title), " | ", s.name, "</title>\n")
	p.w("<meta name=\"description\" content=\"", escapeAttr(desc), "\">\n")
	p.w("<meta property=\"og:title\" content=\"", escapeAttr(title), "\">\n")
	p.w("<meta property=\"og:site_name\" content=\"", s.name, "\">\n")
	p.w("<link rel=\"canonical\" href=\"", url, "\">\n")
	p.f("<link rel=\"stylesheet\" href=\"/static/css/main.%08x.css\">\n", uint32(mix64(uint64(s.index))))
	p.w("<style>\n", s.cssA, "\n</style>\n")
	if v != nil {
		p.w("<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle",
			"\",\"headline\":", jsonString(v.title), ",\"datePublished\":\"", v.published.Format(time.RFC3339),
			"\",\"author\":{\"@type\":\"Person\",\"name\":", jsonString(s.authors[v.author]),
			"},\"publisher\":{\"@type\":\"Organization\",\"name\":", jsonString(s.name), "}}</script>\n")
	}
	p.w("<script>", s.jsLib, "</script>\n")
	p.f("<script async src=\"https://ads.example-adnetwork.com/tag.js?unit=%s\"></script>\n", s.adUnit)
	p.w("</head>\n")
}

func (s *site) headerA(p *builder, r *rand.Rand, section int, pos int) {
	c := s.a
	p.w("<!-- begin header -->\n")
	p.w("<div id=\"", s.prefix, "cookie\" class=\"", c["cookie"], "\"><p>", s.label("cookie"),
		"</p><button type=\"button\">", s.label("accept"), "</button></div>\n")
	p.w("<header class=\"", c["header"], "\" role=\"banner\">\n")
	p.w("  <div class=\"", c["logo"], "\"><a href=\"/\" title=\"", s.name, "\">",
		"<svg viewBox=\"0 0 24 24\" width=\"32\" height=\"32\" aria-hidden=\"true\"><path d=\"", s.logoPath, "\"/></svg>",
		"<span>", s.name, "</span></a></div>\n")
	p.w("  <div class=\"", c["tagline"], "\">", s.tagline, "</div>\n")
	p.w("  <form class=\"", c["search"], "\" action=\"/search\" method=\"get\"><input type=\"search\" name=\"q\" placeholder=\"",
		s.label("search"), "\"><button type=\"submit\">", s.label("search"), "</button></form>\n")
	p.w("  <a class=\"subscribe\" href=\"/subscribe\">", s.label("subscribe"), "</a> <a class=\"signin\" href=\"/login\">", s.label("signin"), "</a>\n")
	p.w("</header>\n")
	p.w("<nav class=\"", c["nav"], "\" id=\"", s.prefix, "nav\" aria-label=\"main\">\n<ul>\n")
	p.w("<li class=\"", c["navitem"], "\"><a href=\"/\">", s.label("home"), "</a></li>\n")
	for i := range s.sections {
		cls := c["navitem"]
		if i == section {
			cls += " active"
		}
		p.w("<li class=\"", cls, "\"><a href=\"/", s.sections[i][0], "/\">", s.sectionLabel(i), "</a></li>\n")
	}
	p.w("</ul>\n</nav>\n")
	if r.IntN(100) < 25 {
		other := s.head(s.cfg.PagesPerSite + 60 + r.IntN(20))
		p.w("<div class=\"", c["breaking"], "\"><strong>", s.label("breaking"), "</strong> <a href=\"", other.url, "\">", other.title, "</a></div>\n")
	}
	s.adA(p, r, "top", "leaderboard", 728, 90)
	p.w("<!-- end header -->\n")
}

func (s *site) adA(p *builder, r *rand.Rand, slot, size string, w, h int) {
	c := s.a
	p.f("<div class=\"%s %s-%s\" id=\"%sad-%s\" data-ad-unit=\"%s/%s\" data-ord=\"%d\" style=\"min-height:%dpx\">",
		c["ad"], c["ad"], size, s.prefix, slot, s.adUnit, slot, r.Uint32(), h)
	p.w("<span class=\"", c["adlabel"], "\">", s.label("ad"), "</span>")
	p.f("<script>window.adq=window.adq||[];adq.push({slot:\"%s\",size:[%d,%d]});</script></div>\n", slot, w, h)
}

func (s *site) sidebarA(p *builder, r *rand.Rand, pos int) {
	c := s.a
	p.w("<aside class=\"", c["sidebar"], "\" role=\"complementary\">\n")
	// "Most popular" changes slowly: pages close in time share it.
	pr := rng(s.cfg.Seed, uint64(s.index), streamPopular, uint64(pos/8))
	p.w("<div class=\"", c["widget"], " popular\">\n<h3>", s.label("popular"), "</h3>\n<ol>\n")
	for _, h := range s.articles(pr, s.popularN, -1) {
		p.w("<li><a href=\"", h.url, "\">", h.title, "</a></li>\n")
	}
	p.w("</ol>\n</div>\n")
	s.adA(p, r, "rail", "rectangle", 300, 250)
	p.w("<div class=\"", c["widget"], " about\">\n<h3>", s.name, "</h3>\n<p>", s.about, "</p>\n</div>\n")
	p.w("</aside>\n")
}

func (s *site) footerA(p *builder, r *rand.Rand, date time.Time) {
	c := s.a
	p.w("<!-- begin footer -->\n<footer class=\"", c["footer"], "\" role=\"contentinfo\">\n")
	for col := range 3 {
		p.w("<div class=\"", c["footcol"], "\">\n<ul>\n")
		for _, l := range footerLinks[col*4 : col*4+4] {
			name := l[0]
			if s.cjk {
				name = l[1]
			}
			p.w("<li><a href=\"/", strings.ToLower(strings.ReplaceAll(l[0], " ", "-")), "\">", name, "</a></li>\n")
		}
		p.w("</ul>\n</div>\n")
	}
	p.w("<div class=\"", c["follow"], "\">", s.label("follow"), ": <a href=\"https://social.example/", s.host, "\">Social</a> <a href=\"/feed.xml\">RSS</a></div>\n")
	p.f("<p class=\"%s\">&copy; %d %s. %s %s</p>\n", c["copyright"], s.epoch.Year()+1, s.name, s.label("rights"), s.address)
	p.w("</footer>\n")
	p.f("<script>(function(){var d=window.dataLayer=window.dataLayer||[];d.push({event:\"pageview\",t:%d});})();</script>\n", date.Unix())
	p.f("<!-- generated %s by web%02d in %dms -->\n</body>\n</html>\n", date.Format(time.RFC3339), r.IntN(16), 20+r.IntN(400))
}

func (s *site) articleA(h *head) *Page {
	bd := s.body(h)
	v := s.view(h, bd)
	r := v.r
	c := s.a
	p := &builder{b: make([]byte, 0, s.cfg.PageBytes*2)}
	s.headA(p, v.title, v.lead, v.url, v)
	sec := s.sections[v.section]
	p.w("<body class=\"article-page section-", sec[0], "\">\n")
	s.headerA(p, r, v.section, v.pos)
	p.w("<main class=\"", c["container"], "\" id=\"", s.prefix, "main\">\n")
	crumb := v.title
	if s.cjk {
		if rs := []rune(crumb); len(rs) > 8 {
			crumb = string(rs[:8]) + "…"
		}
	} else if f := strings.Fields(crumb); len(f) > 5 {
		crumb = strings.Join(f[:5], " ") + "…"
	}
	p.w("<div class=\"", c["crumbs"], "\"><a href=\"/\">", s.label("home"), "</a> &rsaquo; <a href=\"/", sec[0], "/\">",
		s.sectionLabel(v.section), "</a> &rsaquo; <span>", crumb, "</span></div>\n")
	p.f("<article class=\"%s\" id=\"%sstory-%d\">\n", c["article"], s.prefix, 100000+v.pos)
	p.w("<header class=\"", c["arthead"], "\">\n")
	start := len(p.b)
	p.w("<h1 class=\"", c["title"], "\">", h.title, "</h1>")
	p.content(start, h.title)
	p.w("\n")
	author := s.authors[v.author]
	p.w("<div class=\"", c["byline"], "\">")
	if s.cjk {
		p.w("<a href=\"/authors/", strconv.Itoa(v.author), "\">", author, "</a>")
	} else {
		p.w(s.label("by"), " <a href=\"/authors/", strings.ToLower(strings.ReplaceAll(author, " ", "-")), "\">", author, "</a>")
	}
	p.w(" <time datetime=\"", v.published.Format(time.RFC3339), "\">", s.dateLong(v.published), "</time>")
	if r.IntN(100) < 30 {
		u := v.published.Add(time.Duration(1+r.IntN(20)) * time.Hour)
		p.w(" <span class=\"updated\">", s.label("updated"), " <time>", s.dateLong(u), "</time></span>")
	}
	p.f(" &middot; <span class=\"readtime\">%d %s</span></div>\n", 1+v.words/230, s.label("minread"))
	p.w("<div class=\"", c["share"], "\"><span>", s.label("share"), "</span> <a href=\"#\" class=\"fb\">Facebook</a> <a href=\"#\" class=\"x\">X</a> <a href=\"#\" class=\"mail\">Email</a></div>\n")
	p.w("</header>\n")
	p.w("<div class=\"", c["body"], "\" itemprop=\"articleBody\">\n")
	if bd.image && !v.static {
		p.f("<figure class=\"%s\"><img src=\"/img/%d/%d.jpg\" alt=\"\" width=\"800\" height=\"450\" loading=\"lazy\">",
			c["figure"], v.published.Year(), 100000+v.pos)
		start := len(p.b)
		p.w("<figcaption>")
		text := renderTokens(&p.b, bd.caption, nil, s.sep(), 0)
		p.w("</figcaption>")
		p.content(start, text)
		p.w("</figure>\n")
	}
	for i, toks := range bd.paras {
		s.paragraph(p, toks, bd.runs[i])
		p.w("\n")
		if !v.static && i == 2 && len(bd.paras) >= 6 {
			p.f("<div class=\"%s\" id=\"%sad-inline\" data-ord=\"%d\"><span class=\"%s\">%s</span></div>\n",
				c["inlinead"], s.prefix, r.Uint32(), c["adlabel"], s.label("ad"))
		}
	}
	p.w("</div>\n")
	if r.IntN(100) < 8 {
		p.w("<p class=\"", c["correction"], "\"><em>", s.label("correction"), "</em></p>\n")
	}
	p.w("<div class=\"", c["tags"], "\"><span>", s.label("tags"), ":</span>\n<ul>\n")
	for range 2 + r.IntN(4) {
		t := s.lex.tailWord(r)
		p.f("<li><a href=\"/tags/%d/\">%s</a></li>\n", s.lex.rank(t), t)
	}
	p.w("</ul>\n</div>\n")
	if r.IntN(100) < 50 {
		p.w("<div class=\"", c["newsletter"], "\">\n<h3>", s.label("newsletter"), "</h3>\n<p>", s.label("newslettertxt"),
			"</p>\n<form action=\"/newsletter\" method=\"post\"><input type=\"email\" name=\"email\"><button>", s.label("subscribe"), "</button></form>\n</div>\n")
	}
	p.w("<section class=\"", c["related"], "\">\n<h3>", s.label("related"), "</h3>\n<ul>\n")
	for _, o := range s.articles(r, s.relatedN, v.pos) {
		p.w("<li class=\"", c["relitem"], "\"><a href=\"", o.url, "\">", o.title, "</a> <time>", s.dateShort(o.published), "</time></li>\n")
	}
	p.w("</ul>\n</section>\n")
	p.f("<div class=\"%s\" id=\"%scomments\"><h3>%d %s</h3><button type=\"button\">%s</button></div>\n",
		c["comments"], s.prefix, r.IntN(240), s.label("comments"), s.label("showcomments"))
	p.w("</article>\n")
	s.sidebarA(p, r, v.pos)
	p.w("</main>\n")
	p.f("<script>window.__PAGE__={id:%d,section:%q,author:%s,published:%q,words:%d};</script>\n",
		100000+v.pos, sec[0], jsonString(author), v.published.Format(time.RFC3339), v.words)
	s.footerA(p, r, v.fetched)
	return s.finish(p, h.url, "article", "A", s.fetchDate(h))
}

func (s *site) indexPage(pos int) *Page {
	r := rng(s.cfg.Seed, uint64(s.index), streamIndex, uint64(pos))
	url, section, pageNo := s.indexURL(pos)
	c := s.a
	p := &builder{b: make([]byte, 0, s.cfg.PageBytes*2)}
	label := s.sectionLabel(section)
	title := label
	if pageNo > 1 {
		title = fmt.Sprintf("%s (%s %d)", label, s.label("page"), pageNo)
	}
	s.headA(p, title, s.tagline, url, nil)
	p.w("<body class=\"section-page section-", s.sections[section][0], "\">\n")
	s.headerA(p, r, section, pos)
	p.w("<main class=\"", c["container"], "\" id=\"", s.prefix, "main\">\n")
	p.w("<h1 class=\"", c["sectiontitle"], "\">", title, "</h1>\n")
	p.w("<ul class=\"", c["teasers"], "\">\n")
	for _, h := range s.articles(r, s.teaserN, -1) {
		p.w("<li class=\"", c["teaser"], "\">\n")
		p.f("<a class=\"thumb\" href=\"%s\"><img src=\"/img/%d/%d-thumb.jpg\" alt=\"\" width=\"300\" height=\"169\"></a>\n",
			h.url, h.published.Year(), 100000+h.pos)
		p.w("<h2><a href=\"", h.url, "\">", h.title, "</a></h2>\n")
		p.w("<p class=\"", c["summary"], "\">", h.leadHTML, "</p>\n")
		p.w("<div class=\"meta\"><span class=\"author\">", s.authors[h.author], "</span> <time datetime=\"",
			h.published.Format(time.RFC3339), "\">", s.dateShort(h.published), "</time></div>\n")
		p.w("</li>\n")
	}
	p.w("</ul>\n")
	p.w("<nav class=\"", c["pagination"], "\">")
	if pageNo > 1 {
		p.w("<a rel=\"prev\" href=\"#prev\">", s.label("prev"), "</a> ")
	}
	p.f("<span>%s %d</span> <a rel=\"next\" href=\"/%s/page/%d/\">%s</a></nav>\n", s.label("page"), pageNo, s.sections[section][0], pageNo+1, s.label("next"))
	s.sidebarA(p, r, pos)
	p.w("</main>\n")
	date := s.epoch.Add(time.Duration(pos) * 14 * time.Hour)
	date = s.fetched(r, date)
	s.footerA(p, r, date)
	return s.finish(p, url, "index", "index", date)
}

// ---- template B: an older table layout with its own class names ----

func (s *site) articleB(h *head) *Page {
	bd := s.body(h)
	v := s.view(h, bd)
	r := v.r
	c := s.b
	p := &builder{b: make([]byte, 0, s.cfg.PageBytes*2)}
	p.w("<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd\">\n")
	p.w("<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<head>\n")
	p.w("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=utf-8\" />\n")
	p.w("<title>", s.name, ": ", v.title, "</title>\n")
	p.w("<meta name=\"keywords\" content=\"", s.sectionLabel(v.section), ", ", s.name, "\" />\n")
	p.w("<style type=\"text/css\">\n", s.cssB, "\n</style>\n")
	p.w("<script type=\"text/javascript\">\n<!--\n", s.jsB, "\n//-->\n</script>\n")
	p.w("</head>\n<body id=\"", c["wrap"], "Body\" bgcolor=\"#ffffff\">\n")
	p.w("<div id=\"", c["wrap"], "\">\n")
	p.w("<table id=\"", c["masthead"], "\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\"><tr>\n")
	p.w("<td class=\"", c["logocell"], "\"><a href=\"/\"><img src=\"/images/logo.gif\" alt=\"", s.name, "\" width=\"220\" height=\"60\" border=\"0\" /></a></td>\n")
	p.w("<td class=\"", c["toplinks"], "\" align=\"right\"><a href=\"/subscribe\">", s.label("subscribe"), "</a> | <a href=\"/login\">",
		s.label("signin"), "</a> | ", s.dateShort(v.published), "</td>\n</tr></table>\n")
	p.w("<table id=\"", c["layout"], "\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" border=\"0\"><tr>\n")
	p.w("<td id=\"", c["leftcol"], "\" valign=\"top\" width=\"160\">\n<ul class=\"", c["leftnav"], "\">\n")
	p.w("<li><a href=\"/\">", s.label("home"), "</a></li>\n")
	for i := range s.sections {
		p.w("<li><a href=\"/", s.sections[i][0], "/index.htm\">", s.sectionLabel(i), "</a></li>\n")
	}
	p.w("</ul>\n<div class=\"", c["promo"], "\"><a href=\"/newsletter\"><img src=\"/images/promo-newsletter.gif\" width=\"150\" height=\"120\" alt=\"",
		s.label("newsletter"), "\" border=\"0\" /></a></div>\n</td>\n")
	p.w("<td id=\"", c["maincol"], "\" valign=\"top\">\n")
	p.w("<div class=\"", c["kicker"], "\">", s.sectionLabel(v.section), "</div>\n")
	start := len(p.b)
	p.w("<h1 class=\"", c["headline"], "\">", h.title, "</h1>")
	p.content(start, h.title)
	p.w("\n<div class=\"", c["dateline"], "\">", s.authors[v.author], " &mdash; ", v.published.Format("2006-01-02 15:04"), " GMT</div>\n")
	p.f("<div class=\"%s\" id=\"story%d\">\n", c["storytext"], 50000+v.pos)
	if bd.image && !v.static {
		p.f("<table class=\"%s\" align=\"right\" width=\"320\"><tr><td><img src=\"/images/%d/%d.jpg\" width=\"320\" height=\"240\" alt=\"\" /></td></tr>\n<tr><td>",
			c["photo"], v.published.Year(), 50000+v.pos)
		start := len(p.b)
		p.w("<div class=\"", c["caption"], "\">")
		text := renderTokens(&p.b, bd.caption, nil, s.sep(), 0)
		p.w("</div>")
		p.content(start, text)
		p.w("</td></tr></table>\n")
	}
	readMore := !v.static && len(bd.paras) >= 4 && r.IntN(2) == 0
	for i, toks := range bd.paras {
		s.paragraph(p, toks, bd.runs[i])
		p.w("\n")
		if i == 1 && readMore {
			o := s.articles(r, 1, v.pos)[0]
			p.w("<p class=\"", c["readmore"], "\"><b>", s.label("readmore"), "</b> <a href=\"", o.url, "\">", o.title, "</a></p>\n")
		}
	}
	p.w("</div>\n")
	p.w("<div class=\"", c["tools"], "\"><a href=\"javascript:window.print()\">", s.label("print"), "</a> | <a href=\"/email?story=",
		strconv.Itoa(50000+v.pos), "\">", s.label("email"), "</a> | <a href=\"#\">", s.label("save"), "</a></div>\n")
	p.w("<div class=\"", c["alsosee"], "\"><b>", s.label("alsosee"), "</b>\n<ul>\n")
	for _, o := range s.articles(r, 4, v.pos) {
		p.w("<li><a href=\"", o.url, "\">", o.title, "</a></li>\n")
	}
	p.w("</ul>\n</div>\n</td>\n")
	p.w("<td id=\"", c["rightcol"], "\" valign=\"top\" width=\"300\">\n")
	p.f("<div class=\"%s\"><script type=\"text/javascript\">document.write('<scr'+'ipt src=\"http://ads.example-adnetwork.com/js.ng/site=%s&amp;ord=%d\"></scr'+'ipt>');</script></div>\n",
		c["adbox"], s.host, r.Uint32())
	pr := rng(s.cfg.Seed, uint64(s.index), streamPopular, uint64(v.pos/8))
	p.w("<div class=\"", c["mostread"], "\"><h4>", s.label("mostread"), "</h4>\n<ol>\n")
	for _, o := range s.articles(pr, s.popularN, -1) {
		p.w("<li><a href=\"", o.url, "\">", o.title, "</a></li>\n")
	}
	p.w("</ol>\n</div>\n</td>\n</tr></table>\n")
	p.w("<div id=\"", c["footer"], "\">")
	for i, l := range footerLinks[:8] {
		if i > 0 {
			p.w(" | ")
		}
		name := l[0]
		if s.cjk {
			name = l[1]
		}
		p.w("<a href=\"/", strings.ToLower(strings.ReplaceAll(l[0], " ", "")), ".htm\">", name, "</a>")
	}
	p.f("<br />Copyright &copy; %d %s. %s</div>\n", s.epoch.Year()-8, s.name, s.label("rights"))
	p.w("</div>\n")
	p.f("<script type=\"text/javascript\">var %s=new Image();%s.src=\"/c.gif?p=%d&r=\"+Math.random();</script>\n", c["tracker"], c["tracker"], 50000+v.pos)
	p.w("</body>\n</html>\n")
	return s.finish(p, h.url, "article", "B", s.fetchDate(h))
}
