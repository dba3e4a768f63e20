// Package metric scores extracted text against gold text.
//
// It provides the three measures chaff reports:
//
//   - the article-extraction-benchmark shingle metric (Scrapinghub, 2019), the one the
//     field ranks extractors by: both texts are cut into \w+ tokens, then into 4-token
//     shingles counted as multisets; per page TP, FP and FN are divided by their sum so that
//     every page weighs the same; precision and recall are means over the pages where they
//     are defined, and F1 is the harmonic mean of those two means (see Shingles);
//   - the mean per-page F1 of the bags of \w+ tokens (see Summary);
//   - the character metrics of Ikeda et al. (2001): accuracy, recall and precision of the
//     kept byte ranges of a page against its gold byte ranges, pooled over pages by counting
//     bytes (see CharCounts).
//
// The package is pure: no I/O. Scorer, Shingles and Summary keep scratch buffers so that
// scoring a stream of pages allocates almost nothing; none of them is safe for concurrent
// use, and their zero values are ready to use.
//
// # Tokens
//
// A token is a maximal run of word runes, read as Python's re module reads \w on str
// (the benchmark's evaluate.py uses re.findall(r'\w+', text)): a rune is a word rune when
// its Unicode general category is a letter (Lu, Ll, Lt, Lm, Lo) or a number (Nd, Nl, No),
// or when it is '_'. Combining marks (Mn, Mc, Me) are NOT word runes in Python's re, so a
// decomposed "e\u0301" or a Devanagari vowel sign splits a token, exactly as in the
// benchmark; other connector punctuation (U+203F ...) is not a word rune either. Invalid
// UTF-8 decodes to U+FFFD, which is not a word rune. Tokens are compared case-sensitively
// (the benchmark's IGNORECASE flag does not change what \w matches).
package metric
