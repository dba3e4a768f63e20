// Package htmltext is the one renderer from HTML (or the kept byte spans of
// it) to plain text that every chaff tool uses, so that differences in
// scores come from the algorithms and not from rendering.
//
// The whole page is always read, through lib/dom's Scanner (its tokenizer
// and tree construction), so the context of every character comes from the page's own structure: when a
// kept span starts or ends in the middle of a tag, a script body stays a
// script body and an attribute stays an attribute.
//
// Rules:
//   - only text is rendered: markup, comments, doctypes and attributes
//     (alt and title included) are not;
//   - the content of hidden elements is dropped: script, style, noscript,
//     template, title, textarea, iframe, noembed, noframes, select,
//     datalist, svg and head (dom.IsHidden), and of any element but html
//     and body (which pages hide until a script shows them) with the hidden
//     attribute or an inline style display:none or visibility:hidden (on the evaluation pages this raises the F1 of all
//     visible text from .701/.596/.595 to .747/.643/.656 on
//     big9/dragnet/cleanportaleval, recall unchanged at .991/.972/.976);
//     the document title is available from Title;
//   - entities are decoded (named, decimal and hex, as browsers do);
//     U+00A0 (&nbsp;) and other Unicode spaces count as spaces; NUL, other
//     control characters, U+200B, U+FEFF and the soft hyphen U+00AD
//     (&shy;: where a word may break at the end of a line, invisible
//     elsewhere; kept, it splits the word for every tokenizer that reads
//     \w, and people quoting a page leave it out) are dropped;
//     invalid UTF-8 becomes U+FFFD;
//   - a text node kept whole that shows it is UTF-8 read as Windows-1252 or
//     Latin-1 (a C1 control or "â€", which no correct text holds) is decoded
//     again (mojibake.RepairMarked), as the content model's blocks are; a
//     node kept in part is written as it is;
//   - block-level elements (dom.IsBlock: p, div, h1-h6, ul, ol, li, dl, dt,
//     dd, table, tr, td, th, caption, br, hr, section, article, header,
//     footer, nav, aside, main, blockquote, pre, figure, figcaption, form,
//     fieldset, legend, address, center, details, summary, dialog, option,
//     ...) start and end lines; inline elements (a, span, b, ...) do not
//     separate text;
//   - within a line, runs of whitespace become one space; lines are
//     trimmed, empty lines dropped, and lines are joined by "\n"; pre is
//     normalised like the rest;
//   - with kept spans, a character is kept when its first byte lies in a
//     span (an entity is one character starting at its '&'; a multi-byte
//     UTF-8 character starts at its lead byte); where visible text between
//     two kept characters was dropped, they are separated by a space; line
//     breaks still come from the whole page's structure.
//
// The renderer streams over the tokens in one pass and allocates little
// beyond its output. Fingerprint, for telling copies of a page, reads the
// page's bytes once without the tokenizer. All functions are safe for
// concurrent use.
package htmltext
