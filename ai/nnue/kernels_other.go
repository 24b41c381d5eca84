//go:build !amd64 || purego

package nnue

func moveRows(dst, src *[Hidden]int32, a, s *[Hidden]int16) { moveGo(dst, src, a, s) }

func captureRows(dst, src *[Hidden]int32, a1, s1, a2, s2 *[Hidden]int16) {
	captureGo(dst, src, a1, s1, a2, s2)
}

func addRow(acc *[Hidden]int32, w *[Hidden]int16) { addGo(acc, w) }

func subRow(acc *[Hidden]int32, w *[Hidden]int16) { subGo(acc, w) }

func dotClip(acc *[Hidden]int32, w *[Hidden]int16) int32 { return dotClipGo(acc, w) }
