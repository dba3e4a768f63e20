// check.mjs MD.jsonl TEXT.jsonl [N] [--gfm]: reads each record's Markdown (chaff extract
// --markdown, members id and text) with markdown-it (CommonMark 0.31, GitHub's tables and
// strikethrough, raw HTML allowed so that it shows), or with --gfm as GitHub's reader does
// (gfmText) and compares the text it gives back (text, inline code,
// fenced and indented code, raw HTML; not an image's alt text) with the same record's plain
// text (chaff extract), white space and | aside; it counts what it read as raw HTML, indented
// code, rules and images. A page differs when its Markdown reads as markup the page's own
// characters (a line "1. ..." read as a list, *word* as emphasis, <div> as HTML) or loses or
// adds words. Prints one JSON summary line and up to N (10) pages that differ, where they
// first part.
import fs from 'fs';
import readline from 'readline';
import MarkdownIt from 'markdown-it';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

async function load(file) {
  const m = new Map();
  const rl = readline.createInterface({ input: fs.createReadStream(file) });
  for await (const line of rl) {
    if (!line) continue;
    const r = JSON.parse(line);
    m.set(r.id, r.text || '');
  }
  return m;
}

const args = process.argv.slice(2).filter(a => a !== '--gfm');
const gfmReader = process.argv.includes('--gfm');
const [mdFile, textFile, n] = args;
const md = await load(mdFile), plain = await load(textFile);
const reader = new MarkdownIt('default', { html: true });
reader.normalizeLinkText = s => s; // an autolink's text as written (markdown-it shows %20 as a space)
const squeeze = s => s.replace(/[\s|]+/g, '');
const counts = {};
function collect(tokens, out) {
  for (const t of tokens) {
    if (t.type === 'image') { counts.image = (counts.image || 0) + 1; continue; } // its alt text is not the page's text
    if (t.children) collect(t.children, out);
    else if (['text', 'code_inline', 'html_inline', 'html_block', 'fence', 'code_block'].includes(t.type)) out.push(t.content);
    if (['html_inline', 'html_block', 'code_block', 'hr'].includes(t.type)) counts[t.type] = (counts[t.type] || 0) + 1;
  }
}
// gfmText is the text GitHub's reader (micromark with its GFM extensions: tables,
// strikethrough with one or two ~, autolinks of bare addresses, task lists) gives: the HTML it
// writes, raw HTML passed through and then taken out with every tag (so that a page's own
// <div> read as HTML loses its text), entities decoded; struck text, images and rules counted.
function gfmText(text) {
  const html = micromark(text, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
  for (const [name, re] of [['del', /<del>/g], ['image', /<img /g], ['hr', /<hr \/>/g]]) {
    const k = (html.match(re) || []).length;
    if (k) counts[name] = (counts[name] || 0) + k;
  }
  return html.replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#([0-9]+);/g, (_, d) => String.fromCodePoint(+d))
    .replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
let pages = 0, differ = 0;
const examples = [];
for (const [id, text] of md) {
  const out = [];
  if (gfmReader) out.push(gfmText(text));
  else collect(reader.parse(text, {}), out);
  const a = squeeze(out.join(' ')), b = squeeze(plain.get(id) || '');
  pages++;
  if (a !== b) {
    differ++;
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    if (examples.length < (+n || 10)) examples.push({ id, markdown_reads: a.slice(Math.max(0, i - 30), i + 30), plain: b.slice(Math.max(0, i - 30), i + 30) });
  }
}
console.log(JSON.stringify({ markdown: mdFile, reader: gfmReader ? 'gfm' : 'commonmark', pages, differ, read_as: counts }));
for (const x of examples) console.log(JSON.stringify(x));
