package ai

import "kiki/game"

// Evaluator scores a position in centipawns from the side to move's point
// of view. An engine's search threads share one, so it must be safe for
// concurrent use. *Params (the hand-made evaluation; its numbers tuned,
// Default, or as set, HandSet) and Material are the two built in; a
// learned evaluation plugs in the same way.
type Evaluator interface {
	Evaluate(p *game.Position) int
}

// Material is the piece values only, on the board and in hand: no
// positional knowledge (NewEvaluator gives it HandSet's values). It lets
// search changes be measured at equal evaluation, apart from what the
// positional terms know.
type Material struct{ Params *Params }

// Evaluate sums the piece values of both sides.
func (m Material) Evaluate(p *game.Position) int {
	prm := m.Params
	var score [2]int
	for c := game.Black; c <= game.White; c++ {
		for t := game.Pawn; t < game.NumPieceTypes; t++ {
			if v := prm.Board[t]; v != 0 {
				score[c] += v * p.PiecesOf(c, t).Count()
			}
		}
		h := p.Hand(c)
		for t := game.Pawn; t <= game.Gold; t++ {
			score[c] += h.Count(t) * prm.Hand[t]
		}
	}
	v := score[game.Black] - score[game.White]
	if p.Side() == game.White {
		v = -v
	}
	return v
}

// pieceValuer is an evaluation whose piece values the search should use
// for move ordering, exchanges and pruning: the search's margins compare
// those values with the evaluation's scores, so they must share a scale
// (the tuned pawn is 44, the hand-set one 100).
type pieceValuer interface{ pieceValues() *Params }

func (p *Params) pieceValues() *Params  { return p }
func (m Material) pieceValues() *Params { return m.Params }

// EvalNames lists the evaluations NewEvaluator knows, the default first:
// the hand-made evaluation with its tuned numbers, the same with the
// numbers set by hand before tuning (for comparison), and piece values
// only.
var EvalNames = []string{"hand", "handset", "material"}

// NewEvaluator returns the evaluation called name (one of EvalNames).
func NewEvaluator(name string) (Evaluator, bool) {
	switch name {
	case "hand":
		return &Default, true
	case "handset":
		return &HandSet, true
	case "material":
		return Material{Params: &HandSet}, true
	}
	return nil, false
}
