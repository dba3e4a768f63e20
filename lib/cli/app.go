package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/hugepage"
	ucli "github.com/urfave/cli/v2"
)

// Run builds the tool's app and runs it on args (args[0] is the program
// name). It returns the exit status and never calls os.Exit.
func Run(tool *Tool, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	status := ExitOK
	common := func(extra ...[]ucli.Flag) []ucli.Flag {
		flags := slices.Concat(InputFlags(), OutputFlags())
		for _, e := range extra {
			flags = append(flags, e...)
		}
		return append(flags, tool.Flags...)
	}
	n := tool.Name
	inputs := "[FILE...] (WARC, ARC, JSON lines or HTML; plain, gzip or zstd; none or - for stdin)"
	examples := map[string][]string{
		"learn": {n + " learn -o models.jsonl.zst crawl.warc.gz", "zstdcat pages.jsonl.zst | " + n + " learn --sample 50 > models.jsonl"},
		"apply": {n + " apply -m models.jsonl.zst crawl.warc.gz | jq -r .text", n + " apply -m models.jsonl.zst --drop-html -o out.jsonl.zst more-pages.jsonl.zst"},
		"run":   {n + " run crawl.warc.gz | jq -r .text", n + " run --drop-html -o out.jsonl.zst pages.jsonl.zst", "find site/ -name '*.html' | xargs " + n + " run --drop-html"},
		"map":   {n + " map crawl.warc.gz | LC_ALL=C sort -s -t$'\\t' -k1,1 -k2,2 | " + n + " run --keyed | cut -f2-", "ls *.warc.gz | " + n + " map --paths > pages.keyed"},
		"show":  {n + " show --id https://example.com/a.html crawl.warc.gz > a.html", n + " show --out-dir views/ pages.jsonl.zst    # then open views/index.html"},
	}
	descriptions := map[string]string{
		"run":   MemoryNote,
		"learn": MemoryNote,
	}
	cmd := func(name, usage, _ string, flags []ucli.Flag, action func(*Env) int) *ucli.Command {
		return &ucli.Command{
			Name: name, Usage: usage, ArgsUsage: inputs, Flags: flags,
			UsageText:   Examples(n+" "+name+" [options] "+inputs, examples[name]...),
			Description: descriptions[name],
			Action: func(c *ucli.Context) error {
				if name == "apply" && c.String(FlagModel) == "" && !c.Bool(FlagKeyed) {
					return usageError{fmt.Errorf("apply needs --model FILE (written by %s learn)", tool.Name)}
				}
				if err := checkFlags(c); err != nil {
					return err
				}
				if name != "map" {
					algo, err := configure(c, tool)
					if err != nil {
						return err
					}
					// Every usage error before Open, which creates the -o file.
					join, err := newContentJoin(c)
					if err != nil {
						return err
					}
					e, err := Open(c, tool)
					if err != nil {
						return err
					}
					e.algo, e.content = algo, join
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
	app := &ucli.App{
		Name:  tool.Name,
		Usage: tool.Usage,
		Description: Examples(n+" learns each site's template from the site's own pages and emits every page with its main content in \"text\", as JSON lines; "+
			"its modes read WARC, ARC, JSON lines with an html member, or HTML files (plain, gzip or zstd). `"+n+" COMMAND --help` has each mode's options and examples.",
			"zstdcat pages.jsonl.zst | "+n+" run | jq -r .text",
			n+" learn -o models.jsonl.zst crawl.warc.gz && "+n+" apply -m models.jsonl.zst crawl.warc.gz > out.jsonl",
			n+" show --out-dir views/ crawl.warc.gz") + "\n\n" + MemoryNote,
		Reader:      stdin,
		Writer:      stdout,
		ErrWriter:   stderr,
		HideVersion: true,
		Commands: []*ucli.Command{
			cmd("learn", "learn one model per site; writes model lines", inputs,
				common(KeyedFlags(), LearnFlags()), runLearn),
			cmd("apply", "extract the content of each page with the models learned before", inputs,
				common(KeyedFlags(), RecordFlags(), ModelFlags(), ContentFlags()), runApply),
			cmd("run", "learn per site and apply in one pass; every page is emitted once", inputs,
				common(KeyedFlags(), LearnFlags(), RecordFlags(), ContentFlags()), runRun),
			cmd("map", "write pages as SITE<TAB>1<TAB>JSON lines for a keyed job (the mapper of docs/SCALE.md)", inputs,
				slices.Concat(InputFlags(), OutputFlags(), []ucli.Flag{
					&ucli.BoolFlag{Name: FlagPaths, Usage: "read the input file names from stdin, one per line (a Hadoop Streaming mapper's input)"},
				}), runMap),
			cmd("show", "write an HTML view of pages with the removed parts greyed", inputs,
				slices.Concat(InputFlags(), []ucli.Flag{outputFileFlag("write the view to `FILE` instead of stdout")}, LearnFlags(), ModelFlags(), ContentFlags(), tool.Flags, []ucli.Flag{
					&ucli.StringFlag{Name: "id", Usage: "show the page with this id (or url)"},
					&ucli.StringFlag{Name: "out-dir", Usage: "write one view per page and an index.html into `DIR`"},
				}), runShow),
		},
	}
	app.Commands = append(app.Commands, tool.Commands...)
	app.CommandNotFound = func(c *ucli.Context, name string) {
		fmt.Fprintf(stderr, "%s: no command %q; see %s --help\n", tool.Name, name, tool.Name)
		status = ExitUsage
	}
	return runCommand(app, args, stderr, &status)
}

// runCommand runs app on args and returns the exit status: the app's help on stderr and
// ExitUsage when no command is given, RunApp's status when it fails, else *status, which
// the command's action set.
func runCommand(app *ucli.App, args []string, stderr io.Writer, status *int) int {
	if len(args) < 2 {
		// No command: the tool's help, on stderr as for any usage error.
		app.Writer = stderr
		addVersion(app)
		app.Run([]string{app.Name, "--help"})
		return ExitUsage
	}
	if st := RunApp(app, args); st != ExitOK {
		return st
	}
	return *status
}

// MemoryNote says what learn and run hold in memory, and how to bound it: their help shows it.
const MemoryNote = "Memory: learn, run and show hold each site's pages until the site has --sample pages (default 200) or the input ends. " +
	"On a dump whose sites have fewer pages than that (unrelated pages, a small crawl) that is the whole input: about twice its HTML, " +
	"and the process about half that again (the tools set the Go runtime's soft memory limit to 1.5 times --max-buffer-bytes plus 64 MiB unless GOMEMLIMIT is set). --max-buffer (pages, default 5000) and --max-buffer-bytes (default 512 MiB) bound what waits: " +
	"past either, the site with the most pages waiting is learned early, with a warning. The models learned are kept for their sites' later pages within --max-models-bytes (default 128 MiB); " +
	"past it the least recently used is let go, and a site seen again is learned again. A lower --sample learns sooner; " +
	"for a dump of unrelated pages use chaff extract, which holds only the pages in flight. Under --keyed, one site at a time is held."

// RunApp runs app on args the way every chaff command runs (Run for the algorithm tools,
// score): usage errors (bad flags or values, UsageError) become one line on stderr naming
// the command and exit status 2, never help on stdout; an error that is a ucli.ExitCoder
// exits with its code (after its message, when it has one); any other error exits 1; flags
// given after file arguments are moved before them. Every app gets --version (-v) and a
// `version` command (Version), and a hidden `man` command writing its manual page. app's
// Writer and ErrWriter must be set; RunApp sets the handlers. It returns ExitOK when the
// action returned no error: the action's own status is the caller's.
func RunApp(app *ucli.App, args []string) int {
	defer startProfiles(app.ErrWriter)()
	hugepage.AdviseHeap(hugepage.HeapBytes)
	tuneGC(gcPercent)
	addVersion(app)
	usage := func(c *ucli.Context, err error, _ bool) error { return usageError{err} }
	app.ExitErrHandler = func(*ucli.Context, error) {}
	app.OnUsageError = usage
	for _, c := range app.Commands {
		c.OnUsageError = usage
	}
	err := app.Run(flagsFirst(app, args))
	var ue usageError
	var ec ucli.ExitCoder
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ue):
		fmt.Fprintf(app.ErrWriter, "%s: %v (see %s --help)\n", app.Name, err, app.Name)
		return ExitUsage
	case errors.As(err, &ec):
		if msg := err.Error(); msg != "" {
			fmt.Fprintf(app.ErrWriter, "%s: %s\n", app.Name, msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintf(app.ErrWriter, "%s: %v\n", app.Name, err)
	return ExitFailure
}

// addVersion gives app its version (--version, -v), a version command and the hidden man
// command, once.
func addVersion(app *ucli.App) {
	if app.Version != "" {
		return
	}
	app.Version, app.HideVersion = Version(), false
	app.Commands = append(app.Commands, versionCommand(), manCommand())
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

// flagsFirst moves the flags given after file arguments before them, so that `tool run
// pages.jsonl --drop-html` and `score preds.jsonl -q` work: urfave/cli stops reading flags at
// the first argument. The flags are the command's when args[1] names one, else the app's
// (score, whose files follow its flags, has commands too: version). A value-taking flag given as "--flag VALUE" keeps its value; the arguments follow
// after "--", so that none is read as a flag, and everything after a "--" given stays an
// argument.
func flagsFirst(app *ucli.App, args []string) []string {
	head, flags := 1, app.Flags
	if len(app.Commands) > 0 && len(args) > 1 {
		var cmd *ucli.Command
		for _, c := range app.Commands {
			if c.HasName(args[1]) {
				cmd = c
			}
		}
		switch {
		case cmd != nil:
			head, flags = 2, cmd.Flags
		case app.Action == nil:
			return args // no such command: urfave says so
		}
	}
	if len(args) <= head {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range flags {
		_, isBool := f.(*ucli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var opts, rest []string
	for i := head; i < len(args); i++ {
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
			opts = append(opts, args[i+1])
			i++
		}
	}
	out := slices.Concat(args[:head], opts)
	if len(rest) > 0 {
		out = append(append(out, "--"), rest...)
	}
	return out
}
