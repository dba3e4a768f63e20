// Command sstclean removes the template of a web site from its pages with a Site Style Tree
// (Yi, Liu, Li, KDD 2003): it merges a sample of each site's pages into one style tree, scores
// every element node by the entropy of its presentation styles and contents, and maps each page
// onto the tree to drop the noisy parts. See lib/sst.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
