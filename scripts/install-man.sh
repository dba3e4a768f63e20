#!/bin/sh
# install-man.sh: installs a manual page per chaff tool, made from the tool's own help (the
# hidden `TOOL man` command writes it as roff), into MANDIR/man1.
#
#   scripts/install-man.sh [-b BINDIR] [MANDIR]
#
# BINDIR holds the tools (default: each tool as found on PATH, e.g. after `go install
# ./cmd/...`); MANDIR defaults to $HOME/.local/share/man, which man(1) searches on most
# systems (else: man -M MANDIR rtdm, or add it to MANPATH). /usr/local/share/man needs root.
set -eu

bindir=
if [ "${1:-}" = "-b" ]; then
	[ $# -ge 2 ] || { echo "install-man.sh: -b needs a directory" >&2; exit 2; }
	bindir=$2
	shift 2
fi
case "${1:-}" in -h | --help)
	sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
	exit 0
	;;
esac
mandir=${1:-$HOME/.local/share/man}

mkdir -p "$mandir/man1"
for tool in ngramcut ampl sstclean rtdm chaff score; do
	if [ -n "$bindir" ]; then
		bin=$bindir/$tool
	else
		bin=$(command -v "$tool" || true)
	fi
	if [ -z "$bin" ] || [ ! -x "$bin" ]; then
		echo "install-man.sh: no $tool (${bindir:-not on PATH}): go install ./cmd/... first, or give -b BINDIR" >&2
		exit 1
	fi
	tmp=$mandir/man1/.$tool.1.tmp
	"$bin" man >"$tmp"
	mv "$tmp" "$mandir/man1/$tool.1"
	echo "$mandir/man1/$tool.1"
done
