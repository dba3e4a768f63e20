package content

import (
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"

	"github.com/chaffkit/chaff/lib/gbdt"
)

// Model is the content model: the weights of class and id tokens and the trees that score
// a block from its features.
type Model struct {
	Tokens  Tokens
	Trees   *gbdt.Model // the first stage: a block from its own features
	Context *gbdt.Model // the second stage: a block among the first stage's scores around it
	// Kinds are the page-kind models, one per kind of PageKinds (see Kind); none in a model
	// file written before them. TextKinds are the weights of the words of a page's short
	// lines for each kind (textHashes), which only they read.
	Kinds     []*gbdt.Model
	TextKinds KindWeights
	// QualityTrees estimate the word F1 of the model's text of a page (Quality); nil in a
	// model file written before it.
	QualityTrees *gbdt.Model
}

// Scores returns the probability that each block of p is main content.
func (m *Model) Scores(p *Page) []float32 {
	s, _, _ := m.predict(p, false)
	return s
}

// Predict returns what the model finds in p: each block's probability of being main content,
// and the page's likeliest kind with its probability (Kind; -1 and 0 when the model has no
// kind models or the page no blocks).
func (m *Model) Predict(p *Page) (scores []float32, kind int, kindP float32) {
	return m.predict(p, true)
}

// predictChunk is how many blocks' feature rows Predict holds at once. A page of more blocks
// is scored a chunk at a time, with the same scores bit for bit (ScoresOf's: each row's
// scores are its own): the rows of both stages take about 600 bytes a block, and a page of
// a million short blocks (a table of a hundred thousand rows, a 50 MB page of paragraphs)
// held them all at once, gigabytes. Across chunks a block keeps its score and the seven
// first-stage features the second stage reads (firstFeatures). Almost every page is one
// chunk (the dev sets' largest has 2,641 blocks).
const predictChunk = 4096

// predict is Predict, and Scores without the kind.
func (m *Model) predict(p *Page, withKind bool) (s []float32, kind int, kindP float32) {
	kind = -1
	n := len(p.Blocks)
	s = make([]float32, n)
	if n == 0 {
		return s, kind, kindP
	}
	rows := p.newFeatureRows(m.Tokens)
	var firsts []firstFeatures
	if m.Context != nil {
		firsts = make([]firstFeatures, n)
	}
	buf, release := pooledBuf()
	defer release()
	for from := 0; from < n; from += predictChunk {
		to := min(from+predictChunk, n)
		x := zeroed(*buf, (to-from)*NumFeatures)
		*buf = x
		rows.fill(from, to, x)
		if from == 0 && withKind {
			kind, kindP = m.Kind(p, x) // it reads the page's features, which every row holds
		}
		m.Trees.Predicts(x, s[from:to])
		if firsts != nil {
			for i := from; i < to; i++ {
				firsts[i] = firstFeaturesOf(x[(i-from)*NumFeatures : (i-from+1)*NumFeatures])
			}
		}
	}
	if m.Context != nil {
		ctx := p.newContextRows(s, firsts)
		s2 := make([]float32, n)
		for from := 0; from < n; from += predictChunk {
			to := min(from+predictChunk, n)
			x := zeroed(*buf, (to-from)*NumContextFeatures)
			*buf = x
			ctx.fill(from, to, x)
			m.Context.Predicts(x, s2[from:to])
		}
		s = s2
	}
	loneBlock(s)
	return s, kind, kindP
}

// floatBufs keeps feature matrices between pages (of *[]float32): a page's matrices (about
// 0.5 KB a block for the two stages) are dead once its scores are out, and allocating them
// afresh for every page was a sixth of the content step's allocations.
var floatBufs sync.Pool

// pooled returns the matrix fill writes into a buffer from floatBufs, and the function that
// gives the buffer back (pooledBuf).
func pooled(fill func(dst []float32) []float32) (x []float32, release func()) {
	buf, release := pooledBuf()
	*buf = fill(*buf)
	return *buf, release
}

// pooledBuf returns a buffer from floatBufs, and the function that gives it back: past 16 MiB
// it is let go, so that the pool does not pin the largest page's matrices for the rest of
// the run.
func pooledBuf() (buf *[]float32, release func()) {
	buf, _ = floatBufs.Get().(*[]float32)
	if buf == nil {
		buf = new([]float32)
	}
	return buf, func() {
		if cap(*buf) <= 4<<20 {
			floatBufs.Put(buf)
		}
	}
}

// ScoresOf returns the scores of the blocks of p from their features x: the second stage's
// when the model has one. A page of one block is its own content (score 1): with nothing
// on the page to weigh it against, the trees, learned from pages of many blocks, say
// little of it (a one-line page came out empty or not as the trees happened to fall).
func (m *Model) ScoresOf(p *Page, x []float32) []float32 {
	s := m.BlockScores(p, x)
	if m.Context != nil {
		s = m.ContextScores(p, x, s)
	}
	loneBlock(s)
	return s
}

// loneBlock makes the only block of a one-block page content (see ScoresOf).
func loneBlock(s []float32) {
	if len(s) == 1 {
		s[0] = 1
	}
}

// BlockScores returns the first stage's scores of the blocks from their features x.
func (m *Model) BlockScores(p *Page, x []float32) []float32 {
	return m.Trees.Predicts(x[:len(p.Blocks)*NumFeatures], nil)
}

// ContextScores returns the second stage's scores from the first stage's features and scores.
func (m *Model) ContextScores(p *Page, x, s []float32) []float32 {
	x2, release := pooled(func(dst []float32) []float32 { return p.ContextFeatures(x, s, dst) })
	defer release()
	return m.Context.Predicts(x2, nil)
}

// modelMagic starts a model file; its last digit is the format version, which changes
// whenever the features change (a model is only valid with the features it was trained on).
const modelMagic = "CHAFFCM4"

// MarshalBinary encodes the model: the magic, the number of features, the tokens (a token
// table: uint32 count, then sorted hash and float32 weight pairs), the trees of both stages
// (lib/gbdt's form) and, when there are any, the number of page-kind models (a byte), their
// trees and TextKinds (uint32 count, then sorted uint64 hashes, each with a float32 weight
// per kind), then the quality model's trees when it has one.
func (m *Model) MarshalBinary() ([]byte, error) {
	b := []byte(modelMagic)
	b = binary.LittleEndian.AppendUint16(b, NumFeatures)
	b = appendTokenTable(b, m.Tokens)
	b, err := m.Trees.AppendBinary(b)
	if err != nil {
		return nil, err
	}
	if b, err = m.Context.AppendBinary(b); err != nil || len(m.Kinds) == 0 && m.QualityTrees == nil {
		return b, err
	}
	b = append(b, byte(len(m.Kinds)))
	for _, k := range m.Kinds {
		if b, err = k.AppendBinary(b); err != nil {
			return nil, err
		}
	}
	if len(m.Kinds) > 0 {
		b = appendKindWeights(b, m.TextKinds)
	}
	if m.QualityTrees != nil {
		return m.QualityTrees.AppendBinary(b)
	}
	return b, nil
}

// UnmarshalBinary decodes a model written by MarshalBinary.
func (m *Model) UnmarshalBinary(b []byte) error {
	if len(b) < len(modelMagic)+6 || string(b[:len(modelMagic)]) != modelMagic {
		return errors.New("content: not a content model of this version")
	}
	b = b[len(modelMagic):]
	if nf := binary.LittleEndian.Uint16(b); nf != NumFeatures {
		return fmt.Errorf("content: the model has %d features, this program %d", nf, NumFeatures)
	}
	var err error
	if m.Tokens, b, err = decodeTokenTable(b[2:]); err != nil {
		return err
	}
	t, rest, err := gbdt.Decode(b)
	if err != nil {
		return err
	}
	c, rest, err := gbdt.Decode(rest)
	if err != nil {
		return err
	}
	if c.NumFeatures != NumContextFeatures {
		return fmt.Errorf("content: the second stage has %d features, this program %d", c.NumFeatures, NumContextFeatures)
	}
	m.Context = c
	if len(rest) > 0 { // the page-kind models
		n := int(rest[0])
		rest = rest[1:]
		if n != len(PageKinds) && n != 0 {
			return fmt.Errorf("content: %d page-kind models, this program has %d kinds", n, len(PageKinds))
		}
		m.Kinds = make([]*gbdt.Model, n)
		for k := range m.Kinds {
			if m.Kinds[k], rest, err = gbdt.Decode(rest); err != nil {
				return err
			}
			if m.Kinds[k].NumFeatures != NumKindFeatures {
				return fmt.Errorf("content: a page-kind model has %d features, this program %d", m.Kinds[k].NumFeatures, NumKindFeatures)
			}
		}
		if n > 0 {
			if m.TextKinds, rest, err = decodeKindWeights(rest); err != nil {
				return err
			}
		}
	}
	if len(rest) > 0 { // the quality model
		if m.QualityTrees, rest, err = gbdt.Decode(rest); err != nil {
			return err
		}
		if m.QualityTrees.NumFeatures != NumQualityFeatures {
			return fmt.Errorf("content: the quality model has %d features, this program %d", m.QualityTrees.NumFeatures, NumQualityFeatures)
		}
	}
	if len(rest) != 0 {
		return errors.New("content: bytes after the model")
	}
	if t.NumFeatures != NumFeatures {
		return fmt.Errorf("content: the trees have %d features, this program %d", t.NumFeatures, NumFeatures)
	}
	m.Trees = t
	return nil
}

// appendTokenTable appends a token table: its length (uint32), then its hashes in increasing
// order, each with its float32 weight.
func appendTokenTable(b []byte, tok Tokens) []byte {
	keys := slices.Sorted(maps.Keys(tok))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(keys)))
	for _, t := range keys {
		b = binary.LittleEndian.AppendUint32(b, t)
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(tok[t]))
	}
	return b
}

// decodeTokenTable reads a table appendTokenTable wrote and returns the bytes after it.
func decodeTokenTable(b []byte) (Tokens, []byte, error) {
	n, b, err := tableLength(b, 8)
	if err != nil {
		return nil, nil, err
	}
	tok := make(Tokens, n)
	for i := uint32(0); i < n; i++ {
		tok[binary.LittleEndian.Uint32(b)] = math.Float32frombits(binary.LittleEndian.Uint32(b[4:]))
		b = b[8:]
	}
	return tok, b, nil
}

// appendKindWeights appends a table of kind weights: its length (uint32), then its hashes in
// increasing order, each with its float32 weight for each kind.
func appendKindWeights(b []byte, kw KindWeights) []byte {
	keys := slices.Sorted(maps.Keys(kw))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(keys)))
	for _, h := range keys {
		b = binary.LittleEndian.AppendUint64(b, h)
		for _, w := range kw[h] {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(w))
		}
	}
	return b
}

// decodeKindWeights reads a table appendKindWeights wrote and returns the bytes after it.
func decodeKindWeights(b []byte) (KindWeights, []byte, error) {
	const entry = 8 + 4*numPageKinds
	n, b, err := tableLength(b, entry)
	if err != nil {
		return nil, nil, err
	}
	kw := make(KindWeights, n)
	for i := uint32(0); i < n; i++ {
		var v [numPageKinds]float32
		for k := range v {
			v[k] = math.Float32frombits(binary.LittleEndian.Uint32(b[8+4*k:]))
		}
		kw[binary.LittleEndian.Uint64(b)] = v
		b = b[entry:]
	}
	return kw, b, nil
}

// tableLength reads a table's length (uint32) and returns it with the bytes after it, or an
// error when fewer bytes follow than its entries of entry bytes need.
func tableLength(b []byte, entry int) (uint32, []byte, error) {
	if len(b) < 4 {
		return 0, nil, errors.New("content: model data cut short")
	}
	n := binary.LittleEndian.Uint32(b)
	if uint64(n)*uint64(entry) > uint64(len(b)-4) {
		return 0, nil, errors.New("content: model data cut short")
	}
	return n, b[4:], nil
}
