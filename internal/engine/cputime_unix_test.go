//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime is the processor time the process has used, user and system:
// on a loaded machine, nodes per second of it show the cost of threads
// that wall-clock time hides.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
