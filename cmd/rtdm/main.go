// Command rtdm extracts news from web pages with the restricted top-down tree edit distance
// (Reis et al., WWW 2004): it clusters a site's pages by structure, builds one ne-pattern per
// cluster, matches each page against the patterns and labels the consumed passages as title
// and body. See lib/rtdm.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
