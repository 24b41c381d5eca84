//go:build unix

package ai

import (
	"syscall"
	"time"
)

// processCPU is the CPU time this process has used (user and system): on a
// loaded machine it measures the search's speed better than the clock.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
