package gbdt

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// xorData is a target no single split can learn: y = (x0 > .5) xor (x1 > .5), with a noise
// feature.
func xorData(n int, seed uint64) *Data {
	rng := rand.New(rand.NewPCG(seed, 2))
	d := &Data{NumFeatures: 3}
	for i := 0; i < n; i++ {
		x := []float32{rng.Float32(), rng.Float32(), rng.Float32()}
		y := float32(0)
		if (x[0] > .5) != (x[1] > .5) {
			y = 1
		}
		d.Add(x, y, 1)
	}
	return d
}

func TestLearnsXOR(t *testing.T) {
	p := DefaultParams
	p.Trees, p.Depth = 30, 3
	m := Train(xorData(4000, 1), p)
	test := xorData(2000, 9)
	wrong := 0
	for i := 0; i < test.Rows(); i++ {
		pr := m.Predict(test.X[i*3 : i*3+3])
		if (pr > .5) != (test.Y[i] > .5) {
			wrong++
		}
	}
	if wrong > 60 {
		t.Errorf("%d of 2000 wrong on XOR", wrong)
	}
	if u := m.Uses(); u[2] > u[0]/2 {
		t.Errorf("the noise feature is used %d times, x0 %d", u[2], u[0])
	}
}

func TestDeterministic(t *testing.T) {
	p := DefaultParams
	p.Trees = 10
	a := Train(xorData(3000, 3), p)
	p.Workers = 1
	b := Train(xorData(3000, 3), p)
	if !reflect.DeepEqual(a, b) {
		t.Error("two trainings on the same data differ (workers 2 and 1)")
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	p := DefaultParams
	p.Trees = 5
	m := Train(xorData(2000, 5), p)
	b, err := m.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	got, rest, err := Decode(append(b, 'x'))
	if err != nil || string(rest) != "x" {
		t.Fatalf("Decode: %v, rest %q", err, rest)
	}
	test := xorData(500, 7)
	for i := 0; i < test.Rows(); i++ {
		x := test.X[i*3 : i*3+3]
		if m.Margin(x) != got.Margin(x) {
			t.Fatalf("row %d: margin %v after decoding, %v before", i, got.Margin(x), m.Margin(x))
		}
	}
	for cut := 0; cut < len(b); cut += 7 {
		if _, _, err := Decode(b[:cut]); err == nil {
			t.Fatalf("Decode of %d of %d bytes: no error", cut, len(b))
		}
	}
}
