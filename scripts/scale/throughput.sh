#!/usr/bin/env bash
# throughput.sh: CPU seconds per stage of the keyed job, per tool, for docs/SCALE.md's
# capacity estimate. CPU time (user + sys from /usr/bin/time), not wall time, so that a
# loaded machine still gives per-core figures.
#
#   scripts/scale/throughput.sh BINDIR FILE.warc.gz...     (e.g. ../shared/data/*.warc.gz)
#
# For each tool in BINDIR and each file: map (WARC reading and decoding), learn (every page of
# every site, --sample 200), apply (-j 1; map and learn have no -j). Prints a table: pages, MB of HTML, CPU seconds and
# pages per CPU-second for each stage.
set -euo pipefail
bindir=$1
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # cpu OUT CMD...: runs CMD with stdout to OUT, prints its user+sys seconds
	local out=$1
	shift
	/usr/bin/time -f "%U %S" -o "$tmp/time" "$@" >"$out" 2>"$tmp/err" || { cat "$tmp/err" >&2; return 1; }
	awk '{ printf "%.2f", $1 + $2 }' "$tmp/time"
}
printf "| tool | input | pages | MB read | map s | learn s | apply s | map p/s | learn p/s | apply p/s |\n"
printf "|---|---|---|---|---|---|---|---|---|---|\n"
for tool in ngramcut ampl sstclean rtdm; do
	bin=$bindir/$tool
	[ -x "$bin" ] || continue
	for f in "$@"; do
		m=$(cpu "$tmp/mapped" "$bin" map "$f")
		pages=$(wc -l <"$tmp/mapped")
		mb=$(grep -o ' in_mb=[0-9.]*' "$tmp/err" | tail -1 | cut -d= -f2)
		LC_ALL=C sort -s -t "$(printf '\t')" -k1,1 -k2,2 "$tmp/mapped" >"$tmp/sorted"
		l=$(cpu "$tmp/models" "$bin" learn --keyed --sample 200 "$tmp/sorted")
		LC_ALL=C sort -s -t "$(printf '\t')" -k1,1 -k2,2 "$tmp/models" "$tmp/sorted" >"$tmp/joined"
		a=$(cpu "$tmp/out" "$bin" apply --keyed -j 1 --drop-html "$tmp/joined")
		awk -v t="$tool" -v f="$(basename "$f")" -v p="$pages" -v mb="$mb" -v m="$m" -v l="$l" -v a="$a" 'BEGIN {
			printf "| %s | %s | %d | %s | %.2f | %.2f | %.2f | %.0f | %.0f | %.0f |\n", t, f, p, mb, m, l, a, p/(m>0?m:0.01), p/(l>0?l:0.01), p/(a>0?a:0.01) }'
	done
done
