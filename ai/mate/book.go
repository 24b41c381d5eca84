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
// then take back, and the rest of the line plays the same without the
// two: every later move still legal, every attacker's move still a check.
// That fails where the attacker later needs the captured piece (it runs
// short of that kind) or the square its slider reached by the capture (a
// bishop that took a pawn on each square of its diagonal and moves on
// from there, as in 煙詰's ending): the interposition changed the play in
// earnest (中合) and is counted, as one that is retaken or answered
// otherwise is. The count follows the one line given; a book solution
// that leaves it is not seen.
func BookLength(p *game.Position, moves []game.Move) int {
	skip := make([]bool, len(moves))
	pos := p.Clone()
	n := len(moves)
	for i, m := range moves {
		if i+1 < len(moves) && futileDrop(pos, m, moves[i+1]) {
			skip[i], skip[i+1] = true, true
			if playsWithout(p, moves, skip) {
				n -= 2
			} else {
				skip[i], skip[i+1] = false, false
			}
		}
		pos.DoMove(m)
	}
	return n
}

// playsWithout reports whether the moves not skipped can be played from p
// one after another, every move legal and every attacker's move a check.
// A skipped capture leaves its slider where it stood, so a later move
// of the slider from the capture's square starts from there instead (a
// bishop that would have taken a pawn on each square of its diagonal
// takes the last one from where it began: the chain of futile drops
// before a distant mate), keeping its own promotion or none; a capture
// may now take another piece, or none.
func playsWithout(p *game.Position, moves []game.Move, skip []bool) bool {
	q := p.Clone()
	attacker := p.Side()
	stayed := map[game.Square]game.Square{} // capture's square -> where its slider stayed
	from := func(f game.Square) game.Square {
		if g, ok := stayed[f]; ok {
			delete(stayed, f)
			return g
		}
		return f
	}
	for i, m := range moves {
		if skip[i] {
			if !m.IsDrop() {
				stayed[m.To()] = from(m.From())
			}
			continue
		}
		u := m.USI()
		if !m.IsDrop() {
			u = from(m.From()).USI() + m.To().USI()
			if m.IsPromotion() {
				u += "+"
			}
		}
		// The square is taken again in both lines alike.
		delete(stayed, m.To())
		mv, err := q.ParseUSIMove(u) // legal, or an error
		if err != nil {
			return false
		}
		mover := q.Side()
		q.DoMove(mv)
		if mover == attacker && !q.InCheck() {
			return false
		}
	}
	return true
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
