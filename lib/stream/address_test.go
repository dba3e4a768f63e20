package stream

import "testing"

// TestPageAddress: an HTML file's own address is its canonical link, else its og:url, read
// from the head alone and only when absolute.
func TestPageAddress(t *testing.T) {
	cases := []struct{ name, html, want string }{
		{"canonical", `<html><head><link rel="canonical" href=" https://x.com/a?b=1&amp;c=2 "><meta property="og:url" content="https://og.com/"></head><body>x`, "https://x.com/a?b=1&c=2"},
		{"rel list, upper case", `<LINK REL="Alternate CANONICAL" HREF="HTTP://x.com/b"><p>x`, "HTTP://x.com/b"},
		{"og:url when no canonical", `<meta property="og:url" content="https://og.com/p"><title>t</title><p>x`, "https://og.com/p"},
		{"og:url after a relative canonical", `<link rel=canonical href="/rel"><meta property=og:url content="https://og.com/q">`, "https://og.com/q"},
		{"relative only", `<link rel=canonical href="/rel"><p>x`, ""},
		{"other scheme", `<link rel=canonical href="ftp://x.com/f">`, ""},
		{"in the body", `<html><body><p>text</p><link rel=canonical href="https://late.com/"></body>`, ""},
		{"after text that starts the body", `<title>t</title>some text<link rel=canonical href="https://late.com/">`, ""},
		{"none", `<p>nothing`, ""},
	}
	for _, c := range cases {
		if got := pageAddress(c.html); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

// TestHTMLFileURL: a page read from an HTML file carries the address it gives itself as its
// url (and so its site); one that gives none has no url.
func TestHTMLFileURL(t *testing.T) {
	recs, errs, _ := readAll(t, nil, []byte(`<!doctype html><link rel="canonical" href="https://shop.example/p/1"><p>x`), Options{})
	if len(errs) != 0 || len(recs) != 1 || recs[0].URL != "https://shop.example/p/1" {
		t.Fatalf("errs %v, recs %d, url %q", errs, len(recs), recs[0].URL)
	}
	recs, _, _ = readAll(t, nil, []byte(`<!doctype html><p>x`), Options{})
	if len(recs) != 1 || recs[0].URL != "" {
		t.Fatalf("url %q, want none", recs[0].URL)
	}
}
