package metric

import "testing"

func TestCountTableMatch(t *testing.T) {
	var tab countTable
	cases := []struct {
		pred, gold   []uint64
		common, p, g int
	}{
		{nil, nil, 0, 0, 0},
		{[]uint64{1, 2, 3}, nil, 0, 3, 0},
		{nil, []uint64{1, 1}, 0, 0, 2},
		{[]uint64{0, 0, 5}, []uint64{0, 5, 5}, 2, 1, 1}, // the zero hash is an ordinary key
		{[]uint64{7, 7, 7}, []uint64{7}, 1, 2, 0},
		// keys that collide in the low bits probe on
		{[]uint64{16, 32, 48, 16}, []uint64{32, 16, 64, 16, 16}, 3, 1, 2},
	}
	for _, c := range cases {
		common, p, g := tab.match(c.pred, c.gold)
		if common != c.common || p != c.p || g != c.g {
			t.Errorf("match(%v, %v) = %d,%d,%d want %d,%d,%d", c.pred, c.gold, common, p, g, c.common, c.p, c.g)
		}
	}
	// A big table then a small one: reset must forget the old keys.
	big := make([]uint64, 1000)
	for i := range big {
		big[i] = uint64(i)
	}
	tab.match(big, big)
	if common, _, _ := tab.match([]uint64{3}, []uint64{4}); common != 0 {
		t.Error("reset kept keys of the previous page")
	}
}
