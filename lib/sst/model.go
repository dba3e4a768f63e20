package sst

import (
	"cmp"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/chaffkit/chaff/lib/dom"
	"math"
	"slices"
)

// Version is the model format version; Load refuses another.
const Version = 1

// Marks of a model node.
const (
	markNone = 0 // neither noisy nor clean: map its children
	markDrop = 1 // noisy: drop what maps here
	markKeep = 2 // meaningful without locally noisy features below: keep what maps here whole
)

// Model is a learned, simplified site style tree: maximal noisy nodes and meaningful nodes
// with nothing to remove below keep no descendants. Its JSON form (json.Marshal) is the saved
// model. A Model is read-only once loaded and safe for concurrent use.
type Model struct {
	Version     int     `json:"version"`
	Mode        string  `json:"mode"`
	Threshold   float64 `json:"t"`
	Gamma       float64 `json:"gamma"`
	LocalNoise  float64 `json:"local_noise,omitempty"`
	Virtual     bool    `json:"virtual_leaves"`
	Similarity  float64 `json:"similarity"`
	Rare        bool    `json:"rare,omitempty"`
	Records     int     `json:"records,omitempty"`
	LinkDensity float64 `json:"link_density,omitempty"`
	Graded      bool    `json:"graded,omitempty"`
	Global      bool    `json:"global_scoring,omitempty"`
	Smooth      bool    `json:"smooth,omitempty"`
	Repeats     bool    `json:"repeats,omitempty"`
	Pairs       bool    `json:"pairs,omitempty"`
	Pages       int     `json:"pages"`
	Root        *Node   `json:"root"`
	// GlobalFeatures lists the features with their presence entropy over all the sample
	// pages, whatever their place (encoded as Node.Local), for the parts of a page that the
	// tree knows nothing about (Options.Global).
	GlobalFeatures string `json:"global,omitempty"`
	// MaxDepth is how deep ApplyHTML and View parse a page (Options.MaxDepth; not saved:
	// a loaded model has dom.DefaultMaxDepth). Set it before using the model.
	MaxDepth int `json:"-"`

	opts   Options
	global map[uint32]float32
}

// Node is an element node of a Model.
type Node struct {
	Label   string       `json:"k"`
	Pages   int          `json:"m"`
	NodeImp float64      `json:"ni"`
	CompImp float64      `json:"ci"`
	Mark    uint8        `json:"x,omitempty"` // 1 noisy, 2 keep whole
	Kids    []*Node      `json:"c,omitempty"` // ModeMerge: the merged children
	Styles  []ModelStyle `json:"s,omitempty"` // other modes: the style nodes
	// Local lists features of a leaf with their presence entropy over the pages (the locally
	// noisy ones, or with graded scoring all above 0.05): base64 of 5 bytes each, the
	// little-endian uint32 hash of the feature and the entropy in 255ths.
	Local string `json:"l,omitempty"`
	// Repeated lists the block texts of a leaf seen whole on at least two pages (Options.Repeats):
	// base64 of little-endian uint32 hashes.
	Repeated string `json:"r,omitempty"`

	key      uint64
	leaf     bool
	tag      string
	toks     []uint64
	kidBy    map[uint64]*Node
	byTag    map[string][]*Node
	styleBy  map[uint64]*ModelStyle
	local    map[uint32]float32 // feature -> presence entropy
	repeated map[uint32]struct{}
}

// ModelStyle is a style node of a Model: its element nodes and its count.
type ModelStyle struct {
	Count int     `json:"n"`
	Elems []*Node `json:"e"`
}

// Model returns the simplified model of the tree learned so far (scoring it first).
func (l *Learner) Model() *Model {
	root := l.Tree()
	m := &Model{
		Version: Version, Mode: l.opts.Mode.String(), Threshold: l.opts.Threshold,
		Gamma: l.opts.Gamma, LocalNoise: l.opts.LocalNoise, Virtual: l.opts.VirtualLeaves,
		Similarity: l.opts.Similarity, Rare: l.opts.Rare, Records: l.opts.Records, LinkDensity: l.opts.LinkDensity, Graded: l.opts.Graded, Global: l.opts.Global, Smooth: l.opts.Smooth, Repeats: l.opts.Repeats, Pairs: l.opts.Pairs, Pages: l.pages, MaxDepth: l.opts.MaxDepth, opts: l.opts,
	}
	m.Root = simplify(root, l.opts, l.pages)
	if l.opts.Global && l.pages > 1 {
		var fs []featEntropy
		for f, df := range l.global {
			if df > 1 {
				if h := math.Log(float64(df)) / math.Log(float64(l.pages)); h >= entropyFloor {
					fs = append(fs, featEntropy{f, clamp01(h)})
				}
			}
		}
		slices.SortFunc(fs, func(a, b featEntropy) int { return cmp.Compare(a.f, b.f) })
		m.GlobalFeatures = encodeLocal(fs)
	}
	m.index()
	return m
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// simplify turns a scored element into a model node, dropping the descendants of noisy nodes
// and of meaningful nodes with no locally noisy feature below.
func simplify(e *Element, o Options, pages int) *Node {
	n := &Node{Label: e.Label, Pages: e.Pages, NodeImp: round3(e.NodeImp), CompImp: round3(e.CompImp)}
	switch {
	case e.Noisy, o.Rare && pages >= 3 && e.Pages <= 1:
		n.Mark = markDrop
		return n
	case e.Meaningful && !hasLocalNoise(e, o) && !hasRepeats(e):
		n.Mark = markKeep
		return n
	}
	if e.Leaf {
		n.Local = encodeLocal(leafEntropies(e, o))
		n.Repeated = encodeRepeated(e)
		return n
	}
	if o.Mode == ModeMerge {
		for _, k := range e.kids {
			n.Kids = append(n.Kids, simplify(k, o, pages))
		}
		return n
	}
	for _, s := range e.Styles {
		ms := ModelStyle{Count: s.Count}
		for _, k := range s.Elems {
			ms.Elems = append(ms.Elems, simplify(k, o, pages))
		}
		n.Styles = append(n.Styles, ms)
	}
	return n
}

// entropyFloor is the least entropy of a feature stored in a model: features below it count
// as 0 (as features never seen do).
const entropyFloor = 0.05

// featEntropy is a feature of a leaf with its presence entropy over the pages.
type featEntropy struct {
	f uint32
	h float64
}

// leafEntropies returns the features of leaf e whose entropy counts at apply: with graded
// scoring, those at or above entropyFloor; otherwise the locally noisy ones (at or above
// o.LocalNoise). Sorted by feature.
func leafEntropies(e *Element, o Options) []featEntropy {
	if o.LocalNoise <= 0 || e.Pages <= 1 {
		return nil
	}
	min := o.LocalNoise
	if o.Graded {
		min = entropyFloor
	}
	var fs []featEntropy
	for f, st := range e.feats {
		if h := st.presence(e.Pages); h >= min {
			fs = append(fs, featEntropy{f, h})
		}
	}
	slices.SortFunc(fs, func(a, b featEntropy) int { return cmp.Compare(a.f, b.f) })
	return fs
}

func hasLocalNoise(e *Element, o Options) bool {
	if o.LocalNoise <= 0 {
		return false
	}
	if e.Leaf {
		return len(leafEntropies(e, o)) > 0
	}
	for _, k := range e.kids {
		if hasLocalNoise(k, o) {
			return true
		}
	}
	return false
}

// encodeLocal packs the features as 5 bytes each: the little-endian hash, then the entropy
// in 255ths.
func encodeLocal(fs []featEntropy) string {
	if len(fs) == 0 {
		return ""
	}
	b := make([]byte, 5*len(fs))
	for i, f := range fs {
		binary.LittleEndian.PutUint32(b[5*i:], f.f)
		b[5*i+4] = byte(math.Round(f.h * 255))
	}
	return base64.StdEncoding.EncodeToString(b)
}

func repeatedBlocks(e *Element) []uint32 {
	var bs []uint32
	for b, df := range e.blocks {
		if df >= 2 {
			bs = append(bs, b)
		}
	}
	slices.Sort(bs)
	return bs
}

func hasRepeats(e *Element) bool {
	if e.Leaf {
		for _, df := range e.blocks {
			if df >= 2 {
				return true
			}
		}
		return false
	}
	for _, k := range e.kids {
		if hasRepeats(k) {
			return true
		}
	}
	return false
}

func encodeRepeated(e *Element) string {
	bs := repeatedBlocks(e)
	if len(bs) == 0 {
		return ""
	}
	b := make([]byte, 4*len(bs))
	for i, x := range bs {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return base64.StdEncoding.EncodeToString(b)
}

// Load decodes a model saved with json.Marshal.
func Load(raw []byte) (*Model, error) {
	var m Model
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("sst: bad model: %w", err)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("sst: model version %d, this sstclean reads version %d: learn again", m.Version, Version)
	}
	mode, err := ParseMode(m.Mode)
	if err != nil {
		return nil, err
	}
	if m.Root == nil {
		return nil, fmt.Errorf("sst: model has no root")
	}
	m.opts = Options{Mode: mode, Threshold: m.Threshold, Gamma: m.Gamma, VirtualLeaves: m.Virtual,
		LocalNoise: m.LocalNoise, Similarity: m.Similarity, Rare: m.Rare, Records: m.Records, LinkDensity: m.LinkDensity, Graded: m.Graded, Global: m.Global, Smooth: m.Smooth, Repeats: m.Repeats, Pairs: m.Pairs}
	m.MaxDepth = dom.DefaultMaxDepth
	if err := m.opts.validate(); err != nil {
		return nil, err
	}
	if err := m.index(); err != nil {
		return nil, err
	}
	return &m, nil
}

// index fills the lookup maps of the nodes.
func (m *Model) index() error {
	if m.GlobalFeatures != "" {
		var err error
		if m.global, err = decodeLocal(m.GlobalFeatures); err != nil {
			return fmt.Errorf("sst: bad global feature entropies")
		}
	}
	return indexNode(m.Root)
}

func decodeLocal(s string) (map[uint32]float32, error) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil || len(b)%5 != 0 {
		return nil, fmt.Errorf("bad encoding")
	}
	m := make(map[uint32]float32, len(b)/5)
	for i := 0; i < len(b); i += 5 {
		m[binary.LittleEndian.Uint32(b[i:])] = float32(b[i+4]) / 255
	}
	return m, nil
}

func indexNode(n *Node) error {
	n.key = hashString(n.Label)
	n.leaf = len(n.Label) >= 5 && n.Label[len(n.Label)-5:] == "/leaf"
	n.tag = labelTag(n.Label)
	n.toks = labelTokens(nil, n.Label)
	if n.Local != "" {
		var err error
		if n.local, err = decodeLocal(n.Local); err != nil {
			return fmt.Errorf("sst: bad feature entropies of %q", n.Label)
		}
	}
	if n.Repeated != "" {
		b, err := base64.StdEncoding.DecodeString(n.Repeated)
		if err != nil || len(b)%4 != 0 {
			return fmt.Errorf("sst: bad repeated blocks of %q", n.Label)
		}
		n.repeated = make(map[uint32]struct{}, len(b)/4)
		for i := 0; i < len(b); i += 4 {
			n.repeated[binary.LittleEndian.Uint32(b[i:])] = struct{}{}
		}
	}
	if len(n.Kids) > 0 {
		n.kidBy = make(map[uint64]*Node, len(n.Kids))
		n.byTag = make(map[string][]*Node)
		for _, k := range n.Kids {
			if err := indexNode(k); err != nil {
				return err
			}
			n.kidBy[k.key] = k
			n.byTag[k.tag] = append(n.byTag[k.tag], k)
		}
	}
	if len(n.Styles) > 0 {
		n.styleBy = make(map[uint64]*ModelStyle, len(n.Styles))
		for i := range n.Styles {
			s := &n.Styles[i]
			sig := uint64(0x51ed270b)
			for _, e := range s.Elems {
				if err := indexNode(e); err != nil {
					return err
				}
				sig = seqHash(sig, e.key)
			}
			sig = seqHash(sig, uint64(len(s.Elems)))
			for n.styleBy[sig] != nil {
				sig++
			}
			n.styleBy[sig] = s
		}
	}
	return nil
}

// Bytes is about how many bytes the model holds in memory: its nodes with their labels,
// style lists, features and the maps that index them, for a bound on the models a run keeps.
func (m *Model) Bytes() int {
	n := 256 + len(m.GlobalFeatures)
	var walk func(*Node)
	walk = func(x *Node) {
		if x == nil {
			return
		}
		// The node, its maps' entries, and its encoded lists (decoded into maps: about 3x).
		n += 520 + len(x.Label) + 120*(len(x.Kids)+len(x.Styles)) + 3*(len(x.Local)+len(x.Repeated)) + 8*len(x.toks)
		for _, k := range x.Kids {
			walk(k)
		}
		for _, s := range x.Styles {
			for _, e := range s.Elems {
				walk(e)
			}
		}
	}
	walk(m.Root)
	return n
}
