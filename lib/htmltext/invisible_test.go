package htmltext

import "testing"

func TestIndexFold(t *testing.T) {
	for _, c := range []struct {
		s, n string
		want int
	}{{"abc</SCRIPT>", "</script", 3}, {"</scrip", "</script", -1}, {"x<y</Style", "</style", 3}, {"", "<", -1}, {"<ſcript", "<script", -1}} {
		if got := IndexFold(c.s, c.n); got != c.want {
			t.Errorf("IndexFold(%q, %q) = %d, want %d", c.s, c.n, got, c.want)
		}
	}
}

func TestNextInvisible(t *testing.T) {
	for _, c := range []struct {
		html       string
		from       int
		start, end int
	}{
		{"<p>a</p>", 0, 8, 8},
		{"a<!-- x -->b", 0, 1, 11},
		{"a<SCRIPT src=x></script >b<style>", 0, 1, 25},
		{"a<SCRIPT src=x></script >b<style>", 2, 26, 33}, // open: to the end
		{"<scripts>x</scripts><styles/>", 0, 29, 29},     // other elements
		{"<script/>x", 0, 0, 10},                         // self-closing is not closed in HTML
		{"<!-- open", 0, 0, 9},
	} {
		if s, e := NextInvisible(c.html, c.from, AllInvisible); s != c.start || e != c.end {
			t.Errorf("NextInvisible(%q, %d) = %d, %d, want %d, %d", c.html, c.from, s, e, c.start, c.end)
		}
	}
	if s, e := NextInvisible("<style>a</style><!--b--><script>c</script>", 0, Comments|Scripts); s != 16 || e != 24 {
		t.Errorf("comments and scripts: %d, %d, want the comment's 16, 24", s, e)
	}
	if s, e := NextInvisible("<style>a</style><!--b--><script>c</script>", 0, Scripts); s != 24 || e != 42 {
		t.Errorf("scripts: %d, %d, want the script's 24, 42", s, e)
	}
}
