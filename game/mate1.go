package game

// Mate1Ply returns a move that mates at once, or NoMove. Like Bonanza's
// one-ply mate routine it only tries the checks that cannot be blocked —
// from a square next to the enemy king, or by a knight — which the
// reverse-effect check generator lists; a distant check that mates
// because nothing can interpose is left to the search.
func (p *Position) Mate1Ply() Move {
	them := p.side.Opp()
	ek := p.kings[them]
	if ek == NoSquare {
		return NoMove
	}
	near := stepAttacks[them][King][ek].Or(stepAttacks[them][Knight][ek])
	us := p.side
	adjacent := stepAttacks[them][King][ek]
	var ml MoveList
	p.generateChecks(&ml, near)
	for _, m := range ml.Slice() {
		// A checker next to the king that nothing of ours defends is
		// taken by the king: no mate, and no need to make the move. (The
		// king's square is emptied: a slider behind it defends too.)
		if to := m.To(); adjacent.Has(to) {
			occ := p.occ.Set(to).Clear(ek)
			mover := Empty
			if !m.IsDrop() {
				mover = SquareBB(m.From())
				occ = occ.AndNot(mover)
			}
			if p.AttackersTo(us, to, occ).AndNot(mover).IsZero() {
				continue
			}
		}
		p.DoMove(m)
		mated := !p.HasLegalMove()
		p.UndoMove()
		if mated {
			return m
		}
	}
	return NoMove
}
