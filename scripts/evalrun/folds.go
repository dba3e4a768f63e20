package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/content"
)

// The content model shipped in lib/content/model.bin learned from every page of the five dev
// sets, so what the tools' default (the content join) scores on those pages is in-sample.
// The honest figures come from models that never saw the page's site: scripts/contentmodel
// folds writes fold-F-of-K.bin (trained without the sites of fold F, content.FoldOf) and
// without-SET.bin (trained on the other sets). Training them takes 15-20 minutes of CPU,
// so they are kept in a cache directory named after everything they depend on.

// cvFolds is the number of folds of the cross-validation (the pages of a site are in one).
const cvFolds = 5

// modelSets are the sets the content model learns from (scripts/contentmodel's Sets): the
// data part of the fold models' cache key.
var modelSets = []string{"wcxb-dev", "trafeval-dev", "big9-2005-2013", "dragnet-even", "cleanportaleval"}

// foldModels is a directory of fold and held-out content models.
type foldModels struct {
	Dir          string
	Key          string // the cache key (the directory's name when it is the default one)
	Trees, Ctx   int    // the shipped model's tree counts, which the fold models are trained with
	Regenerate   string // the command that (re)makes them
	TrainedNow   bool   // made by this run (else reused)
	TrainSeconds float64
}

// fold returns the model of fold f (trained without the sites of fold f).
func (m *foldModels) fold(f int) string {
	return filepath.Join(m.Dir, fmt.Sprintf("fold-%d-of-%d.bin", f, cvFolds))
}

// without returns the model trained on every set but set.
func (m *foldModels) without(set string) string {
	return filepath.Join(m.Dir, "without-"+set+".bin")
}

// complete reports whether every model file is in the directory.
func (m *foldModels) complete() bool {
	var want []string
	for f := 0; f < cvFolds; f++ {
		want = append(want, m.fold(f))
	}
	for _, s := range modelSets {
		want = append(want, m.without(s))
	}
	for _, p := range want {
		if st, err := os.Stat(p); err != nil || st.Size() == 0 {
			return false
		}
	}
	return true
}

// shippedTrees reads the tree counts of the shipped model, so that the fold models are
// trained like it whatever the trainer's defaults are (lib/gbdt grows exactly the trees
// asked for: the counts are the -trees and -context-trees the model was made with).
func shippedTrees(root string) (trees, ctx int, err error) {
	b, err := os.ReadFile(filepath.Join(root, "lib", "content", "model.bin"))
	if err != nil {
		return 0, 0, err
	}
	var m content.Model
	if err := m.UnmarshalBinary(b); err != nil {
		return 0, 0, fmt.Errorf("lib/content/model.bin: %v", err)
	}
	if m.Context != nil {
		ctx = len(m.Context.Trees)
	}
	return len(m.Trees.Trees), ctx, nil
}

// foldKey hashes what the fold models depend on: the Go sources (and embedded files, the
// shipped model among them) of scripts/contentmodel and of every package of this module it
// imports, the tree counts, the number of folds, and the names and sizes of the data files.
// Any change to the trainer, the features or the shipped model gives a new key.
func foldKey(root, data string, trees, ctx int) (string, error) {
	cmd := exec.Command("go", "list", "-deps", "-f",
		`{{if not .Standard}}{{.ImportPath}}|{{.Dir}}|{{join .GoFiles ","}}|{{join .EmbedFiles ","}}{{end}}`, "./scripts/contentmodel")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go list ./scripts/contentmodel: %v", err)
	}
	h := sha256.New()
	fmt.Fprintf(h, "trees=%d context=%d folds=%d\n", trees, ctx, cvFolds)
	var files []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 || !strings.HasPrefix(f[0], "github.com/chaffkit/chaff") {
			continue
		}
		for _, list := range f[2:] {
			for _, name := range splitList(list) {
				files = append(files, filepath.Join(f[1], name))
			}
		}
	}
	sort.Strings(files)
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(root, p)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	for _, s := range modelSets {
		st, err := os.Stat(filepath.Join(data, s+".jsonl.zst"))
		if err != nil {
			return "", fmt.Errorf("the content model's data: %v", err)
		}
		fmt.Fprintf(h, "%s %d\n", s, st.Size())
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// defaultFoldCache is where fold models are kept between runs: the user's cache directory
// (shared by the worktrees of one machine), else bin/.
func defaultFoldCache(root string) string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "chaff", "content-folds")
	}
	return filepath.Join(root, "bin", "content-folds")
}

// ensureFoldModels finds the fold models of this tree in dir/KEY, or trains them there
// (with scripts/contentmodel folds, writing into a temporary directory renamed at the end,
// so that an interrupted training leaves nothing a later run would take for complete).
func (e *env) ensureFoldModels(cacheDir string, train bool) (*foldModels, error) {
	trees, ctx, err := shippedTrees(e.root)
	if err != nil {
		return nil, err
	}
	key, err := foldKey(e.root, e.data, trees, ctx)
	if err != nil {
		return nil, err
	}
	if cacheDir == "" {
		cacheDir = defaultFoldCache(e.root)
	}
	m := &foldModels{Dir: filepath.Join(cacheDir, key), Key: key, Trees: trees, Ctx: ctx}
	m.Regenerate = fmt.Sprintf("go run ./scripts/contentmodel folds -o %s -k %d -trees %d -context-trees %d", m.Dir, cvFolds, trees, ctx)
	if m.complete() {
		fmt.Fprintf(e.stderr, "evalrun: content fold models: reusing %s\n", m.Dir)
		return m, nil
	}
	if !train {
		return nil, fmt.Errorf("no fold models in %s (make them with: %s)", m.Dir, m.Regenerate)
	}
	if def, _ := filepath.Abs(filepath.Join(filepath.Dir(e.root), "shared", "data")); !sameDir(def, e.data) {
		return nil, fmt.Errorf("scripts/contentmodel learns only from %s, not --data %s: make the fold models there or run with --cv=false", def, e.data)
	}
	fmt.Fprintf(e.stderr, "evalrun: content fold models: training %d folds and %d held-out sets into %s (15-20 minutes of CPU); by hand: %s\n",
		cvFolds, len(modelSets), m.Dir, m.Regenerate)
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(cacheDir, key+".partial-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(e.bin, "contentmodel")
	b := exec.Command("go", "build", "-o", bin, "./scripts/contentmodel")
	b.Dir = e.root
	b.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if out, err := b.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("scripts/contentmodel does not build: %s", firstLine(string(out)))
	}
	c := exec.Command(bin, "folds", "-o", tmp, "-k", fmt.Sprint(cvFolds), "-trees", fmt.Sprint(trees), "-context-trees", fmt.Sprint(ctx))
	c.Dir = e.root
	c.Stdout, c.Stderr = e.stderr, e.stderr
	start := time.Now()
	if err := c.Run(); err != nil {
		return nil, fmt.Errorf("contentmodel folds: %v", err)
	}
	m.TrainSeconds = time.Since(start).Seconds()
	os.RemoveAll(m.Dir)
	if err := os.Rename(tmp, m.Dir); err != nil {
		return nil, err
	}
	if !m.complete() {
		return nil, fmt.Errorf("contentmodel folds wrote an incomplete set of models into %s", m.Dir)
	}
	m.TrainedNow = true
	return m, nil
}

// sameDir reports whether two paths name the same directory.
func sameDir(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

func firstLine(s string) string {
	return strings.SplitN(strings.TrimSpace(s), "\n", 2)[0]
}
