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
// takes it with that slider, and no defending piece (the king included)
// can then take back. An interposition that is recaptured, or that the
// attacker answers otherwise, changes the position in earnest (中合) and
// is counted.
func BookLength(p *game.Position, moves []game.Move) int {
	pos := p.Clone()
	n := len(moves)
	for i, m := range moves {
		if i+1 < len(moves) && futileDrop(pos, m, moves[i+1]) {
			n -= 2
		}
		pos.DoMove(m)
	}
	return n
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
	var ml game.MoveList
	pos.LegalMoves(&ml)
	for _, r := range ml.Slice() {
		if r.To() == s {
			return false
		}
	}
	return true
}
