package metric

import "testing"

func TestCharCounts(t *testing.T) {
	cases := []struct {
		name         string
		length       int
		gold, kept   [][2]int
		want         Chars
		acc, rec, pr float64
	}{
		// bytes 0123456789: gold 2-5, kept 4-7; both 4-5; same = 10 - 4 - 4 + 2*2 = 6.
		{"overlap", 10, [][2]int{{2, 6}}, [][2]int{{4, 8}}, Chars{10, 4, 4, 2}, 0.6, 0.5, 0.5},
		// kept spans unsorted, overlapping, touching and empty: merged to 3-9.
		{"messy kept", 10, [][2]int{{0, 10}}, [][2]int{{5, 8}, {3, 6}, {8, 9}, {0, 0}}, Chars{10, 10, 6, 6}, 0.6, 0.6, 1},
		// the paper's example range string 110001001 as kept, content = first 5 bytes:
		// c = 111110000, r = 110001001: equal at 0,1,5,6 -> 4/9; c&r = 2 of c 5, of r 4.
		{"paper example", 9, [][2]int{{0, 5}}, [][2]int{{0, 2}, {5, 6}, {8, 9}}, Chars{9, 5, 4, 2}, 4.0 / 9, 2.0 / 5, 2.0 / 4},
		{"all kept", 4, [][2]int{{1, 3}}, [][2]int{{0, 4}}, Chars{4, 2, 4, 2}, 0.5, 1, 0.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CharCounts(c.length, c.gold, c.kept)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("counts %+v, want %+v", got, c.want)
			}
			a, _ := got.Accuracy()
			r, _ := got.Recall()
			p, _ := got.Precision()
			if !near(a, c.acc) || !near(r, c.rec) || !near(p, c.pr) {
				t.Errorf("acc %v rec %v prec %v, want %v %v %v", a, r, p, c.acc, c.rec, c.pr)
			}
		})
	}
}

func TestCharCountsPooled(t *testing.T) {
	// The paper's totals count letters over all pages: (x1+x2)/(y1+y2), not a mean of ratios.
	a, _ := CharCounts(10, [][2]int{{0, 10}}, [][2]int{{0, 10}}) // recall 10/10
	b, _ := CharCounts(100, [][2]int{{0, 90}}, nil)              // recall 0/90
	var total Chars
	total.Add(a)
	total.Add(b)
	if r, _ := total.Recall(); !near(r, 10.0/100) {
		t.Errorf("pooled recall %v, want 10/100", r)
	}
	if a, _ := total.Accuracy(); !near(a, 20.0/110) {
		t.Errorf("pooled accuracy %v, want (10+10)/110", a)
	}
	if _, ok := b.Precision(); ok {
		t.Error("precision with nothing kept should be undefined")
	}
	if _, ok := (Chars{}).Accuracy(); ok {
		t.Error("accuracy over no bytes should be undefined")
	}
}

func TestCharCountsBadSpans(t *testing.T) {
	for _, bad := range [][2]int{{-1, 2}, {5, 3}, {0, 11}} {
		if _, err := CharCounts(10, [][2]int{{0, 1}}, [][2]int{bad}); err == nil {
			t.Errorf("kept span %v accepted", bad)
		}
		if _, err := CharCounts(10, [][2]int{bad}, nil); err == nil {
			t.Errorf("gold span %v accepted", bad)
		}
	}
}
