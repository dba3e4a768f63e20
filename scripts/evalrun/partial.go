package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// A partial run (some tables, sets or tools; runs left out; only the goal tables) must not
// replace the whole document with a part of it: it prints its tables and leaves the
// document as it is unless -o is given. scripts/eval and scripts/bench share the rule.

// leaveDoc reports whether the run must leave its document doc as it is: one of the flags
// named partial was given, and -o was not. It says so on w.
func leaveDoc(fs *flag.FlagSet, doc string, w io.Writer, partial ...string) bool {
	given := partialFlags(fs, partial...)
	if len(given) == 0 || flagGiven(fs, "o") {
		return false
	}
	fmt.Fprintf(w, "evalrun: a partial run (%s): %s left as it is (-o FILE writes this run's document)\n",
		strings.Join(given, ", "), doc)
	return true
}

// partialFlags returns those of the flags names that were given on the command line (a
// boolean one only when true), as --name.
func partialFlags(fs *flag.FlagSet, names ...string) []string {
	var given []string
	for _, name := range names {
		if f := fs.Lookup(name); flagGiven(fs, name) && !isFalseBool(f) {
			given = append(given, "--"+name)
		}
	}
	return given
}

// isFalseBool reports whether f is a boolean flag set to false.
func isFalseBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag() && f.Value.String() == "false"
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
