package cli

import (
	"strings"
	"testing"

	ucli "github.com/urfave/cli/v2"
)

// TestFlagsFirst: flags after file arguments move before them, with their values, for an app
// of commands (the command's flags) and for an app without (score: the app's flags); the
// arguments follow "--", and what came after a "--" stays an argument.
func TestFlagsFirst(t *testing.T) {
	flags := []ucli.Flag{
		&ucli.BoolFlag{Name: "pages"}, &ucli.BoolFlag{Name: "quiet", Aliases: []string{"q"}},
		&ucli.StringFlag{Name: "gold"}, &ucli.StringFlag{Name: "by"},
	}
	flat := &ucli.App{Flags: flags}
	withCommands := &ucli.App{Commands: []*ucli.Command{{Name: "run", Flags: flags}}}
	cases := []struct{ in, want []string }{
		{[]string{"a", "--pages", "b"}, []string{"--pages", "--", "a", "b"}},
		{[]string{"a", "--gold", "g", "b"}, []string{"--gold", "g", "--", "a", "b"}},
		{[]string{"a", "--gold=g", "-q"}, []string{"--gold=g", "-q", "--", "a"}},
		{[]string{"--by", "site", "-", "--", "--pages"}, []string{"--by", "site", "--", "-", "--pages"}},
		{[]string{"a", "--", "b", "--pages"}, []string{"--", "a", "b", "--pages"}},
		{[]string{"--pages"}, []string{"--pages"}},
	}
	for _, c := range cases {
		got := flagsFirst(flat, append([]string{"score"}, c.in...))
		if strings.Join(got[1:], " ") != strings.Join(c.want, " ") {
			t.Errorf("flagsFirst(%q) = %q, want %q", c.in, got[1:], c.want)
		}
		got = flagsFirst(withCommands, append([]string{"tool", "run"}, c.in...))
		if got[1] != "run" || strings.Join(got[2:], " ") != strings.Join(c.want, " ") {
			t.Errorf("flagsFirst(run %q) = %q, want %q", c.in, got[1:], c.want)
		}
	}
	if got := flagsFirst(withCommands, []string{"tool", "nosuch", "a", "--pages"}); strings.Join(got, " ") != "tool nosuch a --pages" {
		t.Errorf("an unknown command's arguments changed: %q", got)
	}
}
