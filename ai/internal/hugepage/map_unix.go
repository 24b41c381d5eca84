//go:build unix

package hugepage

import (
	"syscall"
	"unsafe"
)

// Map returns n zeroed Ts in memory mapped straight from the operating
// system (advised for huge pages where Advise does so), and the function
// that hands it back. Unlike make's, the memory is never written before
// its user writes it: the Go heap zeroes a big block it reuses (a second
// 2 GiB table in one process cost 0.7 s before its first look-up), and a
// page first written costs a fault, so a table that uses little of what
// it was given costs little. T must hold no pointers. Where the mapping
// fails (or the size does not fit in an int), Map falls back to make.
func Map[T any](n int) ([]T, func()) {
	var zero T
	if n <= 0 || unsafe.Sizeof(zero) == 0 {
		return nil, func() {}
	}
	size := uint64(n) * uint64(unsafe.Sizeof(zero))
	if size/uint64(unsafe.Sizeof(zero)) != uint64(n) || size > uint64(^uint(0)>>1)-huge {
		return fallback[T](n)
	}
	// One huge page more, so that the table can start on a boundary.
	mem, err := syscall.Mmap(-1, 0, int(size)+huge, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return fallback[T](n)
	}
	base := uintptr(unsafe.Pointer(&mem[0]))
	off := (base+huge-1)&^(huge-1) - base
	s := unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n)
	Advise(s)
	return s, func() { _ = syscall.Munmap(mem) }
}
