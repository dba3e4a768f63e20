//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package usage

func process() (Usage, bool) { return Usage{}, false }
