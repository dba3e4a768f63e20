package rtdm

import "math"

// Inf is the infinite cost: a mapping that costs Inf is not allowed.
var Inf = math.Inf(1)

// Costs is a cost model for the edit operations of a mapping from tree a (the left tree, the
// ne-pattern when matching) to tree b. The paper uses three: [Unit] for clustering,
// [Compose] for ne-pattern composition and [Match] for data matching. A Costs value is
// stateless and safe for concurrent use. Costs must be >= 0.
type Costs interface {
	// Identical reports whether the subtrees rooted at a[i] and b[j] are identical (the
	// bottom-up shortcut: they map node by node at cost 0).
	Identical(a *Tree, i int, b *Tree, j int) bool
	// Equal reports whether a[i] and b[j] carry equal labels: mapping them costs nothing and
	// their children may be mapped too.
	Equal(a *Tree, i int, b *Tree, j int) bool
	// Replace is the cost of mapping a[i] to b[j] when their labels differ.
	Replace(a *Tree, i int, b *Tree, j int) float64
	// Delete is the cost of removing the whole subtree rooted at a[i].
	Delete(a *Tree, i int) float64
	// Insert is the cost of inserting the whole subtree rooted at b[j] among the children of
	// a mapped node of a, right after a's child prev (prev < 0: before its first child).
	Insert(a *Tree, prev int, b *Tree, j int) float64
	// DeleteBelow is the cost of removing the descendants of a[i] when a[i] maps to b[j] and
	// no descendant may be mapped (b[j] is a leaf, or the labels differ).
	DeleteBelow(a *Tree, i int, b *Tree, j int) float64
	// InsertBelow is the cost of inserting the descendants of b[j] when a[i] maps to b[j] and
	// no descendant may be mapped (a[i] is a leaf, or the labels differ).
	InsertBelow(a *Tree, i int, b *Tree, j int) float64
}

// Unit is the clustering cost model (section 4.1): every insertion, removal or replacement
// costs 1, replacing a node by an equally labelled one costs 0. Labels are by structure: all
// text nodes are "#text".
type Unit struct{}

// Identical compares subtree hashes by structure.
func (Unit) Identical(a *Tree, i int, b *Tree, j int) bool {
	return a.Nodes[i].shape == b.Nodes[j].shape && a.Nodes[i].Size == b.Nodes[j].Size
}

// Equal compares tags.
func (Unit) Equal(a *Tree, i int, b *Tree, j int) bool { return a.Nodes[i].label == b.Nodes[j].label }

// sizeBounded marks Unit (and Compose) as a sizeBounded model.
func (Unit) sizeBounded() {}

// Replace costs 1.
func (Unit) Replace(a *Tree, i int, b *Tree, j int) float64 { return 1 }

// Delete costs the size of the subtree.
func (Unit) Delete(a *Tree, i int) float64 { return float64(a.Nodes[i].Size) }

// Insert costs the size of the subtree.
func (Unit) Insert(a *Tree, prev int, b *Tree, j int) float64 { return float64(b.Nodes[j].Size) }

// DeleteBelow costs the number of descendants.
func (Unit) DeleteBelow(a *Tree, i int, b *Tree, j int) float64 { return float64(a.Nodes[i].Size - 1) }

// InsertBelow costs the number of descendants.
func (Unit) InsertBelow(a *Tree, i int, b *Tree, j int) float64 { return float64(b.Nodes[j].Size - 1) }

// Compose is the composition cost model (section 4.2): unit costs, labels by content (a text
// node is labelled by its text), and two wildcards are equal when they are of the same type.
type Compose struct{ Unit }

// Identical compares subtree hashes by content.
func (Compose) Identical(a *Tree, i int, b *Tree, j int) bool {
	return a.Nodes[i].content == b.Nodes[j].content && a.Nodes[i].Size == b.Nodes[j].Size
}

// Equal compares labels by content; wildcards are equal when of the same type.
func (Compose) Equal(a *Tree, i int, b *Tree, j int) bool {
	return a.Nodes[i].clabel == b.Nodes[j].clabel
}

// Match is the matching cost model (A)-(H) of section 4.3, from an ne-pattern a to a page b.
// Labels are by content; a wildcard is never equal to anything.
//
//	replace: (A) a is a wildcard: 0; (B) else Inf
//	insert:  (C) an ancestor of b is consumed by a wildcard: 0 (InsertBelow of a wildcard);
//	         (D), (E) the left sibling of b is consumed by a * or +: 0 (the pattern child
//	         right before the insertion point is a * or +); (F) else Inf
//	delete:  (G) a is ? or *: 1; (H) else Inf
type Match struct{}

// Identical compares subtree hashes by content (a subtree with a wildcard is never identical
// to a page subtree).
func (Match) Identical(a *Tree, i int, b *Tree, j int) bool {
	return a.Nodes[i].content == b.Nodes[j].content && a.Nodes[i].Size == b.Nodes[j].Size
}

// Equal compares labels by content; a wildcard equals nothing.
func (Match) Equal(a *Tree, i int, b *Tree, j int) bool {
	return a.Nodes[i].Kind == Plain && a.Nodes[i].clabel == b.Nodes[j].clabel
}

// Replace is (A) and (B).
func (Match) Replace(a *Tree, i int, b *Tree, j int) float64 {
	if a.Nodes[i].Kind != Plain {
		return 0
	}
	return Inf
}

// Delete is (G) and (H).
func (Match) Delete(a *Tree, i int) float64 {
	if a.Nodes[i].Kind.Optional() {
		return 1
	}
	return Inf
}

// Insert is (D), (E) and (F).
func (Match) Insert(a *Tree, prev int, b *Tree, j int) float64 {
	if prev >= 0 && a.Nodes[prev].Kind.Many() {
		return 0
	}
	return Inf
}

// DeleteBelow removes each child subtree of a[i] by (G)/(H).
func (m Match) DeleteBelow(a *Tree, i int, b *Tree, j int) float64 {
	end := i + int(a.Nodes[i].Size)
	s := 0.0
	for c := i + 1; c < end; c += int(a.Nodes[c].Size) {
		s += m.Delete(a, c)
	}
	return s
}

// InsertBelow is (C): free under a wildcard, Inf elsewhere (unless there is nothing below).
func (Match) InsertBelow(a *Tree, i int, b *Tree, j int) float64 {
	if a.Nodes[i].Kind != Plain || b.Nodes[j].Size == 1 {
		return 0
	}
	return Inf
}

// Soft is the matching model with every infinite cost of [Match] made finite (the size of what
// is replaced, removed or inserted), so that a page no pattern accepts still maps onto the
// nearest pattern. Not in the paper: a fallback for pages the patterns do not accept.
type Soft struct{ Match }

// Replace is (A), or 1.
func (Soft) Replace(a *Tree, i int, b *Tree, j int) float64 {
	if a.Nodes[i].Kind != Plain {
		return 0
	}
	return 1
}

// Delete is (G), or the size of the subtree.
func (Soft) Delete(a *Tree, i int) float64 {
	if a.Nodes[i].Kind.Optional() {
		return 1
	}
	return float64(a.Nodes[i].Size)
}

// Insert is (D) and (E), or the size of the subtree.
func (Soft) Insert(a *Tree, prev int, b *Tree, j int) float64 {
	if prev >= 0 && a.Nodes[prev].Kind.Many() {
		return 0
	}
	return float64(b.Nodes[j].Size)
}

// DeleteBelow removes each child subtree of a[i].
func (s Soft) DeleteBelow(a *Tree, i int, b *Tree, j int) float64 {
	end := i + int(a.Nodes[i].Size)
	sum := 0.0
	for c := i + 1; c < end; c += int(a.Nodes[c].Size) {
		sum += s.Delete(a, c)
	}
	return sum
}

// InsertBelow is (C), or the number of descendants.
func (Soft) InsertBelow(a *Tree, i int, b *Tree, j int) float64 {
	if a.Nodes[i].Kind != Plain {
		return 0
	}
	return float64(b.Nodes[j].Size - 1)
}
