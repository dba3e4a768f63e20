package rtdm

// ComposeOptions tune ne-pattern generation.
type ComposeOptions struct {
	// MaxGap is the number of non-wildcard siblings that may separate two wildcards that are
	// merged into one variable-size wildcard (the paper: 3). Negative: no gap allowed.
	MaxGap int
	// MergeVariable also treats as a wildcard, when promoting, a plain element whose subtree
	// holds a wildcard and no fixed text (a paragraph p(.) of a news body): runs of such
	// siblings become one + or * wildcard, so that a body of many paragraphs is one passage.
	// Not in the paper; see the package README for the measured effect.
	MergeVariable bool
	// SkipAccepted keeps the pattern unchanged when it already accepts the tree (a
	// composition that satisfies Definition 6 with S3 = S1) instead of composing it.
	SkipAccepted bool
}

// DefaultComposeOptions are the paper's settings plus the measured improvements.
var DefaultComposeOptions = ComposeOptions{MaxGap: 3, MergeVariable: true, SkipAccepted: true}

// f is the composition table of section 4.2 for two mapped nodes; same reports whether two
// plain nodes carry identical labels. The table's "f(., .) = *" entry in the Kleene column is
// read as f(*, .) = * (the column lists f(*, x) for every x).
func f(a, b Kind, same bool) Kind {
	if a == Plain && b == Plain {
		if same {
			return Plain
		}
		return Single
	}
	if a == Plain {
		a, b = b, a
	}
	// a is a wildcard; b is a wildcard or Plain.
	switch {
	case a == Kleene || b == Kleene:
		return Kleene
	case b == Plain:
		return a
	case a == b:
		return a
	case a == Plus || b == Plus:
		if a == Option || b == Option {
			return Kleene
		}
		return Plus
	default: // Single and Option
		return Option
	}
}

// unmappedKind is f(a, ?): the kind a node becomes when it is not in the mapping.
func unmappedKind(a Kind) Kind {
	if a == Plus || a == Kleene {
		return Kleene
	}
	return Option
}

// ComposeTrees returns the ne-pattern p ∘ t (Definition 6): a pattern that accepts every tree
// that p or t accepts. p and t may both be patterns; a tree is a pattern without wildcards.
func ComposeTrees(p, t *Tree, opt ComposeOptions) *Tree {
	if opt.SkipAccepted {
		if d := Distance(p, t, Match{}, Inf); d < Inf {
			return p
		}
	}
	_, m := Map(p, t, Compose{}, Inf)
	ofA := make([]int32, p.Len())
	ofB := make([]int32, t.Len())
	for i := range ofA {
		ofA[i] = -1
	}
	for j := range ofB {
		ofB[j] = -1
	}
	for _, pr := range m {
		ofA[pr.A] = pr.B
		ofB[pr.B] = pr.A
	}
	c := composer{p: p, t: t, ofA: ofA, ofB: ofB}
	if ofA[0] != 0 {
		// Roots are always mapped by Map; keep the guard for safety.
		c.b.Wildcard(Kleene)
	} else {
		c.pair(0, 0)
	}
	raw, err := c.b.Tree()
	if err != nil {
		panic("rtdm: composition built an invalid tree: " + err.Error())
	}
	return Promote(raw, opt)
}

type composer struct {
	p, t     *Tree
	ofA, ofB []int32
	b        Builder
}

func (c *composer) pair(i, j int) {
	p, t := c.p, c.t
	pn, tn := &p.Nodes[i], &t.Nodes[j]
	if (Compose{}).Identical(p, i, t, j) {
		copySubtree(&c.b, p, i)
		return
	}
	same := pn.Kind == Plain && tn.Kind == Plain && pn.clabel == tn.clabel
	bothWild := pn.Kind != Plain && tn.Kind != Plain
	if !same || bothWild {
		c.b.Wildcard(f(pn.Kind, tn.Kind, same))
		return
	}
	c.b.Open(pn.Tag, -1)
	if pn.Tag == TextTag {
		// Equal text leaves are identical; this is reached only for a text node with
		// children, which does not occur.
		c.b.t.Nodes[len(c.b.t.Nodes)-1].Text = pn.Text
	}
	ka := p.Kids(i, nil)
	kb := t.Kids(j, nil)
	x, y := 0, 0
	for x < len(ka) || y < len(kb) {
		for x < len(ka) && c.ofA[ka[x]] < 0 {
			c.b.Wildcard(unmappedKind(p.Nodes[ka[x]].Kind))
			x++
		}
		for y < len(kb) && c.ofB[kb[y]] < 0 {
			c.b.Wildcard(unmappedKind(t.Nodes[kb[y]].Kind))
			y++
		}
		if x < len(ka) && y < len(kb) {
			c.pair(int(ka[x]), int(kb[y]))
			x++
			y++
		}
	}
	c.b.Close()
}

func copySubtree(b *Builder, t *Tree, i int) {
	n := &t.Nodes[i]
	switch {
	case n.Kind != Plain:
		b.Wildcard(n.Kind)
	case n.Tag == TextTag:
		b.Text(n.Text, -1)
	default:
		b.Open(n.Tag, -1)
		end := i + int(n.Size)
		for c := i + 1; c < end; c += int(t.Nodes[c].Size) {
			copySubtree(b, t, c)
		}
		b.Close()
	}
}

// Promote is the promotion post-processing of section 4.2: among the children of a node, a
// run of wildcards separated by at most opt.MaxGap non-wildcard siblings becomes one
// variable-size wildcard that also covers the siblings in between: + when the run's first
// wildcard is a single or a plus, * when it is an option or a Kleene. (The paper describes the
// case "a wildcard followed by option wildcards"; two wildcards with nothing optional between
// them are merged the same way, as its gap rule implies.) With opt.MergeVariable, plain
// elements that hold only variable content ("variable elements") also form runs: at least two
// of one tag, with wildcards and at most MaxGap other siblings between them (so that p p p
// merge, but a heading before them stays apart).
func Promote(t *Tree, opt ComposeOptions) *Tree {
	var b Builder
	variable := make([]bool, t.Len())
	if opt.MergeVariable {
		markVariable(t, variable)
	}
	promote(&b, t, 0, opt, variable)
	out, err := b.Tree()
	if err != nil {
		panic("rtdm: promotion built an invalid tree: " + err.Error())
	}
	return out
}

// markVariable sets v[i] for plain elements whose subtree holds a wildcard and no plain text.
func markVariable(t *Tree, v []bool) {
	// hasWild and hasText by a reverse pre-order sweep (children come after parents).
	hasWild := make([]bool, t.Len())
	hasText := make([]bool, t.Len())
	for i := t.Len() - 1; i >= 0; i-- {
		n := &t.Nodes[i]
		if n.Kind != Plain {
			hasWild[i] = true
		} else if n.Tag == TextTag {
			hasText[i] = true
		}
		if p := n.Parent; p >= 0 {
			hasWild[p] = hasWild[p] || hasWild[i]
			hasText[p] = hasText[p] || hasText[i]
		}
	}
	for i := range v {
		v[i] = t.Nodes[i].Kind == Plain && t.Nodes[i].Tag != TextTag && hasWild[i] && !hasText[i]
	}
}

func promote(b *Builder, t *Tree, i int, opt ComposeOptions, variable []bool) {
	n := &t.Nodes[i]
	switch {
	case n.Kind != Plain:
		b.Wildcard(n.Kind)
		return
	case n.Tag == TextTag:
		b.Text(n.Text, -1)
		return
	}
	b.Open(n.Tag, -1)
	kids := t.Kids(i, nil)
	isWild := func(k int) bool { return t.Nodes[kids[k]].Kind != Plain }
	isVar := func(k int, tag string) bool {
		c := &t.Nodes[kids[k]]
		return c.Kind == Plain && variable[kids[k]] && c.Tag == tag
	}
	for k := 0; k < len(kids); {
		e := k
		switch {
		case isWild(k):
			// The paper's run: wildcards at most MaxGap siblings apart.
			for q := k + 1; q < len(kids) && q-e-1 <= opt.MaxGap; q++ {
				if isWild(q) {
					e = q
				}
			}
		case variable[kids[k]]:
			// A run of at least two variable elements of one tag, with wildcards among them.
			// Before the second one, only fixed siblings may stand between them (a heading
			// between a breadcrumb div and a byline div stays apart).
			tag, n := t.Nodes[kids[k]].Tag, 1
			for q := k + 1; q < len(kids) && q-e-1 <= opt.MaxGap; q++ {
				if isVar(q, tag) {
					e = q
					n++
				} else if isWild(q) {
					e = q
				} else if n < 2 && variable[kids[q]] {
					break
				}
			}
			if n < 2 {
				e = k
			}
		}
		if e == k {
			promote(b, t, int(kids[k]), opt, variable)
			k++
			continue
		}
		first := t.Nodes[kids[k]].Kind
		if first == Option || first == Kleene {
			b.Wildcard(Kleene)
		} else {
			b.Wildcard(Plus)
		}
		k = e + 1
	}
	b.Close()
}

// ComposeAll builds the ne-pattern of a cluster by composing its trees one by one.
func ComposeAll(trees []*Tree, opt ComposeOptions) *Tree {
	if len(trees) == 0 {
		return nil
	}
	p := trees[0]
	for _, t := range trees[1:] {
		p = ComposeTrees(p, t, opt)
	}
	return p
}
