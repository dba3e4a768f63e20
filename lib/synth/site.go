package synth

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
)

// labels holds the template's fixed words, English and Japanese.
var labels = map[string][2]string{
	"home":          {"Home", "ホーム"},
	"by":            {"By", "文・"},
	"minread":       {"min read", "分で読めます"},
	"related":       {"Related stories", "関連記事"},
	"popular":       {"Most popular", "よく読まれている記事"},
	"ad":            {"Advertisement", "広告"},
	"comments":      {"comments", "件のコメント"},
	"showcomments":  {"Show comments", "コメントを表示"},
	"newsletter":    {"Get the morning briefing", "朝のニュースレター"},
	"newslettertxt": {"Sign up for our daily newsletter and get the top stories in your inbox every morning.", "毎朝、主要なニュースをメールでお届けします。"},
	"subscribe":     {"Subscribe", "購読する"},
	"signin":        {"Sign in", "ログイン"},
	"search":        {"Search", "検索"},
	"cookie":        {"We use cookies to improve your experience and to show you relevant advertising. By continuing you agree to our use of cookies.", "当サイトではサービス向上のためにクッキーを使用しています。"},
	"accept":        {"Accept", "同意する"},
	"tags":          {"Topics", "トピック"},
	"readmore":      {"Read more:", "あわせて読みたい："},
	"alsosee":       {"Also see", "こちらもどうぞ"},
	"mostread":      {"Most read", "アクセスランキング"},
	"print":         {"Print this story", "印刷"},
	"email":         {"E-mail this story", "メールで送る"},
	"save":          {"Save", "保存"},
	"breaking":      {"Breaking:", "速報："},
	"updated":       {"Updated", "更新"},
	"correction":    {"Correction: An earlier version of this article misstated a figure. It has been corrected.", "訂正：この記事の一部に誤りがありました。修正しました。"},
	"share":         {"Share", "シェア"},
	"follow":        {"Follow us", "フォローする"},
	"rights":        {"All rights reserved.", "無断転載を禁じます。"},
	"next":          {"Next page", "次のページ"},
	"prev":          {"Previous page", "前のページ"},
	"latest":        {"Latest", "最新記事"},
	"page":          {"Page", "ページ"},
	"photo":         {"Photo", "写真"},
}

var footerLinks = [][2]string{
	{"About us", "会社案内"}, {"Contact", "お問い合わせ"}, {"Careers", "採用情報"},
	{"Advertise", "広告掲載"}, {"Privacy Policy", "個人情報保護方針"}, {"Terms of Use", "利用規約"},
	{"Cookie Settings", "クッキー設定"}, {"RSS", "RSS"}, {"Newsletters", "ニュースレター"},
	{"Archive", "アーカイブ"}, {"Corrections", "訂正"}, {"Help", "ヘルプ"},
}

var sectionPool = [][3]string{
	{"news", "News", "ニュース"}, {"politics", "Politics", "政治"}, {"business", "Business", "経済"},
	{"tech", "Technology", "テクノロジー"}, {"science", "Science", "科学"}, {"health", "Health", "健康"},
	{"sports", "Sports", "スポーツ"}, {"culture", "Culture", "文化"}, {"opinion", "Opinion", "オピニオン"},
	{"travel", "Travel", "旅行"}, {"food", "Food", "グルメ"}, {"education", "Education", "教育"},
	{"environment", "Environment", "環境"}, {"world", "World", "国際"}, {"local", "Local", "地域"},
}

var (
	namesA      = strings.Fields("Harbor Valley Capital Northern Evening Morning River Coastal Metro Prairie Summit Lakeside Granite Pine Iron Bay")
	namesB      = strings.Fields("Times Gazette Herald Courier Ledger Post Chronicle Tribune Dispatch Observer Review Journal")
	cjkNames    = [][2]string{{"さくら", "sakura"}, {"みなと", "minato"}, {"あおば", "aoba"}, {"ひかり", "hikari"}, {"やまと", "yamato"}, {"かもめ", "kamome"}}
	cjkSuffixes = [][2]string{{"新聞", "shimbun"}, {"日報", "nippo"}, {"タイムズ", "times"}, {"通信", "tsushin"}}
	firstNames  = strings.Fields("Anna James Maria David Sarah Michael Laura Daniel Emma Robert Julia Thomas Grace Peter Olivia Samuel Nora Victor")
	lastNames   = strings.Fields("Miller Carter Nguyen Patel Romero Fischer Okafor Lindqvist Brennan Moreau Kowalski Tanaka Alvarez Hughes Sato Novak")
	cjkFamily   = []string{"佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤"}
	cjkGiven    = []string{"健太", "美咲", "翔", "陽子", "大輔", "由美", "誠", "彩", "直樹", "恵"}
)

// Class names: every role has a few spellings; each site picks one per role, so sites differ
// in markup as real ones do. Template B takes its own spellings with a different style.
var roleNames = map[string][]string{
	"header":       {"site-header", "masthead", "top-bar", "page-header"},
	"logo":         {"logo", "brand", "site-logo", "masthead-logo"},
	"tagline":      {"tagline", "site-description", "slogan"},
	"search":       {"search-form", "site-search", "searchbox"},
	"nav":          {"main-nav", "primary-navigation", "menu", "navbar"},
	"navitem":      {"nav-item", "menu-item", "nav-link", "navbar-item"},
	"breaking":     {"breaking-news", "alert-banner", "ticker"},
	"ad":           {"ad-slot", "advert", "ad-container", "dfp-ad"},
	"adlabel":      {"ad-label", "advert-label", "sponsor-label"},
	"container":    {"container", "page-wrap", "layout", "content-wrap"},
	"crumbs":       {"breadcrumbs", "breadcrumb", "crumbs", "trail"},
	"article":      {"story", "article", "post", "entry"},
	"arthead":      {"story-header", "article-header", "entry-header", "post-head"},
	"title":        {"story-title", "headline", "entry-title", "article-title"},
	"byline":       {"byline", "author-line", "meta", "entry-meta"},
	"share":        {"share-tools", "social-share", "sharebar"},
	"body":         {"story-body", "article-body", "entry-content", "post-content"},
	"figure":       {"lead-image", "media", "wp-caption", "article-figure"},
	"inlinead":     {"inline-ad", "in-article-ad", "mid-ad"},
	"tags":         {"tags", "topics", "tag-list", "entry-tags"},
	"newsletter":   {"newsletter", "signup", "nl-promo"},
	"related":      {"related", "related-stories", "more-stories", "read-next"},
	"relitem":      {"related-item", "story-link", "rel-link", "more-item"},
	"comments":     {"comments", "discussion", "comment-area"},
	"sidebar":      {"sidebar", "rail", "aside", "secondary"},
	"widget":       {"widget", "module", "box", "panel"},
	"footer":       {"site-footer", "footer", "page-footer", "colophon"},
	"footcol":      {"footer-col", "footer-links", "col"},
	"copyright":    {"copyright", "legal", "small-print"},
	"cookie":       {"cookie-banner", "consent", "gdpr-notice"},
	"follow":       {"social-links", "follow-us", "social"},
	"teasers":      {"teaser-list", "story-list", "river", "feed"},
	"teaser":       {"teaser", "story-card", "card", "feed-item"},
	"summary":      {"summary", "dek", "excerpt", "standfirst"},
	"pagination":   {"pagination", "pager", "page-nav"},
	"correction":   {"correction", "editors-note", "update-note"},
	"sectiontitle": {"section-title", "page-title", "archive-title"},
}

var roleNamesB = map[string][]string{
	"wrap":      {"wrapper", "outer", "pagebody"},
	"masthead":  {"mastheadTable", "topTable", "headerTbl"},
	"logocell":  {"logoCell", "brandCell"},
	"toplinks":  {"topLinks", "utilLinks", "memberBar"},
	"layout":    {"layoutTable", "mainTable", "bodyTable"},
	"leftcol":   {"leftCol", "navColumn", "colLeft"},
	"leftnav":   {"leftNav", "sectionNav", "navList"},
	"promo":     {"promoBox", "houseAd", "leftPromo"},
	"maincol":   {"mainCol", "contentColumn", "colMain"},
	"kicker":    {"kicker", "sectionLabel", "overline"},
	"headline":  {"headline", "storyHeadline", "hdr"},
	"dateline":  {"dateline", "storyDate", "timestamp"},
	"storytext": {"storyText", "bodyText", "articleText"},
	"photo":     {"photoTable", "imgTable", "storyPhoto"},
	"caption":   {"caption", "photoCaption", "cutline"},
	"readmore":  {"readMore", "seeAlsoInline", "relatedInline"},
	"tools":     {"storyTools", "toolBox", "articleTools"},
	"alsosee":   {"alsoSee", "relatedBox", "seeAlso"},
	"rightcol":  {"rightCol", "adColumn", "colRight"},
	"adbox":     {"adBox", "adSpace", "bannerAd"},
	"mostread":  {"mostRead", "topStories", "popularBox"},
	"footer":    {"footerDiv", "bottomLinks", "pageFooter"},
	"tracker":   {"statsCounter", "hitCounter"},
}

// site is everything fixed for one site: its names, sections, authors, class names and the
// bulky inline CSS and script every page of it carries.
type site struct {
	index    int
	cjk      bool
	host     string
	name     string
	tagline  string
	sections [][3]string // slug, English label, Japanese label
	authors  []string
	lex      *lexicon
	a        map[string]string // class names of template A (and index pages)
	b        map[string]string // class names of template B
	prefix   string            // a prefix some sites put on ids
	wrap     int               // source line width of paragraphs, 0 for one line each
	epoch    time.Time
	cssA     string
	cssB     string
	jsLib    string
	jsB      string
	logoPath string
	about    string // the sidebar's "about" paragraph
	address  string
	popularN int // entries of the "most popular" widget
	relatedN int // entries of the related-links list
	teaserN  int // teasers on an index page
	adUnit   string
	indexPos []int // positions of the index pages, ascending
	cfg      *Config
}

func (s *site) label(key string) string {
	l, ok := labels[key]
	if !ok {
		panic("synth: no label " + key)
	}
	if s.cjk {
		return l[1]
	}
	return l[0]
}

func (s *site) sectionLabel(i int) string {
	if s.cjk {
		return s.sections[i][2]
	}
	return s.sections[i][1]
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

func newSite(cfg *Config, index int, cjk bool) *site {
	r := rng(cfg.Seed, uint64(index), streamSite, 0)
	s := &site{index: index, cjk: cjk, cfg: cfg, indexPos: indexAt(cfg)}
	if cjk {
		n, suf := pick(r, cjkNames), pick(r, cjkSuffixes)
		s.name = n[0] + suf[0]
		s.host = fmt.Sprintf("www.%s-%s.example", n[1], suf[1])
		s.tagline = "地域と世界のニュースを毎日お届け"
		s.address = "東京都千代田区一丁目"
	} else {
		a, b := pick(r, namesA), pick(r, namesB)
		s.name = a + " " + b
		s.host = fmt.Sprintf("www.%s-%s.example", strings.ToLower(a), strings.ToLower(b))
		s.tagline = pick(r, []string{"News you can trust since 1898", "Independent journalism for the region", "Your daily source of news", "Reporting that matters"})
		s.address = fmt.Sprintf("%d %s Street, %s", 10+r.IntN(900), pick(r, lastNames), pick(r, namesA)+" City")
	}
	// Two sites may draw the same name: the index keeps hosts apart.
	s.host = strings.Replace(s.host, ".example", fmt.Sprintf("%d.example", index), 1)
	s.lex = newLexicon(r, cjk)

	perm := r.Perm(len(sectionPool))
	for _, i := range perm[:7+r.IntN(5)] {
		s.sections = append(s.sections, sectionPool[i])
	}
	for range 6 + r.IntN(7) {
		if cjk {
			s.authors = append(s.authors, pick(r, cjkFamily)+pick(r, cjkGiven))
		} else {
			s.authors = append(s.authors, pick(r, firstNames)+" "+pick(r, lastNames))
		}
	}
	s.a = make(map[string]string, len(roleNames))
	for _, role := range sortedKeys(roleNames) {
		s.a[role] = pick(r, roleNames[role])
	}
	s.b = make(map[string]string, len(roleNamesB))
	for _, role := range sortedKeys(roleNamesB) {
		s.b[role] = pick(r, roleNamesB[role])
	}
	s.prefix = pick(r, []string{"", "", "ng-", "js-", "c-"})
	if !cjk && r.IntN(2) == 0 {
		s.wrap = 70 + r.IntN(40)
	}
	s.epoch = time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 17*index+r.IntN(300))
	s.logoPath = svgPath(r)
	s.popularN = 5
	s.relatedN = 4 + r.IntN(3)
	s.teaserN = 12 + r.IntN(8)
	s.adUnit = fmt.Sprintf("/%d/%s", 1000+r.IntN(9000), strings.Split(s.host, ".")[1])
	var about strings.Builder
	for range 2 {
		about.WriteString(sentenceText(s.lex, r))
		if !cjk {
			about.WriteByte(' ')
		}
	}
	s.about = strings.TrimSpace(about.String())

	// The bulk (style sheets and scripts) is sized so that pages come out near PageBytes,
	// varying by site between 0.8 and 1.4 times it; the rest of a page is about 11.5 KB in
	// template A and 8 KB in B (measured).
	target := float64(cfg.PageBytes) * (0.8 + 0.6*r.Float64())
	bulkA := max(int(target)-11500, 3000)
	bulkB := max(int(target)-8000, 3000)
	s.cssA = genCSS(r, s.a, bulkA*45/100, r.IntN(2) == 0)
	s.jsLib = genJS(r, bulkA-len(s.cssA))
	s.cssB = genCSS(r, s.b, bulkB*40/100, false)
	s.jsB = genJS(r, bulkB-len(s.cssB))
	return s
}

func sentenceText(l *lexicon, r *rand.Rand) string {
	toks := l.sentence(r, nil, nil)
	var b []byte
	sep := " "
	if l.cjk {
		sep = ""
	}
	return renderTokens(&b, toks, nil, sep, 0)
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

func svgPath(r *rand.Rand) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "M%d %d", r.IntN(24), r.IntN(24))
	for range 6 + r.IntN(6) {
		fmt.Fprintf(&sb, "L%d.%d %d.%d", r.IntN(24), r.IntN(10), r.IntN(24), r.IntN(10))
	}
	sb.WriteString("Z")
	return sb.String()
}

var cssProps = [][]string{
	{"color", "#333", "#222", "#1a1a1a", "#555", "#0a58ca", "#c00", "inherit"},
	{"margin", "0", "0 auto", "8px 0", "0 0 16px", "12px 16px", "0 8px"},
	{"padding", "0", "4px 8px", "8px 12px", "16px", "0 16px 24px"},
	{"font-size", "12px", "14px", "16px", "1.125rem", "1.5rem", "2.25rem", "0.875em"},
	{"font-family", "Georgia,serif", "Helvetica,Arial,sans-serif", "'Source Sans Pro',sans-serif"},
	{"display", "block", "flex", "inline-block", "none", "grid"},
	{"line-height", "1.2", "1.4", "1.6", "24px"},
	{"border-bottom", "1px solid #ddd", "2px solid #000", "1px dotted #ccc"},
	{"background", "#fff", "#f4f4f4", "#111", "transparent", "url(/static/img/bg.png) repeat-x"},
	{"text-transform", "uppercase", "none"},
	{"font-weight", "400", "700", "bold"},
	{"max-width", "1200px", "740px", "320px", "100%"},
}

// genCSS writes a style sheet of about size bytes: rules for the site's classes first, then
// utility rules and media queries until the size is reached.
func genCSS(r *rand.Rand, classes map[string]string, size int, minified bool) string {
	var sb strings.Builder
	nl, ind := "\n", "  "
	if minified {
		nl, ind = "", ""
	}
	rule := func(sel string) {
		sb.WriteString(sel)
		sb.WriteString("{" + nl)
		for range 2 + r.IntN(4) {
			p := pick(r, cssProps)
			sb.WriteString(ind + p[0] + ":" + p[1+r.IntN(len(p)-1)] + ";" + nl)
		}
		sb.WriteString("}" + nl)
	}
	names := make([]string, 0, len(classes))
	for _, k := range sortedKeys(classes) {
		names = append(names, classes[k])
	}
	for _, c := range names {
		rule("." + c)
		if r.IntN(3) == 0 {
			rule("." + c + " a:hover")
		}
	}
	i := 0
	for sb.Len() < size {
		i++
		switch r.IntN(6) {
		case 0:
			sb.WriteString(fmt.Sprintf("@media (max-width:%dpx){", 480+r.IntN(6)*120) + nl)
			rule("." + pick(r, names))
			sb.WriteString("}" + nl)
		case 1:
			rule(fmt.Sprintf(".u-%s-%d", pick(r, []string{"mt", "mb", "px", "py", "w", "h", "fs"}), i))
		default:
			rule("." + pick(r, names) + " " + pick(r, []string{"a", "li", "p", "h2", "h3", "span", "img", "ul", "time", "button"}))
		}
	}
	return sb.String()
}

var jsWords = strings.Fields("push call apply length slice indexOf getAttribute setAttribute addEventListener querySelector createElement appendChild removeChild classList toggle style offsetTop scrollY innerWidth dataset then catch resolve JSON parse stringify")

// genJS writes minified-looking script of about size bytes. It never contains "</".
func genJS(r *rand.Rand, size int) string {
	var sb strings.Builder
	id := func() string {
		const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$"
		n := 1 + r.IntN(3)
		b := make([]byte, n)
		for i := range b {
			b[i] = letters[r.IntN(len(letters))]
		}
		return string(b)
	}
	sb.WriteString("!function(e,t){\"use strict\";")
	for sb.Len() < size {
		f, a, b, c := id(), id(), id(), id()
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&sb, "function %s(%s,%s){var %s=%s.%s(%s);if(%s&&%s.length>%d){return %s.slice(0,%d)}return %s}",
				f, a, b, c, a, pick(r, jsWords), b, c, c, r.IntN(64), c, r.IntN(64), b)
		case 1:
			fmt.Fprintf(&sb, "var %s=t.%s(\"%s\");for(var %s=0;%s<%s.length;%s++){%s[%s].%s(\"%s\",%s)}",
				a, pick(r, jsWords), id(), b, b, a, b, a, b, pick(r, jsWords), id(), f)
		case 2:
			fmt.Fprintf(&sb, "e.%s=e.%s||{};e.%s.%s=function(%s){return %s?%s.%s:%d};",
				f, f, f, a, b, b, b, pick(r, jsWords), r.IntN(1000))
		default:
			fmt.Fprintf(&sb, "%s.%s(function(%s){%s.%s=%s.%s(%s)||%q});", id(), pick(r, jsWords), a, a, b, a, pick(r, jsWords), c, id())
		}
	}
	sb.WriteString("}(window,document);")
	return sb.String()
}
