package content

// copyMinWords is the length from which a block said again elsewhere in the page counts as a
// copy (dropCopies): shorter lines ("Add to cart", "Reply", a date) repeat by nature.
const copyMinWords = 5

// dropCopies leaves out a kept block of at least copyMinWords words that says, word for word,
// what an earlier kept block said, when the two lie in places of a different shape (the
// tags and classes of their elements and of every element above them differ): a forum's
// quoted post or a reply's preview of the post it answers, an article given twice for
// small and large screens, a teaser of the text that follows. A reader reads it once, and
// a corpus built from the text should count it once. A text repeated in places of one shape
// is left alone: the same terms under each offer of a list, a step given in each of a
// guide's sections, the same field in every card of a grid are the content each time.
// The title's heading (TitleBlocks) is never dropped. A shorter line is a copy of the one
// heading that says it (a table of contents' entry or a breadcrumb's last step before the
// section's or the page's heading, the title's heading given again in a banner): the
// heading is kept, wherever it lies. A short text that several headings say is a label
// ("Pros" over each product's list) and is kept each time.
//
// Measured from one set of cross-validated block scores (5-fold by site): wcxb-dev's word
// F1 .860 -> .866 (forum .783 -> .807, product .674 -> .687, collection .660 -> .669),
// the news sets' AEB F1 and trafeval-dev's snippet F within .001; every copy dropped,
// whatever its place: .865, but documentation .938 -> .932 and single pages down by up to
// .36 (a shop's grid of products of one description). The short lines' rule (session of
// 2026-11-29, the same scores): wcxb-dev .868 either way (collection .658 -> .659, listing
// .689 -> .690; 143 of its pages lose a line, Kubernetes' "Pods" said three times now once);
// with labels dropped too, .869, but "Pros" left out of all but one product's review.
func (p *Page) dropCopies(kept []bool) {
	for i, j := range p.copies(kept) {
		if j >= 0 {
			kept[i] = false
		}
	}
}

// copies says, for each block, which kept block says the same text in a place of another
// shape and is the one kept of that text (dropCopies' rule), or -1; nil when no block does.
// The one kept of a text is the title's heading when it says it, else, for a text of at
// least copyMinWords words, its first kept block after the title's heading, else its first
// kept block, and for a shorter one the one heading that
// says it, when it is kept (a shorter text that no heading or several headings say is never
// a copy). That block stays kept whatever
// else is dropped, so the answer is the same before dropCopies and after it: a view reads
// it from the final kept blocks to say why a block scored high is left out.
func (p *Page) copies(kept []bool) []int32 {
	var keeper map[string]int32
	keep := func(i int) {
		if keeper == nil {
			keeper = make(map[string]int32)
		}
		keeper[p.Blocks[i].Text] = int32(i)
	}
	tFirst, tEnd := p.TitleBlocks()
	for i := max(tFirst, 0); i < tEnd; i++ {
		if kept[i] {
			keep(i)
		}
	}
	// A short text is said once as a heading when headings[text] is 1: one said by
	// several headings is a label ("Pros" over each product's list), content each time.
	var headings map[string]int
	for i := range p.Blocks {
		if b := &p.Blocks[i]; b.Heading > 0 && b.Words < copyMinWords {
			if headings == nil {
				headings = make(map[string]int)
			}
			headings[b.Text]++
		}
	}
	// The text after the title's heading is read first: a copy before it is a preview (a
	// thread's first post pinned above its title, a teaser in the page's head), and the
	// page's own text follows its title.
	after := max(tEnd, 0)
	for k := range p.Blocks {
		i := (after + k) % len(p.Blocks)
		b := &p.Blocks[i]
		if !kept[i] || (b.Words < copyMinWords && (b.Heading == 0 || headings[b.Text] > 1)) {
			continue
		}
		if _, seen := keeper[b.Text]; !seen {
			keep(i)
		}
	}
	if keeper == nil {
		return nil
	}
	var out []int32
	for i := range p.Blocks {
		j, seen := keeper[p.Blocks[i].Text]
		if !seen || int(j) == i || (i >= tFirst && i < tEnd) || p.sameShape(p.Blocks[j].Owner, p.Blocks[i].Owner) {
			continue
		}
		if out == nil {
			out = make([]int32, len(p.Blocks))
			for k := range out {
				out[k] = -1
			}
		}
		out[i] = j
	}
	return out
}

// sameShape tells whether elements a and b have the same shape (Element.Sig) and so have
// all the elements above them, up to the root.
func (p *Page) sameShape(a, b int32) bool {
	for a >= 0 && b >= 0 {
		if a == b {
			return true
		}
		if p.Elements[a].Sig != p.Elements[b].Sig {
			return false
		}
		a, b = p.Elements[a].Parent, p.Elements[b].Parent
	}
	return a < 0 && b < 0
}

// copyOf is copies' answer for block i (-1 when copies is nil).
func copyOf(copies []int32, i int) int {
	if copies == nil {
		return -1
	}
	return int(copies[i])
}
