package main

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/chaffkit/chaff/lib/content"
)

// TestMeanScores checks that several cached score files are averaged block by block in
// log-odds (two runs at .9 and .5 give the odds of 3, a probability of .75), and that a file
// not there is an error rather than a file to write.
func TestMeanScores(t *testing.T) {
	items := []*item{
		{ex: &content.Example{Page: &content.Page{Blocks: make([]content.Block, 2)}}},
		{ex: &content.Example{Page: &content.Page{Blocks: make([]content.Block, 1)}}},
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.scores"), filepath.Join(dir, "b.scores")
	if err := writeScores(a, [][]float32{{0.9, 0.2}, {0.5}}); err != nil {
		t.Fatal(err)
	}
	if err := writeScores(b, [][]float32{{0.5, 0.2}, {0.1}}); err != nil {
		t.Fatal(err)
	}
	got, err := readScores(a+","+b, items)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0.75, 0.2}, {0.25}}
	for i := range want {
		for j, w := range want[i] {
			if math.Abs(float64(got[i][j])-w) > 1e-5 {
				t.Errorf("page %d block %d: %v, want %v", i, j, got[i][j], w)
			}
		}
	}
	if _, err := readScores(a+","+filepath.Join(dir, "none.scores"), items); err == nil {
		t.Error("a missing file among several read without an error")
	}
}
