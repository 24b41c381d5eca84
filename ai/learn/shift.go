package learn

import (
	"fmt"
	"io"

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

const shiftSynopsis = "learn shift [--cp N] [--valset FILE] WEIGHTS [OUT]"

// runLearnShift is `kiki learn shift`: a network's mean score on the
// validation set beside the default evaluation's and the teacher's, and
// with --cp and OUT the network lowered by that many centipawns.
func runLearnShift(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlags("learn shift", stderr)
	cp := fs.Int("cp", 0, "centipawns taken off every evaluation (written to OUT)")
	valset := fs.String("valset", "ai/learn/valset/valset.bin", "the positions the means are taken over")
	scoreScale := fs.Float64("score-scale", 0.96, "kiki centipawns per teacher centipawn")
	rest, err := cli.ParseArgs(fs, args)
	if err != nil {
		return cli.ExitUsage
	}
	if len(rest) < 1 || len(rest) > 2 || *cp != 0 && len(rest) != 2 {
		return cli.Usage(stderr, shiftSynopsis+"  (OUT is needed with --cp)")
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
	}
	report(rest[0])
	if len(rest) == 1 {
		return cli.ExitOK
	}
	ShiftNet(n, *cp)
	if err := writeAtomic(rest[1], n.Marshal()); err != nil {
		return cli.Fail(stderr, cli.ExitFailure, "learn shift", err)
	}
	report(rest[1])
	return cli.ExitOK
}
