#!/usr/bin/env bash
# The main job on the built-in synthetic sample: build the tools, write the
# sample (4 sites, one of them Japanese-like, with known templates and gold
# text), run every algorithm tool on it learning per site, show what goes in
# and what comes out, and score each tool against the gold text.
#
#   scripts/demo.sh            # writes into out/demo/
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
out=out/demo
mkdir -p bin "$out"

echo "# building the tools into bin/"
go build -o bin/ ./cmd/...
go run ./scripts/synth -o "$out/sample.jsonl.zst"
go run ./scripts/synth -o "$out/sample.warc.gz" 2>/dev/null

echo
echo "# the sample: one page record going in (html cut to 300 bytes)"
bin/score --help >/dev/null
zstd -dc "$out/sample.jsonl.zst" 2>/dev/null | head -n 1 | cut -c 1-420 || true
echo

for tool in ngramcut ampl sstclean rtdm; do
  [ -x "bin/$tool" ] || continue
  echo "# $tool run: learn per site, apply to every page (records out, html dropped)"
  bin/$tool run --drop-html -o "$out/$tool.jsonl" "$out/sample.jsonl.zst"
  echo "# one record coming out (text cut to 300 bytes):"
  head -n 1 "$out/$tool.jsonl" | cut -c 1-420
  echo "# $tool scored against the gold text:"
  bin/score --by site --table "$out/$tool.jsonl"
  echo
done

if [ -x bin/ampl ]; then
  echo "# ampl peaks of the first site: f, V(f), F(f), G(f); the maximal peak is marked"
  bin/ampl peaks --svg "$out/peaks.svg" "$out/sample.jsonl.zst" | head -n 12 || true
  echo "# plot written to $out/peaks.svg"
fi
if [ -x bin/ngramcut ]; then
  bin/ngramcut show --out-dir "$out/ngramcut-show" "$out/sample.jsonl.zst" 2>/dev/null
  echo "# views of every page with the removed parts greyed: $out/ngramcut-show/index.html"
fi

echo "# the same run from the WARC copy gives the same texts:"
for tool in ngramcut ampl sstclean rtdm; do
  [ -x "bin/$tool" ] || continue
  bin/$tool run --drop-html --site-key host "$out/sample.warc.gz" 2>/dev/null | bin/score --gold "$out/sample.gold.jsonl" --key url -q | sed "s/^/$tool from WARC: /"
done
