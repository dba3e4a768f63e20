#!/usr/bin/env bash
# keyed.sh: a chaff tool's learn and apply as a map / shuffle / reduce job on one machine,
# with GNU parallel as the engine (the layout of a Hadoop Streaming job; docs/SCALE.md).
#
#   scripts/scale/keyed.sh [-j N] [-s K] [-m group-by|shard] [-b BLOCK] [-o DIR] TOOL FILE...
#
# TOOL is a binary name or path (ngramcut, ampl, sstclean, rtdm); FILE... are WARC or JSON-lines
# dumps (any compression). It writes DIR/models.jsonl (one model line per site) and
# DIR/out.jsonl (every page with "text"), DIR defaults to ./keyed-out.
#
#   map    parallel -k TOOL map ::: FILE...    one mapper per file; -k keeps the files' order
#   learn  -m group-by (default): sort the mapped lines by site once, then parallel --pipe
#          --group-by 1 hands each job whole sites, in input order within a site, so the
#          models are exactly those of `TOOL run --sample K FILE...`.
#          -m shard: parallel --pipe --shard 2 hashes each site to one of N jobs, and each job
#          sorts its own share (no global sort: the shape of a Hadoop reducer). GNU parallel
#          shards blocks concurrently, which loses the order of a site's pages, so the lines
#          are numbered first (awk) and each job sorts by site, tag, then that number and cuts
#          it off: the secondary sort on position that makes the sample the first K pages.
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
usage() { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
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

export LC_ALL=C
mkdir -p "$outdir"
tmp=$(mktemp -d "$outdir/.keyed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')
# The shuffle's order: by site, then by tag (model lines 0 before pages 1), stable.
ksort() { sort -s -t "$tab" -k1,1 -k2,2 -T "$tmp" "$@"; }

learn_flags=${CHAFF_LEARN_FLAGS:-}
apply_flags=${CHAFF_APPLY_FLAGS:-}
# shard mode: lines are NUMBER<TAB>SITE<TAB>TAG<TAB>JSON; a job restores the order and drops NUMBER.
number() { awk '{ print NR "\t" $0 }' "$@"; }
unnumber_cmd="LC_ALL=C sort -t \"\$(printf '\\t')\" -k2,2 -k3,3 -k1,1n -T '$tmp' | cut -f2-"

# map: one mapper per input file, outputs in the order of the files.
parallel --will-cite -k -j "$jobs" "$tool" map 2>"$tmp/map.err" ::: "$@" >"$tmp/mapped" ||
	{ cat "$tmp/map.err" >&2; exit 1; }

case $mode in
group-by)
	ksort -o "$tmp/mapped.sorted" "$tmp/mapped"
	parallel --will-cite --pipe --group-by 1 --colsep '\t' -k -j "$jobs" --block "$block" \
		"$tool learn --keyed --sample $sample $learn_flags" <"$tmp/mapped.sorted" >"$tmp/models" 2>"$tmp/learn.err" ||
		{ cat "$tmp/learn.err" >&2; exit 1; }
	ksort "$tmp/models" "$tmp/mapped.sorted" |
		parallel --will-cite --pipe --group-by 1 --colsep '\t' -k -j "$jobs" --block "$block" \
			"$tool apply --keyed -j 1 $apply_flags" 2>"$tmp/apply.err" >"$tmp/out.keyed" ||
		{ cat "$tmp/apply.err" >&2; exit 1; }
	;;
shard)
	number "$tmp/mapped" |
		parallel --will-cite --pipe --shard 2 --colsep '\t' -j "$jobs" --block "$block" \
			"$unnumber_cmd | $tool learn --keyed --sample $sample $learn_flags" >"$tmp/models" 2>"$tmp/learn.err" ||
		{ cat "$tmp/learn.err" >&2; exit 1; }
	number "$tmp/models" "$tmp/mapped" |
		parallel --will-cite --pipe --shard 2 --colsep '\t' -j "$jobs" --block "$block" \
			"$unnumber_cmd | $tool apply --keyed -j 1 $apply_flags" 2>"$tmp/apply.err" >"$tmp/out.keyed" ||
		{ cat "$tmp/apply.err" >&2; exit 1; }
	;;
esac

cut -f3- "$tmp/models" >"$outdir/models.jsonl"
cut -f2- "$tmp/out.keyed" >"$outdir/out.jsonl"
# One summary per stage: the sums of the jobs' summary lines.
for stage in map learn apply; do
	grep -v ': summary ' "$tmp/$stage.err" >&2 || true
	grep ': summary ' "$tmp/$stage.err" | awk -v stage="$stage" '
		{ for (i = 3; i <= NF; i++) { split($i, kv, "="); sum[kv[1]] += kv[2] } n++ }
		END {
			printf "keyed.sh: %s jobs=%d", stage, n
			split("read emitted errors consumed skipped models", keys, " ")
			for (i = 1; i <= 6; i++) if (keys[i] in sum) printf " %s=%d", keys[i], sum[keys[i]]
			printf " in_mb=%.2f", sum["in_mb"]
			if ("html_mb" in sum) printf " html_mb=%.2f", sum["html_mb"]
			printf "\n"
		}' >&2
done
