package nnue

// The accumulator kernels: a row of int16 weights added to or taken from
// an accumulator, and the clipped accumulator's dot product with the
// output weights. They are most of the learned evaluation's time (a
// fifth of a search's instructions in plain Go), so on amd64 with AVX2
// they run as assembly (kernels_amd64.s, eight units an instruction);
// these plain Go loops are the reference the assembly is tested against
// and what other machines, or a build tagged purego, run.

func moveGo(dst, src *[Hidden]int32, a, s *[Hidden]int16) {
	for i := range dst {
		dst[i] = src[i] + int32(a[i]) - int32(s[i])
	}
}

func captureGo(dst, src *[Hidden]int32, a1, s1, a2, s2 *[Hidden]int16) {
	for i := range dst {
		dst[i] = src[i] + int32(a1[i]) - int32(s1[i]) + int32(a2[i]) - int32(s2[i])
	}
}

func addGo(acc *[Hidden]int32, w *[Hidden]int16) {
	for i := range acc {
		acc[i] += int32(w[i])
	}
}

func subGo(acc *[Hidden]int32, w *[Hidden]int16) {
	for i := range acc {
		acc[i] -= int32(w[i])
	}
}

// dotClipGo is Σ clip(acc[i])·w[i]. Each product is at most 2^10 × 2^15,
// so the sum stays below 2^31 up to 64 units: int32 is safe (and what the
// assembly sums in).
func dotClipGo(acc *[Hidden]int32, w *[Hidden]int16) int32 {
	var z0, z1 int32
	for i := 0; i < Hidden; i += 2 {
		z0 += clip(acc[i]) * int32(w[i])
		z1 += clip(acc[i+1]) * int32(w[i+1])
	}
	return z0 + z1
}

func clip(v int32) int32 { return min(max(v, 0), QA) }
