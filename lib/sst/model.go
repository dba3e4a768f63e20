package sst

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
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
	Pages       int     `json:"pages"`
	Root        *Node   `json:"root"`

	opts Options
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
	// Local lists the locally noisy features of a leaf: base64 of little-endian uint32 hashes.
	Local string `json:"l,omitempty"`

	key     uint64
	leaf    bool
	tag     string
	toks    []uint64
	kidBy   map[uint64]*Node
	styleBy map[uint64]*ModelStyle
	local   map[uint32]struct{}
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
		Similarity: l.opts.Similarity, Rare: l.opts.Rare, Records: l.opts.Records, LinkDensity: l.opts.LinkDensity, Pages: l.pages, opts: l.opts,
	}
	m.Root = simplify(root, l.opts, l.pages)
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
	case e.Meaningful && !hasLocalNoise(e, o):
		n.Mark = markKeep
		return n
	}
	if e.Leaf {
		n.Local = encodeLocal(localNoisy(e, o))
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

// localNoisy returns the sorted locally noisy features of leaf e: entropy >= o.LocalNoise.
func localNoisy(e *Element, o Options) []uint32 {
	if o.LocalNoise <= 0 || e.Pages <= 1 {
		return nil
	}
	var fs []uint32
	for f, st := range e.feats {
		if st.presence(e.Pages) >= o.LocalNoise {
			fs = append(fs, f)
		}
	}
	slices.Sort(fs)
	return fs
}

func hasLocalNoise(e *Element, o Options) bool {
	if o.LocalNoise <= 0 {
		return false
	}
	if e.Leaf {
		if e.Pages <= 1 {
			return false
		}
		for _, st := range e.feats {
			if st.presence(e.Pages) >= o.LocalNoise {
				return true
			}
		}
		return false
	}
	for _, k := range e.kids {
		if hasLocalNoise(k, o) {
			return true
		}
	}
	return false
}

func encodeLocal(fs []uint32) string {
	if len(fs) == 0 {
		return ""
	}
	b := make([]byte, 4*len(fs))
	for i, f := range fs {
		binary.LittleEndian.PutUint32(b[4*i:], f)
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
		LocalNoise: m.LocalNoise, Similarity: m.Similarity, Rare: m.Rare, Records: m.Records, LinkDensity: m.LinkDensity}
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
	return indexNode(m.Root)
}

func indexNode(n *Node) error {
	n.key = hashString(n.Label)
	n.leaf = len(n.Label) >= 5 && n.Label[len(n.Label)-5:] == "/leaf"
	n.tag = labelTag(n.Label)
	n.toks = labelTokens(nil, n.Label)
	if n.Local != "" {
		b, err := base64.StdEncoding.DecodeString(n.Local)
		if err != nil || len(b)%4 != 0 {
			return fmt.Errorf("sst: bad locally noisy features of %q", n.Label)
		}
		n.local = make(map[uint32]struct{}, len(b)/4)
		for i := 0; i < len(b); i += 4 {
			n.local[binary.LittleEndian.Uint32(b[i:])] = struct{}{}
		}
	}
	if len(n.Kids) > 0 {
		n.kidBy = make(map[uint64]*Node, len(n.Kids))
		for _, k := range n.Kids {
			if err := indexNode(k); err != nil {
				return err
			}
			n.kidBy[k.key] = k
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
