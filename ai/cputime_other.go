//go:build !unix

package ai

import "time"

// processCPU is unknown here; bench reports wall-clock speed only.
func processCPU() time.Duration { return 0 }
