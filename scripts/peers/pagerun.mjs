// What the node peers (readability.mjs, defuddle.mjs) share: reading page records as JSON
// lines on stdin ({"id","url","site","html"}, e.g. from `peer -x html`), writing one
// {"id","url","site","text"} line per page in input order (a page the extractor fails on is
// emitted with empty text and "error"), the summary line on stderr, and the one renderer
// from an extractor's article HTML to text: a newline after every block element, so that
// words of adjacent blocks never run together and every node peer's text is made alike.
import { createInterface } from "node:readline";
import { parseHTML } from "linkedom";

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

// toText renders an HTML fragment as text, one line per block, white space collapsed.
export function toText(html) {
  const { document } = parseHTML("<!doctype html><html><body><div id=chaff-root>" + html + "</div></body></html>");
  const out = [];
  render(document.getElementById("chaff-root"), out);
  return out.join("").split("\n").map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l !== "").join("\n");
}

// runPages runs extract(html, url) -> article HTML ("" for none; may be async) on every
// record of stdin and prints "peer NAME: summary ..." at the end. What the extractor logs
// on the console (Defuddle prints a stack for every page whose JSON-LD does not parse) is
// counted as logged=N, not printed: stdout carries only records.
export async function runPages(name, extract) {
  const start = process.hrtime.bigint();
  let pages = 0, failed = 0, bytes = 0, logged = 0;
  console.log = console.info = console.warn = console.error = console.debug = () => { logged++; };
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const write = (s) => new Promise((ok) => (process.stdout.write(s) ? ok() : process.stdout.once("drain", ok)));
  for await (const line of rl) {
    if (line.trim() === "") continue;
    const rec = JSON.parse(line);
    bytes += (rec.html || "").length;
    const row = { id: rec.id, url: rec.url, site: rec.site, text: "" };
    try {
      const html = await extract(rec.html || "", rec.url || "");
      if (html) row.text = toText(html);
    } catch (e) {
      row.error = String(e && e.message ? e.message : e);
      failed++;
    }
    pages++;
    await write(JSON.stringify(row) + "\n");
  }
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  process.stderr.write(`peer ${name}: summary pages=${pages} failed=${failed} logged=${logged} mb=${(bytes / 1e6).toFixed(2)} seconds=${secs.toFixed(2)} pages_per_s=${(pages / Math.max(secs, 1e-9)).toFixed(1)}\n`);
}
