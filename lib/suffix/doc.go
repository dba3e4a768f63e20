// Package suffix builds a suffix array and its LCP array over a set of pages and walks
// the internal nodes of the implied suffix tree (the LCP intervals), bottom-up, with each
// node's frequency, depth, parent depth, number of distinct pages and left-diversity.
//
// Pages are joined with a separator byte that occurs in none of them (the smallest absent
// byte value, usually 0x00); LCP values stop at the separator, so no reported substring
// ever crosses a page boundary. If every byte value occurs, 0xFF (never valid in UTF-8) is
// rewritten to 0xFE inside the index and serves as the separator.
//
// The index is byte-level: suffixes start at every byte. A reported branching string never
// ends inside a UTF-8 character: its depth is rounded down to the last character boundary,
// and a node whose rounded depth equals its parent's rounded depth is merged into the parent
// (exactly the internal nodes of the suffix tree over characters, for valid UTF-8).
// Strings may still start inside a character; callers that need whole characters skip those
// nodes (see Node.MidChar).
//
// The suffix array is built by induced sorting (SA-IS, Nong, Zhang and Chan 2009), written
// here, in O(n) time with int32 indexes; the LCP array by the Φ variant of Kasai et al.,
// in O(n). An Index is immutable after New and safe for concurrent reads and walks.
package suffix
