package htmltext

import "testing"

func TestFingerprint(t *testing.T) {
	page := `<html><head><title>T</title></head><body><div id="a"><p>Breaking news on 12 May 2013: the river rose.</p><a href="/x?sid=1">Home</a></div></body></html>`
	same := []string{
		page + "<!-- crawled 2026-11-23 -->",
		`<html><head><title>T</title><style>p { margin: 0 }</style></head><body><div id="b" class="c"><p>Breaking news on 3 May 2014: the river rose.</p><a href="/x?sid=2">Home</a></div></body></html>`,
		"<html><head><title>T</title></head>\n<body>\n  <div><p>Breaking news on 12 May 2013:   the river rose.</p>\n<a>Home</a></div><script>var seen = '<p>42</p>';</script></body></html>",
	}
	other := []string{
		`<html><body><div><p>Breaking news on 12 May 2013: the river fell.</p><a href="/x">Home</a></div></body></html>`,
		`<html><head><title>T</title></head><body><div><p>Breaking news on 12 May 2013: the river rose.</p></div></body></html>`,
		`<html><head><title>T</title></head><body><div><p>Breaking news on 12 May 2013: the river rose.</p><a href="/x?sid=1">Home</a><p>More</p></div></body></html>`,
		`<html><body><div><p>Breaking news on May 2013: the river rose.</p><a href="/x">Home</a></div></body></html>`,
	}
	want := Fingerprint(page)
	for _, s := range same {
		if Fingerprint(s) != want {
			t.Errorf("a copy differs: %q", s)
		}
	}
	for _, s := range other {
		if Fingerprint(s) == want {
			t.Errorf("another page is a copy: %q", s)
		}
	}
	a, b := `<html><body><script>one()</script></body></html>`, `<html><body><script>two()</script></body></html>`
	if Fingerprint(a) == Fingerprint(b) {
		t.Error("two pages without visible text are one page")
	}
	// A long text crosses the hashing buffer: a change near its end still counts.
	long := make([]byte, 10000)
	for i := range long {
		long[i] = 'a' + byte(i%26)
	}
	if Fingerprint(string(long)+"x") == Fingerprint(string(long)+"y") {
		t.Error("a change after 4 KB of text is not seen")
	}
}
