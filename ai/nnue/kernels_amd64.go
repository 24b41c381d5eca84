//go:build amd64 && !purego

package nnue

import "golang.org/x/sys/cpu"

// hasAVX2 is read once, at start-up: whether this CPU (and OS) runs the
// AVX2 kernels.
var hasAVX2 = cpu.X86.HasAVX2

// The assembly kernels take n, a positive multiple of 8: a Hidden that is
// not fails to compile here.
const _ uint = -(Hidden % 8)

//go:noescape
func moveAVX2(dst, src *int32, a, s *int16, n int)

//go:noescape
func captureAVX2(dst, src *int32, a1, s1, a2, s2 *int16, n int)

//go:noescape
func addAVX2(acc *int32, w *int16, n int)

//go:noescape
func subAVX2(acc *int32, w *int16, n int)

//go:noescape
func dotClipAVX2(acc *int32, w *int16, n int) int32

func moveRows(dst, src *[Hidden]int32, a, s *[Hidden]int16) {
	if hasAVX2 {
		moveAVX2(&dst[0], &src[0], &a[0], &s[0], Hidden)
		return
	}
	moveGo(dst, src, a, s)
}

func captureRows(dst, src *[Hidden]int32, a1, s1, a2, s2 *[Hidden]int16) {
	if hasAVX2 {
		captureAVX2(&dst[0], &src[0], &a1[0], &s1[0], &a2[0], &s2[0], Hidden)
		return
	}
	captureGo(dst, src, a1, s1, a2, s2)
}

func addRow(acc *[Hidden]int32, w *[Hidden]int16) {
	if hasAVX2 {
		addAVX2(&acc[0], &w[0], Hidden)
		return
	}
	addGo(acc, w)
}

func subRow(acc *[Hidden]int32, w *[Hidden]int16) {
	if hasAVX2 {
		subAVX2(&acc[0], &w[0], Hidden)
		return
	}
	subGo(acc, w)
}

func dotClip(acc *[Hidden]int32, w *[Hidden]int16) int32 {
	if hasAVX2 {
		return dotClipAVX2(&acc[0], &w[0], Hidden)
	}
	return dotClipGo(acc, w)
}
