package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
)

// TestUsage: no command, an unknown one or a bad flag is a usage error (2); a missing site
// is an error naming it (1, or 1 when the data is absent).
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"nosuch"}, {"ampl-site", "-bogus"}, {"ampl-site"}} {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 2 || out.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q", args, code, out.String())
		}
	}
	var out, errb bytes.Buffer
	code := run([]string{"ampl-site", "-site", "nosuch.example"}, &out, &errb)
	if code != 1 || (devdata.Dir() != "" && !strings.Contains(errb.String(), `no page of site "nosuch.example"`)) {
		t.Errorf("missing site: exit %d, stderr %q", code, errb.String())
	}
}
