// Package cli is the application every chaff algorithm tool shares: the
// common flags, the read → group by site → learn → apply loop, models on
// disk, the error policy, the accounting and the end-of-run summary.
//
// A tool declares itself as a Tool (its name, model version, flags, Learn and
// Load) and its main is one line:
//
//	func main() { os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr)) }
//	func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
//		return cli.Run(tool(), args, stdin, stdout, stderr)
//	}
//
// Run never calls os.Exit and never writes anything but records (or a view
// or model lines) to stdout: usage errors, per-record errors and the summary
// go to stderr, and Run returns the exit status (ExitOK, ExitFailure,
// ExitUsage).
package cli
