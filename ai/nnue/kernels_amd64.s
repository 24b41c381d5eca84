//go:build amd64 && !purego

#include "textflag.h"

// The accumulator kernels of kernels.go, eight int32 units a step: the
// int16 weights are widened by VPMOVSXWD. n is a positive multiple of 8.

// func moveAVX2(dst, src *int32, a, s *int16, n int)
TEXT ·moveAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ n+32(FP), CX

moveloop:
	VMOVDQU   (SI), Y0
	VPMOVSXWD (AX), Y1
	VPMOVSXWD (BX), Y2
	VPADDD    Y1, Y0, Y0
	VPSUBD    Y2, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	ADDQ      $16, AX
	ADDQ      $16, BX
	SUBQ      $8, CX
	JNZ       moveloop
	VZEROUPPER
	RET

// func captureAVX2(dst, src *int32, a1, s1, a2, s2 *int16, n int)
TEXT ·captureAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a1+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ a2+32(FP), DX
	MOVQ s2+40(FP), R8
	MOVQ n+48(FP), CX

captureloop:
	VMOVDQU   (SI), Y0
	VPMOVSXWD (AX), Y1
	VPMOVSXWD (BX), Y2
	VPMOVSXWD (DX), Y3
	VPMOVSXWD (R8), Y4
	VPADDD    Y1, Y0, Y0
	VPSUBD    Y2, Y0, Y0
	VPADDD    Y3, Y0, Y0
	VPSUBD    Y4, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	ADDQ      $16, AX
	ADDQ      $16, BX
	ADDQ      $16, DX
	ADDQ      $16, R8
	SUBQ      $8, CX
	JNZ       captureloop
	VZEROUPPER
	RET

// func addAVX2(acc *int32, w *int16, n int)
TEXT ·addAVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), AX
	MOVQ n+16(FP), CX

addloop:
	VMOVDQU   (DI), Y0
	VPMOVSXWD (AX), Y1
	VPADDD    Y1, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $32, DI
	ADDQ      $16, AX
	SUBQ      $8, CX
	JNZ       addloop
	VZEROUPPER
	RET

// func subAVX2(acc *int32, w *int16, n int)
TEXT ·subAVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ w+8(FP), AX
	MOVQ n+16(FP), CX

subloop:
	VMOVDQU   (DI), Y0
	VPMOVSXWD (AX), Y1
	VPSUBD    Y1, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $32, DI
	ADDQ      $16, AX
	SUBQ      $8, CX
	JNZ       subloop
	VZEROUPPER
	RET

// func dotClipAVX2(acc *int32, w *int16, n int) int32
// Σ min(max(acc[i], 0), 1024) · w[i], in int32 lanes.
TEXT ·dotClipAVX2(SB), NOSPLIT, $0-28
	MOVQ         acc+0(FP), SI
	MOVQ         w+8(FP), AX
	MOVQ         n+16(FP), CX
	VPXOR        Y3, Y3, Y3
	VPXOR        Y4, Y4, Y4
	MOVL         $1024, DX
	VMOVD        DX, X5
	VPBROADCASTD X5, Y5

dotloop:
	VMOVDQU   (SI), Y0
	VPMAXSD   Y4, Y0, Y0
	VPMINSD   Y5, Y0, Y0
	VPMOVSXWD (AX), Y1
	VPMULLD   Y1, Y0, Y0
	VPADDD    Y0, Y3, Y3
	ADDQ      $32, SI
	ADDQ      $16, AX
	SUBQ      $8, CX
	JNZ       dotloop
	VEXTRACTI128 $1, Y3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0x4e, X3, X0
	VPADDD       X0, X3, X3
	VPSHUFD      $0xb1, X3, X0
	VPADDD       X0, X3, X3
	VMOVD        X3, AX
	MOVL         AX, ret+24(FP)
	VZEROUPPER
	RET
