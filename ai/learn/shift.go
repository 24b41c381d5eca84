package learn

import (
	"fmt"
	"io"
	"math"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/kif/cli"
)

// A teacher's scores carry a bonus for the side to move (fairy-stockfish
// at depth 8: +202 centipawns on average over the validation set, where
// the default evaluation gives −31), and a network trained on them learns
// it. In a search such a bonus b is no harmless constant: a capture
// answered by the reply's stand-pat scores 2b below standing pat, and a
// null move hands the opponent b. Shift lowers a network's output by a
// constant, its output bias, so that a network trained with the bonus can
// be measured without it; the cycle takes the bonus off its labels
// instead (CycleOptions.ScoreOffset).

// ShiftNet lowers every evaluation of n by cp centipawns (up to the
// quantisation of its output bias).
func ShiftNet(n *nnue.Net, cp int) {
	n.OutBias -= int32(int64(cp) * nnue.QA * nnue.QB / int64(n.Scale))
}

// MeanScores returns the mean evaluation of n, of the default evaluation
// and of the teacher's labels (times scoreScale) over the records that are
// not in check, each from the side to move's point of view, and how many
// records that is.
func MeanScores(n *nnue.Net, recs []Record, scoreScale float64) (net, def, teacher float64, count int) {
	for i := range recs {
		p, err := recs[i].Position()
		if err != nil || p.InCheck() {
			continue
		}
		net += float64(n.EvaluateFull(p))
		def += float64(ai.Default.Evaluate(p))
		teacher += float64(recs[i].Score) * scoreScale
		count++
	}
	if count > 0 {
		net, def, teacher = net/float64(count), def/float64(count), teacher/float64(count)
	}
	return net, def, teacher, count
}

// Slope returns the least-squares slope of n's evaluations on ref's over
// the records not in check (the line through both means), and how many
// records that is. Training with the game results mixed in pulls a
// network's scores towards zero; a slope below 1 says how far, so that
// its Scale can be raised to put its margins back where the search's
// pruning expects them.
func Slope(n, ref *nnue.Net, recs []Record) (slope float64, count int) {
	var sx, sy, sxx, sxy float64
	for i := range recs {
		p, err := recs[i].Position()
		if err != nil || p.InCheck() {
			continue
		}
		x, y := float64(ref.EvaluateFull(p)), float64(n.EvaluateFull(p))
		sx, sy, sxx, sxy = sx+x, sy+y, sxx+x*x, sxy+x*y
		count++
	}
	if count < 2 {
		return 0, count
	}
	c := float64(count)
	vx := sxx - sx*sx/c
	if vx <= 0 {
		return 0, count
	}
	return (sxy - sx*sy/c) / vx, count
}

const shiftSynopsis = "learn shift [--cp N] [--like REF] [--valset FILE] WEIGHTS [OUT]"

// runLearnShift is `kiki learn shift`: a network's mean score on the
// validation set beside the default evaluation's and the teacher's, and
// with --cp and OUT the network lowered by that many centipawns.
func runLearnShift(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn shift", stderr)
	cp := fs.Int("cp", 0, "centipawns taken off every evaluation (written to OUT)")
	like := fs.String("like", "", "a reference network: report the slope of WEIGHTS' scores on its, and write OUT with Scale divided by that slope")
	valset := fs.String("valset", "ai/learn/valset/valset.bin", "the positions the means are taken over")
	scoreScale := fs.Float64("score-scale", 0.96, "kiki centipawns per teacher centipawn")
	rest, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(rest) < 1 || len(rest) > 2 || *cp != 0 && len(rest) != 2 {
		return cli.Usage(stderr, shiftSynopsis+"  (OUT is needed with --cp)")
	}
	var ref *nnue.Net
	if *like != "" {
		if ref, err = loadNet(*like); err != nil {
			return cli.Fail(stderr, cli.ExitUsage, "learn shift", err)
		}
	}
	n, err := loadNet(rest[0])
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn shift", err)
	}
	recs, _, err := ReadRecords(*valset)
	if err != nil {
		return cli.Fail(stderr, cli.ExitUsage, "learn shift", err)
	}
	report := func(name string) {
		net, def, teacher, count := MeanScores(n, recs, *scoreScale)
		fmt.Fprintf(stdout, "%s: mean over %d positions (the side to move's view): network %+.1f, default evaluation %+.1f, teacher %+.1f cp\n", name, count, net, def, teacher)
		if ref != nil {
			slope, count := Slope(n, ref, recs)
			fmt.Fprintf(stdout, "%s: slope %.3f on %s's scores over %d positions (file scale %d)\n", name, slope, *like, count, n.Scale)
		}
	}
	report(rest[0])
	if len(rest) == 1 {
		return cli.ExitOK
	}
	if ref != nil {
		slope, _ := Slope(n, ref, recs)
		scale := math.Round(float64(n.Scale) / slope)
		if !(slope > 0) || scale < 1 || scale > 10000 {
			return cli.Fail(stderr, cli.ExitFailure, "learn shift", fmt.Errorf("slope %.3f on %s: no scale in 1…10000 makes it 1", slope, *like))
		}
		n.Scale = int32(scale)
	}
	ShiftNet(n, *cp)
	if err := writeAtomic(rest[1], n.Marshal()); err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn shift", err)
	}
	report(rest[1])
	return cli.ExitOK
}
