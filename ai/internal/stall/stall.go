// Package stall measures how long the machine kept this process from
// running. Tests of time limits use it to tell the engine's lateness from
// the machine's: on a loaded virtual machine a whole process can stand
// still for hundreds of milliseconds, and no time management can answer
// for time it was not given.
package stall

import (
	"sync"
	"time"
)

// Watch records, while it runs, the worst lateness of a goroutine that
// asks to wake every millisecond.
type Watch struct {
	stop  chan struct{}
	wg    sync.WaitGroup
	worst time.Duration
}

// Start begins watching.
func Start() *Watch {
	w := &Watch{stop: make(chan struct{})}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		const tick = time.Millisecond
		last := time.Now()
		for {
			select {
			case <-w.stop:
				return
			case <-time.After(tick):
			}
			now := time.Now()
			w.worst = max(w.worst, now.Sub(last)-tick)
			last = now
		}
	}()
	return w
}

// Stop ends watching and returns the longest stall seen.
func (w *Watch) Stop() time.Duration {
	close(w.stop)
	w.wg.Wait()
	return w.worst
}
