package warc

import (
	"strings"
	"testing"
)

func TestDecodeHTML(t *testing.T) {
	pad := strings.Repeat(" ", 1100)
	cases := []struct {
		name, body, contentType string
		html, charset           string
		source                  CharsetSource
	}{
		{"utf-8 bom", "\xef\xbb\xbf<p>caf\xc3\xa9</p>", "text/html; charset=iso-8859-1", "<p>café</p>", "utf-8", CharsetBOM},
		{"utf-16le bom", "\xff\xfe<\x00p\x00>\x00", "", "<p>", "utf-16le", CharsetBOM},
		{"utf-16be bom", "\xfe\xff\x00<\x00p\x00>", "", "<p>", "utf-16be", CharsetBOM},
		{"http charset", "<p>caf\xe9</p>", "text/html; charset=ISO-8859-1", "<p>café</p>", "windows-1252", CharsetHTTP},
		{"http charset quoted", "<p>\xcf\xf0\xe8</p>", `text/html;charset="windows-1251"`, "<p>При</p>", "windows-1251", CharsetHTTP},
		{"http charset beats meta", `<meta charset="utf-8"><p>caf` + "\xe9", "text/html; charset=latin1", `<meta charset="utf-8"><p>café`, "windows-1252", CharsetHTTP},
		{"unknown http charset falls through", `<meta charset="koi8-r">` + "\xf0", "text/html; charset=bogus", `<meta charset="koi8-r">П`, "koi8-r", CharsetMeta},
		{"meta charset", `<html><head><meta charset="shift_jis">` + "\x93\xfa\x96\x7b", "text/html", `<html><head><meta charset="shift_jis">日本`, "shift_jis", CharsetMeta},
		{"meta charset unquoted", "<META CHARSET=latin1>\x80", "", "<META CHARSET=latin1>€", "windows-1252", CharsetMeta},
		{"meta http-equiv", `<meta http-equiv="Content-Type" content="text/html; charset=gb2312">` + "\xd6\xd0", "", `<meta http-equiv="Content-Type" content="text/html; charset=gb2312">中`, "gbk", CharsetMeta},
		{"meta content after http-equiv order", `<meta content='text/html;charset=euc-kr' http-equiv=content-type>` + "\xb0\xa1", "", `<meta content='text/html;charset=euc-kr' http-equiv=content-type>가`, "euc-kr", CharsetMeta},
		{"meta content without pragma ignored", `<meta content="text/html; charset=koi8-r"><p>caf` + "\xc3\xa9", "", `<meta content="text/html; charset=koi8-r"><p>café`, "utf-8", CharsetUTF8},
		{"meta utf-16 means utf-8", `<meta charset="utf-16">caf` + "\xc3\xa9", "", `<meta charset="utf-16">café`, "utf-8", CharsetMeta},
		{"meta in comment ignored", `<!-- <meta charset="koi8-r"> -->` + "caf\xe9", "", `<!-- <meta charset="koi8-r"> -->café`, "windows-1252", CharsetFallback},
		{"meta in attribute value ignored", `<div title="<meta charset=koi8-r>">` + "caf\xe9", "", `<div title="<meta charset=koi8-r>">café`, "windows-1252", CharsetFallback},
		{"meta after 1024 bytes ignored", pad + `<meta charset="koi8-r">` + "caf\xc3\xa9", "", pad + `<meta charset="koi8-r">café`, "utf-8", CharsetUTF8},
		{"valid utf-8 without label", "<p>caf\xc3\xa9 \xe2\x82\xac</p>", "text/html", "<p>café €</p>", "utf-8", CharsetUTF8},
		{"invalid utf-8 without label is windows-1252", "<p>caf\xe9 \x80 \x81</p>", "", "<p>café € \u0081</p>", "windows-1252", CharsetFallback},
		{"declared utf-8 with invalid bytes", `<meta charset=utf-8>a` + "\xe9b\xe2\x82c\xf0\x9f\x98d\xff\xc0\xafe", "",
			"<meta charset=utf-8>a\uFFFDb\uFFFDc\uFFFDd\uFFFD\uFFFD\uFFFDe", "utf-8", CharsetMeta},
		{"surrogate bytes", `<meta charset=utf-8>` + "\xed\xa0\x80", "", "<meta charset=utf-8>\uFFFD\uFFFD\uFFFD", "utf-8", CharsetMeta},
		{"x-user-defined meta", `<meta charset="x-user-defined">` + "\xe9", "", `<meta charset="x-user-defined">é`, "windows-1252", CharsetMeta},
		{"empty", "", "", "", "utf-8", CharsetUTF8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			html, charset, source := DecodeHTML([]byte(c.body), c.contentType)
			if html != c.html || charset != c.charset || source != c.source {
				t.Errorf("got %q %s %d, want %q %s %d", html, charset, source, c.html, c.charset, c.source)
			}
		})
	}
}

func TestPrescanMeta(t *testing.T) {
	cases := map[string]string{
		`<meta charset="utf-8">`:                                                   "utf-8",
		`<meta/charset=iso-8859-2>`:                                                "iso-8859-2",
		`<meta name=x charset='  koi8-r '>`:                                        "koi8-r",
		`<meta http-equiv=content-type content="charset=">`:                        "",
		`<meta http-equiv=refresh content="charset=koi8-r">`:                       "",
		`<meta charset=bogus><meta charset=koi8-r>`:                                "koi8-r",
		`<meta charset=koi8-r charset=utf-8>`:                                      "koi8-r",
		`<?xml version="1.0" encoding="koi8-r"?><meta charset=utf-8>`:              "utf-8",
		`<!--> <meta charset=koi8-r>`:                                              "koi8-r",
		`<!---> <meta charset=koi8-r> -->`:                                         "koi8-r", // "<!--->" is a whole comment
		`<meta http-equiv="content-type" content="text/html; charset = 'koi8-r'">`: "koi8-r",
		`<meta http-equiv="content-type" content="text/html; charset='koi8-r">`:    "",
		`<metax charset=koi8-r>`:                                                   "",
		`<meta charset="koi8-r`:                                                    "",
		`</meta charset=koi8-r>`:                                                   "",
		`<a href="x"><meta charset=windows-1250>`:                                  "windows-1250",
	}
	for in, want := range cases {
		if got := prescanMeta([]byte(in)); got != want {
			t.Errorf("%s: got %q, want %q", in, got, want)
		}
	}
}

func TestContentTypeCharset(t *testing.T) {
	cases := map[string]string{
		"text/html; charset=UTF-8":             "UTF-8",
		"text/html;charset=\"utf-8\"":          "utf-8",
		"text/html; foo=bar; charset=latin1 ;": "latin1",
		"text/html":                            "",
		"text/html; charsetx=utf-8":            "",
		"text/html; charset = 'koi8-r'":        "koi8-r",
	}
	for in, want := range cases {
		if got := contentTypeCharset(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}
