package main

import (
	"strings"

	ucli "github.com/urfave/cli/v2"
)

// flagsFirst moves the options that follow file arguments in front of them, because
// urfave/cli stops parsing options at the first argument ("score preds.jsonl --pages" would
// otherwise read a file named --pages). A value-taking option given as "--gold FILE" keeps
// its value; everything after "--" stays an argument. args[0] is the program name.
func flagsFirst(args []string, flags []ucli.Flag) []string {
	if len(args) < 2 {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*ucli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	opts := []string{args[0]}
	var rest []string
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		opts = append(opts, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if takesValue[name] && i+1 < len(args) {
			i++
			opts = append(opts, args[i])
		}
	}
	if len(rest) > 0 {
		opts = append(opts, "--")
		opts = append(opts, rest...)
	}
	return opts
}
