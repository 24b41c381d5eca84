//go:build !linux

// Package hugepage asks the operating system to back large tables with
// huge pages (on Linux; elsewhere Advise does nothing).
package hugepage

// Advise does nothing where huge pages are not asked for this way.
func Advise[T any]([]T) {}
