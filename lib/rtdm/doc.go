// Package rtdm implements the restricted top-down tree edit distance and the news extraction
// method of Reis, Golgher, da Silva and Laender, "Automatic Web News Extraction Using Tree Edit
// Distance" (WWW 2004): page clustering by RTDM distance, node extraction patterns
// (ne-patterns) built by composing the trees of a cluster, matching of pages against the
// patterns with the (A)-(H) cost model, and labeling of the extracted passages as title and body.
//
// Trees are labelled ordered trees stored in pre-order with subtree sizes ([Tree]). A node's
// label is its tag name; a text node has the tag "#text" and keeps its normalised text. Two
// label modes are used: by structure (every text node is "#text"), for clustering, and by
// content (a text node is labelled by its text), for composition and matching, so that text
// that differs between pages becomes a wildcard and template text stays fixed.
//
// [DefaultOptions] add measured improvements to the paper's method (variable-element runs
// in ne-patterns, soft matching of pages no pattern accepts, a <title>-guided title and body,
// comment skipping, lead passages); each can be turned off, and README.md gives their effect
// on the evaluation pages and the readings of the paper's typos.
//
// The package is pure: no I/O. Trees, patterns and models are immutable once built and safe
// for concurrent use; a [Costs] value is stateless.
package rtdm
