package main

import (
	"bytes"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// A run of some tables, sets or tools, or with runs left out, is partial: it leaves the
// document as it is unless -o is given.
func TestLeaveDoc(t *testing.T) {
	for _, c := range []struct {
		args  []string
		given []string // partialFlags' answer
		leave bool
	}{
		{nil, nil, false},
		{[]string{"--warc", "--peers", "--by-site"}, nil, false},
		{[]string{"--tables", "crosstime"}, []string{"--tables"}, true},
		{[]string{"--sets", "wcxb-dev", "--skip", "ampl@wcxb-dev"}, []string{"--sets", "--skip"}, true},
		{[]string{"--tools", "rtdm", "-o", "x.md"}, []string{"--tools"}, false},
		{[]string{"--goals-only=false"}, nil, false},
		{[]string{"--goals-only"}, []string{"--goals-only"}, true},
	} {
		fs := flag.NewFlagSet("eval", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		for _, name := range []string{"tables", "sets", "tools", "skip", "o"} {
			fs.String(name, "", "")
		}
		for _, name := range []string{"warc", "peers", "by-site", "goals-only"} {
			fs.Bool(name, false, "")
		}
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		partial := []string{"tables", "sets", "tools", "skip", "goals-only"}
		if got := partialFlags(fs, partial...); !slices.Equal(got, c.given) {
			t.Errorf("%v: partialFlags = %q, want %q", c.args, got, c.given)
		}
		var w bytes.Buffer
		if got := leaveDoc(fs, "docs/EVALUATION.md", &w, partial...); got != c.leave {
			t.Errorf("%v: leaveDoc = %v, want %v", c.args, got, c.leave)
		}
		if c.leave != strings.Contains(w.String(), "docs/EVALUATION.md left as it is") {
			t.Errorf("%v: leaveDoc said %q", c.args, w.String())
		}
	}
}
