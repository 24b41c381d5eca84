package mate

import "kiki/game"

// BookLength counts a solution line of the position p the way tsume books
// do: a futile interposition (無駄合) and the capture that answers it are
// not counted. Minimax length counts them, because the defender may play
// them; a composition's published length does not, because they only
// hand the attacker a piece and change nothing.
//
// A defender's move is taken as futile when it drops a piece between a
// distant slider that gives check and the king, the attacker's next move
// takes it with that slider, no defending piece (the king included) can
// then take back, and the attacker never needs the piece: it never runs
// out of that kind later in the line, so it could have played the same
// without it. An interposition that is retaken, answered otherwise, or
// whose piece the attacker later needs changes the play in earnest (中合)
// and is counted. The count follows the one line given; a book solution
// that leaves it is not seen.
func BookLength(p *game.Position, moves []game.Move) int {
	pos := p.Clone()
	attacker := p.Side()
	hands := make([]game.Hand, len(moves)+1)
	for i, m := range moves {
		hands[i] = pos.Hand(attacker)
		pos.DoMove(m)
	}
	hands[len(moves)] = pos.Hand(attacker)
	pos = p.Clone()
	n := len(moves)
	for i, m := range moves {
		if i+1 < len(moves) && futileDrop(pos, m, moves[i+1]) && !usedLater(hands[i+2:], m.Piece().Type()) {
			n -= 2
		}
		pos.DoMove(m)
	}
	return n
}

// usedLater reports whether the attacker, holding the piece of kind t
// just captured in hands[0], later runs out of that kind: without the
// capture it would have been one short.
func usedLater(hands []game.Hand, t game.PieceType) bool {
	for _, h := range hands[1:] {
		if h.Count(t) == 0 {
			return true
		}
	}
	return false
}

// futileDrop reports whether m, a defender's move in pos, is a futile
// interposition given that the attacker answers with reply.
func futileDrop(pos *game.Position, m, reply game.Move) bool {
	if !m.IsDrop() || !pos.InCheck() || pos.Checkers().MoreThanOne() {
		return false
	}
	c, s := pos.Checkers().First(), m.To()
	if !game.Between(c, pos.King(pos.Side())).Has(s) || reply.IsDrop() || reply.From() != c || reply.To() != s {
		return false
	}
	pos.DoMove(m)
	pos.DoMove(reply)
	defer pos.UndoMove()
	defer pos.UndoMove()
	return !takenBack(pos, s)
}
