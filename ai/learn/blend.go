package learn

import (
	"fmt"
	"io"
	"math"

	"kiki/ai/nnue"
	"kiki/kif/cli"
)

// A network fine-tuned from another drifts where its new labels say
// nothing: G3, taught by GPS Shogi on self-play positions, plays better
// than G1 but judges bare-board endgames (no such position in its labels)
// less won than G1 does. Both come from the same weights, so the weights
// in between are networks too ("model soups"): a blend keeps most of what
// the fine-tuning taught and pulls the drift back.

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
	mix := func(x, y float64) float64 { return math.Round((1-w)*x + w*y) }
	n := nnue.NewNetL1(a.L1)
	n.Scale = a.Scale
	for i := range n.FT {
		n.FT[i] = int16(mix(float64(a.FT[i]), float64(b.FT[i])))
	}
	for i := range n.FTBias {
		n.FTBias[i] = int16(mix(float64(a.FTBias[i]), float64(b.FTBias[i])))
	}
	for i := range n.L1W {
		n.L1W[i] = int16(mix(float64(a.L1W[i]), float64(b.L1W[i])))
	}
	for i := range n.L1B {
		n.L1B[i] = int32(mix(float64(a.L1B[i]), float64(b.L1B[i])))
	}
	for i := range n.Out {
		n.Out[i] = int16(mix(float64(a.Out[i]), float64(b.Out[i])))
	}
	n.OutBias = int32(mix(float64(a.OutBias), float64(b.OutBias)))
	return n, nil
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
