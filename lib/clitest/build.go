package clitest

import (
	"testing"

	"github.com/chaffkit/chaff/lib/gobuild"
)

// BuildTools builds the named commands (every command when none is named) into dir from the
// module above the working directory, for tests that run the tools as a user does
// (gobuild.Build).
func BuildTools(t *testing.T, dir string, tools ...string) {
	t.Helper()
	root, err := gobuild.ModuleRoot(".")
	if err == nil {
		err = gobuild.Build(root, dir, tools...)
	}
	if err != nil {
		t.Fatal(err)
	}
}
