// Package ampl discovers a site's template by substring amplification (Ikeda, Yamada and
// Hirokawa 2003) and removes it from pages.
//
// Count(S) walks the branching strings of the site's sample pages (and the leaves, the
// strings occurring once, for F(1), so that f = 2 can be a peak) (lib/suffix: the internal
// nodes of the suffix tree, never crossing a page boundary, never ending inside a UTF-8
// character). For each frequency f, V(f) is the number of branching strings that occur
// exactly f times and F(f) sums their occurrences: F(f) += f·|w| for each branching string w
// (the paper's rule, RulePaper), or F(f) += f·(|w| − |parent(w)|), each suffix-tree edge
// counted by its own length, which is the exact number of occurrences of all substrings
// occurring f times (RuleEdge). G(f) = F(f)/F(f−1); the maximal peak f_p maximises G.
// The template is the set of maximal strings of V(f_p) (those not contained in another
// string of V(f_p), i.e. the left-diverse nodes).
//
// Everything in this package is pure (no I/O) and deterministic. A Model is safe for
// concurrent use once learned or decoded.
package ampl
