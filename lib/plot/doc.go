// Package plot draws the tools' diagnostic charts (ampl peaks' F(f), ngramcut path's
// alternation counts) in one house style on gonum.org/v1/plot: series in a fixed palette,
// the points of interest as red rings with red labels, 9 × 5.5 inches, written as SVG, or
// PNG or PDF by the file name's extension.
//
// A Figure is built by one goroutine and saved once; it holds no I/O until Save.
package plot
