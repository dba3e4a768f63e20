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
// The title's heading (TitleBlocks) is never dropped.
//
// Measured from one set of cross-validated block scores (5-fold by site): wcxb-dev's word
// F1 .860 -> .866 (forum .783 -> .807, product .674 -> .687, collection .660 -> .669),
// the news sets' AEB F1 and trafeval-dev's snippet F within .001; every copy dropped,
// whatever its place: .865, but documentation .938 -> .932 and single pages down by up to
// .36 (a shop's grid of products of one description).
func (p *Page) dropCopies(kept []bool) {
	for i, j := range p.copies(kept) {
		if j >= 0 {
			kept[i] = false
		}
	}
}

// copies says, for each block, which kept block before it says the same text in a place of
// another shape (dropCopies' rule: at least copyMinWords words, the title's heading aside),
// or -1; nil when no block does. The first kept block of a text is never a copy, so the
// answer is the same before dropCopies and after it: a view reads it from the final kept
// blocks to say why a block scored high is left out.
func (p *Page) copies(kept []bool) []int32 {
	var first map[string]int32
	var out []int32
	tFirst, tEnd := p.TitleBlocks()
	for i := range p.Blocks {
		b := &p.Blocks[i]
		if b.Words < copyMinWords {
			continue
		}
		j, seen := first[b.Text]
		if !seen {
			if kept[i] {
				if first == nil {
					first = make(map[string]int32)
				}
				first[b.Text] = int32(i)
			}
			continue
		}
		if (i >= tFirst && i < tEnd) || p.sameShape(p.Blocks[j].Owner, b.Owner) {
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
