package game

// Reverse effects (逆利き), after Bonanza's check tables as explained in
// ../shared/reference/reverse-effect-check-tables.ja.txt. For an enemy
// king on k, the squares from which a piece of kind X of the attacker
// attacks k are the squares that an X of the king's own side standing on k
// attacks. From that one fact come three sets, for each king square and kind:
//
//   - drop squares: where dropping X gives check;
//   - move destinations: where moving an X (promoting on arrival where the
//     rules allow it, i.e. origin or destination in the attacker's camp)
//     lands giving check — the reverse effect of X, joined with the reverse
//     effect of promoted X where a promotion can happen;
//   - move origins: from where an X has such a move — the union of X's
//     reverse effects from every destination.
//
// The tables below are for a board holding only the king; Position.CheckSets
// gives the same sets for a real position (the UI's study board).

// CheckSets are the three reverse-effect sets for one king square and kind.
type CheckSets struct {
	Drops        Bitboard // drop squares that give check (empty for kinds that cannot be held)
	Destinations Bitboard // destinations of checking moves
	Origins      Bitboard // origins of checking moves
}

// checkTables[attacker][king square][kind] on an otherwise empty board.
var checkTables [2][NumSquares][NumPieceTypes]CheckSets

func init() {
	for c := Black; c <= White; c++ {
		for k := Square(0); k < NumSquares; k++ {
			occ := SquareBB(k)
			for t := Pawn; t < NumPieceTypes; t++ {
				if t == King {
					continue
				}
				checkTables[c][k][t] = checkTable(c, k, t, occ, Empty, Empty)
			}
		}
	}
}

// StaticCheckSets returns the reverse-effect sets for attacker c, enemy
// king on k and the attacker's kind t, on a board with nothing but the king.
func StaticCheckSets(c Color, k Square, t PieceType) CheckSets { return checkTables[c][k][t] }

// CheckSets returns the reverse-effect sets of kind t for attacker c
// against the enemy king in this position (all empty if it has none).
// Sliders are blocked by the pieces on the board, both on the way to the
// destination and from there to the king; destinations exclude the
// attacker's own pieces, and origins are empty squares or squares holding
// the attacker's own t. Discovered checks are not part of these sets.
func (p *Position) CheckSets(c Color, t PieceType) CheckSets {
	k := p.kings[c.Opp()]
	if k == NoSquare || t == NoPieceType || t == King || t >= NumPieceTypes {
		return CheckSets{}
	}
	return checkTable(c, k, t, p.occ, p.byColor[c], p.byType[t].And(p.byColor[c]))
}

// checkTable computes the sets for attacker c, king on k, kind t, with
// occupancy occ, the attacker's pieces own, and its pieces of kind t mine.
func checkTable(c Color, k Square, t PieceType, occ, own, mine Bitboard) CheckSets {
	defender := c.Opp()
	var out CheckSets
	kingBB := SquareBB(k)
	rev := Attacks(NewPiece(defender, t), k, occ)
	if t <= Gold {
		out.Drops = rev.AndNot(occ).AndNot(deadBB[c][t])
	}
	var revPro Bitboard
	if t.CanPromote() {
		revPro = Attacks(NewPiece(defender, t.Promote()), k, occ)
	}
	cands := rev.Or(revPro).AndNot(kingBB).AndNot(own)
	for cands.NonZero() {
		to := cands.Pop()
		// Squares from which an attacker's t reaches "to": the defender's t's attacks from "to".
		froms := Attacks(NewPiece(defender, t), to, occ).AndNot(kingBB).And(mine.Or(occ.Not()))
		if froms.IsZero() {
			continue
		}
		if rev.Has(to) && !deadBB[c][t].Has(to) {
			out.Destinations = out.Destinations.Set(to)
			out.Origins = out.Origins.Or(froms)
		}
		if revPro.Has(to) {
			pf := froms
			if !campBB[c].Has(to) {
				pf = pf.And(campBB[c])
			}
			if pf.NonZero() {
				out.Destinations = out.Destinations.Set(to)
				out.Origins = out.Origins.Or(pf)
			}
		}
	}
	return out
}
