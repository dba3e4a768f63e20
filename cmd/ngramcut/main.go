// Command ngramcut removes a site's template from its pages by n-gram alternation counts
// (Ikeda, Yamada and Hirokawa 2001): learn, apply, run and show per the chaff contract,
// and `ngramcut path`, the FindOptimal path (n, a, A) as TSV with a plot of the
// alternation counts around it. See lib/ngramcut.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
