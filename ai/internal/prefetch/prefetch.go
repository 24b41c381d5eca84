// Package prefetch asks the processor to start loading a cache line that
// will be read soon, so that a transposition-table probe finds it in cache
// instead of waiting on memory. It is a hint only: it never faults and
// changes nothing a program can observe except its speed.
package prefetch

import "unsafe"

// Line starts loading the cache line holding addr (on amd64 and arm64;
// elsewhere it does nothing). addr may be nil.
func Line(addr unsafe.Pointer) { line(addr) }
