package ai

import "kiki/game"

// The search hands out a node's moves in stages, generating each kind
// only when the ones before it have not cut the node off: the table's
// move, the captures and promotions that do not lose material, the
// killers and the counter-move, the quiet moves and drops by history, and
// last the captures that lose material. Measured on the bench, two nodes
// in three that generate moves are cut off by a capture or a killer, and
// the fifty or so quiet moves and drops that such a node no longer
// generates, scores and sorts were a fifth of the search's time.

// Stages of a movePicker.
const (
	stageTT = iota
	stageCapturesGen
	stageGoodCaptures
	stageSpecial
	stageQuietsGen
	stageQuiets
	stageBadCaptures
	stageDone
)

// goodCapture is the score above which a capture or promotion does not
// lose material (see scoreCaptures).
const goodCapture = 1 << 25

// movePicker is one node's move selection state, kept per ply by the worker.
type movePicker struct {
	stage   int
	ttMove  game.Move // tried first; NoMove when the table has none legal
	special [3]game.Move
	nSpec   int // special[:nSpec] are the killers and counter-move to try
	spec    int // next of them
	ml      *game.MoveList
	moves   []game.Move
	scores  []int32
	i       int // next move of the running stage
	nCaps   int // moves[:nCaps] are the captures, moves[nCaps:] the quiets
	bad     int // first capture left for stageBadCaptures
	// noMoves is set when generation found no legal move at all.
	noMoves bool
	// checksOnly, set by the search, says that of the quiet moves not yet
	// handed out only those that give check can still be searched: the
	// others are then dropped instead of sorted (filtered says it is done).
	checksOnly, filtered bool
}

// initPicker readies ply's picker: ttMove (legal, or NoMove) first, then
// the stages.
func (w *worker) initPicker(ply int, ttMove game.Move) *movePicker {
	mp := &w.pickers[ply]
	*mp = movePicker{ttMove: ttMove}
	if ttMove == game.NoMove {
		mp.stage = stageCapturesGen
	}
	return mp
}

// nextMove returns the node's next move, or NoMove when there is none left.
func (w *worker) nextMove(mp *movePicker, ply int) game.Move {
	p := w.pos
	for {
		switch mp.stage {
		case stageTT:
			mp.stage = stageCapturesGen
			return mp.ttMove
		case stageCapturesGen:
			mp.ml = w.moveList(ply)
			p.GenerateCaptures(mp.ml)
			mp.moves = mp.ml.Slice()
			mp.nCaps = len(mp.moves)
			mp.scores = w.scoreBuf(game.MaxMoves, ply)
			w.scoreCaptures(mp.moves, mp.scores, mp.ttMove)
			mp.stage = stageGoodCaptures
		case stageGoodCaptures:
			if mp.i < mp.nCaps {
				m := pickNext(mp.moves[:mp.nCaps], mp.scores, mp.i)
				if mp.scores[mp.i] >= goodCapture {
					mp.i++
					return m
				}
			}
			mp.bad = mp.i
			w.specialMoves(mp, ply)
			mp.stage = stageSpecial
		case stageSpecial:
			if mp.spec < mp.nSpec {
				m := mp.special[mp.spec]
				mp.spec++
				return m
			}
			mp.stage = stageQuietsGen
		case stageQuietsGen:
			p.GenerateQuiets(mp.ml)
			mp.moves = mp.ml.Slice()
			if len(mp.moves) == 0 {
				mp.noMoves = true
				mp.stage = stageDone
				return game.NoMove
			}
			w.scoreQuiets(mp, ply)
			mp.i = mp.nCaps
			mp.stage = stageQuiets
		case stageQuiets:
			if mp.i >= len(mp.moves) {
				mp.i = mp.bad
				mp.stage = stageBadCaptures
				continue
			}
			var m game.Move
			if k := mp.i - mp.nCaps; k < 3 {
				m = pickNext(mp.moves, mp.scores, mp.i)
			} else {
				if mp.checksOnly && !mp.filtered {
					// Keeping the checks in their order gives them the order
					// a selection among every move would (it is stable).
					w.keepChecks(mp, ply)
					if mp.i >= len(mp.moves) {
						continue
					}
				}
				// Past the first few, select in a stable order: a node
				// that cuts or prunes within a few more moves (most of
				// them) then orders no more than it takes; sorting the
				// rest at once (often a hundred drops) cost 2% more.
				m = pickStable(mp.moves, mp.scores[:len(mp.moves)], mp.i)
			}
			mp.i++
			if m != game.NoMove {
				return m
			}
		case stageBadCaptures:
			if mp.i >= mp.nCaps {
				mp.stage = stageDone
				continue
			}
			m := pickNext(mp.moves[:mp.nCaps], mp.scores, mp.i)
			mp.i++
			if m != game.NoMove {
				return m
			}
		default:
			return game.NoMove
		}
	}
}

// keepChecks drops the quiet moves not yet handed out that give no check,
// keeping the order of the others.
func (w *worker) keepChecks(mp *movePicker, ply int) {
	ci := &w.checkInfo[ply]
	n := mp.i
	for j := mp.i; j < len(mp.moves); j++ {
		if m := mp.moves[j]; m != game.NoMove && w.pos.GivesCheckWith(ci, m) {
			mp.moves[n], mp.scores[n] = m, mp.scores[j]
			n++
		}
	}
	mp.moves = mp.moves[:n]
	mp.filtered = true
}

// scoreCaptures orders captures and promotions: by victim, then cheap
// attacker, those that SEE says lose material below every quiet move. The
// table's move, already tried, becomes NoMove at the bottom.
func (w *worker) scoreCaptures(moves []game.Move, scores []int32, ttMove game.Move) {
	prm := w.s.params
	for i, m := range moves {
		if m == ttMove {
			moves[i], scores[i] = game.NoMove, -1<<30
			continue
		}
		s := int32(prm.Board[m.Captured().Type()]*16 - prm.Board[m.Piece().Type()])
		if m.IsPromotion() {
			s += int32(prm.Board[m.Moved().Type()] - prm.Board[m.Piece().Type()])
		}
		if !prm.seeGE(w.pos, m, 0) {
			s -= 1 << 24
		} else {
			s += 1 << 26
		}
		scores[i] = s
	}
}

// specialMoves lists the killers and the counter-move that are legal
// quiet moves here and not the table's move, each once.
func (w *worker) specialMoves(mp *movePicker, ply int) {
	k := w.stack[ply].killers
	cands := [3]game.Move{k[0], k[1], game.NoMove}
	if ply > 0 {
		if prev := w.stack[ply-1].move; prev != game.NoMove {
			cands[2] = w.counter[prev.Moved()][prev.To()]
		}
	}
	for i, m := range cands {
		if m == game.NoMove || m == mp.ttMove || m.IsCapture() || m.IsPromotion() ||
			(i > 0 && m == cands[0]) || (i > 1 && m == cands[1]) || !w.pos.IsLegalFast(m) {
			continue
		}
		mp.special[mp.nSpec] = m
		mp.nSpec++
	}
}

// scoreQuiets scores the quiet moves generated after the captures by
// history and continuation history; those already tried (the table's
// move, the killers, the counter-move) become NoMove at the bottom.
func (w *worker) scoreQuiets(mp *movePicker, ply int) {
	c1, c2 := w.contRows(ply)
	for i := mp.nCaps; i < len(mp.moves); i++ {
		m := mp.moves[i]
		if m == mp.ttMove || mp.tried(m) {
			mp.moves[i], mp.scores[i] = game.NoMove, -1<<30
			continue
		}
		pc, to := m.Piece(), m.To()
		v := int(w.history[pc][to])
		if c1 != nil {
			v += int(c1[pc][to])
		}
		if c2 != nil {
			v += int(c2[pc][to])
		}
		mp.scores[i] = int32(v)
	}
}

// tried reports whether m is one of the special moves already handed out.
func (mp *movePicker) tried(m game.Move) bool {
	for _, s := range mp.special[:mp.nSpec] {
		if s == m {
			return true
		}
	}
	return false
}
