// Package scale checks the scale-out contract of docs/SCALE.md: that a tool's learn and apply
// run as a keyed map / sort / reduce job (`map`, `learn --keyed`, `apply --keyed`, the
// layout of a Hadoop Streaming or Spark pipe() job) give exactly the records of `run` on the
// whole input, serially and through GNU parallel (keyed.sh). The tests build the tools'
// binaries and run them as separate processes with the system's sort, as a cluster would.
//
// The package's exported helpers (ModuleRoot, Build, WriteCorpus, Canonical) are shared with
// the Beam driver's test in dist/beam.
package scale
