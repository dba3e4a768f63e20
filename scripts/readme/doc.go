// Package readme holds the test that keeps the README's opening transcript true: it builds
// the tools, runs each command of the transcript (the first ```console block of README.md)
// on the built-in synthetic sample, and compares what it prints with what the README says
// it prints (see TestTranscript). It has no code of its own.
package readme
