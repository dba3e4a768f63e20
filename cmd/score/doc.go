// Command score measures extracted text against gold text.
//
//	zstdcat pages.jsonl.zst | ngramcut run | score --by site
//	score --gold big9-2005-2013.gold.jsonl.zst --key url predictions.jsonl.zst
//	score --metric wcxb --by page_type --gold wcxb-dev.jsonl.zst predictions.jsonl
//	score --metric snippets --by lang --gold trafeval-dev.jsonl.zst predictions.jsonl
//
// Predictions are JSON lines (plain, gzip or zstd, recognised by their first bytes) from
// the file arguments or stdin; the predicted text is --pred-field (default "text"; absent or
// null is an empty prediction). The gold is either in each prediction record (its
// --gold-field, default "gold", and its "with" and "without" snippet lists), or comes from
// a --gold file joined on --key (default "id"; "url" for the WARC gold files). A gold page
// without a prediction is scored as an empty prediction and counted as missing; a
// prediction without gold is counted as unmatched and not scored.
//
// # Metrics
//
// --metric aeb (the default) is the article-extraction-benchmark shingle metric
// (lib/metric: means of per-page precision and recall over the pages where they are
// defined, F1 of the means), with token_f1, the mean per-page F1 of the bags of \w+ tokens.
// Where a record has "gold_spans" (byte ranges of the content in its html) and the tool
// reported the byte spans it kept (the "spans" member of the one object member that has one,
// e.g. "ngramcut": {"spans": [[s, e], ...]}, or --spans-field), rows also carry
// char_accuracy, char_recall and char_precision (Ikeda et al. 2001), pooled over pages by
// counting bytes, and char_pages. A page needs a gold text.
//
// --metric wcxb is the WCXB benchmark's own metric, as its evaluate.py computes it: per
// page both texts are lowercased (as Python's str.lower does), their \w+ tokens taken as
// bags, and P = overlap/|pred|, R = overlap/|gold|, F1 = 2PR/(P+R) (0 for an empty
// prediction; a gold without tokens scores 1 for a prediction without tokens, else 0);
// precision, recall and f1 are the means over pages. with is the mean share of a page's
// "with" snippets found in the prediction (a case-insensitive substring, white space as it
// is), and without the same for its "without" snippets (lower is better), over the
// with_pages and without_pages pages whose record has the list; a page whose list is empty
// rates 1, as in evaluate.py (which averages over every page, and gives every page of
// wcxb-dev a list). A page needs a gold text.
//
// --metric snippets is trafilatura's metric (its tests/eval_common.py): per page the
// prediction and each snippet are white-space-normalised (runs of white space to one
// space, trimmed); a "with" snippet found (case-sensitive substring) is a tp, one not found
// a fn; a "without" snippet found a fp, one not found a tn; the four are summed over pages,
// and precision = tp/(tp+fp), recall = tp/(tp+fn), accuracy = (tp+tn)/all, f1 =
// 2tp/(2tp+fp+fn), each 0 when its denominator is. A page needs a "with" or "without" list.
//
// # Output
//
// On stdout: with --pages one row per page, with --by MEMBER one row per value of that
// record member (sorted, the pages without it last, as null), then always one overall row.
// --by site groups by the page's site key (its site member, else its URL's host; the gold
// record's, else the prediction's; --site-key); any other member is read from the
// prediction record or, when absent there, from the gold record. With --metric aeb:
//
//	{"id":"a","site":"s1","precision":1.000000,"recall":0.666667,"f1":0.800000,"tp":0.666667,"fp":0.000000,"fn":0.333333,"token_f1":0.909091}
//	{"site":"s1","pages":2,"missing":0,"precision":0.666667,"recall":0.833333,"f1":0.740741,"token_f1":0.854545,"precision_pages":2,"recall_pages":2}
//	{"pages":4,"missing":0,"unmatched":0,"bad_records":0,"pred_errors":0,"precision":0.444444,"recall":0.416667,"f1":0.430108,"token_f1":0.427273,"precision_pages":3,"recall_pages":4}
//
// With --metric wcxb and snippets the rows carry that metric's figures instead:
//
//	{"page_type":"article","pages":2,"missing":0,"precision":0.875000,"recall":1.000000,"f1":0.928571,"with":0.500000,"without":0.750000,"with_pages":2,"without_pages":2}
//	{"lang":"de","pages":1,"missing":0,"tp":1,"fp":1,"fn":1,"tn":1,"precision":0.500000,"recall":0.500000,"accuracy":0.500000,"f1":0.500000}
//
// A page row carries the join key under its own name, the site, the --by member, "missing":
// true for a gold page without prediction, and null where a figure is undefined. The
// overall row also has unmatched (predictions without gold), bad_records (records of
// either input reported on stderr: unreadable lines, records without a key, duplicates,
// gold of the wrong type...) and pred_errors (scored predictions that carry an "error"
// member: a tool's failed pages, scored with the text they have). --table prints the same
// rows as a table for people, with the columns of the metric.
//
// # Errors and accounting
//
// score runs on the app every chaff tool shares (lib/cli: its flags, reporter and summary
// line). A bad record prints one line on stderr, "score: <source>:<n>: <what>" (the first
// --max-errors-shown of each kind per input; the rest are counted), and the run goes on; a
// summary line ends the run on stderr (-q drops it), with read = emitted + consumed + skipped
// over the prediction records:
//
//	score: summary read=5 emitted=0 errors=2 consumed=3 consumed.scored=3 skipped=2 skipped.unmatched=1 skipped.unreadable=1 rows=1 pages=3 missing=0 unmatched=1 pred_errors=0 in_mb=0.00 seconds=0.00 in_mb_per_s=0.1 cpu_s=0.01 pages_per_cpu_s=500 peak_rss_mb=12
//
// A scored prediction is emitted with --pages (its row is on stdout), else consumed; the
// others are skipped by reason (unreadable, unmatched, no-key, duplicate, bad-gold). rows=
// counts the other JSON rows (gold pages without prediction under --pages, groups, the
// overall row), so stdout holds emitted + rows lines. With --gold, gold_read =
// gold_loaded + gold_skipped accounts for the gold records.
//
// When predictions were read and not one found its gold, score says so, with the key it
// joined on, the members each side has, and a member that would join them (one whose
// values are distinct across the gold records and equal on both sides):
//
//	score: no prediction joins a gold record on --key id: predictions have id, url, date, charset, charset_by, text, ngramcut, site; gold records have id, warc_record_id, url, site, gold, gold_title: try --key url (it joins 180 of 180 predictions)
//
// An empty prediction input against gold records (every gold page missing: the tool
// upstream most likely failed) is said too.
//
// Exit status: 0 ok, 1 a bad record, an unreadable input, predictions of which none joined
// its gold, or none against gold records (the scores are still printed: unlike the
// algorithm tools, a bad record fails the run, since the scores then cover fewer pages than
// were given; see docs/DESIGN.md), 2 a usage error (never on stdout).
package main
