// Package site derives the grouping key of a page: pages of one site share
// a template, so every tool learns one model per site.
package site

import (
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/publicsuffix"
)

// Mode says how a page's site key is found.
type Mode string

const (
	// Auto uses the record's "site" field, else the host of its URL.
	Auto Mode = "auto"
	// Host uses the URL's host name (lower case, without port).
	Host Mode = "host"
	// Domain uses the URL's registrable domain (eTLD+1, from the public suffix list).
	Domain Mode = "domain"
	// None puts every page in one set, All (the papers' mixed-site experiments).
	None Mode = "none"
)

// All is the key of every page under None, and of pages with neither site nor URL.
const All = "*"

// Modes lists the accepted modes, for usage messages.
var Modes = []Mode{Auto, Host, Domain, None}

// ParseMode checks a --site-key value.
func ParseMode(s string) (Mode, error) {
	for _, m := range Modes {
		if string(m) == s {
			return m, nil
		}
	}
	return "", fmt.Errorf("unknown site key %q (want auto, host, domain or none)", s)
}

// Key returns the site key of a page with the given site field and URL.
func Key(mode Mode, siteField, rawURL string) string {
	switch mode {
	case None:
		return All
	case Auto:
		if siteField != "" {
			return siteField
		}
		if h := HostOf(rawURL); h != "" {
			return h
		}
	case Host:
		if h := HostOf(rawURL); h != "" {
			return h
		}
	case Domain:
		if d := DomainOf(rawURL); d != "" {
			return d
		}
	}
	if siteField != "" {
		return siteField
	}
	return All
}

// HostOf returns the lower-case host of rawURL without port, or "".
func HostOf(rawURL string) string {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		// Crawls hold URLs net/url refuses (spaces, bad escapes): take the
		// authority by hand.
		s := rawURL
		if i := strings.Index(s, "://"); i >= 0 {
			s = s[i+3:]
		}
		if i := strings.IndexAny(s, "/?#"); i >= 0 {
			s = s[:i]
		}
		if i := strings.LastIndexByte(s, '@'); i >= 0 {
			s = s[i+1:]
		}
		if i := strings.LastIndexByte(s, ':'); i >= 0 && !strings.Contains(s[i:], "]") {
			s = s[:i]
		}
		return strings.ToLower(s)
	}
	return strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
}

// DomainOf returns the registrable domain of rawURL's host (the host itself
// for IP addresses and hosts the public suffix list cannot split).
func DomainOf(rawURL string) string {
	h := HostOf(rawURL)
	if h == "" {
		return ""
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(h)
	if err != nil {
		return h
	}
	return d
}
