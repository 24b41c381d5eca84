package prefetch

import (
	"testing"
	"unsafe"
)

// A prefetch is a hint: a nil address is accepted and nothing prefetched
// changes.
func TestLineIsOnlyAHint(t *testing.T) {
	buf := make([]uint64, 1<<12)
	for i := range buf {
		buf[i] = uint64(i) * 0x9e3779b97f4a7c15
	}
	for i := 0; i < len(buf); i += 8 {
		Line(unsafe.Pointer(&buf[i]))
	}
	Line(nil)
	for i := range buf {
		if buf[i] != uint64(i)*0x9e3779b97f4a7c15 {
			t.Fatalf("word %d changed to %#x", i, buf[i])
		}
	}
}

// BenchmarkLine is the cost of issuing one prefetch of a cached line.
func BenchmarkLine(b *testing.B) {
	var x [64]byte
	for range b.N {
		Line(unsafe.Pointer(&x))
	}
}
