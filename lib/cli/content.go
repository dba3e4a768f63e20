package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/markdown"
	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

// Flags of the content join.
const (
	FlagContent      = "content"
	FlagContentModel = "content-model"
	FlagFavor        = "favor"
	FlagMarkdown     = "markdown"
	FlagLinks        = "links"
	FlagImages       = "images"
	FlagFaithful     = "faithful" // every algorithm tool's: the paper's algorithm alone, no content join
)

// ContentFlags are the flags of the commands whose text the content model may choose (run,
// apply, show).
func ContentFlags() []ucli.Flag {
	return []ucli.Flag{
		&ucli.StringFlag{Name: FlagContent, Value: "on", Usage: "on: the text is chosen by chaff's content model (lib/content) from the page's own evidence joined with what the site model calls template; off: the algorithm's own output alone (--faithful implies off)"},
		contentModelFlag(), favorFlag(),
	}
}

func favorFlag() ucli.Flag {
	return &ucli.StringFlag{Name: FlagFavor, Value: "balanced", Usage: "which error the content model would rather make: precision (fewer doubtful blocks: captions, credits, teasers), recall (more: a grid's short items, a post's signature) or balanced"}
}

func contentModelFlag() ucli.Flag {
	return &ucli.StringFlag{Name: FlagContentModel, Usage: "the content model `FILE` to use instead of the built-in one (scripts/contentmodel train -o FILE)"}
}

// StaleFit is the fit below which a site model is said not to fit a page: the page gets a
// note, and the summary counts it (stale=N). The content model then takes the page's own
// evidence alone ("by": "page"): a model that does not fit the page says nothing sure of it,
// and applying last year's models must never do worse than the page alone. Above it the
// site's verdicts weigh in proportion to the fit (content.Site.Trust).
const StaleFit = 0.5

// contentJoin is the content model joined to an algorithm's output.
type contentJoin struct {
	model    *content.Model
	favor    content.Favor
	markdown bool                    // text as Markdown (lib/markdown), not plain lines
	segment  []content.SegmentOption // what the writer needs of segmenting (--links: content.WithLinks, --images: content.WithImages)
}

// newContentJoin returns the join for the command's flags, or nil when the text is the
// algorithm's alone (--content off, or --faithful). A bad --content value is a usage error.
func newContentJoin(c *ucli.Context) (*contentJoin, error) {
	v := "on" // chaff extract and show: the content model is all there is
	if hasFlag(c, FlagContent) {
		v = c.String(FlagContent)
	}
	if v != "on" && v != "off" {
		return nil, usageError{fmt.Errorf("--%s %q: want on or off", FlagContent, v)}
	}
	markdown := hasFlag(c, FlagMarkdown) && c.Bool(FlagMarkdown)
	// What the Markdown writes beyond the blocks, each noted by the segmenter when asked.
	var segment []content.SegmentOption
	for _, o := range [...]struct {
		flag, what string
		opt        content.SegmentOption
	}{{FlagLinks, "links", content.WithLinks()}, {FlagImages, "images", content.WithImages()}} {
		if hasFlag(c, o.flag) && c.Bool(o.flag) {
			if !markdown {
				return nil, usageError{fmt.Errorf("--%s writes the %s of the Markdown: only with --%s", o.flag, o.what, FlagMarkdown)}
			}
			segment = append(segment, o.opt)
		}
	}
	faithful := hasFlag(c, FlagFaithful) && c.Bool(FlagFaithful)
	if v == "off" || faithful {
		if markdown {
			without := "--" + FlagFaithful
			if v == "off" {
				without = "--" + FlagContent + " off"
			}
			return nil, usageError{fmt.Errorf("--%s writes the content model's blocks: not with %s", FlagMarkdown, without)}
		}
		return nil, nil
	}
	favor := content.Balanced
	if hasFlag(c, FlagFavor) {
		f, err := content.ParseFavor(c.String(FlagFavor))
		if err != nil {
			return nil, usageError{fmt.Errorf("--%s %w", FlagFavor, err)}
		}
		favor = f
	}
	m, err := contentModel(c)
	if err != nil {
		return nil, err
	}
	return &contentJoin{model: m, favor: favor, markdown: markdown, segment: segment}, nil
}

// contentModel returns the model of --content-model, else the built-in one.
func contentModel(c *ucli.Context) (*content.Model, error) {
	path := c.String(FlagContentModel)
	if !hasFlag(c, FlagContentModel) || path == "" {
		return content.Default()
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError{fmt.Errorf("--%s: %w", FlagContentModel, err)}
	}
	m := &content.Model{}
	if err := m.UnmarshalBinary(b); err != nil {
		return nil, usageError{fmt.Errorf("--%s %s: %w", FlagContentModel, path, err)}
	}
	return m, nil
}

// siteModel is a site's model with the number of distinct pages it learned from: a template
// learned from one page is no evidence (every part of a lone page repeats on all its pages),
// and the join weighs a model by it.
type siteModel struct {
	Model
	pages int
	here  bool // learned in this run from the pages it is applied to (run, show), not loaded
}

func (m *siteModel) MarshalJSON() ([]byte, error) { return json.Marshal(m.Model) }

// pagesOf returns the pages a model learned from, 0 when unknown, and whether it learned
// them in this run.
func pagesOf(m Model) (int, bool) {
	if sm, ok := m.(*siteModel); ok {
		return sm.pages, sm.here
	}
	return 0, false
}

// joined is the content model's choice for one page, with what the record and the summary
// say of it.
type joined struct {
	page        *content.Page // the segmented page, its blocks' scores and verdicts, for the view
	scores      []float32
	verdicts    []float32
	keptBlocks  []bool
	text, title string
	detail      contentDetail
	meta        content.Metadata // what the page says about itself: the "meta" member
	stale       string           // the note of a page the site model fits poorly
}

// contentDetail is the "content" member of a record.
type contentDetail struct {
	Blocks int `json:"blocks"` // blocks of text on the page
	Kept   int `json:"kept"`   // blocks kept
	// By says what chose the text: "joined" (the content model weighing the site model's
	// evidence) or "page" (the page's own evidence alone: the site model learned from one
	// page, failed on the page, fits it poorly (fit below StaleFit) or calls template much of
	// what the content model is sure of (content.Page.Agreement)).
	By    string  `json:"by"`
	Trust float64 `json:"trust"` // the weight of the site model's verdicts, in [0, 1]
	// Kind is what kind of page the content model takes it for (content.PageKinds: article,
	// list, product, forum, documentation, service), KindP how sure it is; left out when it is
	// not sure (KindP below content.MinKindP) or the page has no text.
	Kind  string  `json:"kind,omitempty"`
	KindP float64 `json:"kind_p,omitempty"`
	// Quality is the content model's estimate of the word F1 of its own text of the page
	// (content.Model.Quality), for routing the pages it doubts elsewhere; left out when the
	// model has no estimate or the page no text.
	Quality *float64 `json:"quality,omitempty"`
	// Why the site model had no say, when By is "page" because it failed (its error) or
	// because it calls template what the page plainly holds as content (agreementWhy).
	Why string `json:"why,omitempty"`
}

// agreementWhy is the content member's why for a page whose site model fits but has no say
// (content.Page.Agreement 0).
const agreementWhy = "it calls template most of what the page plainly holds as content"

// decide chooses the page's content from its own evidence and the site model's: f and
// pages when the model applied (algoErr nil), the page alone otherwise.
func (c *contentJoin) decide(p *page.Page, f *Found, algoErr error, pages int, here bool) *joined {
	cp := content.Segment(p.HTML, p.Doc(), c.segment...)
	if p.Rec != nil {
		cp.URL = p.Rec.URL
	}
	s, kind, kindP := c.model.Predict(cp)
	stale := algoErr == nil && pages >= 2 && !math.IsNaN(f.Fit) && f.Fit < StaleFit
	var site content.Site
	if algoErr == nil && !stale {
		site = content.Site{Kept: f.Kept, Template: weighted(f.Template), Fit: f.Fit, Pages: pages}
	}
	kept, verdicts, trust := cp.Join(s, &site, c.favor)
	j := &joined{page: cp, scores: s, verdicts: verdicts, keptBlocks: kept, meta: cp.Metadata()}
	if c.markdown {
		j.text = markdown.Render(cp, kept)
	} else {
		j.text = cp.Render(kept)
	}
	n := 0
	for _, k := range kept {
		if k {
			n++
		}
	}
	j.detail = contentDetail{Blocks: len(kept), Kept: n, Trust: round3(trust), By: "joined"}
	if kind >= 0 && kindP >= content.MinKindP {
		j.detail.Kind, j.detail.KindP = content.PageKinds[kind], round3(float64(kindP))
	}
	if q := float64(c.model.Quality(cp, s)); !math.IsNaN(q) {
		q = math.Round(q*100) / 100
		j.detail.Quality = &q
	}
	if j.detail.Trust == 0 {
		j.detail.By = "page"
	}
	if algoErr != nil && algoErr != errPageOnly && algoErr != errLonePage {
		j.detail.Why = algoErr.Error()
	}
	if trust == 0 && site.Trust() > 0 {
		j.detail.Why = agreementWhy
	}
	if stale {
		why := "the model learned from other pages, and the site changed or this page is unlike those"
		if here {
			why = "the page is unlike most of this site's pages in the input, in layout or kind"
		}
		// Rounded down, so that the note never says 0.500 < 0.5.
		j.stale = fmt.Sprintf("the site model fits this page poorly (fit %.3f < %g: %s): its text is the page's own evidence alone", math.Floor(f.Fit*1000)/1000, StaleFit, why)
	}
	// The algorithm's title, unless its model fits the page poorly: a stale model's title
	// is what it finds where the title used to be (rtdm's is then often the <title> with
	// the site's name), and the page's own title is the content model's.
	if !stale {
		j.title = f.Title
	}
	if j.title == "" {
		j.title = cp.BestTitle()
	}
	if !stale && f.TitleFirst && f.Title != "" && !leadsWith(j.text, f.Title) {
		if c.markdown {
			j.text = "# " + f.Title + "\n\n" + j.text
		} else {
			j.text = f.Title + "\n" + j.text
		}
	}
	return j
}

// leadsWith reports whether title is one of the first three lines of text (in Markdown, of
// its first three non-empty lines, as a heading or not).
func leadsWith(text, title string) bool {
	for i := 0; i < 3 && text != ""; {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if line == "" {
			continue // Markdown's blank line between blocks
		}
		if h := strings.TrimLeft(line, "#"); line == title || h != line && strings.TrimLeft(h, " ") == title {
			return true
		}
		i++
	}
	return false
}

func weighted(ev []Evidence) []content.Weighted {
	out := make([]content.Weighted, len(ev))
	for i, e := range ev {
		out[i] = content.Weighted{Start: e.Start, End: e.End, Strength: e.Strength}
	}
	return out
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// emitJoined emits a page with the content join's text: the record gets text, title, the
// tool's detail (when the model applied), the "content" member and the "meta" member (what
// the page says of its language, dates, authors...: content.Metadata; left out when it says
// none of it); a site model that fits
// the page poorly gives it a note. The page has no error: its content came from the page
// itself where the site model had nothing to say.
func (e *Env) emitJoined(p *page.Page, f Found, j *joined) {
	if e.stopped != nil {
		e.abandon(1)
		return
	}
	if j.stale != "" {
		e.c.stale++
		e.Note(p.Rec, j.stale)
	}
	if j.detail.By == "page" {
		e.c.inPage++
	} else {
		e.c.joined++
	}
	if j.text == "" {
		e.c.empty++
	}
	rec := p.Rec
	rec.Set("text", j.text)
	if j.title != "" {
		rec.Set("title", j.title)
	} else {
		rec.Delete("title")
	}
	if f.Detail != nil {
		if err := rec.Set(e.Tool.Name, f.Detail); err != nil {
			e.failNow(rec, err)
			return
		}
	}
	rec.Set("content", j.detail)
	if j.meta != (content.Metadata{}) {
		rec.Set("meta", j.meta)
	} else {
		rec.Delete("meta")
	}
	rec.Delete("error") // a chained tool's error no longer applies: this page is extracted
	e.Emit(rec)
}

// view writes the content view of a page: its blocks as a reader sees them, the kept ones
// black and the others grey, each with the content model's score and the site's verdict.
func (j *joined) view(w io.Writer, tool string, p *page.Page) error {
	title := j.title
	if p.Rec != nil && p.Rec.URL != "" {
		title = p.Rec.URL
	}
	caption := fmt.Sprintf("%s: %d of %d blocks kept, by the content model joined with the site model (trust %.2f)", tool, j.detail.Kept, j.detail.Blocks, j.detail.Trust)
	if j.detail.By == "page" {
		caption = fmt.Sprintf("%s: %d of %d blocks kept, by the content model from the page alone", tool, j.detail.Kept, j.detail.Blocks)
	}
	if j.detail.Kind != "" {
		caption += fmt.Sprintf("; the page looks like: %s (%.2f)", j.detail.Kind, j.detail.KindP)
	}
	if j.detail.Quality != nil {
		caption += fmt.Sprintf("; estimated quality of the page's own text: %.2f", *j.detail.Quality)
	}
	if j.detail.Why != "" {
		caption += "; the site model: " + j.detail.Why
	}
	return j.page.WriteView(w, title, caption, j.scores, j.verdicts, j.keptBlocks)
}
