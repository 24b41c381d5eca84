// Package hugepage asks the operating system to back large tables with
// huge pages. A transposition table's look-ups land anywhere in up to
// gigabytes; with 4 KiB pages nearly every one also misses the TLB and pays
// a page walk (two levels of them under a virtual machine).
package hugepage

import (
	"syscall"
	"unsafe"
)

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
