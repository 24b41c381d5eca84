//go:build amd64 && !purego

package nnue

import (
	"math/rand/v2"
	"testing"
)

// The AVX2 kernels give exactly what the plain Go loops give, on random
// accumulators and weights including the extremes (values past the
// clipping at both ends, weights of ±32767).
func TestAVX2KernelsEqualGo(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this CPU has no AVX2: the plain Go kernels run, and the other tests cover them")
	}
	r := rand.New(rand.NewPCG(7, 8))
	weight := func() int16 {
		switch r.IntN(8) {
		case 0:
			return 32767
		case 1:
			return -32767
		}
		return int16(r.IntN(2001) - 1000)
	}
	rows := func() (w [4][Hidden]int16) {
		for k := range w {
			for i := range w[k] {
				w[k][i] = weight()
			}
		}
		return w
	}
	accum := func() (a [Hidden]int32) {
		for i := range a {
			a[i] = int32(r.IntN(6000) - 3000)
		}
		return a
	}
	for range 2000 {
		w, src := rows(), accum()
		var got, want [Hidden]int32
		moveAVX2(&got[0], &src[0], &w[0][0], &w[1][0], Hidden)
		moveGo(&want, &src, &w[0], &w[1])
		if got != want {
			t.Fatalf("move: AVX2 %v, Go %v", got, want)
		}
		captureAVX2(&got[0], &src[0], &w[0][0], &w[1][0], &w[2][0], &w[3][0], Hidden)
		captureGo(&want, &src, &w[0], &w[1], &w[2], &w[3])
		if got != want {
			t.Fatalf("capture: AVX2 %v, Go %v", got, want)
		}
		got, want = src, src
		addAVX2(&got[0], &w[2][0], Hidden)
		addGo(&want, &w[2])
		subAVX2(&got[0], &w[3][0], Hidden)
		subGo(&want, &w[3])
		if got != want {
			t.Fatalf("add and sub: AVX2 %v, Go %v", got, want)
		}
		if a, b := dotClipAVX2(&src[0], &w[0][0], Hidden), dotClipGo(&src, &w[0]); a != b {
			t.Fatalf("dot product: AVX2 %d, Go %d", a, b)
		}
	}
	// The largest dot product there can be: every unit clipped at QA
	// against the largest weight.
	var acc [Hidden]int32
	var w [Hidden]int16
	for i := range acc {
		acc[i], w[i] = 5000, 32767
	}
	if a, want := dotClipAVX2(&acc[0], &w[0], Hidden), int32(Hidden*QA*32767); a != want {
		t.Fatalf("largest dot product: AVX2 %d, want %d", a, want)
	}
}
