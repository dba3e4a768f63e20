//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package usage

func process() *Usage { return nil }
