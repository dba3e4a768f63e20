package cli

import (
	"runtime/debug"
	"testing"
)

// TestVersionOf: the version line from a build's info: the module's version alone, or with
// the VCS revision (12 digits), its time and "modified" for a checkout with changes.
func TestVersionOf(t *testing.T) {
	for _, c := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{debug.BuildInfo{}, "(devel)"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "d46633d7cf8ca997694026ed3f36ec5dc344fb3f"},
			{Key: "vcs.time", Value: "2026-11-24T17:27:12Z"}, {Key: "vcs.modified", Value: "true"},
		}}, "(devel) git d46633d7cf8c 2026-11-24T17:27:12Z modified"},
		{debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "false"},
		}}, "(devel) git abc"},
	} {
		if got := versionOf(&c.info); got != c.want {
			t.Errorf("versionOf(%+v) = %q, want %q", c.info, got, c.want)
		}
	}
}
