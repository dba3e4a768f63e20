package cli_test

import "syscall"

var errBrokenPipe error = syscall.EPIPE
