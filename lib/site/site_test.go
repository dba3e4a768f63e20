package site

import "testing"

func TestKey(t *testing.T) {
	cases := []struct {
		mode      Mode
		site, url string
		want      string
	}{
		{Auto, "bbc", "http://news.bbc.co.uk/x", "bbc"},
		{Auto, "", "http://News.BBC.co.uk:8080/x", "news.bbc.co.uk"},
		{Host, "bbc", "http://news.bbc.co.uk/x", "news.bbc.co.uk"},
		{Domain, "", "http://news.bbc.co.uk/x", "bbc.co.uk"},
		{Domain, "", "https://www.vulture.com/a b", "vulture.com"},
		{Domain, "", "http://127.0.0.1/x", "127.0.0.1"},
		{None, "bbc", "http://x.com/", All},
		{Auto, "", "", All},
		{Host, "s", "", "s"},
		{Host, "", "http://exa mple.com/%zz", "exa mple.com"},
	}
	for _, c := range cases {
		if got := Key(c.mode, c.site, c.url); got != c.want {
			t.Errorf("Key(%s, %q, %q) = %q, want %q", c.mode, c.site, c.url, got, c.want)
		}
	}
	if _, err := ParseMode("bogus"); err == nil {
		t.Error("ParseMode accepted bogus")
	}
}
