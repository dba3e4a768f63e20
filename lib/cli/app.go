package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	ucli "github.com/urfave/cli/v2"
)

// Run builds the tool's app and runs it on args (args[0] is the program
// name). It returns the exit status and never calls os.Exit.
func Run(tool *Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	status := ExitOK
	usage := func(c *ucli.Context, err error, _ bool) error {
		return usageError{err}
	}
	common := func(extra ...[]ucli.Flag) []ucli.Flag {
		flags := slices.Concat(InputFlags(), OutputFlags())
		for _, e := range extra {
			flags = append(flags, e...)
		}
		return append(flags, tool.Flags...)
	}
	cmd := func(name, usage, argsUsage string, flags []ucli.Flag, action func(*Env) int) *ucli.Command {
		return &ucli.Command{
			Name: name, Usage: usage, ArgsUsage: argsUsage, Flags: flags,
			Action: func(c *ucli.Context) error {
				if name == "apply" && c.String(FlagModel) == "" && !c.Bool(FlagKeyed) {
					return usageError{fmt.Errorf("apply needs --model FILE (written by %s learn)", tool.Name)}
				}
				if name != "map" {
					algo, err := configure(c, tool)
					if err != nil {
						return err
					}
					e, err := Open(c, tool)
					if err != nil {
						return err
					}
					e.algo = algo
					e.recordsOut = name == "run" || name == "apply"
					status = action(e)
					return nil
				}
				e, err := Open(c, tool)
				if err != nil {
					return err
				}
				status = action(e)
				return nil
			},
		}
	}
	inputs := "[FILE...] (WARC, JSON lines or HTML; plain, gzip or zstd; none or - for stdin)"
	app := &ucli.App{
		Name:           tool.Name,
		Usage:          tool.Usage,
		Reader:         stdin,
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*ucli.Context, error) {},
		OnUsageError:   usage,
		HideVersion:    true,
		Commands: []*ucli.Command{
			cmd("learn", "learn one model per site; writes model lines", inputs,
				common(KeyedFlags(), LearnFlags()), runLearn),
			cmd("apply", "extract the content of each page with the models learned before", inputs,
				common(KeyedFlags(), RecordFlags(), ModelFlags()), runApply),
			cmd("run", "learn per site and apply in one pass; every page is emitted once", inputs,
				common(KeyedFlags(), LearnFlags(), RecordFlags()), runRun),
			cmd("map", "write pages as SITE<TAB>1<TAB>JSON lines for a keyed job (the mapper of docs/SCALE.md)", inputs,
				slices.Concat(InputFlags(), OutputFlags(), []ucli.Flag{
					&ucli.BoolFlag{Name: FlagPaths, Usage: "read the input file names from stdin, one per line (a Hadoop Streaming mapper's input)"},
				}), runMap),
			cmd("show", "write an HTML view of pages with the removed parts greyed", inputs,
				slices.Concat(InputFlags(), []ucli.Flag{outputFileFlag("write the view to `FILE` instead of stdout")}, LearnFlags(), ModelFlags(), tool.Flags, []ucli.Flag{
					&ucli.StringFlag{Name: "id", Usage: "show the page with this id (or url)"},
					&ucli.StringFlag{Name: "out-dir", Usage: "write one view per page and an index.html into `DIR`"},
				}), runShow),
		},
	}
	for _, c := range tool.Commands {
		if c.OnUsageError == nil {
			c.OnUsageError = usage
		}
		app.Commands = append(app.Commands, c)
	}
	for _, c := range app.Commands {
		c.OnUsageError = usage
	}
	app.CommandNotFound = func(c *ucli.Context, name string) {
		fmt.Fprintf(stderr, "%s: no command %q; see %s --help\n", tool.Name, name, tool.Name)
		status = ExitUsage
	}
	if len(args) < 2 {
		// No command: the tool's help, on stderr as for any usage error.
		app.Writer = stderr
		app.Run([]string{tool.Name, "--help"})
		return ExitUsage
	}
	err := app.Run(flagsFirst(app, args))
	var ue usageError
	switch {
	case err == nil:
		return status
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "%s: %v (see %s --help)\n", tool.Name, err, tool.Name)
		return ExitUsage
	default:
		var ec ucli.ExitCoder
		if errors.As(err, &ec) {
			if msg := err.Error(); msg != "" {
				fmt.Fprintf(stderr, "%s: %s\n", tool.Name, msg)
			}
			return ec.ExitCode()
		}
		fmt.Fprintf(stderr, "%s: %v\n", tool.Name, err)
		return ExitFailure
	}
}

// configure calls the tool's Configure once, before any input is read; whatever it
// returns wrong is the invocation's fault (exit status 2).
func configure(c *ucli.Context, tool *Tool) (Algorithm, error) {
	algo, err := tool.Configure(c)
	if err != nil {
		var ue usageError
		if !errors.As(err, &ue) {
			err = usageError{err}
		}
		return nil, err
	}
	return algo, nil
}

// UsageError wraps err so that Run reports it with exit status 2.
func UsageError(err error) error { return usageError{err} }

// readPaths reads input names, one per line; blank lines are ignored.
func readPaths(r io.Reader) ([]string, error) {
	var paths []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if p := strings.TrimSpace(sc.Text()); p != "" {
			paths = append(paths, p)
		}
	}
	return paths, sc.Err()
}

// flagsFirst moves a command's flags before its file arguments, so that
// `tool run pages.jsonl --drop-html` works: urfave/cli stops reading flags
// at the first argument. Everything after "--" stays as it is.
func flagsFirst(app *ucli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	var cmd *ucli.Command
	for _, c := range app.Commands {
		if c.HasName(args[1]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*ucli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest = append(rest, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		if takesValue[name] && i+1 < len(args) {
			flags = append(flags, args[i+1])
			i++
		}
	}
	return slices.Concat(args[:2], flags, rest)
}
