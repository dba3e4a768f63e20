//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cli

func processUsage() (Usage, bool) { return Usage{}, false }
