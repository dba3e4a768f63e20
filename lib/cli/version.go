package cli

import (
	"fmt"
	"reflect"
	"runtime/debug"
	"strings"

	ucli "github.com/urfave/cli/v2"
)

// Version is the version of the running binary, from its build info: the module's version
// (v1.2.3 when installed with `go install ...@v1.2.3`, "(devel)" when built from a checkout),
// then, when the build recorded it, the VCS revision (12 digits), its time and "modified"
// when the checkout had uncommitted changes. Every chaff tool prints it for --version and
// `version`.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build info)"
	}
	return versionOf(info)
}

// versionOf is Version from info.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	set := map[string]string{}
	for _, s := range info.Settings {
		set[s.Key] = s.Value
	}
	rev := set["vcs.revision"]
	if rev == "" {
		return v
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	parts := []string{v, set["vcs"], rev}
	if t := set["vcs.time"]; t != "" {
		parts = append(parts, t)
	}
	if set["vcs.modified"] == "true" {
		parts = append(parts, "modified")
	}
	return strings.Join(slicesCompact(parts), " ")
}

// slicesCompact drops empty strings.
func slicesCompact(s []string) []string {
	out := s[:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return out
}

// versionCommand is `version`: the same line as --version.
func versionCommand() *ucli.Command {
	return &ucli.Command{
		Name:  "version",
		Usage: "print the version (the module's, and the VCS revision it was built from)",
		Action: func(c *ucli.Context) error {
			if c.Args().Present() {
				return usageError{fmt.Errorf("version takes no arguments")}
			}
			ucli.ShowVersion(c)
			return nil
		},
	}
}

// manCommand is the hidden `man`: the tool's manual page (roff, section 1) made from its
// help, for scripts/install-man.sh.
func manCommand() *ucli.Command {
	return &ucli.Command{
		Name:   "man",
		Usage:  "write the manual page (roff) on stdout",
		Hidden: true,
		Action: func(c *ucli.Context) error {
			escapeForMan(c.App)
			page, err := c.App.ToManWithSection(1)
			if err != nil {
				return err
			}
			_, err = fmt.Fprint(c.App.Writer, page)
			return err
		},
	}
}

// escapeForMan escapes the angle brackets of the help texts that the manual page's markdown
// would read as HTML tags and drop ("SITE<TAB>JSON", "<title>"): app and command usages,
// the app's description and the flags' usages. Usage texts of several lines become code
// blocks there, where nothing is read as markdown, and are left as they are. It changes
// app: the man command is all that runs.
func escapeForMan(app *ucli.App) {
	esc := strings.NewReplacer("<", `\<`, ">", `\>`)
	lines := strings.Split(app.Description, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "    ") { // an indented line is code
			lines[i] = esc.Replace(l)
		}
	}
	app.Usage, app.Description = esc.Replace(app.Usage), strings.Join(lines, "\n")
	flags := func(fs []ucli.Flag) {
		for _, f := range fs {
			v := reflect.ValueOf(f)
			if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
				continue
			}
			if u := v.Elem().FieldByName("Usage"); u.IsValid() && u.Kind() == reflect.String && u.CanSet() {
				u.SetString(esc.Replace(u.String()))
			}
		}
	}
	flags(app.Flags)
	for _, c := range app.Commands {
		c.Usage = esc.Replace(c.Usage)
		if !strings.Contains(strings.Trim(c.UsageText, "\n"), "\n") {
			c.UsageText = esc.Replace(c.UsageText)
		}
		flags(c.Flags)
	}
}

// Examples formats a command's usage line followed by examples, for a command's UsageText:
// `tool cmd --help` shows them under USAGE, and the manual page as a block.
func Examples(usage string, examples ...string) string {
	var b strings.Builder
	b.WriteString(usage)
	if len(examples) > 0 {
		b.WriteString("\n\nExamples:\n") // then a blank line and an indent: a code block in the manual page
		for _, e := range examples {
			b.WriteString("\n    " + e)
		}
	}
	return b.String()
}
