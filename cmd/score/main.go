// Command score measures extracted text against gold text: the article-extraction-benchmark
// shingle precision, recall and F1, the mean token F1 and, where spans are known, the
// character metrics of Ikeda et al. See run for the flags.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
