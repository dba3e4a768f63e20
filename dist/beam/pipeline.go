package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/top"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// Options configure the pipeline.
type Options struct {
	Tool      string   // the tool binary, on the workers
	Inputs    []string // input files in input order (it defines which pages a site samples)
	Output    string   // output prefix
	Shards    int      // output files
	Sample    int      // pages per site to learn from
	ToolFlags []string // extra flags for learn and apply
}

// Check reports a missing or impossible option.
func (o Options) Check() error {
	switch {
	case o.Tool == "":
		return errors.New("--tool is required")
	case len(o.Inputs) == 0:
		return errors.New("no input files (--input or --input_list)")
	case o.Output == "":
		return errors.New("--output is required")
	case o.Shards < 1 || o.Sample < 1:
		return errors.New("--shards and --sample must be at least 1")
	}
	return nil
}

// ExpandInputs expands comma-separated globs and the lines of the list file into file
// names, in the order given (each glob's matches sorted).
func ExpandInputs(ctx context.Context, globs, listFile string) ([]string, error) {
	var names []string
	for _, g := range strings.Split(globs, ",") {
		if g = strings.TrimSpace(g); g == "" {
			continue
		}
		fs, err := filesystem.New(ctx, g)
		if err != nil {
			return nil, err
		}
		m, err := fs.List(ctx, g)
		fs.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("%s: no such file", g)
		}
		slices.Sort(m)
		names = append(names, m...)
	}
	if listFile != "" {
		fs, err := filesystem.New(ctx, listFile)
		if err != nil {
			return nil, err
		}
		defer fs.Close()
		r, err := fs.OpenRead(ctx, listFile)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			if l := strings.TrimSpace(sc.Text()); l != "" {
				names = append(names, l)
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// File is an input file and its index in the input order.
type File struct {
	Index int
	Path  string
}

// Page is one mapped page: its record (JSON) and its position in the input, which orders
// a site's pages as `run` reads them.
type Page struct {
	File int   // index of the input file
	N    int64 // line of the page in the file's map output
	JSON string
}

// Before orders pages by position.
func Before(a, b Page) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	return a.N < b.N
}

func init() {
	register.Function2x1(Before)
	register.DoFn4x1[context.Context, File, func(string, Page), func(string, Page), error](&mapFn{})
	register.DoFn4x1[context.Context, string, []Page, func(string, string), error](&learnFn{})
	register.DoFn5x1[context.Context, string, func(*string) bool, func(*Page) bool, func(string), error](&applyFn{})
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeFn{})
	register.Emitter2[string, Page]()
	register.Emitter2[string, string]()
	register.Emitter2[int, string]()
	register.Emitter1[string]()
	register.Iter1[string]()
	register.Iter1[Page]()
}

// Build adds the pipeline to s: map, sample, learn, join, apply, write.
func Build(s beam.Scope, o Options) {
	files := make([]File, len(o.Inputs))
	for i, p := range o.Inputs {
		files[i] = File{Index: i, Path: p}
	}
	col := beam.CreateList(s.Scope("inputs"), files)
	// Every page goes to apply; pages with html are the candidates for the sample, as `run`
	// samples only pages it can learn from.
	pages, learnable := beam.ParDo2(s.Scope("map"), &mapFn{Tool: o.Tool}, col)
	samples := top.SmallestPerKey(s.Scope("sample"), learnable, o.Sample, Before)
	models := beam.ParDo(s.Scope("learn"), &learnFn{Tool: o.Tool, Sample: o.Sample, Flags: o.ToolFlags}, samples)
	joined := beam.CoGroupByKey(s.Scope("join"), models, pages)
	records := beam.ParDo(s.Scope("apply"), &applyFn{Tool: o.Tool, Flags: o.ToolFlags}, joined)
	keyed := beam.ParDo(s.Scope("shard"), &shardFn{Shards: o.Shards}, records)
	beam.ParDo0(s.Scope("write"), &writeFn{Output: o.Output, Shards: o.Shards}, beam.GroupByKey(s, keyed))
}

// shardFn deals records over the output files by a hash of the record.
type shardFn struct{ Shards int }

func (f *shardFn) ProcessElement(rec string, emit func(int, string)) {
	h := fnv.New32a()
	h.Write([]byte(rec))
	emit(int(h.Sum32()%uint32(f.Shards)), rec)
}
