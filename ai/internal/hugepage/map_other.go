//go:build !unix

package hugepage

// Map returns n zeroed Ts and the function that hands them back (here
// made by make, and left to the garbage collector).
func Map[T any](n int) ([]T, func()) { return fallback[T](n) }
