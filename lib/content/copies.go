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
// F1 .860 -> .866 (forum .783 -> .807, product .674 -> .688, collection .660 -> .669),
// the news sets' AEB F1 and trafeval-dev's snippet F within .001; every copy dropped,
// whatever its place: .865, but documentation .938 -> .932 and single pages down by up to
// .36 (a shop's grid of products of one description).
func (p *Page) dropCopies(kept []bool) {
	var first map[string]int32
	tFirst, tEnd := p.TitleBlocks()
	for i, k := range kept {
		b := &p.Blocks[i]
		if !k || b.Words < copyMinWords {
			continue
		}
		if first == nil {
			first = make(map[string]int32)
		}
		j, seen := first[b.Text]
		if !seen {
			first[b.Text] = int32(i)
			continue
		}
		if (i < tFirst || i >= tEnd) && !p.sameShape(p.Blocks[j].Owner, b.Owner) {
			kept[i] = false
		}
	}
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

// CopyOf returns the kept block that block i repeats in a place of another shape, the block
// dropCopies leaves i out for, or -1: for a view, to say why a block the model scored high
// is left out.
func (p *Page) CopyOf(kept []bool, i int) int {
	b := &p.Blocks[i]
	if kept[i] || b.Words < copyMinWords {
		return -1
	}
	for j := range i {
		if kept[j] && p.Blocks[j].Text == b.Text {
			if p.sameShape(p.Blocks[j].Owner, b.Owner) {
				return -1
			}
			return j
		}
	}
	return -1
}
