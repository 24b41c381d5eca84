package hugepage

// fallback makes what Map could not map: n zeroed Ts from the Go heap,
// advised like any table, and nothing to hand back but to the collector.
func fallback[T any](n int) ([]T, func()) {
	s := make([]T, n)
	Advise(s)
	return s, func() {}
}

// huge is the size of a huge page, and the boundary a mapped table starts on.
const huge = 2 << 20
