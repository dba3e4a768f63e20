#!/usr/bin/env bash
# The papers' experiments, each writing its table (and figures) under docs/paper/:
#   ngramcut  same-site vs mixed-site sets, cut point and character accuracy/recall/precision (Ikeda et al. 2001, Table 1)
#   ampl      F(f) plots for one site, three sites mixed, a list-heavy set (Ikeda et al. 2003, Figs. 2, 5, 6)
#   rtdm      correct / erroneous / not extracted per set, RTDM vs top-down time (Reis et al. 2004, Table 1, Fig. 10)
#   sstclean  noisy / kept parts per site (Yi, Liu, Li 2003)
#
#   scripts/paper/run.sh               # all four
#   scripts/paper/run.sh ampl rtdm     # some
#
# Real-page rows need ../shared/data; without it the synthetic corpus is used alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
export GOFLAGS=-buildvcs=false
mkdir -p bin
go build -o bin/evalrun ./scripts/evalrun
exec bin/evalrun paper "$@"
