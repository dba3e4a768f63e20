// Command peer runs a single-page extractor that users would otherwise use
// (go-trafilatura, go-shiori/go-readability, readeck's go-readability) on our
// page records, so that the evaluation scores every extractor on the same
// pages with the same score:
//
//	peer -x trafilatura pages.jsonl.zst > trafilatura.jsonl
//
// Input is anything chaff's tools read (JSON lines, WARC, plain/gzip/zstd);
// output is one {"id","url","site","text","meta"} line per page ("meta": what
// the extractor reads of the page's language, dates, author, site name,
// description and image, under the names of chaff's "meta" member; "error" when
// the extractor failed: the page is still emitted, with empty text). A summary
// with pages/s goes to stderr.
//
// -x html extracts nothing: it writes {"id","url","site","html"} lines, the
// decoded pages as plain JSON lines for peers outside Go (readability.mjs):
//
//	peer -x html pages.warc.gz | node scripts/peers/readability.mjs
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	readeck "codeberg.org/readeck/go-readability"
	shiori "github.com/go-shiori/go-readability"
	trafilatura "github.com/markusmobius/go-trafilatura"

	"github.com/chaffkit/chaff/lib/stream"
)

// extracted is what a peer gives for a page: its text and what it reads of the page's
// metadata, under the names of chaff's "meta" member (empty ones left out).
type extracted struct {
	text string
	meta map[string]string
}

var extractors = map[string]func(html string, u *url.URL) (extracted, error){
	"trafilatura": func(html string, u *url.URL) (extracted, error) {
		res, err := trafilatura.Extract(strings.NewReader(html), trafilatura.Options{
			OriginalURL: u, EnableFallback: true, ExcludeComments: true,
		})
		if err != nil {
			return extracted{}, err
		}
		md := res.Metadata
		return extracted{res.ContentText, metaOf(md.Language, &md.Date, nil, md.Author, md.Sitename, md.Description, md.Image)}, nil
	},
	"go-readability": func(html string, u *url.URL) (extracted, error) {
		a, err := shiori.FromReader(strings.NewReader(html), u)
		return extracted{a.TextContent, metaOf(a.Language, a.PublishedTime, a.ModifiedTime, a.Byline, a.SiteName, a.Excerpt, a.Image)}, err
	},
	"readeck-readability": func(html string, u *url.URL) (extracted, error) {
		a, err := readeck.FromReader(strings.NewReader(html), u)
		return extracted{a.TextContent, metaOf(a.Language, a.PublishedTime, a.ModifiedTime, a.Byline, a.SiteName, a.Excerpt, a.Image)}, err
	},
}

// dateOf writes a peer's date as chaff writes a date with a time: RFC 3339 ("" for none).
func dateOf(t *time.Time) string {
	if t == nil || t.IsZero() {
		return ""
	}
	return t.Format(time.RFC3339)
}

// metaOf is a peer's metadata as a "meta" member.
func metaOf(lang string, published, modified *time.Time, author, site, description, image string) map[string]string {
	m := map[string]string{}
	for k, v := range map[string]string{"lang": lang, "published": dateOf(published), "modified": dateOf(modified),
		"author": author, "site_name": site, "description": description, "image": image} {
		if v = strings.TrimSpace(v); v != "" {
			m[k] = v
		}
	}
	return m
}

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("peer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("x", "trafilatura", "extractor: trafilatura, go-readability or readeck-readability; html writes the pages as JSON lines")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	extract, ok := extractors[*name]
	dump := *name == "html"
	if !ok && !dump {
		fmt.Fprintf(stderr, "peer: unknown extractor %q\n", *name)
		return 2
	}
	in := stream.NewReader(fs.Args(), stdin, stream.Options{})
	out := bufio.NewWriterSize(stdout, 1<<20)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	start := time.Now()
	pages, failed := 0, 0
	for {
		rec, err := in.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(stderr, "peer: %v\n", err)
			continue
		}
		if dump {
			if err := enc.Encode(map[string]string{"id": rec.ID, "url": rec.URL, "site": rec.Site, "html": rec.HTML}); err != nil {
				return 1
			}
			pages++
			continue
		}
		u, _ := url.Parse(rec.URL)
		if u == nil || u.Host == "" {
			u, _ = url.Parse("http://example.com/")
		}
		x, xerr := extractOne(extract, rec.HTML, u)
		row := map[string]any{"id": rec.ID, "url": rec.URL, "site": rec.Site, "text": x.text}
		if len(x.meta) > 0 {
			row["meta"] = x.meta
		}
		if xerr != nil {
			row["error"] = xerr.Error()
			failed++
		}
		if err := enc.Encode(row); err != nil {
			return 1
		}
		pages++
	}
	secs := time.Since(start).Seconds()
	fmt.Fprintf(stderr, "peer %s: summary pages=%d failed=%d mb=%.2f seconds=%.2f pages_per_s=%.1f\n",
		*name, pages, failed, float64(in.Bytes())/1e6, secs, float64(pages)/max(secs, 1e-9))
	return 0
}

// extractOne runs one extractor, turning its panics into errors.
func extractOne(f func(string, *url.URL) (extracted, error), html string, u *url.URL) (x extracted, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f(html, u)
}
