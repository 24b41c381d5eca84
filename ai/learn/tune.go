package learn

import (
	"context"
	"fmt"
	"go/format"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"

	"kiki/ai"
	"kiki/game"
)

// Tuning the hand-set evaluation: its numbers (ai.Params) are fitted to the
// scores of labelled positions the way Texel tuning fits a chess engine's,
// by a local search one number at a time: each is moved up or down by a
// step while that lowers the loss, and the steps are halved when no move
// helps. The loss is the mean squared difference of the two scores taken
// through a logistic curve (as win probabilities), so that a 2000 against
// 2500 centipawn disagreement in a won position weighs little and the
// middle of the scale decides.

// TuneOptions configures Tune.
type TuneOptions struct {
	Data      []string  // record files (learn label's output: the teacher's scores)
	Start     ai.Params // where the search starts (ai.HandSet)
	Scale     float64   // centipawns per logit of the logistic curve
	MaxScore  int       // records scored beyond ±MaxScore are left out
	Step      int       // first step, in centipawns (halved down to 1)
	Sweeps    int       // at most this many passes over the numbers
	ValShare  float64   // share of records held out to measure the fit
	Seed      uint64    // the split's seed
	Progress  io.Writer // a line per pass (nil: none)
	MaxRecord int       // use at most this many records (0: all)
}

// TuneResult is Tune's outcome.
type TuneResult struct {
	Params             ai.Params
	TrainLoss, ValLoss float64 // at the end
	StartTrain         float64 // the training loss of Start
	StartVal           float64 // the validation loss of Start
	Positions          int     // training positions
}

// tuneSample is a decoded position and its target probability.
type tuneSample struct {
	pos    *game.Position
	target float64
}

// Tune fits the evaluation's numbers to the records' scores.
func Tune(ctx context.Context, o TuneOptions) (TuneResult, error) {
	var res TuneResult
	if o.Scale <= 0 || o.Step < 1 || o.Sweeps < 1 || o.ValShare < 0 || o.ValShare >= 1 {
		return res, fmt.Errorf("tune: scale, step and sweeps must be positive and the held-out share in [0, 1)")
	}
	var recs []Record
	for _, path := range o.Data {
		rs, _, err := ReadRecords(path)
		if err != nil {
			return res, err
		}
		recs = append(recs, rs...)
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x7475))
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	var train, val []tuneSample
	for i := range recs {
		r := &recs[i]
		if r.Flags&(FlagInCheck|FlagCapture) != 0 || int(r.Score) > o.MaxScore || int(r.Score) < -o.MaxScore {
			continue // not quiet: the static evaluation cannot be asked to see it
		}
		p, err := r.Position()
		if err != nil {
			return res, fmt.Errorf("tune: record %d: %w", i, err)
		}
		s := tuneSample{pos: p, target: logistic(float64(r.Score), o.Scale)}
		if rng.Float64() < o.ValShare {
			val = append(val, s)
		} else {
			train = append(train, s)
		}
		if o.MaxRecord > 0 && len(train)+len(val) >= o.MaxRecord {
			break
		}
	}
	if len(train) == 0 {
		return res, fmt.Errorf("tune: no quiet labelled position in %v", o.Data)
	}
	res.Positions = len(train)
	prm := o.Start
	res.StartTrain, res.StartVal = tuneLoss(&prm, train, o.Scale), tuneLoss(&prm, val, o.Scale)
	best := res.StartTrain
	refs := tunable(&prm)
	step := o.Step
	for sweep := 1; sweep <= o.Sweeps; sweep++ {
		improved := 0
		for _, ref := range refs {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			old := *ref
			for _, d := range [2]int{step, -step} {
				*ref = old + d
				if l := tuneLoss(&prm, train, o.Scale); l < best {
					best, old = l, *ref
					improved++
					break
				}
			}
			*ref = old
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "pass %d, step %d: %d numbers moved, training loss %.6f, held out %.6f\n",
				sweep, step, improved, best, tuneLoss(&prm, val, o.Scale))
		}
		// A step is kept while it moves more than one number in twenty.
		if improved*20 <= len(refs) {
			if step == 1 {
				break
			}
			step /= 2
		}
	}
	res.Params = prm
	res.TrainLoss, res.ValLoss = best, tuneLoss(&prm, val, o.Scale)
	return res, nil
}

// logistic maps a score to a win probability.
func logistic(cp, scale float64) float64 { return 1 / (1 + math.Exp(-cp/scale)) }

// tuneLoss is the mean squared difference of win probabilities over the
// samples. The samples are cut into a fixed number of chunks, summed apart
// on the cores and then in order, so that the result, and so the whole
// tuning, is the same on a machine with any number of cores.
func tuneLoss(prm *ai.Params, ss []tuneSample, scale float64) float64 {
	if len(ss) == 0 {
		return 0
	}
	const chunks = 16
	var sums [chunks]float64
	next := make(chan int, chunks)
	for c := 0; c < chunks; c++ {
		next <- c
	}
	close(next)
	var wg sync.WaitGroup
	for k := 0; k < min(runtime.GOMAXPROCS(0), chunks); k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				s := 0.0
				for i := c * len(ss) / chunks; i < (c+1)*len(ss)/chunks; i++ {
					d := logistic(float64(prm.Evaluate(ss[i].pos)), scale) - ss[i].target
					s += d * d
				}
				sums[c] = s
			}
		}()
	}
	wg.Wait()
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(len(ss))
}

// tunable lists the numbers of prm that Tune moves: every one the
// evaluation reads, less the king's value (it is never captured) and the
// king-distance entries no piece can have (distance 0: the king's own
// square) or that do not apply (a king defending itself), and the tempo
// bonus: a teacher's scores can favour the side to move by far more than
// a search that prunes by margins should (see ai/learn/README.md), and only the
// tempo could absorb that.
func tunable(prm *ai.Params) []*int {
	var refs []*int
	for t := game.Pawn; t < game.NumPieceTypes; t++ {
		if t != game.King {
			refs = append(refs, &prm.Board[t])
		}
	}
	for t := game.Pawn; t <= game.Gold; t++ {
		refs = append(refs, &prm.Hand[t])
	}
	refs = append(refs, &prm.PawnAdvance, &prm.SilverForward, &prm.KnightHome, &prm.KingHome, &prm.KingCenter)
	for t := game.Pawn; t < game.NumPieceTypes; t++ {
		refs = append(refs, &prm.Mobility[t])
	}
	refs = append(refs, &prm.GuardNear, &prm.GuardNear2, &prm.ZoneAttack, &prm.ZoneAttack2, &prm.ZoneDefended, &prm.KingEscape)
	for t := game.Pawn; t <= game.Gold; t++ {
		refs = append(refs, &prm.HandThreat[t])
	}
	refs = append(refs, &prm.OpenFile)
	for t := game.Pawn; t < game.NumPieceTypes; t++ {
		for d := 1; d < 9; d++ {
			refs = append(refs, &prm.AttackNear[t][d])
			if t != game.King {
				refs = append(refs, &prm.DefendNear[t][d])
			}
		}
	}
	return refs
}

// ParamsSource returns the Go source of a file of package ai that declares
// prm as Default, saying which command made it.
func ParamsSource(prm ai.Params, command string) ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "// Code generated by %s; DO NOT EDIT.\n\n", command)
	b.WriteString(`package ai

import "kiki/game"

// Default is the evaluation kiki plays with: the numbers of Params (see
// params.go) fitted by kiki learn tune to positions a stronger engine
// scored, starting from the hand-set values (see ai/learn/README.md).
var Default = Params{
`)
	byType := func(name string, arr []int, first, last game.PieceType) {
		fmt.Fprintf(&b, "%s: [%s]int{", name, map[bool]string{true: "game.NumPieceTypes", false: "game.Gold + 1"}[len(arr) == int(game.NumPieceTypes)])
		for t := first; t <= last; t++ {
			if arr[t] != 0 {
				fmt.Fprintf(&b, "game.%s: %d, ", pieceTypeNames[t], arr[t])
			}
		}
		b.WriteString("},\n")
	}
	byType("Board", prm.Board[:], game.Pawn, game.Dragon)
	byType("Hand", prm.Hand[:], game.Pawn, game.Gold)
	for _, f := range []struct {
		name string
		v    int
	}{{"PawnAdvance", prm.PawnAdvance}, {"SilverForward", prm.SilverForward}, {"KnightHome", prm.KnightHome},
		{"KingHome", prm.KingHome}, {"KingCenter", prm.KingCenter}} {
		fmt.Fprintf(&b, "%s: %d,\n", f.name, f.v)
	}
	byType("Mobility", prm.Mobility[:], game.Pawn, game.Dragon)
	for _, f := range []struct {
		name string
		v    int
	}{{"GuardNear", prm.GuardNear}, {"GuardNear2", prm.GuardNear2}, {"ZoneAttack", prm.ZoneAttack},
		{"ZoneAttack2", prm.ZoneAttack2}, {"ZoneDefended", prm.ZoneDefended}, {"KingEscape", prm.KingEscape}} {
		fmt.Fprintf(&b, "%s: %d,\n", f.name, f.v)
	}
	byType("HandThreat", prm.HandThreat[:], game.Pawn, game.Gold)
	fmt.Fprintf(&b, "OpenFile: %d,\nTempo: %d,\n", prm.OpenFile, prm.Tempo)
	for _, tbl := range []struct {
		name string
		t    *[game.NumPieceTypes][9]int
	}{{"AttackNear", &prm.AttackNear}, {"DefendNear", &prm.DefendNear}} {
		fmt.Fprintf(&b, "%s: [game.NumPieceTypes][9]int{\n", tbl.name)
		for t := game.Pawn; t <= game.Dragon; t++ {
			row := tbl.t[t]
			if row == [9]int{} {
				continue
			}
			fmt.Fprintf(&b, "game.%s: {", pieceTypeNames[t])
			for d, v := range row {
				if d > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%d", v)
			}
			b.WriteString("},\n")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return format.Source([]byte(b.String()))
}

// pieceTypeNames are the game package's names of the piece kinds.
var pieceTypeNames = [game.NumPieceTypes]string{
	game.Pawn: "Pawn", game.Lance: "Lance", game.Knight: "Knight", game.Silver: "Silver", game.Gold: "Gold",
	game.Bishop: "Bishop", game.Rook: "Rook", game.King: "King", game.ProPawn: "ProPawn", game.ProLance: "ProLance",
	game.ProKnight: "ProKnight", game.ProSilver: "ProSilver", game.Horse: "Horse", game.Dragon: "Dragon",
}

// WriteParamsSource writes src (from ParamsSource) to path through a
// temporary file and a rename.
func WriteParamsSource(path string, src []byte) error { return writeAtomic(path, src) }
