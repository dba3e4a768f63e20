#!/usr/bin/env bash
# End-to-end check of the show views in a real browser: each tool's view of a
# page that carries scripts (a <script>, an onload and an onerror handler, a
# javascript: iframe and link) is rendered in headless Chromium; a screenshot
# per tool goes to docs/views/<tool>.png, and the rendered DOM is checked:
# kept and removed parts are marked, no page script ran (the title is not
# PWNED-*), no script element, on* attribute or javascript: URL is left. A
# control loads the page itself and must see its scripts run.
#
#   scripts/views/check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export GOFLAGS=-buildvcs=false
if [ ! -x /usr/bin/chromium ]; then
  echo "views: installing Debian's chromium" >&2
  apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >/dev/null
fi
mkdir -p bin
go build -o bin/evalrun ./scripts/evalrun
exec bin/evalrun views "$@"
