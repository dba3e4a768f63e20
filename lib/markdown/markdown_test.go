package markdown

import (
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/dom"
)

// TestRender: each kind of block in its Markdown form, from a page whose every block is kept;
// the code keeps the spaces between its highlighted words (text nodes of white space alone,
// which the tree leaves out) and its lines.
func TestRender(t *testing.T) {
	html := `<html><body><article><h1>Title here</h1><p>First para with <a href="x">a link</a> and <b>bold</b>.</p>
<h2>Sub</h2><ul><li>one item</li><li>two <em>item</em><ul><li>nested</li></ul></li><li><p>three,</p><p>in two paragraphs</p></li></ul>
<ol start="3"><li>first</li><li>second</li></ol>
<blockquote><h4>Quoted title</h4><p>quoted text</p></blockquote><blockquote><p>another quotation</p></blockquote>
<pre><code><span class="k">func</span> <span class="n">main</span>() {
    fmt.Println(&quot;a | b&quot;)<!-- a > b --><br>}</code></pre>
<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2 | 3</td></tr><tr><td>4</td><td>5</td></tr></table>
<p>Inline <code>code</code> here.<br>After break.</p></article></body></html>`
	p, kept := segmentAll(html)
	want := "# Title here\n\n" +
		"First para with a link and **bold**.\n\n" +
		"## Sub\n\n" +
		"- one item\n- two *item*\n  - nested\n- three,\n\n  in two paragraphs\n\n" +
		"3. first\n4. second\n\n" +
		"> #### Quoted title\n>\n> quoted text\n\n> another quotation\n\n" +
		"```\nfunc main() {\n    fmt.Println(\"a | b\")\n}\n```\n\n" +
		"| A | B |\n| --- | --- |\n| 1 | 2 \\| 3 |\n| 4 | 5 |\n\n" +
		"Inline `code` here.  \nAfter break." // a <br>: a hard line break
	wantRender(t, p, kept, want)
	// The blocks not kept are left out, and the words are the plain text's.
	kept[0], kept[1] = false, false
	got := Render(p, kept)
	if got[:len("## Sub")] != "## Sub" {
		t.Fatalf("a page without its first two blocks begins %q", got[:20])
	}
}

// TestHeadingLines: a heading that a <br> sets on two lines is one heading, its lines on one
// line as the plain text has them; two headings side by side stay two, and a quoted
// heading's next line stays in its quotation.
func TestHeadingLines(t *testing.T) {
	html := `<html><body><h2>Quality Engineering<br>and Digital Assurance</h2><p>Text of the section.</p>
<h3>Smart Defect <br><em>Insights</em> Engine</h3><h3>Next</h3><blockquote><h4>A quoted<br>title</h4></blockquote></body></html>`
	p, kept := segmentAll(html)
	want := "## Quality Engineering and Digital Assurance\n\nText of the section.\n\n" +
		"### Smart Defect Insights Engine\n\n### Next\n\n> #### A quoted title"
	wantRender(t, p, kept, want)
	if got, want := p.Render(kept), "Quality Engineering and Digital Assurance\nText of the section.\nSmart Defect Insights Engine\nNext\nA quoted title"; got != want {
		t.Errorf("plain text %q, want %q", got, want)
	}
	kept[0] = false // the heading's first line left out: the second is a heading of its own
	if got := Render(p, kept); !strings.HasPrefix(got, "## and Digital Assurance\n\nText") {
		t.Errorf("without the first line: %q", got)
	}
}

// TestInlineCode: the text of code, kbd and samp outside pre goes between backticks, once per
// element however many text nodes it has; the spaces at a span's ends stay outside it; spans
// that nothing but spaces part are one; a span holding backticks is fenced by a longer run.
// Bold and italics go between ** and *, but not in a heading, nor where Markdown would not
// read them so (a mark between a letter and punctuation; a * inside is escaped). The plain text is the
// same.
func TestInlineCode(t *testing.T) {
	html := `<html><body>
<h2>The <code>Model</code> class</h2>
<p>Run <code>git</code> <code>reset</code> or <code><span>go</span> <span>test</span> ./...</code> now.</p>
<p>Synopsis <code>[ REPEATABLE ( <em><code>seed</code></em> ) ]</code> here, prompt <code>root #</code><code>emerge</code>.</p>
<p>Quote with <code>a ` + "`" + `b` + "``" + `c</code> and <code>` + "`" + `x</code>, padded <code> y </code>.</p>
<ul><li>Press <kbd>Ctrl</kbd>+<kbd>C</kbd></li></ul>
<table><tr><th>Flag</th><th>Use</th></tr><tr><td><code>a|b</code></td><td>pipe</td></tr></table>
<p><code>first<br>second</code></p>
<h3><strong>Bold</strong> heading</h3>
<p>A <strong>bold</strong> word, <em>ital</em>, <b><i>both</i></b>, un<em>believ</em>able, <b>"quoted"</b>x, <strong>a*b</strong>, <b>a <code>c</code> b</b>.</p>
<pre><code>not inline</code></pre>
</body></html>`
	p, kept := segmentAll(html)
	want := "## The `Model` class\n\n" +
		"Run `git reset` or `go test ./...` now.\n\n" +
		"Synopsis `[ REPEATABLE ( seed ) ]` here, prompt `root #emerge`.\n\n" +
		"Quote with ```a `b``c``` and `` `x ``, padded `y` .\n\n" +
		"- Press `Ctrl`+`C`\n\n" +
		"| Flag | Use |\n| --- | --- |\n| `a\\|b` | pipe |\n\n" +
		"`first`  \n`second`\n\n" +
		"### Bold heading\n\n" +
		"A **bold** word, *ital*, ***both***, un*believ*able, \"quoted\"x, **a\\*b**, **a `c` b**.\n\n" +
		"```\nnot inline\n```"
	wantRender(t, p, kept, want)
	plain := "The Model class\nRun git reset or go test ./... now.\n" +
		"Synopsis [ REPEATABLE ( seed ) ] here, prompt root #emerge.\n" +
		"Quote with a `b``c and `x, padded y .\nPress Ctrl+C\nFlag\tUse\na|b\tpipe\nfirst\nsecond\n" +
		"Bold heading\nA bold word, ital, both, unbelievable, \"quoted\"x, a*b, a c b.\nnot inline"
	if got := p.Render(kept); got != plain {
		t.Fatalf("the plain text changed:\n%s\nwant\n%s", got, plain)
	}
}

// TestLinks: a page segmented with its links (content.WithLinks) has them written as
// [text](address), resolved against its <base href> and its address (an href written over
// two lines, tab and line break in it, is one address, as the URL standard reads it); a link to a fragment,
// to a script or to mail, and one with brackets in its text, stay text, and so do all links
// of a page segmented without them. Links nest with emphasis and hold code. An address in a
// link's text is escaped; one outside links is an autolink (GitHub's reader keeps the
// backslashes of a bare address).
func TestLinks(t *testing.T) {
	html := `<html><head><base href="/docs/"></head><body>
<h2><a href="intro">Intro</a></h2>
<p>See <a href="guide.html">the <b>guide</b></a>, <b><a href="https://other.example/x">bold link</a></b>, <a href="api#f"><code>f()</code></a>,
<a href="#top">top</a>, <a href="javascript:go()">go</a>, <a href="mailto:a@b.example">mail</a>, <a href="w(1)">paren</a>, <a href=" ref/
	wrapped.html?q=1 ">wrapped</a> and <a href="x">[x]</a>.</p>
<p><a href="https://x.example/a_b_">https://x.example/a_b_</a> and https://x.example/c_d_ or www.x.example/e_f_</p>
</body></html>`
	p := content.Segment(html, dom.Parse(html), content.WithLinks())
	p.URL = "https://site.example/a/page"
	kept := make([]bool, len(p.Blocks))
	for i := range kept {
		kept[i] = true
	}
	want := "## [Intro](https://site.example/docs/intro)\n\n" +
		"See [the **guide**](https://site.example/docs/guide.html), **[bold link](https://other.example/x)**, " +
		"[`f()`](https://site.example/docs/api#f), top, go, mail, [paren](<https://site.example/docs/w(1)>), " +
		"[wrapped](https://site.example/docs/ref/wrapped.html?q=1) and [x].\n\n" +
		"[https://x.example/a_b\\_](https://x.example/a_b_) and <https://x.example/c_d_> or [www.x.example/e_f\\_](<http://www.x.example/e_f_>)"
	wantRender(t, p, kept, want)
	plain, kept := segmentAll(html)
	if got := Render(plain, kept); strings.Contains(got, "guide.html") {
		t.Fatalf("a page segmented without its links: %s", got)
	}
}

// TestLayoutTable: a page laid out with a table (its article in one long cell, a table inside
// another) is written as paragraphs, not as a table row; a data table's cell of two blocks is
// one cell.
func TestLayoutTable(t *testing.T) {
	long := strings.Repeat("The river rose in the night and the valley woke to water. ", 10)
	html := `<html><body><table><tr><td><a href="/">Home</a></td><td><h1>Flood</h1><p>` + long + `</p><p>Second paragraph.</p>
<table><tr><td>Town</td><td>Level</td></tr><tr><td><p>Upper</p><p>ford</p></td><td>3 m</td></tr></table></td></tr></table></body></html>`
	p, kept := segmentAll(html)
	want := "Home\n\n# Flood\n\n" + strings.TrimSpace(long) + "\n\nSecond paragraph.\n\n" +
		"| Town | Level |\n| --- | --- |\n| Upper ford | 3 m |"
	wantRender(t, p, kept, want)
}

// TestTableColumns: a cell stays in its column when a cell before it in its row is empty or
// not kept, and a cell spanning columns moves the ones after it along (an empty cell for each
// column spanned after its first).
func TestTableColumns(t *testing.T) {
	html := `<html><body><table><tr><th></th><th>Price</th><th>Stock</th></tr>
<tr><td>Apples</td><td>2 EUR</td><td>12</td></tr>
<tr><td colspan="2">Pears, all kinds</td><td>4</td></tr></table></body></html>`
	p := content.Segment(html, dom.Parse(html))
	kept := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		kept[i] = b.Text != "2 EUR" // a cell the model left out
	}
	want := "|  | Price | Stock |\n| --- | --- | --- |\n| Apples |  | 12 |\n| Pears, all kinds |  | 4 |"
	wantRender(t, p, kept, want)
}

// TestTableRowSpan: a cell that spans rows is written in its first row, and the rows below
// leave its column empty, so that their later cells stay under their headers (before, they
// moved one column left).
func TestTableRowSpan(t *testing.T) {
	html := `<html><body><table><tr><th>Year</th><th>Physics</th><th>Economics</th><th>Peace</th></tr>
<tr><td>1901</td><td>Wilhelm Röntgen</td><td rowspan="2">None</td><td>Henry Dunant</td></tr>
<tr><td>1902</td><td>Hendrik Lorentz</td><td>Élie Ducommun</td></tr>
<tr><td>1903</td><td colspan="2">Becquerel, both</td><td>Randal Cremer</td></tr></table></body></html>`
	p, kept := segmentAll(html)
	want := "| Year | Physics | Economics | Peace |\n| --- | --- | --- | --- |\n| 1901 | Wilhelm Röntgen | None | Henry Dunant |\n" +
		"| 1902 | Hendrik Lorentz |  | Élie Ducommun |\n| 1903 | Becquerel, both |  | Randal Cremer |"
	wantRender(t, p, kept, want)

	// Rowspans that do not fit the table (every row's first cell spans the next row too):
	// each cell takes its column in its own row, and no row is wider than the table.
	html = `<html><body><table><tr><td rowspan="2">a1</td><td>b1</td></tr><tr><td rowspan="2">a2</td><td>b2</td></tr>
<tr><td rowspan="2">a3</td><td>b3</td></tr></table></body></html>`
	p, kept = segmentAll(html)
	wantRender(t, p, kept, "| a1 | b1 |\n| --- | --- |\n| a2 | b2 |\n| a3 | b3 |")

	// Columns that no cell begins in are left out: a colspan of 1000 writes no empty cells
	// where nothing stands under it, and one that other rows' cells begin under keeps
	// their columns.
	html = `<html><body><table><tr><td colspan="1000">Name</td><td colspan="1000">Price</td></tr>
<tr><td colspan="1000">Tea</td><td colspan="1000">3 EUR</td></tr></table>
<table><tr><th>Item</th><th colspan="2">Price</th></tr><tr><td>Tea</td><td>3</td><td>EUR</td></tr></table></body></html>`
	p, kept = segmentAll(html)
	wantRender(t, p, kept, "| Name | Price |\n| --- | --- |\n| Tea | 3 EUR |\n\n"+
		"| Item | Price | |\n| --- | --- | --- |\n| Tea | 3 | EUR |")
}

// segmentAll segments html with every block kept.
// wantRender fails the test when Render of p's kept blocks is not want.
func wantRender(t *testing.T, p *content.Page, kept []bool, want string) {
	t.Helper()
	if got := Render(p, kept); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func segmentAll(html string) (*content.Page, []bool) {
	p := content.Segment(html, dom.Parse(html))
	kept := make([]bool, len(p.Blocks))
	for i := range kept {
		kept[i] = true
	}
	return p, kept
}

// TestEscape: the page's own characters that Markdown would read as markup are escaped, and
// only those: a line that begins like a heading, a list item, a quotation or a rule; a * or
// _ that could open or close emphasis, or that touches a mark of ours; a backtick; raw HTML,
// an entity, a link's "](", a heading's closing #. snake_case, 3 * 4, C:\Users and a lone
// [1] stay as they are.
func TestEscape(t *testing.T) {
	html := `<html><body>
<p>1. Not a list</p><p>2) Nor this</p><p># Not a heading</p><p>- Not an item</p><p>+</p><p>&gt; 100 clients</p><p>---</p><p>* * *</p><p>___</p>
<p>snake_case, __init__, 3 * 4, *star*, a*b, ~~gone~~, ~5 min, ~/.profile, 95~100 dB, a~ b, https://x.com/a_b_/c (https://e.org/plain)</p>
<p>Use &lt;div&gt; &amp; &amp;amp; &amp;#38; in <b>[a](b)</b> [1], ` + "`x`" + `, C:\Users, \*, wow!</p>
<h2>Best of C #</h2>
<p><strong>*</strong> Note, <em>* starred</em>, x <b>_y</b></p>
<table><tr><th>Key</th><th>Value</th></tr><tr><td><b>* top:</b></td><td>20 | 28</td></tr></table>
</body></html>`
	p, kept := segmentAll(html)
	want := "1\\. Not a list\n\n2\\) Nor this\n\n\\# Not a heading\n\n\\- Not an item\n\n\\+\n\n\\> 100 clients\n\n\\---\n\n\\* * *\n\n\\___\n\n" +
		"snake_case, \\_\\_init\\_\\_, 3 * 4, \\*star\\*, a\\*b, \\~\\~gone\\~\\~, ~5 min, ~/.profile, 95\\~100 dB, a\\~ b, <https://x.com/a_b_/c> (https://e.org/plain)\n\n" +
		"Use \\<div> & \\&amp; \\&#38; in **[a\\](b)** [1], \\`x\\`, C:\\Users, \\\\\\*, wow!\n\n" +
		"## Best of C \\#\n\n" +
		"**\\*** Note, *\\* starred*, x **\\_y**\n\n" +
		"| Key | Value |\n| --- | --- |\n| **\\* top:** | 20 \\| 28 |"
	wantRender(t, p, kept, want)
}

// TestListPlaces: a nested list whose outer items were all left out is not indented (four
// spaces after a blank line would be code), a nested item is indented to its parent's text
// whatever the width of its marker, a nested list that begins at another number than 1 is
// set apart (else it goes on its parent's line), a list item's quoted paragraphs are quoted
// in the item, and a list that a quotation holds is quoted line by line, in one quotation
// with the quotation's paragraphs before and after it. A heading in a list item
// (a listicle's) is written in the item, the item's next block on its next line, and so is
// code in an item (a tutorial's step); a heading in a data table's cell is the cell's text.
func TestListPlaces(t *testing.T) {
	html := `<html><body>
<ul><li><span class="nav">Menu</span><ul><li><ul><li>deep one</li><li>deep two</li></ul></li></ul></li></ul>
<ol start="10"><li>ten<ol><li class="x">skip</li><li>second nested</li></ol></li></ol>
<ol><li><blockquote><p>Hello,</p><p>I wanted</p></blockquote></li></ol>
<blockquote><ul><li>quoted list</li></ul></blockquote>
<blockquote><p>Quoted changes:</p><ol><li>faster<ul><li>much</li></ul></li><li>smaller</li></ol><p>Quoted end.</p></blockquote>
<ol><li><h3>First</h3><p>One text.</p></li><li><h3>Second</h3><p>Two text.</p><p>More.</p></li></ol>
<table><tr><th>A</th><th>B</th></tr><tr><td><h4>Cell heading</h4></td><td>2</td></tr></table>
<ol><li><p>Install it:</p><pre><code>go install x

  y</code></pre><p>Then run.</p></li><li>Next</li></ol>
</body></html>`
	p, kept := segmentAll(html)
	for i, b := range p.Blocks {
		if b.Text == "Menu" || b.Text == "skip" {
			kept[i] = false
		}
	}
	want := "- deep one\n- deep two\n\n" +
		"10. ten\n\n    2. second nested\n\n" +
		"1. > Hello,\n   >\n   > I wanted\n\n" +
		"> - quoted list\n\n" +
		"> Quoted changes:\n>\n> 1. faster\n>    - much\n>\n> 2. smaller\n>\n> Quoted end.\n\n" +
		"1. ### First\n   One text.\n2. ### Second\n   Two text.\n\n   More.\n\n" +
		"| A | B |\n| --- | --- |\n| Cell heading | 2 |\n\n" +
		"1. Install it:\n   ```\n   go install x\n\n     y\n   ```\n   Then run.\n2. Next"
	wantRender(t, p, kept, want)
}

// TestItemBlocks: the blocks of one list item go on the item's lines, indented to its text
// (a card's fields, each on a line as the plain text has them); paragraphs and quotations of
// an item (a forum post's) are set apart by blank lines, so that Markdown reads a quotation
// and the reply after it apart; an item's block after a list nested in it goes on in that
// item, not in a new one; a line that would begin a list is escaped.
func TestItemBlocks(t *testing.T) {
	html := `<html><body>
<ul><li><div>Trail shoe</div><div>$90</div><div>- 20% today</div></li><li><div>Road shoe</div></li></ul>
<ol><li><p>Post one.</p><blockquote><p>quoted</p></blockquote><p>Reply.</p></li><li><p>Post two.</p></li></ol>
<ul><li>Parent<ul><li>child</li></ul><div>after child</div></li><li>Next</li></ul>
</body></html>`
	p, kept := segmentAll(html)
	want := "- Trail shoe\n  $90\n  \\- 20% today\n- Road shoe\n\n" +
		"1. Post one.\n\n   > quoted\n\n   Reply.\n2. Post two.\n\n" +
		"- Parent\n  - child\n\n  after child\n- Next"
	wantRender(t, p, kept, want)
}

// TestLayoutQuotes: a thread whose posts each hold their message in a blockquote (vBulletin,
// XenForo 1) is written as its posts' paragraphs, not as a quotation per post, while a
// post's quote of another inside its message stays a quotation, and so does one written as
// an element whose class names a quote (vBulletin's div.bbcode_quote), its attribution with
// it; outside a post's message such a class is no quotation (a "get a quote" form); blockquotes set among an
// article's paragraphs, however many, a thread of two such posts and a list of testimonials,
// each item a blockquote alone, stay quotations.
func TestLayoutQuotes(t *testing.T) {
	post := func(who, msg string) string {
		return `<li><div class="user">` + who + `</div><div class="body"><blockquote class="postcontent">` + msg + `</blockquote></div></li>`
	}
	html := `<html><body><ol>` +
		post("ann", "First line of the first post.<br>Its second line.") +
		post("bob", `<div class="q"><blockquote>First line of the first post.</blockquote></div>I agree with that.`) +
		post("cy", "A third post, with words of its own.") +
		post("dan", `<div class="bbcode_quote"><div class="postedby">Originally Posted by <b>cy</b></div><div class="message">Words of its own.<br>More.</div></div>Not mine.`) +
		`</ol><div class="get-a-quote"><p>Ask us for a price today.</p></div><article><p>An article paragraph of some words.</p><div><blockquote>One quotation.</blockquote></div>
<p>Another paragraph of the article.</p><div><blockquote>Two quotation.</blockquote></div>
<p>A third paragraph of the article here.</p><div><blockquote>Three quotation.</blockquote></div></article>
<ul><li><span>dee</span><blockquote>Only two posts here.</blockquote></li><li><span>eve</span><blockquote>The other of two.</blockquote></li></ul>
<ul><li><blockquote>"Great work." A client</blockquote></li><li><blockquote>"Quick and kind." Another</blockquote></li><li><blockquote>"Thanks." A third</blockquote></li></ul>
</body></html>`
	p, kept := segmentAll(html)
	want := "1. ann\n\n   First line of the first post.\n\n   Its second line.\n" +
		"2. bob\n\n   > First line of the first post.\n\n   I agree with that.\n" +
		"3. cy\n\n   A third post, with words of its own.\n" +
		"4. dan\n\n   > Originally Posted by **cy**\n   >\n   > Words of its own.\n   >\n   > More.\n\n   Not mine.\n\n" +
		"Ask us for a price today.\n\n" +
		"An article paragraph of some words.\n\n> One quotation.\n\nAnother paragraph of the article.\n\n> Two quotation.\n\n" +
		"A third paragraph of the article here.\n\n> Three quotation.\n\n" +
		"- dee\n\n  > Only two posts here.\n- eve\n\n  > The other of two.\n\n" +
		"- > \"Great work.\" A client\n- > \"Quick and kind.\" Another\n- > \"Thanks.\" A third"
	wantRender(t, p, kept, want)
}

// TestImages: with content.WithImages, the pictures between two kept blocks are written as
// ![alt](address), resolved against the page's address, a list item's at the start of its
// line, each address once; a lazy loader's data-src or srcset (its first address, commas
// inside it kept) stands in for a placeholder src; pictures inside a line of text, small ones, hidden ones,
// those beside a block left out and those in a data table's cells are not written.
func TestImages(t *testing.T) {
	html := `<html><body><header><img src="/logo.png" alt="Logo"><p>Menu</p></header>
<h1>Title</h1>
<figure><img src="/a.jpg" alt="A [first] *view*"><figcaption>Caption</figcaption></figure>
<p>Text with an <img src="/smiley.gif" alt=":)"> inside.</p>
<p><img src="data:image/gif;base64,R0lG" data-src="/lazy.jpg" alt="Lazy"></p>
<p><img src="/spacer.gif" data-wpfc-original-src="/lazy2.jpg" alt="Lazy too"></p>
<div><img srcset="/s-400.jpg 400w, /s-800.jpg 800w" alt=""></div><div><img src="/lazy.jpg" alt="Lazy again"></div>
<div><img srcset=" /upload/w_400,h_300,c_fill/t.jpg 400w, /upload/w_800,h_600,c_fill/t.jpg 800w" alt="T"></div><div><img srcset="/u.jpg," alt="U"></div>
<img src="/pixel.gif" width="1" height="1"><img src="/icon.svg" style="width: 16px; height:16px"><img src="/hidden.jpg" hidden><img src="/aria.jpg" aria-hidden="true">
<p>Between</p>
<ul><li><img src="/p1.jpg" alt="P1"><p>Name one</p><p>$10</p></li><li><a href="/p2"><img src="/p2.jpg" alt="P2"></a><p>Name two</p></li></ul>
<ol><li><p>Post.</p><blockquote><img src="/q.jpg" alt="Q"><p>Quoted.</p></blockquote></li></ol>
<ul><li><img src="/c.jpg" alt="C"><h3>Card</h3></li></ul>
<table><tr><th>Item</th><th>Picture</th></tr><tr><td>One</td><td><img src="/cell.jpg" alt="cell"></td></tr></table>
<p>End</p><img src="/after.jpg" alt="after"></body></html>`
	p := content.Segment(html, dom.Parse(html), content.WithImages())
	p.URL = "https://site.example/dir/page"
	kept := make([]bool, len(p.Blocks))
	for i, b := range p.Blocks {
		kept[i] = b.Text != "Menu"
	}
	want := "# Title\n\n![A \\[first\\] \\*view\\*](https://site.example/a.jpg)\n\nCaption\n\n" +
		"Text with an inside.\n\n![Lazy](https://site.example/lazy.jpg)\n\n![Lazy too](https://site.example/lazy2.jpg)\n\n![](https://site.example/s-400.jpg)\n\n" +
		"![T](https://site.example/upload/w_400,h_300,c_fill/t.jpg)\n\n![U](https://site.example/u.jpg)\n\nBetween\n\n" +
		"- ![P1](https://site.example/p1.jpg) Name one\n\n  $10\n- ![P2](https://site.example/p2.jpg) Name two\n\n" +
		"1. Post.\n\n   > ![Q](https://site.example/q.jpg) Quoted.\n\n" +
		"- ![C](https://site.example/c.jpg)\n  ### Card\n\n" +
		"| Item | Picture |\n| --- | --- |\n| One |\n\nEnd"
	wantRender(t, p, kept, want)
	if plain, kept := segmentAll(html); strings.Contains(Render(plain, kept), "![") {
		t.Fatal("a page segmented without its images has them")
	}
}

// TestCodeLanguage: a fence says the code's language where the page names it for a
// highlighter (language-X and lang-X on pre or code, MDN's brush: X, Sphinx's highlight-X two
// elements up, data-lang), and says nothing for the names of no language, a name that
// is not one, or a class of an element that holds more than the code (the page's lang-en).
func TestCodeLanguage(t *testing.T) {
	html := `<html><body>
<pre><code class="language-python">print(1)</code></pre>
<pre class="brush: js notranslate"><code>let a</code></pre>
<div class="highlight-console notranslate"><div class="highlight"><pre>$ ls</pre></div></div>
<pre data-lang="shellscript"><span>echo</span></pre>
<pre><code class="lang-auto">auto</code></pre>
<div class="highlight-default notranslate"><div class="highlight"><pre>plain</pre></div></div>
<pre><code class="language-a` + "`" + `b">tick</code></pre>
<ol><li>Run:<pre><code class="language-go">go run .</code></pre></li></ol>
<div class="lang-en"><p>Prose of the page around the code.</p><pre>x = 1</pre></div>
</body></html>`
	p, kept := segmentAll(html)
	want := "```python\nprint(1)\n```\n\n```js\nlet a\n```\n\n```console\n$ ls\n```\n\n```shellscript\necho\n```\n\n" +
		"```\nauto\n```\n\n```\nplain\n```\n\n```\ntick\n```\n\n1. Run:\n   ```go\n   go run .\n   ```\n\nProse of the page around the code.\n\n```\nx = 1\n```"
	wantRender(t, p, kept, want)
}

// TestQuoteClass: a class names a quote when one of its names holds the word.
func TestQuoteClass(t *testing.T) {
	for class, want := range map[string]bool{
		"bbcode_quote": true, "quote_container": true, "bbCodeBlock bbCodeQuote": true, "quote": true,
		"ipsQuote": true, "QuoteBox": true, "quoted": false, "unquote": false, "misquoteX": false, "": false,
		"blockquoteish": false, "testimonial-quote card": true,
	} {
		if got := quoteClass(class); got != want {
			t.Errorf("quoteClass(%q) = %v, want %v", class, got, want)
		}
	}
}
