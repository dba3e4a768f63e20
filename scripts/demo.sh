#!/usr/bin/env bash
# The main job on the built-in synthetic sample: build the tools, write the
# sample (4 news sites, one of them Japanese-like, and 13 small plain sites:
# HTML5, nested divs, an old table layout, a blog, a wiki, Arabic, Russian...,
# all with known templates and gold text), run chaff extract (each page alone)
# and every algorithm tool on it
# learning per site, show what goes in and what comes out, and score each tool
# against the gold text.
#
#   scripts/demo.sh            # writes into out/demo/
set -euo pipefail
cd "$(dirname "$0")/.."
export GOFLAGS=-buildvcs=false
out=out/demo
mkdir -p bin "$out"

echo "# building the tools into bin/"
go build -o bin/ ./cmd/...
go run ./scripts/synth -shapes -o "$out/sample.jsonl.zst"
go run ./scripts/synth -shapes -o "$out/sample.warc.gz" 2>/dev/null

# first prints members of the first record of a JSON-lines file (plain or zstd) for people,
# strings cut to 300 bytes. It is Go (the one thing the demo assumes besides bash and
# coreutils: no jq, no zstd), written here and built once; the _ keeps it out of ./...
mkdir -p "$out/_first"
cat >"$out/_first/main.go" <<'GO'
// Command first prints members of the first record of a JSON-lines file (plain, or zstd
// when the name ends in .zst) for people: first FILE MEMBER ... prints each member on its
// own line, a string cut to 300 bytes at a character boundary (its length said), other
// values as compact JSON, cut alike. Written by scripts/demo.sh.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
)

const most = 300

func main() {
	if err := first(os.Args[1], os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "first:", err)
		os.Exit(1)
	}
}

func first(path string, members []string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".zst") {
		z, err := zstd.NewReader(f)
		if err != nil {
			return err
		}
		defer z.Close()
		r = z
	}
	var rec map[string]json.RawMessage
	if err := json.NewDecoder(bufio.NewReader(r)).Decode(&rec); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	for _, m := range members {
		raw, ok := rec[m]
		if !ok {
			fmt.Printf("%s: (absent)\n", m)
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		if len(s) <= most {
			fmt.Printf("%s: %s\n", m, s)
			continue
		}
		cut := most
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		fmt.Printf("%s (first %d of %d bytes): %s ...\n", m, cut, len(s), s[:cut])
	}
	return nil
}
GO
go build -o "$out/first" "./$out/_first"

echo
echo "# the sample: one page record going in (html cut to 300 bytes)"
"$out/first" "$out/sample.jsonl.zst" id site url html
echo

echo "# chaff extract: each page on its own, by the content model (no site to learn from)"
bin/chaff extract --drop-html -o "$out/chaff.jsonl" "$out/sample.jsonl.zst"
echo "# one record coming out: its text (cut to 300 bytes) and what chose it:"
"$out/first" "$out/chaff.jsonl" id text content
echo "# chaff extract scored against the gold text:"
bin/score -q "$out/chaff.jsonl"
echo
bin/chaff show --out-dir "$out/chaff-show" "$out/sample.jsonl.zst" 2>/dev/null
echo "# views of every page, the kept blocks black, the rest grey: $out/chaff-show/index.html"
echo

for tool in ngramcut ampl sstclean rtdm; do
  [ -x "bin/$tool" ] || continue
  echo "# $tool run: learn per site, apply to every page (records out, html dropped)"
  bin/$tool run --drop-html -o "$out/$tool.jsonl" "$out/sample.jsonl.zst"
  echo "# one record coming out: the page's extracted text (cut to 300 bytes) and the $tool member:"
  "$out/first" "$out/$tool.jsonl" id text "$tool"
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
