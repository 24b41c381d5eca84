// Package hugepage asks the operating system to back large tables with
// huge pages. A transposition table's look-ups land anywhere in up to
// gigabytes; with 4 KiB pages nearly every one also misses the TLB and pays
// a page walk (two levels of them under a virtual machine).
package hugepage

import (
	"syscall"
	"unsafe"
)

const huge = 2 << 20

// Advise asks for huge pages under the 2 MiB-aligned part of s's memory.
// It is a hint: where it fails the table only runs slower, so the error is
// dropped. Call it before the memory is first touched.
func Advise[T any](s []T) {
	if len(s) == 0 {
		return
	}
	base := unsafe.Pointer(&s[0])
	start := uintptr(base)
	end := start + uintptr(len(s))*unsafe.Sizeof(s[0])
	lo := (start + huge - 1) &^ (huge - 1)
	hi := end &^ (huge - 1)
	if hi <= lo {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, lo-start)), hi-lo), madvHugepage)
}

// madvHugepage is Linux's MADV_HUGEPAGE.
const madvHugepage = 14

// Map returns n zeroed Ts in memory mapped straight from the operating
// system, advised for huge pages, and the function that hands it back.
// Unlike make's, the memory is never written before its user writes it:
// the Go heap zeroes a big block it reuses (a second 2 GiB table in one
// process cost 0.7 s before its first look-up), and a page first written
// costs a fault, so a table that uses little of what it was given costs
// little. T must hold no pointers. Where the mapping fails, Map falls back
// to make.
func Map[T any](n int) ([]T, func()) {
	var zero T
	size := uintptr(n) * unsafe.Sizeof(zero)
	if n <= 0 || size == 0 {
		return nil, func() {}
	}
	// One huge page more, so that the table can start on a boundary.
	mem, err := syscall.Mmap(-1, 0, int(size+huge), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		s := make([]T, n)
		Advise(s)
		return s, func() {}
	}
	base := uintptr(unsafe.Pointer(&mem[0]))
	off := (base+huge-1)&^(huge-1) - base
	s := unsafe.Slice((*T)(unsafe.Pointer(&mem[off])), n)
	Advise(s)
	return s, func() { _ = syscall.Munmap(mem) }
}
