package ai

import "kiki/game"

// Correction history: how far searches below a position have found its
// static evaluation off, remembered by features the evaluation may not
// see well (each king's surroundings, the pawns and the hands), and added
// to the evaluation of positions that share them. An evaluation that
// knows only piece values cannot see an exposed king; a search that has
// already found such kings worse than their material learns to prune and
// stand pat less there.

// corrSize is the number of entries of each correction table (a power
// of two).
const corrSize = 1 << 14

// corrLimit bounds a table's entry; an entry is eighths of a centipawn
// times the number of tables (corrTables), so the tables together
// correct by at most corrLimit/8 centipawns.
const (
	corrLimit  = 1024
	corrTables = 3
)

// corrHistory is a worker's correction tables, by side to move. They
// start empty with every search, as the move-ordering histories do: kept
// from move to move of a game they measured no better (W72 D2 L74 with
// piece values only, 100 ms a move).
type corrHistory struct {
	own, opp, rest [2][corrSize]int16
}

// corrKeys are a position's indices into the three tables.
type corrKeys struct{ own, opp, rest uint32 }

// kingZoneKey is the key of c's king's square and which side holds each
// square next to it.
func kingZoneKey(p *game.Position, c game.Color) uint64 {
	k := p.King(c)
	if k == game.NoSquare {
		return 0
	}
	z := game.StepAttacks(c, game.King, k)
	return z.And(p.Pieces(game.Black)).Hash() ^ z.And(p.Pieces(game.White)).Hash()*3 ^ uint64(k+1)*0x9e3779b97f4a7c15
}

// keys are p's correction keys.
func (*corrHistory) keys(p *game.Position) corrKeys {
	us := p.Side()
	rest := p.PiecesOf(game.Black, game.Pawn).Hash() ^ p.PiecesOf(game.White, game.Pawn).Hash()*5 ^ (p.Key() ^ p.BoardKey())
	return corrKeys{
		own:  uint32(kingZoneKey(p, us) >> 40 & (corrSize - 1)),
		opp:  uint32(kingZoneKey(p, us.Opp()) >> 40 & (corrSize - 1)),
		rest: uint32(rest >> 40 & (corrSize - 1)),
	}
}

// correction is what the tables add to the side to move's evaluation.
func (h *corrHistory) correction(us game.Color, k corrKeys) int {
	sum := int(h.own[us][k.own]) + int(h.opp[us][k.opp]) + int(h.rest[us][k.rest])
	return sum / (8 * corrTables)
}

// update moves the tables toward a search's finding that the position's
// score is diff away from its corrected evaluation, the more the deeper
// the search. Half a step per ply of depth: at a whole step the tables
// swung with every deep finding, moving the root's score between
// iterations; half as fast searched 14% fewer bench nodes and played as
// well (W110 D4 L90 with the tuned numbers, W95 D0 L104 with piece values
// only; measured at df5a0bc).
func (h *corrHistory) update(us game.Color, k corrKeys, diff, depth int) {
	bonus := max(-corrLimit/4, min(corrLimit/4, diff*depth/2))
	for _, e := range [corrTables]*int16{&h.own[us][k.own], &h.opp[us][k.opp], &h.rest[us][k.rest]} {
		v := int(*e)
		v += bonus - v*max(bonus, -bonus)/corrLimit
		*e = int16(max(-corrLimit, min(corrLimit, v)))
	}
}
