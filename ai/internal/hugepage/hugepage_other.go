//go:build !linux

// Package hugepage asks the operating system to back large tables with
// huge pages (on Linux; elsewhere it does nothing).
package hugepage

// Advise does nothing where huge pages are not asked for this way.
func Advise[T any]([]T) {}

// Map returns n zeroed Ts and the function that hands them back (here
// made by make, and left to the garbage collector).
func Map[T any](n int) ([]T, func()) {
	return make([]T, n), func() {}
}
