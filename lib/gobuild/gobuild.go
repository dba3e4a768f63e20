// Package gobuild builds the module's commands for tests that run them as a user does, in a
// way go test's cache can see. It imports nothing of the module, so that a test of another
// module (dist/beam) can use it without the toolkit's dependencies.
package gobuild

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Build builds the named commands (root/cmd/NAME; every command when none is named) into dir,
// then reads their sources (Sources).
func Build(root, dir string, tools ...string) error {
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
		return errors.New("go " + strings.Join(args, " ") + ": " + err.Error() + "\n" + string(out))
	}
	return Sources(root)
}

// Sources stats every file the commands are built from (cmd/, lib/ and scripts/synth, which
// makes the sample), so that go test's cache, which knows only the files a test consults
// itself, runs the test again when one of them changes: the build is a subprocess it does
// not see, and a cached pass once hid a changed content model. The cache sees only what a
// test does once m.Run has begun: a TestMain that builds calls Sources again from its tests.
func Sources(root string) error {
	for _, d := range []string{"cmd", "lib", filepath.Join("scripts", "synth")} {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			_, err = os.Stat(path)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// ModuleRoot walks up from dir to the directory whose go.mod declares the chaff module (past
// the go.mod of a module inside it, such as dist/beam's).
func ModuleRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/chaffkit/chaff\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod of github.com/chaffkit/chaff above the working directory")
		}
		dir = parent
	}
}
