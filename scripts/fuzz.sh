#!/usr/bin/env bash
# Runs every fuzz target of the project for a while, one at a time on one worker, and writes
# one line per target: package, target, time, executions, and the outcome. A failing input
# is kept by Go under the package's testdata/fuzz/ (commit it: it becomes a regression seed).
#
#   scripts/fuzz.sh [-t 10m] [-o log] [TARGET_REGEXP]
set -uo pipefail
cd "$(dirname "$0")/.."
fuzztime=10m out=/dev/stdout only=.
while getopts "t:o:" opt; do
  case $opt in
    t) fuzztime=$OPTARG ;;
    o) out=$OPTARG ;;
    *) echo "usage: $0 [-t 10m] [-o log] [TARGET_REGEXP]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] && only=$1
targets=$(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(' lib cmd scripts |
  sed -E 's|^(.*)/[^/]*_test\.go:[0-9]+:func (Fuzz[A-Za-z0-9_]*)\(.*|\1 \2|' | sort -u | grep -E -- "$only")
status=0
while read -r dir target; do
  log=$(mktemp)
  start=$(date +%s)
  # Go's fuzzing engine asks for 10 s of grace after -fuzztime; a slow input shows as
  # "context deadline exceeded" at the end.
  go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -parallel 1 "./$dir" >"$log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  execs=$(grep -oE 'execs: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+')
  if [ $rc -eq 0 ]; then outcome=ok; else outcome="FAILED: $(grep -m1 -E -- '--- FAIL|panic|Failing input|deadline' "$log")"; status=1; fi
  echo "$dir $target ${secs}s execs=${execs:-?} $outcome" >>"$out"
  [ $rc -eq 0 ] || tail -30 "$log" >>"$out"
  rm -f "$log"
done <<<"$targets"
exit $status
