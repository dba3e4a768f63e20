// Package ngramcut separates the content of web pages from their site template by
// n-gram alternation counts (Ikeda, Yamada and Hirokawa, "Eliminating Useless Parts in
// Semi-structured Documents Using Alternation Counts", DS 2001; Yamada, Ikeda and
// Hirokawa, 2001, in Japanese).
//
// A page is a plain string of units (characters by default, or bytes): the only
// preprocessing is the paper's, tabs and newlines become a space and runs of spaces
// become one, with an offset map back to the original bytes. For a cut point (n, a), W is
// the set of the top a% of the site's distinct n-grams ranked by count; the range string
// of a page is 0 where an n-gram of W covers a unit and 1 elsewhere; the alternation
// count is the number of 0/1 boundaries summed over the pages. [Learn] finds the cut
// point by the paper's FindOptimal (Fig. 3) and returns a [Model] holding n, a, W as a
// compact hash set and the path of cut points taken; [Model.Spans] gives a page's kept
// parts (the runs of 1s) as byte spans of the original HTML.
//
// Options beyond the paper (see [Options]) rank n-grams by document frequency, cut W at
// a document-frequency threshold, apply the paper's future-work delimiter rule, drop short
// kept runs, snap the kept spans to whole words and out of tags, or search n by
// [FindNPeak]. The zero Options (also [Faithful]) is the algorithm as published; [Default]
// is what the tool uses, measured better on real pages (README.md has the numbers).
// [Model.Warning] says when a cut point leaves the pages empty or in fragments, as
// FindOptimal's descent can on a whole mixed dump.
//
// The package is pure: no I/O. A Model is safe for concurrent use once built.
package ngramcut
