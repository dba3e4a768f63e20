package gbdt

import (
	"math"
	"math/rand/v2"
	"testing"
)

// wideData is rows of nf features, some NaN, some repeated values (ties with thresholds),
// and a target mixing several of them, so that trees grow deep and use every feature.
func wideData(n, nf int, seed uint64) *Data {
	rng := rand.New(rand.NewPCG(seed, 3))
	d := &Data{NumFeatures: nf}
	x := make([]float32, nf)
	for i := 0; i < n; i++ {
		for f := range x {
			switch rng.IntN(10) {
			case 0:
				x[f] = float32(math.NaN())
			case 1:
				x[f] = float32(rng.IntN(4))
			default:
				x[f] = rng.Float32()*10 - 5
			}
		}
		y := float32(0)
		if x[0]+x[1]*x[2] > x[3] || x[4] > 4 {
			y = 1
		}
		d.Add(x, y, 1)
	}
	return d
}

// The flat form that Decode builds predicts bit for bit what walking the trees does, on
// rows with NaN and values equal to thresholds.
func TestFlatMarginBitIdentical(t *testing.T) {
	p := DefaultParams
	p.Trees, p.Depth = 62, 6 // not a multiple of 4: margins' last trees are walked one by one
	const nf = 12
	m := Train(wideData(5000, nf, 11), p)
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	got, _, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !got.flat.valid(got) {
		t.Fatal("Decode built no flat form")
	}
	test := wideData(3000, nf, 12)
	for _, tr := range m.Trees { // thresholds themselves, and their neighbours
		for _, n := range tr {
			if n.Feature >= 0 {
				row := make([]float32, nf)
				for _, v := range []float32{n.Threshold, math.Nextafter32(n.Threshold, 100), math.Nextafter32(n.Threshold, -100)} {
					row[n.Feature] = v
					test.Add(row, 0, 1)
				}
			}
		}
	}
	for i := 0; i < test.Rows(); i++ {
		x := test.X[i*nf : (i+1)*nf]
		w, f := m.walkMargin(x), got.Margin(x)
		if math.Float32bits(w) != math.Float32bits(f) || got.walkMargin(x) != w {
			t.Fatalf("row %d: flat margin %v, walked %v", i, f, w)
		}
	}
	// Margins, rows in blocks, gives the same bits, for any number of rows (odd ones and
	// part blocks included).
	for _, n := range []int{0, 1, 2, 3, rowBlock - 1, rowBlock, rowBlock + 1, test.Rows()} {
		ms := got.Margins(test.X[:n*nf], nil)
		if len(ms) != n {
			t.Fatalf("%d rows: %d margins", n, len(ms))
		}
		for i, v := range ms {
			if w := m.walkMargin(test.X[i*nf : (i+1)*nf]); math.Float32bits(v) != math.Float32bits(w) {
				t.Fatalf("%d rows, row %d: Margins %v, walked %v", n, i, v, w)
			}
		}
	}
	// A model changed after decoding is walked again.
	got.Trees = got.Trees[:10]
	if got.flat.valid(got) {
		t.Error("the flat form is still used after Trees changed")
	}
	m.Trees = m.Trees[:10]
	for i, v := range got.Margins(test.X[:5*nf], nil) {
		if w := m.walkMargin(test.X[i*nf : (i+1)*nf]); v != w {
			t.Fatalf("row %d after the change: Margins %v, walked %v", i, v, w)
		}
	}
}

func BenchmarkMargin(b *testing.B) {
	p := DefaultParams
	p.Trees, p.Depth = 200, 6
	const nf = 12
	m := Train(wideData(5000, nf, 11), p)
	enc, _ := m.AppendBinary(nil)
	dec, _, _ := Decode(enc)
	test := wideData(1024, nf, 13)
	for _, c := range []struct {
		name string
		m    func(x []float32) float32
	}{{"walk", m.walkMargin}, {"flat", dec.Margin}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(nf * 4))
			var s float32
			for i := 0; i < b.N; i++ {
				r := i % 1024
				s += c.m(test.X[r*nf : (r+1)*nf])
			}
			_ = s
		})
	}
}
