// Mozilla Readability (on linkedom) as a chaff peer: reads page records as JSON lines on
// stdin ({"id","url","site","html"}, e.g. from `peer -x html`) and writes one
// {"id","url","site","text"} line per page, in input order; a page Readability cannot parse
// is emitted with empty text and "error". The text is the article's DOM rendered by
// pagerun.mjs (a newline after every block element).
//
//   bin/peer -x html pages.jsonl.zst | node scripts/peers/readability.mjs
import { parseHTML } from "linkedom";
import { Readability } from "@mozilla/readability";
import { runPages } from "./pagerun.mjs";

await runPages("mozilla-readability", (html) => {
  const { document } = parseHTML(html);
  const art = new Readability(document).parse();
  return art && art.content ? art.content : "";
});
