package rtdm

import (
	"strings"
	"testing"
)

func TestCommentLike(t *testing.T) {
	comments := "jack July 7, 2012 at 12:27 am great piece. anna July 7, 2012 at 1:05 pm I disagree. bob July 8 at 11:45 PM thanks for this."
	if !CommentLike(comments, countWords(comments)) {
		t.Error("comments not recognised")
	}
	article := strings.Repeat("The storm reached the coast at 11:15 p.m. and moved inland. ", 1) + strings.Repeat("word ", 300)
	if CommentLike(article, countWords(article)) {
		t.Error("an article with one clock time taken for comments")
	}
	if clockTimes("at 12:27, 1:05 and 123:456 or 10:305 at 9:15") != 3 {
		t.Errorf("clockTimes = %d", clockTimes("at 12:27, 1:05 and 123:456 or 10:305 at 9:15"))
	}
	stamped := "tim at 6:26 PM; anna 12:27 a.m.; bob 24th July 2012 - 19:58; cy 2012-07-24 14:43; not (Watch -- 3:00), 10:20 or 5:30 amazing"
	if n := stampTimes(stamped); n != 4 {
		t.Errorf("stampTimes = %d, want 4", n)
	}
	dates := "27. Jun, 2012 / Toren says; June 27th, 2012; 27 June 2012 at 6:26 PM; 2012-06-27; not 2012-06-275, 32 May 2012, May 2012 or Mayday 5 2012"
	if n := timestamps(dates); n != 5 {
		t.Errorf("timestamps = %d, want 5 (4 dates, 1 time)", n)
	}
}

func TestSoftCosts(t *testing.T) {
	cases := []struct {
		p, g string
		cost float64
	}{
		{`r(a "x")`, `r(a "y")`, 1},    // a fixed text replaced
		{`r(a .)`, `r(a)`, 1},          // a required wildcard removed (size 1)
		{`r(a b(c d))`, `r(a)`, 3},     // a fixed subtree removed
		{`r(a)`, `r(a b(c))`, 2},       // an extra subtree inserted
		{`r(a +)`, `r(a b(c d) e)`, 0}, // what Match accepts costs the same
	}
	for _, c := range cases {
		if got := Distance(MustParseTree(c.p), MustParseTree(c.g), Soft{}, Inf); got != c.cost {
			t.Errorf("soft match %s on %s = %v, want %v", c.p, c.g, got, c.cost)
		}
	}
}

func TestTitleFromPieces(t *testing.T) {
	g := MustParseTree(`html(body(div(h1("Storm hits the city") p("` + strings.Repeat("rain ", 120) + `storm city") p("more"))))`)
	p := MustParseTree(`html(body(div(+)))`)
	_, ps := MatchTree(p, g)
	FillText(g, ps)
	if len(ps) != 1 || len(ps[0].Pieces) != 3 {
		t.Fatalf("passages %+v", ps)
	}
	title, body, text := Label(ps, "Storm hits the city - The Daily", DefaultLabelOptions)
	if title != 0 || body != 0 || text != "Storm hits the city" {
		t.Errorf("Label = %d %d %q", title, body, text)
	}
	// The paper's heuristic alone cannot find a title inside the body.
	opt := DefaultLabelOptions
	opt.DocTitle = false
	if title, body, _ := Label(ps, "Storm hits the city - The Daily", opt); title != -1 || body != 0 {
		t.Errorf("paper's Label = %d %d", title, body)
	}
}

func TestBodyAfterTitle(t *testing.T) {
	long := func(w string) string { return strings.Repeat(w+" ", 150) }
	ps := []Passage{
		{Pos: 0, Text: long("teaser") + long("more")},
		{Pos: 1, Text: "Storm hits the city"},
		{Pos: 2, Text: long("article")},
		{Pos: 3, Text: "jack 12:27 am " + long("comment") + " anna 1:05 pm " + long("reply") + " bob 11:45 PM"},
	}
	for i := range ps {
		ps[i].Words = countWords(ps[i].Text)
		ps[i].Comments = CommentLike(ps[i].Text, ps[i].Words) // as FillText sets it
	}
	if _, body, _ := Label(ps, "Storm hits the city | Daily", DefaultLabelOptions); body != 2 {
		t.Errorf("body %d, want the longest passage after the title that is not comments", body)
	}
	opt := DefaultLabelOptions
	opt.BodyAfterTitle = false
	if _, body, _ := Label(ps, "Storm hits the city | Daily", opt); body != 0 {
		t.Errorf("body %d, want the longest that is not comments", body)
	}
	opt.SkipComments = false
	if _, body, _ := Label(ps, "Storm hits the city | Daily", opt); body != 3 {
		t.Errorf("body %d, want the longest (the paper)", body)
	}
}

func TestBodyRegion(t *testing.T) {
	g := MustParseTree(`r(div(p("` + strings.Repeat("a ", 120) + `") span("ticker") p("` + strings.Repeat("b ", 60) + `") ul(li("x")) ul(li("y")) ul(li("y")) ul(li("y")) p("` + strings.Repeat("c ", 60) + `")))`)
	p := MustParseTree(`r(div(. span("ticker") . * ul(li("y")) ul(li("y")) ul(li("y")) .))`)
	cost, ps := MatchTree(p, g)
	if cost == Inf {
		t.Fatal("no match")
	}
	FillText(g, ps)
	_, body, _ := Label(ps, "", DefaultLabelOptions)
	// The first p is the body; the second p joins across the fixed span; the third one is
	// 4 siblings away and stays out with gap 3.
	region := BodyRegion(g, ps, body, -1, 3, 40)
	kids := g.Kids(1, nil)
	if len(region) != 3 || region[0] != kids[0] || region[2] != kids[2] {
		t.Errorf("region %v, children %v", region, kids)
	}
}

func TestLeadPassages(t *testing.T) {
	g := MustParseTree(`html(head(title("Storm hits the city - Daily")) body(h1("Storm hits the city") p("By Ann") p("` + strings.Repeat("lead ", 30) + `") div(span("Share")) div(p("` + strings.Repeat("storm ", 150) + `") p("city"))))`)
	p := MustParseTree(`html(head(title(.)) body(h1(.) p(.) p(.) div(span("Share")) div(+)))`)
	m := &Model{Patterns: []Pattern{{Tree: p}}}
	pg := &Page{Tree: g}
	for _, lead := range []int{0, 20} {
		opt := DefaultOptions
		opt.LeadWords = lead
		ex, err := m.Extract(pg, opt)
		if err != nil {
			t.Fatal(err)
		}
		if ex.TitleText != "Storm hits the city" {
			t.Errorf("title %q", ex.TitleText)
		}
		want := 2 // the body's two paragraphs
		if lead > 0 {
			want = 3 // and the lead paragraph, not the byline
		}
		if len(ex.BodyRoots) != want {
			t.Errorf("LeadWords %d: body roots %v, want %d", lead, ex.BodyRoots, want)
		}
	}
}

func TestTrimComments(t *testing.T) {
	comment := func(name, time string) string {
		return `div(b("` + name + `") span("July 7, 2012 at ` + time + `") p("` + strings.Repeat("nice ", 12) + `"))`
	}
	g := MustParseTree(`r(div(p("` + strings.Repeat("article ", 150) + `") div(` +
		comment("ann", "12:27 am") + comment("bob", "1:05 pm") + comment("cy", "2:10 pm") +
		comment("dee", "3:33 pm") + comment("eve", "4:44 pm") + `)))`)
	roots, ok := statsOf(g).trimComments([]int32{1}, 100)
	if !ok || len(roots) != 1 || g.Nodes[roots[0]].Tag != "p" {
		t.Errorf("trimComments = %v, %v: want the article paragraph alone", roots, ok)
	}
	// Not enough words before the comments: nothing is cut.
	if _, ok := statsOf(g).trimComments([]int32{1}, 200); ok {
		t.Error("cut with fewer than 200 words before the comments")
	}
}

// A site whose <title> is its name only (the same on every page: fixed text in the pattern)
// and whose headline the pattern merged into the body: the headline is the leading piece
// sharing the most terms with the rest of the body, not the dateline or the byline.
func TestHeadlineWithoutDocTitle(t *testing.T) {
	body := "WASHINGTON (AP) Critics of the Patriot Act want changes before its renewal. " + strings.Repeat("The attorney general Gonzales will defend the act in the Senate today. ", 12)
	g := MustParseTree(`html(head(title("New York Post Online Edition: Breaking News")) body(table(td(p("Apr 5, 2:31 AM EDT") b("Gonzales to Defend Patriot Act Renewal") p("By MARK SHERMAN Associated Press Writer") p("` + body + `")) td(a("Latest News")))))`)
	p := MustParseTree(`html(head(title("New York Post Online Edition: Breaking News")) body(table(td(*) td(a("Latest News")))))`)
	if !fixedTitle(p) {
		t.Fatal("fixedTitle false for a pattern whose <title> is fixed text")
	}
	if fixedTitle(MustParseTree(`html(head(title(.)) body(+))`)) {
		t.Error("fixedTitle true for a <title> wildcard")
	}
	_, ps := MatchTree(p, g)
	FillText(g, ps)
	title, bodyIdx, text := Label(ps, "", DefaultLabelOptions)
	if title != bodyIdx || text != "Gonzales to Defend Patriot Act Renewal" {
		t.Errorf("Label = %d %d %q", title, bodyIdx, text)
	}
}

// Three comments, each headed by its author and time, are a comment list even though three
// times in their words are too few for the density rule; paragraphs that mention a time in
// passing are not.
func TestTrimCommentList(t *testing.T) {
	comment := func(name, time string) string {
		return `div(span(b("` + name + `") " at ` + time + `") p("` + strings.Repeat("I think the prices will keep rising ", 6) + `"))`
	}
	g := MustParseTree(`r(div(p("` + strings.Repeat("article ", 150) + `") div(h3("Comments (3)") div(` +
		comment("tim", "6:26 PM") + comment("chilli", "6:04 PM") + comment("enlight", "4:30 PM") + `))))`)
	roots, ok := statsOf(g).trimComments([]int32{1}, 100)
	if !ok || len(roots) != 2 || g.Nodes[roots[0]].Tag != "p" || g.Nodes[roots[1]].Tag != "h3" {
		t.Errorf("trimComments = %v, %v: want the article paragraph and the heading", roots, ok)
	}
	para := func(time string) string {
		return `p("` + strings.Repeat("the council met again ", 5) + `and at ` + time + ` the vote was taken. ` + strings.Repeat("more words here ", 10) + `")`
	}
	g = MustParseTree(`r(div(p("` + strings.Repeat("article ", 150) + `") ` + para("6:26 PM") + para("7:04 PM") + para("8:30 PM") + `))`)
	if roots, ok := statsOf(g).trimComments([]int32{1}, 100); ok {
		t.Errorf("paragraphs with times in passing were cut: %v", roots)
	}
}

// Comments headed by a date only ("27. Jun, 2012 / Toren says:") form a comment list too; a
// list of stories whose dates come late in each item does not.
func TestCommentListByDate(t *testing.T) {
	li := func(head, text string) string { return `li(p("` + head + `") p("` + text + `"))` }
	g := MustParseTree(`ul(` + li("27. Jun, 2012 / Toren says:", "Saw the tweet, good luck") +
		li("27. Jun, 2012 / Larisa says:", "Tons of luck and hope") + li("28 June 2012 / Cam says:", "Thinking of you") + `)`)
	st := statsOf(g)
	if !st.commentList(g.Kids(0, nil)) {
		t.Error("date-headed comments not recognised")
	}
	late := strings.Repeat("the council met and talked about the budget for the coming year ", 2)
	g = MustParseTree(`ul(` + li(late, "June 27, 2012") + li(late, "June 28, 2012") + li(late, "June 29, 2012") + `)`)
	if statsOf(g).commentList(g.Kids(0, nil)) {
		t.Error("items with a date after 15 words taken for comments")
	}
}

// The rest of an article cut off by fixed text inside it (an "Advertisement" label) continues
// the body; a long passage elsewhere in the page ends the continuation.
func TestContinuation(t *testing.T) {
	long := func(w string) string { return `p("` + strings.Repeat(w+" ", 60) + `")` }
	g := MustParseTree(`r(div(` + long("first") + long("second") + `b("Advertisement") p("short bit") ` + long("third") + `) div(` + long("elsewhere") + `) div(` + long("after") + `))`)
	p := MustParseTree(`r(div(+ b("Advertisement") +) div(+) div(+))`)
	_, ps := MatchTree(p, g)
	FillText(g, ps)
	if len(ps) != 4 {
		t.Fatalf("%d passages", len(ps))
	}
	got := continuation(g, ps, 0, 50)
	if len(got) != 2 || !strings.HasPrefix(ps[1].Text, "short bit third") {
		t.Errorf("continuation = %v (passages %q, %q)", got, ps[1].Text[:20], ps[2].Text[:20])
	}
}

// A "most read" list of links longer than the article is no body.
func TestLinkListIsNoBody(t *testing.T) {
	long := func(w string, n int) string { return strings.Repeat(w+" ", n) }
	ps := []Passage{
		{Pos: 0, Text: "Storm hits the city"},
		{Pos: 1, Text: long("article", 140)},
		{Pos: 2, Text: long("headline", 300)},
	}
	for i := range ps {
		ps[i].Words = countWords(ps[i].Text)
	}
	ps[2].LinkWords = 290
	if _, body, _ := Label(ps, "Storm hits the city | Daily", DefaultLabelOptions); body != 1 {
		t.Errorf("body %d, want the article, not the link list", body)
	}
	opt := DefaultLabelOptions
	opt.MaxLinkShare = 0
	if _, body, _ := Label(ps, "Storm hits the city | Daily", opt); body != 2 {
		t.Errorf("without MaxLinkShare: body %d, want the longest after the title", body)
	}
}

// Under soft matching, page content the pattern has no place for (here a section) is a
// passage too, in pattern order; the strict match rejects the page.
func TestSoftInsertedPassages(t *testing.T) {
	p := MustParseTree(`r(h("Site") div(.))`)
	g := MustParseTree(`r(h("Site") div("a") section(p("new content words") p("more")))`)
	if d, _ := MatchTree(p, g); d != Inf {
		t.Fatalf("strict match accepted the page (cost %v)", d)
	}
	_, ps := MatchTreeWith(p, g, Soft{})
	FillText(g, ps)
	var texts []string
	for _, q := range ps {
		texts = append(texts, q.Text)
	}
	if len(ps) != 2 || ps[0].Text != "new content words more" || ps[1].Text != "a" {
		t.Errorf("soft passages %q, want the inserted section (root position) then the div's wildcard", texts)
	}
}

// cappedWords is countWords up to its cap and above it beyond, whatever the text's script and
// wherever the prefix it counts first cuts it.
func TestCappedWords(t *testing.T) {
	parts := []string{"word ", "a-b ", "日本語の文章", "ไทย ", "é", "  ", "x_y1 ", ". ", "\u00a0", "über"}
	for seed := 0; seed < 400; seed++ {
		var b strings.Builder
		for k := 0; k < seed; k++ {
			b.WriteString(parts[(k*7+seed)%len(parts)])
		}
		s := b.String()
		for lo := 0; lo < 64 && lo < len(s); lo += 5 {
			text := s[lo:]
			for _, max := range []int{0, 1, 3, 20} {
				n, got := countWords(text), cappedWords(text, max)
				if (n <= max && got != n) || (n > max && got <= max) {
					t.Fatalf("cappedWords(%q, %d) = %d, countWords %d", text, max, got, n)
				}
			}
		}
	}
}

// A passage's words added up from its text nodes' stats are the count of its text, in spaced
// and unspaced scripts alike.
func TestFillTextStats(t *testing.T) {
	pages := []string{
		`<html><body><div><p>One two <b>three</b>four</p><p>日本語の<i>文章です</i>。</p><p>ภาษา<b>ไทย</b> mixed 中文 text</p></div><div><p>é<b>̀</b>x 5_6</p></div></body></html>`,
		`<html><head><title>t</title></head><body><ul><li>漢<li>字<li>かな</ul><p>a<br>b c</p></body></html>`,
	}
	for _, html := range pages {
		pg := NewPage(html)
		var ps []Passage
		for i := range pg.Tree.Nodes {
			ps = append(ps, Passage{Roots: []int32{int32(i)}})
		}
		want := append([]Passage(nil), ps...)
		FillText(pg.Tree, want)
		fillText(pg.Tree, ps, statsOf(pg.Tree))
		for x := range ps {
			if ps[x].Words != want[x].Words || ps[x].Words != countWords(ps[x].Text) {
				t.Errorf("node %d %q: %d words from the stats, %d counted", x, ps[x].Text, ps[x].Words, want[x].Words)
			}
		}
	}
}
