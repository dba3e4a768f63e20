#!/usr/bin/env bash
# Builds and installs the peer extractors that chaff's evaluation compares
# against, from the registries by name (never copied code):
#   bin/peer                 go-trafilatura, go-shiori/go-readability and
#                            readeck's go-readability (Go module proxy, versions
#                            pinned in scripts/peers/go.mod and go.sum)
#   scripts/peers/node_modules   @mozilla/readability 0.6.0 and defuddle 0.19.4 on
#                            linkedom@0.18.14 (npm, pinned in package.json /
#                            package-lock.json; linkedom 0.18.15 depends on a
#                            package missing from the registry), run by
#                            readability.mjs and defuddle.mjs
# Usage: scripts/peers/install.sh [BINDIR]   (default: bin/ at the repo root)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bindir="${1:-$root/bin}"
mkdir -p "$bindir"
bindir="$(cd "$bindir" && pwd)"
export GOFLAGS=-buildvcs=false

echo "peers: building bin/peer (go-trafilatura, go-readability, readeck-readability)" >&2
(cd "$here" && go build -o "$bindir/peer" ./cmd/peer)

if command -v node >/dev/null && command -v npm >/dev/null; then
  echo "peers: installing @mozilla/readability, defuddle + linkedom@0.18.14 (npm ci)" >&2
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >&2)
else
  echo "peers: node/npm missing: Mozilla Readability and Defuddle are left out (apt-get install -y nodejs npm)" >&2
fi
