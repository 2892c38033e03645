//go:build !unix

package engine

import "time"

// cpuTime is 0 where the process's processor time is not at hand; the
// benchmarks then leave out their per-processor-second figures.
func cpuTime() time.Duration { return 0 }
