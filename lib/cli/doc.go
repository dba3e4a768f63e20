// Package cli is the application every chaff algorithm tool shares: the
// common flags, the read → group by site → learn → apply loop, models on
// disk, the error policy, the accounting and the end-of-run summary.
//
// A tool declares itself as a Tool: its name, its flags, and Configure, which
// reads the flags once, before any input is read, into an Algorithm (Version,
// Learn, Decode). A site's Model applies to a page (a *page.Page, parsed at
// most once) and returns a Found: the kept spans, the template evidence, the
// fit, the title and the tool's detail; lib/cli renders the text from the kept
// spans in one place (setFound). The tool's main is one line:
//
//	func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
//	func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
//		return cli.Run(tool(), args, stdin, stdout, stderr)
//	}
//
// Run never calls os.Exit and never writes anything but records (or a view
// or model lines) to stdout: usage errors, per-record errors and the summary
// go to stderr, and Run returns the exit status (ExitOK, ExitFailure,
// ExitUsage, or 130/143 after SIGINT/SIGTERM).
//
// A run that stops early (SIGINT or SIGTERM, --on-error fail, a failed
// write) still prints its summary, with the pages it read but did not finish
// counted as skipped.abandoned, so that read = emitted + consumed + skipped
// holds. An -o file is opened before any input is read and written under a
// temporary name beside it, renamed onto its name only when the run ran to
// the end of its input; a run that stopped early leaves the old file as it
// was.
//
// The files follow a page through a run, one job each: input.go reads records
// and keys them by site; loop.go is the one read → model → apply loop of
// learn, run, apply and show, with the three sources of a page's model (the
// grouper of group.go, which learns each site from its sample; a --model
// file; the model lines of keyed input), and setFound, where what a model
// found becomes the record; workers.go applies pages on -j goroutines and
// finishes them in input order; output.go writes, counting a page as emitted
// only once flushed; counts.go keeps the accounting and formats the Summary;
// report.go writes stderr, capping per-record lines per kind; progress.go draws
// the progress line on a terminal from its own goroutine, and clears it before
// any other stderr line; version.go gives every app --version, version and the
// hidden man command; signals.go turns SIGINT and SIGTERM into a stop; env.go
// joins them and holds the one error policy. Commands that analyse whole sites read them with Env.Sample;
// WriteSourceView is the source view of the tools of strings. score is built
// on RunApp, the shared flags, Reporter and Summary.
package cli
