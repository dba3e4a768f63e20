// Package dom builds a light labelled ordered tree from HTML, for the
// algorithms that work on page structure (sstclean, rtdm).
//
// The tree is built from this package's own tokenizer, not from html.Parse:
// html.Parse has an open-element limit and a costly tree construction. The
// tokenizer draws the same token boundaries as the golang.org/x/net/html
// tokenizer, quirks included (checked against it on generated, fuzzed and
// every dev page), about 4.5 times as fast: it skips text, raw text and
// comments with strings.IndexByte over the page in memory and copies
// nothing. The tree construction follows the spirit of the HTML5 tree
// construction (void elements, implied end tags, raw-text elements, scopes)
// with a handful of simple rules, and never drops content. Every node keeps
// its byte span in the source, so that kept nodes can be rendered through
// the page's own structure by lib/htmltext (see SpansOf).
//
// Building is iterative: a page nested 100,000 levels deep parses without
// growing the goroutine stack, and Walk, Visit, Size and TextContent are
// iterative too. MaxDepth flattens (never drops) elements nested deeper than
// a limit.
//
// The same construction is available as a stream of events (Scanner), which
// lib/htmltext uses to render text in one pass without building nodes.
//
// Tree construction rules, in short:
//   - tag and attribute names have their ASCII capitals lower-cased (nothing
//     else: "É" stays, as in x/net/html); attribute values are decoded as the
//     HTML standard decodes them in an attribute (a named reference only as a
//     whole name, none before '=' without its ';': "?a=1&section=2" keeps its
//     "&section"); doctypes are dropped;
//     comments become Comment nodes;
//   - void elements (area, base, br, col, embed, hr, img, input, link, meta,
//     param, source, track, wbr, and the obsolete basefont, bgsound, frame,
//     keygen) have no children; "</br>" is read as "<br>";
//   - raw-text elements (script, style, textarea, title, noscript, xmp,
//     iframe, noembed, noframes, plaintext) and template hold their whole
//     content as one Text child; it is entity-decoded for title and
//     textarea only;
//   - implied end tags: a block start (li, dt and dd included) closes an
//     open p; li closes li; dt and dd close dt and dd; tr, td, th, tbody,
//     thead, tfoot close the open row,
//     cell or section of their table; option and optgroup close option; a
//     heading closes a heading that is the current element; a closes an open
//     a; a start tag that does not belong in head closes head; in a select,
//     any start tag but option, optgroup, hr, script, style, template and
//     noscript closes the select;
//   - a form directly inside table, tbody, thead, tfoot or tr is left
//     empty (HTML5 does the same; the rows stay children of the table);
//   - a second html, head or body start tag is ignored, and so are </body>
//     and </html> (content after them stays in body, as in browsers); so is
//     a body start tag inside any element but html (the page's content began
//     before it: a div in the head; HTML5 merges it into the body already
//     open), rather than nesting a body that holds only that element's rest;
//   - an end tag closes the nearest open element of that name, and the
//     elements opened inside it (their end is where the end tag starts);
//     the search stops at scope boundaries (table, td, th, caption, ...;
//     for end tags of elements that are not "special" in HTML5 terms, at
//     any special element) and an end tag with no match is ignored;
//   - inside svg and math, self-closing tags are honoured and nothing is
//     raw text; a block start tag (div, p, ul, ...) breaks out of them;
//   - at the end of input every open element is closed;
//   - no element is synthesized (no implied html, head, body or tbody), text
//     is not foster-parented out of tables, formatting elements are not
//     cloned (no adoption agency), and there is no quirks mode; on the
//     evaluation pages 99.7% of the text nodes still have the same ancestor
//     path as with html.Parse (TestAgreesWithHTMLParse);
//   - searches for implied or explicit ends look at most 512 open elements
//     up, so that pathological nesting stays linear.
//
// Offsets: an element's Start is the '<' of its start tag; its End is the
// end of its end tag, or, when the end is implied, the position where the
// token that closed it starts (so it covers all its children). Text and
// comment nodes span their raw source. Siblings are ordered and never
// overlap, and a child's span lies inside its parent's.
package dom
