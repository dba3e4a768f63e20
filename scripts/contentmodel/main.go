// Command contentmodel trains chaff's in-page content model (lib/content) on the dev sets of
// ../shared/data and measures it honestly:
//
//	contentmodel train [-o lib/content/model.bin] [-check]   the shipped model, byte for byte
//	contentmodel cv [-k 5]              k-fold cross-validation, folds split by site (the blocks,
//	                                    and the page kinds where the models are trained)
//	  [-scores F] [-oracle]             scores cached in F (to try selection rules without
//	                                    training again); the labels' own blocks as an oracle
//	  [-seed N] [-sites F]              the trees' row-sampler seed; each fold learned from a
//	                                    share F of its sites drawn by the seed (one bag of a
//	                                    bagged model)
//	  [-sites-of T1,T2]                 -sites draws only the pages of these page types, the
//	                                    rest all learned from: a learning curve of those kinds
//	  [-scores F1,F2,...]               several runs' cached scores averaged in log-odds: the
//	                                    ensemble of their models (bags, or seeds), not trained
//	contentmodel compare -base A1,A2 -new B1,B2
//	                                    two sides' cached cv scores (a run per seed each),
//	                                    set by set: the means, the difference, its 90% interval
//	                                    over draws of the sites, and each side's seed spread
//	contentmodel holdout                trained on the other sets, scored on each set in turn
//	contentmodel folds -o DIR           the models of both schemes, for scripts/eval --content-cv
//	contentmodel titles                 the titles chosen (BestTitle) against the sets' gold titles
//	contentmodel digest                 one hash per set of the shipped model's features, scores
//	                                    and texts, to check that a change leaves them bit for bit
//
// Training is deterministic: `contentmodel train -check` retrains and fails when the result
// differs from the committed lib/content/model.bin by a single byte. Labels come from the
// gold text (lib/content.Label) where a set has one, else from its with/without snippets
// (LabelSnippets). Scores: the WCXB word metric and its snippet rates (wcxb-dev), trafilatura's
// snippet metric (trafeval-dev, by language group), the article-extraction-benchmark shingle
// F1 (the news sets), each from the text the model keeps on pages of sites it never saw.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/dom"
	"github.com/chaffkit/chaff/lib/gbdt"
	"github.com/chaffkit/chaff/lib/gobuild"
	"github.com/chaffkit/chaff/lib/metric"
	"github.com/chaffkit/chaff/lib/mojibake"
)

// Sets are the dev sets the model learns from, in report order.
var Sets = []string{"wcxb-dev", "trafeval-dev", "big9-2005-2013", "dragnet-even", "cleanportaleval"}

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: contentmodel train|cv|compare|holdout|folds|titles|digest [flags] (-h for each)")
		return 2
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "train: the model file (default lib/content/model.bin); folds: the directory")
	check := fs.Bool("check", false, "train: compare with the file instead of writing it; exit 1 when they differ")
	k := fs.Int("k", 5, "cv: folds")
	setList := fs.String("sets", strings.Join(Sets, ","), "the dev sets to learn from")
	trees := fs.Int("trees", content.DefaultTrainOptions.Trees.Trees, "trees of the first stage")
	ctx := fs.Int("context-trees", content.DefaultTrainOptions.ContextTrees, "trees of the second stage (0: none)")
	explain := fs.String("explain", "", "cv: print the blocks of these page ids with their labels and scores")
	inner := fs.Int("inner", content.DefaultTrainOptions.Folds, "folds for the first-stage scores the second stage learns from")
	dump := fs.String("dump", "", "cv: write each page's scores (WCXB word P/R/F1) and its blocks' labels and scores to this JSON-lines file, for error analysis")
	sweep := fs.String("thresholds", "", "cv, holdout: also report the pages at these thresholds (comma-separated), from the same scores")
	oracle := fs.Bool("oracle", false, "cv, holdout: also report the blocks labelled content kept (what the blocks allow at best)")
	kindWeight := fs.Float64("kind-weight", float64(content.DefaultTrainOptions.KindWeight), "the weight in learning of a page of a known kind other than an article, against an article's")
	lambda := fs.Float64("lambda", content.DefaultTrainOptions.Trees.Lambda, "the trees' L2 regularisation of leaf values (a page's blocks weigh 1 in all)")
	learningRate := fs.Float64("learning-rate", content.DefaultTrainOptions.Trees.LearningRate, "the trees' shrinkage of each tree's values")
	bins := fs.Int("bins", content.DefaultTrainOptions.Trees.Bins, "the most bins per feature the trees split at (at most 256)")
	seed := fs.Uint64("seed", content.DefaultTrainOptions.Trees.Seed, "seed of the trees' row sampler (and of -sites)")
	siteShare := fs.Float64("sites", 1, "cv: learn each fold from this share of its sites, drawn by -seed (one bag of a bagged model)")
	sitesOf := fs.String("sites-of", "", "cv: with -sites, draw only the pages of these page types (comma-separated, e.g. collection,listing,product), every other page learned from: a learning curve of some kinds alone")
	kindsOnly := fs.Bool("kinds", false, "cv: learn and report the page-kind models alone (fast: no block trees)")
	minGroups := fs.Int("min-groups", content.DefaultTrainOptions.MinGroups, "the sites a class or id token, or a word of the address, must be seen on to weigh")
	textMinGroups := fs.Int("text-min-groups", content.DefaultTrainOptions.TextMinGroups, "the sites a word of a short line must be seen on to weigh in the page-kind models")
	cache := fs.String("scores", "", "cv, holdout: read every block's score from this file when it exists, else write them there (to try selection rules without training again); several files, comma-separated, are read and averaged in log-odds (an ensemble of their runs' models)")
	baseRuns := fs.String("base", "", "compare: the cached cv scores of the runs of one side (-scores files, one a seed), comma-separated")
	newRuns := fs.String("new", "", "compare: the runs of the other side, as -base")
	boot := fs.Int("boot", 1000, "compare: draws of each set's sites for the difference's interval")
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	if devdata.Dir() == "" {
		fmt.Fprintln(stderr, "contentmodel: ../shared/data is absent: nothing to learn from or measure (the committed model stays)")
		return 0
	}
	ths := []rule{{th: content.Threshold}}
	for _, t := range strings.Split(*sweep, ",") {
		if t == "" {
			continue
		}
		v, err := strconv.ParseFloat(t, 32)
		if err != nil || v <= 0 || v >= 1 {
			fmt.Fprintf(stderr, "contentmodel: -thresholds: %q is not a probability\n", t)
			return 2
		}
		ths = append(ths, rule{th: float32(v)})
	}
	if *oracle {
		ths = append(ths, rule{th: content.Threshold, oracle: true})
	}
	opt := content.DefaultTrainOptions
	opt.Trees.Trees, opt.ContextTrees, opt.Folds = *trees, *ctx, *inner
	opt.Trees.Seed = *seed
	opt.Trees.Lambda, opt.Trees.LearningRate, opt.Trees.Bins = *lambda, *learningRate, *bins
	opt.KindWeight = float32(*kindWeight)
	opt.TextMinGroups = *textMinGroups
	opt.MinGroups = *minGroups
	if *siteShare <= 0 || *siteShare > 1 {
		fmt.Fprintf(stderr, "contentmodel: -sites: %v is not a share in (0, 1]\n", *siteShare)
		return 2
	}
	inBag := bagOf(*siteShare, *seed, *sitesOf)
	if *ctx == 0 {
		opt.Folds = 0
	}
	switch args[0] { // commands checked before the data is read
	case "compare":
		if *baseRuns == "" || *newRuns == "" || *boot < 0 {
			fmt.Fprintln(stderr, "contentmodel: compare needs -base and -new (cached cv scores, comma-separated) and -boot >= 0")
			return 2
		}
	case "train", "cv", "holdout", "folds", "titles":
	case "digest":
		if err := digest(strings.Split(*setList, ","), stdout); err != nil {
			fmt.Fprintf(stderr, "contentmodel: %v\n", err)
			return 1
		}
		return 0
	default:
		fmt.Fprintf(stderr, "contentmodel: no command %q\n", args[0])
		return 2
	}
	start := time.Now()
	items, err := load(strings.Split(*setList, ","), stderr)
	if err != nil {
		fmt.Fprintf(stderr, "contentmodel: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "contentmodel: %d pages, %d blocks read in %.1fs\n", len(items), countBlocks(items), time.Since(start).Seconds())
	switch args[0] {
	case "train":
		err = train(items, opt, *out, *check, stderr)
	case "cv":
		if *kindsOnly {
			err = crossValidateKinds(items, opt, *k, stdout, stderr)
			break
		}
		err = crossValidate(items, opt, *k, inBag, strings.Split(*explain, ","), ths, *dump, *cache, stdout, stderr)
	case "holdout":
		err = holdout(items, opt, ths, *cache, stdout, stderr)
	case "folds":
		err = folds(items, opt, *k, *out, stderr)
	case "titles":
		titles(items, stdout)
	case "compare":
		var base, other [][][]float32
		if base, err = readRuns(*baseRuns, items); err == nil {
			if other, err = readRuns(*newRuns, items); err == nil {
				compareRuns(items, base, other, *boot, stdout)
			}
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "contentmodel: %v\n", err)
		return 1
	}
	fmt.Fprintf(stderr, "contentmodel: %s done in %.0fs\n", args[0], time.Since(start).Seconds())
	return 0
}

// item is one dev page: its example for learning and what scoring needs.
type item struct {
	ex   *content.Example
	page devdata.Page // without its html
	set  string
}

// load reads and segments the sets, two pages at a time.
func load(sets []string, stderr io.Writer) ([]*item, error) {
	var items []*item
	for _, s := range sets {
		ps, err := devdata.Read(s)
		if err != nil {
			return nil, err
		}
		base := len(items)
		items = append(items, make([]*item, len(ps))...)
		var wg sync.WaitGroup
		next := make(chan int)
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					p := ps[i]
					p.HTML, _ = mojibake.Repair(p.HTML) // the page as the tools read it (cli.Env)
					pg := content.Segment(p.HTML, dom.Parse(p.HTML, dom.MaxDepth(dom.DefaultMaxDepth)))
					pg.URL = p.URL
					var labels []float32
					// A page without a gold text is labelled from its snippets alone
					// (trafeval-dev's pages; where it has none, no block is labelled): an
					// empty gold says what the annotators saw of a page its scripts build
					// (wcxb-dev's 19 pages marked spa: IMDb's top 250, a shop's grid), not
					// that its text is boilerplate.
					snippets := p.Gold == ""
					if snippets {
						labels = content.LabelSnippets(pg, p.With, p.Without)
					} else {
						labels = content.Label(pg, p.Gold)
					}
					p.HTML = ""
					ex := content.NewExample(pg, labels, s+"/"+p.Site)
					ex.PerBlock = snippets // as the snippet metric counts them
					ex.Kind = content.KindOf(p.PageType)
					ex.KindLabel = ex.Kind
					if p.PageType == "" && s != "trafeval-dev" { // the news sets: articles
						ex.KindLabel = 0
					}
					items[base+i] = &item{ex: ex, page: p, set: s}
				}
			}()
		}
		for i := range ps {
			next <- i
		}
		close(next)
		wg.Wait()
		runtime.GC()
	}
	return items, nil
}

func countBlocks(items []*item) int {
	n := 0
	for _, it := range items {
		n += len(it.ex.Page.Blocks)
	}
	return n
}

func examples(items []*item, keep func(*item) bool) []*content.Example {
	var out []*content.Example
	for _, it := range items {
		if keep(it) {
			out = append(out, it.ex)
		}
	}
	return out
}

func encode(m *content.Model) []byte {
	b, err := m.MarshalBinary()
	if err != nil {
		panic(err) // only a model of more than 254 features cannot be encoded
	}
	return b
}

// train learns the shipped model from every page and writes it (or checks it).
func train(items []*item, opt content.TrainOptions, out string, check bool, stderr io.Writer) error {
	if out == "" {
		root, err := gobuild.ModuleRoot(".")
		if err != nil {
			return err
		}
		out = filepath.Join(root, "lib", "content", "model.bin")
	}
	b := encode(content.Train(examples(items, func(*item) bool { return true }), opt))
	if check {
		old, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		if !bytes.Equal(old, b) {
			return fmt.Errorf("retrained model (%d bytes) differs from %s (%d bytes): the committed model is not what `contentmodel train` makes", len(b), out, len(old))
		}
		fmt.Fprintf(stderr, "contentmodel: %s is what training makes, byte for byte (%d bytes)\n", out, len(b))
		return nil
	}
	fmt.Fprintf(stderr, "contentmodel: wrote %s (%d bytes)\n", out, len(b))
	return os.WriteFile(out, b, 0o644)
}

// crossValidateKinds finds the kind of every page with kind models that did not learn from
// its site, learned alone (content.TrainKinds), and reports them as cv does.
func crossValidateKinds(items []*item, opt content.TrainOptions, k int, stdout, stderr io.Writer) error {
	if k < 2 {
		return errors.New("-k must be at least 2")
	}
	kinds, kindPs := make([]int, len(items)), make([]float32, len(items))
	for f := 0; f < k; f++ {
		m := content.TrainKinds(examples(items, func(it *item) bool { return content.FoldOf(it.ex.Group, k) != f }), opt)
		for i, it := range items {
			if content.FoldOf(it.ex.Group, k) == f {
				it.ex.Page.TokenFeatures(m.Tokens, it.ex.X)
				kinds[i], kindPs[i] = m.Kind(it.ex.Page, it.ex.X)
			}
		}
	}
	fmt.Fprintf(stdout, "# %d-fold cross-validation of the page-kind models alone, folds split by site\n", k)
	kindReport(items, kinds, kindPs, stdout)
	return nil
}

// crossValidate scores every page with a model that did not learn from its site (each fold's
// model learning from the other folds' sites that inBag keeps).
func crossValidate(items []*item, opt content.TrainOptions, k int, inBag func(it *item) bool, explain []string, ths []rule, dump, cache string, stdout, stderr io.Writer) error {
	if k < 2 {
		return errors.New("-k must be at least 2")
	}
	scores, err := readScores(cache, items)
	if err != nil {
		return err
	}
	cached := scores != nil
	if !cached {
		scores = make([][]float32, len(items))
	}
	kinds, kindPs := make([]int, len(items)), make([]float32, len(items))
	quality := make([]float32, len(items))
	for f := 0; f < k && !cached; f++ {
		t := time.Now()
		m := content.Train(examples(items, func(it *item) bool { return content.FoldOf(it.ex.Group, k) != f && inBag(it) }), opt)
		for i, it := range items {
			if content.FoldOf(it.ex.Group, k) == f {
				scores[i] = score(m, it)
				kinds[i], kindPs[i] = m.Kind(it.ex.Page, it.ex.X)
				quality[i] = m.Quality(it.ex.Page, scores[i])
			}
		}
		fmt.Fprintf(stderr, "contentmodel: fold %d of %d trained and scored in %.0fs\n", f+1, k, time.Since(t).Seconds())
		if f == k-1 {
			if err := writeScores(cache, scores); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(stdout, "# %d-fold cross-validation, folds split by site (a page's site never in its model's training pages)\n\n", k)
	reports(items, scores, ths, stdout)
	if !cached {
		kindReport(items, kinds, kindPs, stdout)
		qualityReport(items, scores, quality, stdout)
	}
	explainPages(items, scores, explain, stdout)
	if dump != "" {
		return dumpPages(items, scores, quality, dump)
	}
	return nil
}

// qualityReport compares each page's quality estimate (Model.Quality, by the fold's model)
// with its WCXB word F1, on the pages with a gold text: how well the estimate ranks the pages
// and how far it is off, and what a pipeline that sends the pages estimated below a bound
// elsewhere would send.
func qualityReport(items []*item, scores [][]float32, quality []float32, w io.Writer) {
	est, val := map[string][]float64{}, map[string][]float64{} // by set, and "all"
	var sets []string
	var sc metric.WordBagScorer
	for i, it := range items {
		q := float64(quality[i])
		if it.page.Gold == "" && it.set != "wcxb-dev" || math.IsNaN(q) {
			continue
		}
		f := sc.Score(it.ex.Page.Render(rule{th: content.Threshold}.keep(it.ex, scores[i])), it.page.Gold).F1
		for _, k := range []string{it.set, "all"} {
			if est[k] == nil {
				sets = append(sets, k)
			}
			est[k], val[k] = append(est[k], q), append(val[k], f)
		}
	}
	fmt.Fprintf(w, "\nQuality estimates (content.quality) against the page's WCXB word F1, pages with a gold text; below .5 / .7: the pages estimated below it, their mean F1 and that of the others, and the share of the pages whose F1 is below it that the bound finds\n\n")
	fmt.Fprintln(w, "| set | pages | Pearson r | Spearman | mean abs error | mean estimate | mean F1 | below .5: pages, F1, others' F1, found | below .7: pages, F1, others' F1, found |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	for _, k := range sets {
		below := func(s metric.Estimates) string {
			return fmt.Sprintf("%d, %.3f, %.3f, %.0f%%", s.Below, s.BelowMean, s.OthersMean, 100*s.Found)
		}
		s5, s7 := metric.CompareEstimates(est[k], val[k], 0.5), metric.CompareEstimates(est[k], val[k], 0.7)
		cells := []string{k, fmt.Sprint(s5.Pages), fmt.Sprintf("%.3f", s5.Pearson), fmt.Sprintf("%.3f", s5.Spearman),
			fmt.Sprintf("%.3f", s5.MAE), fmt.Sprintf("%.3f", s5.MeanEstimate), fmt.Sprintf("%.3f", s5.MeanValue), below(s5), below(s7)}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
}

// dumpPages writes one JSON line a page: its id, set, group, URL, WCXB word scores, quality
// estimate and its blocks (text, words, label or -1 when unlabelled, score), for error
// analysis.
func dumpPages(items []*item, scores [][]float32, quality []float32, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	enc := json.NewEncoder(bw)
	type block struct {
		Text  string  `json:"t"`
		Words int     `json:"w"`
		Label float32 `json:"y"`
		Score float32 `json:"s"`
	}
	type page struct {
		ID, Set, Group, URL string
		P, R, F1            float64
		Quality             *float64 `json:",omitempty"` // the quality estimate, when the folds were trained (not read from -scores)
		Blocks              []block
	}
	var sc metric.WordBagScorer
	for i, it := range items {
		wb := sc.Score(it.ex.Page.Render(rule{th: content.Threshold}.keep(it.ex, scores[i])), it.page.Gold)
		pg := page{ID: it.page.ID, Set: it.set, Group: groupOf(it), URL: it.page.URL, P: wb.P, R: wb.R, F1: wb.F1}
		if q := float64(quality[i]); quality[i] != 0 && !math.IsNaN(q) {
			pg.Quality = &q
		}
		for b, blk := range it.ex.Page.Blocks {
			y := it.ex.Labels[b]
			if y != y {
				y = -1
			}
			pg.Blocks = append(pg.Blocks, block{blk.Text, int(blk.Words), y, scores[i][b]})
		}
		if err := enc.Encode(pg); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// holdout scores each set with a model trained on the others.
func holdout(items []*item, opt content.TrainOptions, ths []rule, cache string, stdout, stderr io.Writer) error {
	scores, err := readScores(cache, items)
	if err != nil {
		return err
	}
	if scores == nil {
		scores = make([][]float32, len(items))
		for _, s := range setsOf(items) {
			t := time.Now()
			m := content.Train(examples(items, func(it *item) bool { return it.set != s }), opt)
			for i, it := range items {
				if it.set == s {
					scores[i] = score(m, it)
				}
			}
			fmt.Fprintf(stderr, "contentmodel: without %s: trained and scored in %.0fs\n", s, time.Since(t).Seconds())
		}
		if err := writeScores(cache, scores); err != nil {
			return err
		}
	}
	fmt.Fprintln(stdout, "# One set held out at a time: each set scored by a model trained on the other sets only")
	fmt.Fprintln(stdout)
	reports(items, scores, ths, stdout)
	return nil
}

// readScores reads the block scores writeScores wrote to path, nil when path is "" or
// absent. They must be of these items, block for block.
func readScores(path string, items []*item) ([][]float32, error) {
	if path == "" {
		return nil, nil
	}
	if paths := strings.Split(path, ","); len(paths) > 1 {
		return meanScores(paths, items)
	}
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	scores := make([][]float32, len(items))
	for i, it := range items {
		n := len(it.ex.Page.Blocks)
		if len(b) < 4*n {
			return nil, fmt.Errorf("%s: not the scores of these pages", path)
		}
		scores[i] = make([]float32, n)
		for j := range scores[i] {
			scores[i][j] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*j:]))
		}
		b = b[4*n:]
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%s: not the scores of these pages", path)
	}
	return scores, nil
}

// meanScores reads the scores cached in each of paths (all must exist) and averages each
// block's scores in log-odds: what an ensemble of the runs' models (bags of sites, or seeds of
// the trees) would score, without training it.
func meanScores(paths []string, items []*item) ([][]float32, error) {
	var sum [][]float64
	for _, p := range paths {
		sc, err := readScores(p, items)
		if err != nil {
			return nil, err
		}
		if sc == nil {
			return nil, fmt.Errorf("%s: no such file (averaged scores are read, never written)", p)
		}
		if sum == nil {
			sum = make([][]float64, len(sc))
			for i := range sc {
				sum[i] = make([]float64, len(sc[i]))
			}
		}
		for i := range sc {
			for j, v := range sc[i] {
				sum[i][j] += float64(gbdt.Logit(v))
			}
		}
	}
	mean := make([][]float32, len(sum))
	for i := range sum {
		mean[i] = make([]float32, len(sum[i]))
		for j, v := range sum[i] {
			mean[i][j] = gbdt.Sigmoid(float32(v / float64(len(paths))))
		}
	}
	return mean, nil
}

// writeScores writes every block's score to path (nothing when path is ""), as float32s.
func writeScores(path string, scores [][]float32) error {
	if path == "" {
		return nil
	}
	var b []byte
	for _, s := range scores {
		for _, v := range s {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return os.WriteFile(path, b, 0o644)
}

// rule is how the blocks of a page are kept: those scored above th, and the title's heading
// (as content.Page.Select keeps them).
type rule struct {
	th     float32
	oracle bool // the labels in place of the scores: what the blocks allow at best
}

func (r rule) String() string {
	if r.oracle {
		return fmt.Sprintf("labelled above %.2f (an oracle: the gold's own blocks)", r.th)
	}
	return fmt.Sprintf("above %.2f", r.th)
}

// keep returns the blocks kept by r.
func (r rule) keep(ex *content.Example, s []float32) []bool {
	if r.oracle {
		s = ex.Labels // NaN (unlabelled) is never above th
	}
	if !r.oracle {
		return ex.Page.Keep(s, r.th) // as Select keeps them
	}
	kept := make([]bool, len(s))
	for b, v := range s {
		kept[b] = v > r.th
	}
	return kept
}

// folds writes the models of both schemes: fold-F.bin (k folds by site, FoldOf) and
// without-SET.bin, for an evaluation of the tools that never uses a model on pages it learned.
func folds(items []*item, opt content.TrainOptions, k int, dir string, stderr io.Writer) error {
	if dir == "" {
		return errors.New("folds needs -o DIR")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	write := func(name string, keep func(*item) bool) error {
		t := time.Now()
		b := encode(content.Train(examples(items, keep), opt))
		fmt.Fprintf(stderr, "contentmodel: %s in %.0fs\n", name, time.Since(t).Seconds())
		return os.WriteFile(filepath.Join(dir, name), b, 0o644)
	}
	for f := 0; f < k; f++ {
		if err := write(fmt.Sprintf("fold-%d-of-%d.bin", f, k), func(it *item) bool { return content.FoldOf(it.ex.Group, k) != f }); err != nil {
			return err
		}
	}
	for _, s := range setsOf(items) {
		if err := write("without-"+s+".bin", func(it *item) bool { return it.set != s }); err != nil {
			return err
		}
	}
	return nil
}

func setsOf(items []*item) []string {
	var sets []string
	for _, it := range items {
		if len(sets) == 0 || sets[len(sets)-1] != it.set {
			sets = append(sets, it.set)
		}
	}
	return sets
}

// score runs model m on an item's page (its features computed with m's tokens).
func score(m *content.Model, it *item) []float32 {
	it.ex.Page.TokenFeatures(m.Tokens, it.ex.X)
	return m.ScoresOf(it.ex.Page, it.ex.X)
}

// groupOf is the report group of a page beside its set: the page type (wcxb-dev) or the
// language group (trafeval-dev: German, English, other).
func groupOf(it *item) string {
	switch it.set {
	case "wcxb-dev":
		return it.page.PageType
	case "trafeval-dev":
		switch it.page.Lang {
		case "de", "en":
			return it.page.Lang
		}
		return "other"
	}
	return ""
}

// reports prints the table of report at each threshold, the model's own first.
func reports(items []*item, scores [][]float32, ths []rule, w io.Writer) {
	for i, th := range ths {
		if i > 0 {
			fmt.Fprintf(w, "\nBlocks kept %s (the model keeps those above %.2f):\n\n", th, content.Threshold)
		}
		report(items, scores, th, w)
	}
}

// report prints one table row per set and group with the set's own metrics, the blocks
// scored above th kept.
func report(items []*item, scores [][]float32, th rule, w io.Writer) {
	type acc struct {
		words metric.WordBags
		snip  metric.Snippets
		aeb   metric.Summary
		pages int
	}
	rows := map[string]*acc{}
	var keys []string
	get := func(k string) *acc {
		if rows[k] == nil {
			rows[k] = &acc{}
			keys = append(keys, k)
		}
		return rows[k]
	}
	for i, ps := range scorePages(items, scores, th) {
		it := items[i]
		for _, k := range groupKeys(it) {
			a := get(k)
			a.pages++
			a.words.Add(ps.words)
			if it.set == "wcxb-dev" {
				a.words.AddWith(ps.with)
				a.words.AddWithout(ps.without)
			}
			a.snip.Add(ps.snip)
			if ps.gold {
				a.aeb.AddPage(ps.aeb)
			}
		}
	}
	sort.Strings(keys)
	fmt.Fprintln(w, "| set / group | pages | WCXB word F1 (P / R) | with found | without found | snippet F | AEB F1 |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	for _, k := range keys {
		a := rows[k]
		r := a.words.Result()
		words, with, without, aeb := "", "", "", ""
		if r.WithPages > 0 || strings.HasPrefix(k, "wcxb") {
			with, without = fmt.Sprintf("%.1f%%", 100*r.With), fmt.Sprintf("%.1f%%", 100*r.Without)
		}
		if a.aeb.Result().Pages > 0 && !strings.HasPrefix(k, "trafeval") {
			words = fmt.Sprintf("%.3f (%.3f / %.3f)", r.F1, r.P, r.R)
			aeb = fmt.Sprintf("%.3f", a.aeb.Result().F1)
		}
		snip := ""
		if a.snip.TP+a.snip.FN+a.snip.FP+a.snip.TN > 0 {
			snip = fmt.Sprintf("%.3f", a.snip.F())
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %s | %s |\n", k, a.pages, words, with, without, snip, aeb)
	}
}

func explainPages(items []*item, scores [][]float32, ids []string, w io.Writer) {
	for _, id := range ids {
		for i, it := range items {
			if id == "" || it.page.ID != id {
				continue
			}
			fmt.Fprintf(w, "\n== %s %s %s\n", id, it.page.URL, groupOf(it))
			for b, blk := range it.ex.Page.Blocks {
				mark := " "
				if scores[i][b] > content.Threshold {
					mark = "+"
				}
				t := blk.Text
				if len(t) > 90 {
					t = t[:90]
				}
				fmt.Fprintf(w, "%s %4d label %.2f score %.2f words %-4d %q\n", mark, b, it.ex.Labels[b], scores[i][b], blk.Words, t)
			}
		}
	}
}

// kindReport prints how often the page-kind models find the kind of the pages whose kind is
// known, by their kind (the rows) against the kind found (the columns).
func kindReport(items []*item, found []int, ps []float32, w io.Writer) {
	n := len(content.PageKinds)
	conf := make([][]int, n)
	for i := range conf {
		conf[i] = make([]int, n+1)
	}
	right, all, sure, sureRight := 0, 0, 0, 0
	for i, it := range items {
		l := it.ex.KindLabel
		if l < 0 {
			continue
		}
		all++
		if found[i] == l {
			right++
		}
		if ps[i] >= content.MinKindP {
			sure++
			if found[i] == l {
				sureRight++
			}
		}
		if found[i] < 0 {
			conf[l][n]++
		} else {
			conf[l][found[i]]++
		}
	}
	if all == 0 {
		return
	}
	fmt.Fprintf(w, "\nPage kinds found: %d of %d pages (%.1f%%); said (probability at least %.2f) of %d pages, %d of them right (%.1f%%). Rows: the page's kind, columns: the kind found\n\n",
		right, all, 100*float64(right)/float64(all), content.MinKindP, sure, sureRight, 100*float64(sureRight)/float64(max(sure, 1)))
	fmt.Fprintf(w, "| kind | pages | %s | none | found |\n|---|---|%s---|---|\n", strings.Join(content.PageKinds, " | "), strings.Repeat("---|", n))
	for k, row := range conf {
		sum := 0
		var cells []string
		for _, c := range row {
			sum += c
			cells = append(cells, strconv.Itoa(c))
		}
		fmt.Fprintf(w, "| %s | %d | %s | %.1f%% |\n", content.PageKinds[k], sum, strings.Join(cells, " | "), 100*float64(row[k])/float64(max(sum, 1)))
	}
}

// titles prints, per set and group, the mean token F1 (WCXB's word bags) of the title the
// content model chooses (Page.BestTitle: no learned part) against the page's gold title, and
// the share of exact matches (F1 1), over the pages that have a gold title.
func titles(items []*item, w io.Writer) {
	type acc struct {
		pages int
		f1    float64
		exact int
	}
	rows := map[string]*acc{}
	var sc metric.WordBagScorer
	for _, it := range items {
		if it.page.GoldTitle == "" {
			continue
		}
		f := sc.Score(it.ex.Page.BestTitle(), it.page.GoldTitle).F1
		for _, k := range groupKeys(it) {
			a := rows[k]
			if a == nil {
				a = &acc{}
				rows[k] = a
			}
			a.pages++
			a.f1 += f
			if f == 1 {
				a.exact++
			}
		}
	}
	fmt.Fprintln(w, "| set / group | pages with a gold title | title token F1 | exact |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, k := range slices.Sorted(maps.Keys(rows)) {
		a := rows[k]
		fmt.Fprintf(w, "| %s | %d | %.3f | %.1f%% |\n", k, a.pages, a.f1/float64(a.pages), 100*float64(a.exact)/float64(a.pages))
	}
}

// bagOf returns whether a page is in the bag each fold learns from: a share of the sites,
// drawn by the seed (a site's pages together), of the pages of the page types listed
// (comma-separated; none: every page), and every other page.
func bagOf(share float64, seed uint64, types string) func(it *item) bool {
	drawn := map[string]bool{}
	for _, t := range strings.Split(types, ",") {
		if t = strings.TrimSpace(t); t != "" {
			drawn[t] = true
		}
	}
	return func(it *item) bool {
		if share >= 1 || len(drawn) > 0 && !drawn[it.page.PageType] {
			return true
		}
		return float64(xxhash.Sum64String(fmt.Sprint(seed, it.ex.Group))%10000) < share*10000
	}
}
