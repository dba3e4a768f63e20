// Command chaff writes the main content of every web page of a crawl dump, each page on its
// own: `chaff extract dump.warc.gz | jq -r .text`. It is chaff's content model (lib/content)
// alone, streaming one page at a time; the site tools (ngramcut, ampl, sstclean, rtdm) join
// the same model with what a site's many pages repeat.
package main

import (
	"os"

	"github.com/chaffkit/chaff/lib/cli"
)

func main() { os.Exit(cli.RunExtract(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
