// Command score measures extracted text against gold text.
//
//	zstdcat pages.jsonl.zst | ngramcut run | score --by site
//	score --gold big9-2005-2013.gold.jsonl.zst --key url predictions.jsonl.zst
//
// Predictions are JSON lines (plain, gzip or zstd, recognised by their first bytes) from
// the file arguments or stdin; the predicted text is --pred-field (default "text"; absent or
// null is an empty prediction). The gold text is either the --gold-field (default "gold") of
// each prediction record, or comes from a --gold file joined on --key (default "id"; "url"
// for the WARC gold files). A gold page without a prediction is scored as an empty
// prediction and counted as missing; a prediction without gold is counted as unmatched and
// not scored.
//
// Output, on stdout: with --pages one row per page, with --by site one row per site (sorted
// by name), then always one overall row:
//
//	{"id":"a","site":"s1","precision":1.000000,"recall":0.666667,"f1":0.800000,"tp":0.666667,"fp":0.000000,"fn":0.333333,"token_f1":0.909091}
//	{"site":"s1","pages":2,"missing":0,"precision":0.666667,"recall":0.833333,"f1":0.740741,"token_f1":0.854545,"precision_pages":2,"recall_pages":2}
//	{"pages":4,"missing":0,"unmatched":0,"errors":0,"precision":0.444444,"recall":0.416667,"f1":0.430108,"token_f1":0.427273,"precision_pages":3,"recall_pages":4}
//
// A page row carries the join key under its own name, "missing": true for a gold page
// without prediction, and null where a figure is undefined. precision, recall and f1 are the
// article-extraction-benchmark shingle metric (lib/metric: means of per-page precision and
// recall over the pages where they are defined, F1 of the means); token_f1 is the mean
// per-page F1 of the bags of \w+ tokens. Where a record has "gold_spans" (byte ranges of the
// content in its html) and the tool reported the byte spans it kept (the "spans" member of
// the one object member that has one, e.g. "ngramcut": {"spans": [[s, e], ...]}, or
// --spans-field), rows also carry char_accuracy, char_recall and char_precision (Ikeda et
// al. 2001), pooled over pages by counting bytes, and char_pages. --table prints the same
// rows as a table for people.
//
// score runs on the app every chaff tool shares (lib/cli: its flags, reporter and summary
// line). A bad record prints one line on stderr, "score: <source>:<n>: <what>" (the first
// --max-errors-shown of each kind per input; the rest are counted), and the run goes on; a
// summary line ends the run on stderr (-q drops it), with read = emitted + consumed + skipped
// over the prediction records:
//
//	score: summary read=5 emitted=0 errors=2 consumed=3 consumed.scored=3 skipped=2 skipped.unmatched=1 skipped.unreadable=1 rows=1 pages=3 missing=0 unmatched=1 mb=0.00 seconds=0.00 mb_per_s=0.1
//
// A scored prediction is emitted with --pages (its row is on stdout), else consumed; the
// others are skipped by reason (unreadable, unmatched, no-key, duplicate, bad-gold). rows=
// counts the other JSON rows (gold pages without prediction under --pages, sites, the
// overall row), so stdout holds emitted + rows lines. With --gold, gold_read =
// gold_loaded + gold_skipped accounts for the gold records. Exit status: 0 ok, 1 a bad
// record or an unreadable input (the scores are still printed: unlike the algorithm tools,
// a bad record fails the run, since the scores then cover fewer pages than were given; see
// docs/DESIGN.md), 2 a usage error (never on stdout).
package main
