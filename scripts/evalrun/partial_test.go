package main

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// A run of some tables, sets or tools, or with runs left out, is partial: it must not
// replace docs/EVALUATION.md unless -o is given.
func TestPartialRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // a substring of partialRun's answer; "" for a whole run
	}{
		{nil, ""},
		{[]string{"--warc", "--peers", "--by-site"}, ""},
		{[]string{"--tables", "crosstime"}, "--tables"},
		{[]string{"--sets", "wcxb-dev", "--skip", "ampl@wcxb-dev"}, "--sets, --skip"},
		{[]string{"--tools", "rtdm", "-o", "x.md"}, "--tools"},
	} {
		fs := flag.NewFlagSet("eval", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		for _, name := range []string{"tables", "sets", "tools", "skip", "o"} {
			fs.String(name, "", "")
		}
		fs.Bool("warc", false, "")
		fs.Bool("peers", false, "")
		fs.Bool("by-site", false, "")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		got := partialRun(fs)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v: partialRun = %q, want %q", c.args, got, c.want)
		}
		if flagGiven(fs, "o") != (len(c.args) > 0 && c.args[len(c.args)-2] == "-o") {
			t.Errorf("%v: flagGiven(o) = %v", c.args, flagGiven(fs, "o"))
		}
	}
}
