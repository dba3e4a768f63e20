// Mozilla Readability (on linkedom) as a chaff peer: reads page records as
// JSON lines on stdin ({"id","url","site","html"}, e.g. from `peer -x html`)
// and writes one {"id","url","site","text"} line per page, in input order;
// a page Readability cannot parse is emitted with empty text and "error".
// The text is the article's DOM rendered with a newline after every block
// element, so that words of adjacent blocks never run together.
//
//   bin/peer -x html pages.jsonl.zst | node scripts/peers/readability.mjs
import { createInterface } from "node:readline";
import { parseHTML } from "linkedom";
import { Readability } from "@mozilla/readability";

const blocks = new Set(("address article aside blockquote br dd details dialog div dl dt fieldset " +
  "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section " +
  "summary table tbody thead tfoot tr td th ul").split(" "));

function render(node, out) {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) {
      out.push(c.textContent);
    } else if (c.nodeType === 1) {
      const tag = c.localName || "";
      if (tag === "script" || tag === "style" || tag === "noscript" || tag === "template") continue;
      const block = blocks.has(tag);
      if (block) out.push("\n");
      render(c, out);
      if (block) out.push("\n");
    }
  }
}

function toText(html) {
  const { document } = parseHTML("<!doctype html><html><body><div id=chaff-root>" + html + "</div></body></html>");
  const out = [];
  render(document.getElementById("chaff-root"), out);
  return out.join("").split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "").join("\n");
}

const start = process.hrtime.bigint();
let pages = 0, failed = 0, bytes = 0;
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
const write = (s) => new Promise((ok) => (process.stdout.write(s) ? ok() : process.stdout.once("drain", ok)));
for await (const line of rl) {
  if (line.trim() === "") continue;
  const rec = JSON.parse(line);
  bytes += (rec.html || "").length;
  const row = { id: rec.id, url: rec.url, site: rec.site, text: "" };
  try {
    const { document } = parseHTML(rec.html || "");
    const art = new Readability(document).parse();
    if (art && art.content) row.text = toText(art.content);
  } catch (e) {
    row.error = String(e && e.message ? e.message : e);
    failed++;
  }
  pages++;
  await write(JSON.stringify(row) + "\n");
}
const secs = Number(process.hrtime.bigint() - start) / 1e9;
process.stderr.write(`peer mozilla-readability: summary pages=${pages} failed=${failed} mb=${(bytes / 1e6).toFixed(2)} seconds=${secs.toFixed(2)} pages_per_s=${(pages / Math.max(secs, 1e-9)).toFixed(1)}\n`);
