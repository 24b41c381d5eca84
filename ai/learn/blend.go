package learn

import (
	"fmt"
	"io"
	"math"

	"kiki/ai/nnue"
	"kiki/kif/cli"
)

// Two networks fine-tuned from one ancestor can be mixed weight by
// weight, and the weights in between are a network too ("model soups").
// Tried once, to keep G1's judgement of a bare board with G3's play
// (0.7 G3 + 0.3 G1): it kept little of the play, +16 (−32 … +64)
// against G1 over 200 games (ai/learn/README.md).

// Blend returns (1−w)·a + w·b, weight by weight, rounded to the files'
// integers. The two must have the same shape and scale.
func Blend(a, b *nnue.Net, w float64) (*nnue.Net, error) {
	switch {
	case !(w >= 0 && w <= 1):
		return nil, fmt.Errorf("blend weight %v, want 0…1", w)
	case a.L1 != b.L1 || len(a.FT) != len(b.FT) || len(a.Out) != len(b.Out):
		return nil, fmt.Errorf("the networks differ in shape (hidden layers %d and %d)", a.L1, b.L1)
	case a.Scale != b.Scale:
		return nil, fmt.Errorf("the networks' scales differ (%d and %d): blend them at one scale", a.Scale, b.Scale)
	}
	n := nnue.NewNetL1(a.L1)
	n.Scale = a.Scale
	mix(n.FT, a.FT, b.FT, w)
	mix(n.FTBias[:], a.FTBias[:], b.FTBias[:], w)
	mix(n.L1W, a.L1W, b.L1W, w)
	mix(n.L1B, a.L1B, b.L1B, w)
	mix(n.Out, a.Out, b.Out, w)
	out := []int32{0}
	mix(out, []int32{a.OutBias}, []int32{b.OutBias}, w)
	n.OutBias = out[0]
	return n, nil
}

// mix sets dst[i] to (1−w)·a[i] + w·b[i], rounded; a convex mix of two
// integers of a type stays within it.
func mix[T int16 | int32](dst, a, b []T, w float64) {
	for i := range dst {
		dst[i] = T(math.Round((1-w)*float64(a[i]) + w*float64(b[i])))
	}
}

const blendSynopsis = "learn blend [--weight W] A B OUT"

// runLearnBlend is `kiki learn blend`: OUT = (1−W)·A + W·B.
func runLearnBlend(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn blend", stderr)
	w := fs.Float64("weight", 0.5, "B's share, 0…1")
	rest, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(rest) != 3 {
		return cli.Usage(stderr, blendSynopsis)
	}
	a, err := loadNet(rest[0])
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn blend", err)
	}
	b, err := loadNet(rest[1])
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn blend", err)
	}
	n, err := Blend(a, b, *w)
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn blend", err)
	}
	if err := writeAtomic(rest[2], n.Marshal()); err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn blend", err)
	}
	fmt.Fprintf(stdout, "%s: %.2f × %s + %.2f × %s\n", rest[2], 1-*w, rest[0], *w, rest[1])
	return cli.ExitOK
}
