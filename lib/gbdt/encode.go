package gbdt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The binary form of a model (little endian):
//
//	"GBDT1" | uint16 features | float32 base | uint32 trees | trees
//
// each tree in pre-order, a node as one byte, 0 for a leaf followed by its float32 value,
// else the feature's number plus one followed by the float32 threshold, then the left and
// the right subtree. A tree of depth 6 takes at most 127 nodes of 5 bytes.
const magic = "GBDT1"

// AppendBinary appends the binary form of m to b.
func (m *Model) AppendBinary(b []byte) ([]byte, error) {
	if m.NumFeatures > 254 {
		return nil, fmt.Errorf("gbdt: %d features: at most 254 can be encoded", m.NumFeatures)
	}
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint16(b, uint16(m.NumFeatures))
	b = binary.LittleEndian.AppendUint32(b, math.Float32bits(m.Base))
	b = binary.LittleEndian.AppendUint32(b, uint32(len(m.Trees)))
	for _, t := range m.Trees {
		b = appendNode(b, t, 0)
	}
	return b, nil
}

func appendNode(b []byte, t Tree, i int32) []byte {
	n := t[i]
	if n.Feature < 0 {
		b = append(b, 0)
		return binary.LittleEndian.AppendUint32(b, math.Float32bits(n.Value))
	}
	b = append(b, byte(n.Feature+1))
	b = binary.LittleEndian.AppendUint32(b, math.Float32bits(n.Threshold))
	b = appendNode(b, t, n.Left)
	return appendNode(b, t, n.Right)
}

var errShort = errors.New("gbdt: model data cut short")

// Decode reads a model from its binary form and returns the bytes after it.
func Decode(b []byte) (*Model, []byte, error) {
	if len(b) < len(magic)+10 || string(b[:len(magic)]) != magic {
		return nil, nil, errors.New("gbdt: not a model (bad magic)")
	}
	b = b[len(magic):]
	m := &Model{NumFeatures: int(binary.LittleEndian.Uint16(b))}
	m.Base = math.Float32frombits(binary.LittleEndian.Uint32(b[2:]))
	n := binary.LittleEndian.Uint32(b[6:])
	b = b[10:]
	if uint64(n) > uint64(len(b))/5 {
		return nil, nil, errShort
	}
	m.Trees = make([]Tree, 0, n)
	for ; n > 0; n-- {
		var t Tree
		var err error
		t, b, err = decodeTree(b, m.NumFeatures)
		if err != nil {
			return nil, nil, err
		}
		m.Trees = append(m.Trees, t)
	}
	m.flat = flatten(m)
	return m, b, nil
}

// decodeTree reads one tree iteratively (no recursion on hostile input).
func decodeTree(b []byte, nf int) (Tree, []byte, error) {
	var t Tree
	type pending struct {
		parent int32
		left   bool
	}
	stack := []pending{{-1, false}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(b) < 5 || len(t) >= 1<<20 {
			return nil, nil, errShort
		}
		idx := int32(len(t))
		f := int(b[0])
		v := math.Float32frombits(binary.LittleEndian.Uint32(b[1:]))
		b = b[5:]
		if f > nf {
			return nil, nil, fmt.Errorf("gbdt: feature %d of a model with %d", f-1, nf)
		}
		if f == 0 {
			t = append(t, Node{Feature: -1, Value: v})
		} else {
			t = append(t, Node{Feature: int16(f - 1), Threshold: v})
			// Right is read after left: push it first.
			stack = append(stack, pending{idx, false}, pending{idx, true})
		}
		if p.parent >= 0 {
			if p.left {
				t[p.parent].Left = idx
			} else {
				t[p.parent].Right = idx
			}
		}
	}
	return t, b, nil
}
