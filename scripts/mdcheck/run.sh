#!/usr/bin/env bash
# Reads chaff extract's --markdown (and --markdown --links --images) back with a CommonMark
# reader and with GitHub's (GFM: one ~ strikes through, a bare address is a link) and
# checks that it gives back the plain text's words and characters, page for page: that the
# page's own characters are escaped where Markdown would read them as markup, and that the
# lists, tables and code read as such (check.mjs). Runs over the dev sets in ../shared/data
# when present, else over the built-in synthetic sample. Needs node and npm (the readers are
# installed into scripts/mdcheck/node_modules on first use) and jq.
#
#   scripts/mdcheck/run.sh [FILE.jsonl.zst ...]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
export GOFLAGS=-buildvcs=false
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
[ -d "$here/node_modules/micromark-extension-gfm" ] || npm install --prefix "$here" --no-audit --no-fund --silent
go build -o "$tmp/chaff" ./cmd/chaff
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  if [ -d ../shared/data ]; then
    files=(../shared/data/{wcxb-dev,trafeval-dev,big9-2005-2013,dragnet-even,cleanportaleval}.jsonl.zst)
  else
    echo "../shared/data is absent: checking the built-in synthetic sample" >&2
    go run ./scripts/synth -shapes -o "$tmp/sample.jsonl.zst"
    files=("$tmp/sample.jsonl.zst")
  fi
fi
status=0
for f in "${files[@]}"; do
  name="$(basename "$f" .jsonl.zst)"
  "$tmp/chaff" extract "$f" 2>/dev/null | jq -c '{id, text}' >"$tmp/$name.text"
  for opts in "--markdown" "--markdown --links --images"; do
    # shellcheck disable=SC2086
    "$tmp/chaff" extract $opts "$f" 2>/dev/null | jq -c '{id, text}' >"$tmp/$name.md"
    for reader in "" --gfm; do
      echo "# $name, chaff extract $opts, read by ${reader:-CommonMark}"
      # shellcheck disable=SC2086
      node "$here/check.mjs" "$tmp/$name.md" "$tmp/$name.text" 10 $reader | tee "$tmp/out"
      grep -q '"differ":0,' "$tmp/out" || status=1
    done
  done
done
exit $status
