// Command ampl removes a site's template from its pages by substring amplification (Ikeda,
// Yamada and Hirokawa 2003): learn, apply, run and show per the chaff contract, and
// `ampl peaks`, the f, V(f), F(f), G(f) table and log-log plot of a site. See lib/ampl.
package main

import "os"

func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
