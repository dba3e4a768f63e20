#!/usr/bin/env bash
# keyed.sh: a chaff tool's learn and apply as a map / shuffle / reduce job on one machine,
# with GNU parallel as the engine (the layout of a Hadoop Streaming job; docs/SCALE.md).
#
#   scripts/scale/keyed.sh [-j N] [-s K] [-m group-by|shard] [-b BLOCK] [-o DIR] TOOL FILE...
#
# -j jobs at once (default: the CPU count), -s pages a site learns from (200), -m the layout
# (group-by), -b GNU parallel's --block in the group-by layout (4M).
#
# TOOL is a binary name or path (ngramcut, ampl, sstclean, rtdm); FILE... are WARC or JSON-lines
# dumps (any compression). It writes DIR/models.jsonl (one model line per site) and
# DIR/out.jsonl (every page with "text"), DIR defaults to ./keyed-out.
#
#   map    parallel -k TOOL map ::: FILE...    one mapper per file; -k keeps the files' order
#   learn  -m group-by (default): sort the mapped lines by site once, then parallel --pipe
#          --group-by 1 hands each job whole sites, in input order within a site, so the
#          models are exactly those of `TOOL run --sample K FILE...`.
#          -m shard: awk deals each line to one of N files by a hash of its site, in input
#          order, and parallel runs one job a file that sorts it by site and tag (stable)
#          before the tool: no global sort, the shape of a Hadoop reducer (partition by the
#          key's hash, each reducer sorting its own share). GNU parallel's own --pipe --shard
#          was this layout's engine until 2026-12-06: it hung once in about 80 runs (version
#          20221122: its perl process polling with no job left), and it shards blocks
#          concurrently, which loses the order of a site's pages.
#   apply  the model lines and the mapped pages sorted together (models first within a site,
#          tag 0 before tag 1) and cut by site the same way; TOOL apply --keyed joins them.
#
# Extra tool flags for learn and apply can be given in CHAFF_LEARN_FLAGS and CHAFF_APPLY_FLAGS
# (e.g. CHAFF_APPLY_FLAGS=--drop-html). Exit status: 0, or the first failing stage's.
set -euo pipefail

jobs=$(nproc 2>/dev/null || echo 2)
sample=200
mode=group-by
outdir=keyed-out
block=4M
usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while getopts "j:s:m:o:b:h" opt; do
	case $opt in
	j) jobs=$OPTARG ;;
	s) sample=$OPTARG ;;
	m) mode=$OPTARG ;;
	o) outdir=$OPTARG ;;
	b) block=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
tool=$1
shift
case $mode in group-by | shard) ;; *) echo "keyed.sh: -m group-by or shard, not $mode" >&2; exit 2 ;; esac
command -v parallel >/dev/null || { echo "keyed.sh: GNU parallel not found (apt-get install parallel)" >&2; exit 1; }
command -v "$tool" >/dev/null || { echo "keyed.sh: no tool $tool" >&2; exit 2; }
tool=$(command -v "$tool")
qtool=$(printf %q "$tool") # as the jobs' shell reads it

export LC_ALL=C
mkdir -p "$outdir"
tmp=$(mktemp -d "$outdir/.keyed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
# The shuffle's order: by site, then by tag (model lines 0 before pages 1), stable; exported
# for the shard layout's jobs, which sort their own files.
ksort() { sort -s -t "$tab" -k1,1 -k2,2 -T "$tmp" "$@"; }
export -f ksort
export tab tmp

learn_flags=${CHAFF_LEARN_FLAGS:-}
apply_flags=${CHAFF_APPLY_FLAGS:-}
# each STAGE OUT CMD FILE...: runs CMD on every FILE, $jobs at once, their outputs in the
# files' order into OUT, their stderr into $tmp/STAGE.err.
each() {
	local stage=$1 out=$2 cmd=$3
	shift 3
	parallel --will-cite -k -j "$jobs" "$cmd" ::: "$@" >"$out" 2>"$tmp/$stage.err" ||
		{ cat "$tmp/$stage.err" >&2; exit 1; }
}
# shard PREFIX FILE...: deals the lines of FILE... to PREFIX.0 .. PREFIX.(jobs-1) by a hash of
# their site (the first field), keeping their order (each file is made, empty or not).
shard() {
	local prefix=$1
	shift
	awk -v n="$jobs" -v prefix="$prefix" '
		BEGIN {
			for (i = 0; i < 256; i++) ord[sprintf("%c", i)] = i
			for (i = 0; i < n; i++) printf "" > (prefix "." i)
		}
		{
			t = index($0, "\t"); site = t ? substr($0, 1, t - 1) : $0; h = 0
			for (i = 1; i <= length(site); i++) h = (h * 31 + ord[substr(site, i, 1)]) % 16777213
			print > (prefix "." (h % n))
		}' "$@"
}

# map: one mapper per input file, outputs in the order of the files.
each map "$tmp/mapped" "$qtool map" "$@"

case $mode in
group-by)
	ksort -o "$tmp/mapped.sorted" "$tmp/mapped"
	parallel --will-cite --pipe --group-by 1 --colsep '\t' -k -j "$jobs" --block "$block" \
		"$qtool learn --keyed --sample $sample $learn_flags" <"$tmp/mapped.sorted" >"$tmp/models" 2>"$tmp/learn.err" ||
		{ cat "$tmp/learn.err" >&2; exit 1; }
	ksort "$tmp/models" "$tmp/mapped.sorted" |
		parallel --will-cite --pipe --group-by 1 --colsep '\t' -k -j "$jobs" --block "$block" \
			"$qtool apply --keyed -j 1 $apply_flags" 2>"$tmp/apply.err" >"$tmp/out.keyed" ||
		{ cat "$tmp/apply.err" >&2; exit 1; }
	;;
shard)
	shard "$tmp/learn.shard" "$tmp/mapped"
	each learn "$tmp/models" "ksort {} | $qtool learn --keyed --sample $sample $learn_flags" "$tmp"/learn.shard.*
	rm -f "$tmp"/learn.shard.*
	shard "$tmp/apply.shard" "$tmp/models" "$tmp/mapped"
	each apply "$tmp/out.keyed" "ksort {} | $qtool apply --keyed -j 1 $apply_flags" "$tmp"/apply.shard.*
	;;
esac

cut -f3- "$tmp/models" >"$outdir/models.jsonl"
cut -f2- "$tmp/out.keyed" >"$outdir/out.jsonl"
# One summary per stage: the sums of the jobs' summary lines (the CPU time summed, the peak
# memory the largest of one job's).
for stage in map learn apply; do
	grep -v ': summary ' "$tmp/$stage.err" >&2 || true
	{ grep ': summary ' "$tmp/$stage.err" || true; } | awk -v stage="$stage" '
		{ for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2]; if (kv[2] > peak[kv[1]]) peak[kv[1]] = kv[2] } n++ }
		END {
			printf "keyed.sh: %s jobs=%d", stage, n
			split("read emitted errors consumed skipped models", keys, " ")
			for (i = 1; i <= 6; i++) if (keys[i] in sum) printf " %s=%d", keys[i], sum[keys[i]]
			printf " in_mb=%.2f", sum["in_mb"]
			if ("html_mb" in sum) printf " html_mb=%.2f", sum["html_mb"]
			if ("cpu_s" in sum) printf " cpu_s=%.2f pages_per_cpu_s=%.0f", sum["cpu_s"], sum["read"] / (sum["cpu_s"] > 0 ? sum["cpu_s"] : 1e-9)
			if ("peak_rss_mb" in peak) printf " peak_rss_mb=%.0f", peak["peak_rss_mb"]
			printf "\n"
		}' >&2
done
