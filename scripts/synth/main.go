// Command synth writes a synthetic corpus (see lib/synth) as JSON lines or WARC.
//
//	go run ./scripts/synth -sites 5 -pages 20 -seed 1 -o out/synth.jsonl
//	go run ./scripts/synth -o out/synth.jsonl.zst            # the default sample, zstd
//	go run ./scripts/synth -mb 500 -o out/big.warc.gz        # ~500 MB of pages, + out/big.gold.jsonl
//	go run ./scripts/synth -shapes -o out/sample.jsonl.zst   # + the plain shapes (13 small sites)
//
// The output format follows the name: .jsonl (or "-" for stdout), .jsonl.gz, .jsonl.zst, and
// .warc, .warc.gz, .warc.zst, which get a gold file beside them (name.gold.jsonl, keyed by
// url and warc_record_id). The same flags always write the same bytes.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/warc"
	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
)

func main() { os.Exit(run(os.Args, os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	def := synth.DefaultConfig()
	fs := flag.NewFlagSet("synth", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", def.Seed, "PCG seed")
	sites := fs.Int("sites", def.Sites, "number of sites")
	pages := fs.Int("pages", def.PagesPerSite, "pages per site, index pages included")
	index := fs.Int("index", -1, "index pages per site (-1: one in eight pages)")
	templates := fs.Int("templates", def.Templates, "article templates per site (1 or 2)")
	cjk := fs.Bool("cjk", def.CJK, "make the last site Japanese-like")
	pageBytes := fs.Int("page-bytes", def.PageBytes, "about how large a page is")
	interleave := fs.Bool("interleave", false, "emit pages round-robin over the sites, as a crawl would")
	static := fs.Bool("static", false, "the same template bytes on every article of a template (no per-page lists, dates, ids or optional blocks)")
	shapes := fs.Bool("shapes", false, "after the news sites, write lib/synth's plain shapes: 13 small sites of 2 to 40 pages (HTML5, nested divs, a table layout, a blog, a wiki, Japanese, Arabic, Russian...)")
	mb := fs.Float64("mb", 0, "write about this many MB of HTML (sets -pages from -sites and -page-bytes)")
	out := fs.String("o", "-", "output file: .jsonl, .jsonl.gz, .jsonl.zst, .warc, .warc.gz or .warc.zst; - for JSON lines on stdout")
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "synth: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	cfg := synth.Config{Seed: *seed, Sites: *sites, PagesPerSite: *pages, Templates: *templates,
		CJK: *cjk, PageBytes: *pageBytes, Interleave: *interleave, StaticTemplate: *static}
	if *mb > 0 {
		n, err := pagesFor(cfg, *mb*1e6)
		if err != nil {
			fmt.Fprintf(stderr, "synth: %v\n", err)
			return 2
		}
		cfg.PagesPerSite = n
	}
	if *shapes {
		cfg.Shapes = synth.Shapes()
	}
	cfg.IndexPages = *index
	if *index < 0 {
		cfg.IndexPages = cfg.PagesPerSite / 8
	}
	if _, err := cfg.Normalized(); err != nil {
		fmt.Fprintf(stderr, "synth: %v\n", err)
		return 2
	}
	start := time.Now()
	n, err := write(cfg, *out, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "synth: %v\n", err)
		return 1
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(stderr, "synth: %d sites x %d pages%s, %.1f MB written to %s in %.2fs\n",
		cfg.Sites, cfg.PagesPerSite, plainShapes(cfg), float64(n)/1e6, *out, secs)
	return 0
}

// pagesFor finds how many pages per site make about target bytes of HTML, from the mean page
// size of a small corpus with the same settings.
func pagesFor(cfg synth.Config, target float64) (int, error) {
	probe := cfg
	probe.PagesPerSite, probe.IndexPages = 16, 2
	total, n := 0, 0
	err := synth.Each(probe, func(p *synth.Page) error {
		total += len(p.HTML)
		n++
		return nil
	})
	if err != nil {
		return 0, err
	}
	sites := float64(max(cfg.Sites, 1))
	if cfg.Sites == 0 {
		sites = synth.DefaultSites
	}
	return max(1, int(target/(sites*float64(total)/float64(n))+0.5)), nil
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// write writes the corpus to path and returns the bytes written there.
func write(cfg synth.Config, path string, stdout io.Writer) (int64, error) {
	var w io.Writer = stdout
	var f *os.File
	if path != "-" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return 0, err
		}
		var err error
		if f, err = os.Create(path); err != nil {
			return 0, err
		}
		defer f.Close()
		w = f
	}
	cw := &countingWriter{w: w}
	var err error
	switch base := strings.TrimSuffix(strings.TrimSuffix(path, ".gz"), ".zst"); {
	case strings.HasSuffix(base, ".warc"):
		err = writeWARC(cfg, path, strings.TrimSuffix(base, ".warc")+".gold.jsonl", cw)
	case strings.HasSuffix(path, ".gz"):
		zw := gzip.NewWriter(cw)
		err = errors.Join(synth.WriteJSONL(zw, cfg), zw.Close())
	case strings.HasSuffix(path, ".zst"):
		zw, zerr := zstd.NewWriter(cw)
		if zerr != nil {
			return 0, zerr
		}
		err = errors.Join(synth.WriteJSONL(zw, cfg), zw.Close())
	default:
		err = synth.WriteJSONL(cw, cfg)
	}
	if f != nil {
		err = errors.Join(err, f.Close())
	}
	return cw.n, err
}

func writeWARC(cfg synth.Config, path, goldPath string, w io.Writer) error {
	comp := warc.Plain
	switch {
	case strings.HasSuffix(path, ".gz"):
		comp = warc.Gzip
	case strings.HasSuffix(path, ".zst"):
		comp = warc.Zstd
	}
	ww, err := warc.NewWriter(w, warc.WithCompression(comp))
	if err != nil {
		return err
	}
	gold, err := os.Create(goldPath)
	if err != nil {
		return err
	}
	defer gold.Close()
	_, err = ww.WriteWarcinfo("2024-01-01T00:00:00Z", []warc.Field{
		{Name: "software", Value: "chaff scripts/synth"},
		{Name: "format", Value: "WARC File Format 1.1"},
		{Name: "description", Value: fmt.Sprintf("synthetic sites: seed %d, %d sites x %d pages, %d index pages per site, %d templates, cjk %v%s",
			cfg.Seed, cfg.Sites, cfg.PagesPerSite, cfg.IndexPages, cfg.Templates, cfg.CJK, plainShapes(cfg))},
	})
	if err != nil {
		return err
	}
	err = synth.WriteWARC(ww, gold, cfg)
	return errors.Join(err, ww.Close(), gold.Close())
}

// plainShapes says how many plain shapes follow the news sites, if any.
func plainShapes(cfg synth.Config) string {
	if len(cfg.Shapes) == 0 {
		return ""
	}
	return fmt.Sprintf(" + %d plain shapes", len(cfg.Shapes))
}
