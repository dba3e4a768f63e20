// Defuddle (npm defuddle, the extractor of the Obsidian Web Clipper, on linkedom) as a chaff
// peer, like readability.mjs: page records as JSON lines on stdin, one {"id","url","site",
// "text"} line per page on stdout, the article HTML (Defuddle's `content`) rendered by
// pagerun.mjs. Defuddle's options are its defaults but for the network: useAsync is off and
// fetch refuses, so that no site-specific extractor (Reddit, YouTube, X...) fetches content
// that is not in the page, as no other peer can.
//
//   bin/peer -x html pages.jsonl.zst | node scripts/peers/defuddle.mjs
import { parseHTML } from "linkedom";
import { Defuddle } from "defuddle/node";
import { runPages } from "./pagerun.mjs";

const noFetch = () => Promise.reject(new Error("defuddle.mjs: no network in an evaluation"));

await runPages("defuddle", async (html, url) => {
  const { document } = parseHTML(html);
  const res = await Defuddle(document, url || undefined, { useAsync: false, fetch: noFetch });
  return res && res.content ? res.content : "";
});
