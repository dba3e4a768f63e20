package clitest

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// BuildTools builds the named commands (cmd/NAME; every command when none is named) into
// dir, for tests that run the tools as a user does, and stats every file they are built
// from (cmd/, lib/ and scripts/synth, which makes the sample), so that go test's cache,
// which knows only the files a test consults itself, runs the test again when one of them
// changes: the build is a subprocess it does not see, and a cached pass once hid a changed
// content model.
func BuildTools(t *testing.T, dir string, tools ...string) {
	t.Helper()
	root := moduleRoot(t)
	args := []string{"build", "-o", dir + string(filepath.Separator)}
	if len(tools) == 0 {
		args = append(args, "./cmd/...")
	}
	for _, tool := range tools {
		args = append(args, "./cmd/"+tool)
	}
	build := exec.Command("go", args...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	for _, d := range []string{"cmd", "lib", filepath.Join("scripts", "synth")} {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			_, err = os.Stat(path)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// moduleRoot is the directory of the module's go.mod.
func moduleRoot(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		t.Fatalf("no go.mod: %v", err)
	}
	return filepath.Dir(gomod)
}
