// Command chaff-beam runs a chaff tool's learn and apply as an Apache Beam pipeline: the
// keyed contract of docs/SCALE.md on a runner (prism on one machine; Dataflow, Flink or Spark
// on a cluster). The tool binary stays the unit of work: every stage pipes lines through it.
//
//	chaff-beam --tool /usr/local/bin/rtdm --input 'crawl/*.warc.gz' --output out/rtdm \
//	    --sample 200 --shards 16 [--runner prism]
//
// Pipeline: the input files (WARC or JSON lines, any compression, read through Beam's
// filesystems) are each piped through `TOOL map`, giving (site, page) pairs with each page's
// position (file index, line); the --sample pages of each site that come first in input
// order are kept by a combiner (top.SmallestPerKey, so only K pages per site and bundle cross
// the shuffle) and piped through `TOOL learn --keyed`; the model lines are joined with the
// pages by site (CoGroupByKey) and each site's group is piped through `TOOL apply --keyed`;
// the records are written as zstd JSON lines, OUTPUT-SSSSS-of-NNNNN.jsonl.zst. The output
// holds exactly the records of `TOOL run --sample K` on the files in the order given.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

var (
	toolPath  = flag.String("tool", "", "path of the chaff tool binary on the workers (ngramcut, ampl, sstclean, rtdm)")
	input     = flag.String("input", "", "input files or globs, comma-separated (WARC or JSON lines, any compression)")
	inputList = flag.String("input_list", "", "a file listing the input files, one per line (as Common Crawl's warc.paths)")
	output    = flag.String("output", "", "output prefix: PREFIX-SSSSS-of-NNNNN.jsonl.zst")
	shards    = flag.Int("shards", 8, "number of output files")
	sample    = flag.Int("sample", 200, "pages per site to learn from (the tool's --sample)")
	toolFlags = flag.String("tool_flags", "", "extra flags for the tool's learn and apply, space-separated (e.g. --drop-html)")
)

func main() { os.Exit(withScratchTemp(run)) }

func run() int {
	flag.Parse()
	beam.Init()
	ctx := context.Background()
	opts := Options{Tool: *toolPath, Output: *output, Shards: *shards, Sample: *sample, ToolFlags: strings.Fields(*toolFlags)}
	var err error
	if opts.Inputs, err = ExpandInputs(ctx, *input, *inputList); err == nil {
		err = opts.Check()
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "chaff-beam: %v\n", err)
		return 2
	}
	p, s := beam.NewPipelineWithRoot()
	Build(s, opts)
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintf(os.Stderr, "chaff-beam: %v\n", err)
		return 1
	}
	return 0
}
