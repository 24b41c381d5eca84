package game

// CountLegal returns the number of legal moves without generating them:
// destinations are counted by popcount, with each promotion option counted
// as a move, the way generation would list them. Perft uses it at the
// last ply; tests prove it equal to the length of LegalMoves.
func (p *Position) CountLegal() int {
	us, them := p.side, p.side.Opp()
	ksq := p.kings[us]
	own := p.byColor[us]
	n := 0
	target, dropTarget := Full, p.occ.Not()
	if p.checkers.NonZero() {
		target, dropTarget = p.evasionTargets()
	}
	if ksq != NoSquare {
		att := stepAttacks[us][King][ksq].AndNot(own)
		occ := p.occ.Clear(ksq)
		for att.NonZero() {
			if !p.Attacked(them, att.Pop(), occ) {
				n++
			}
		}
		if p.checkers.MoreThanOne() {
			return n
		}
	}
	notOwn := target.AndNot(own)
	pinned := p.Pinned(us)
	camp := campBB[us]

	// Pawns in bulk: one step forward each.
	pawns := p.byType[Pawn].And(own).AndNot(pinned)
	var dests Bitboard
	if us == Black {
		dests = pawns.shiftDown()
	} else {
		dests = pawns.shiftUp()
	}
	dests = dests.And(notOwn)
	n += dests.AndNot(deadBB[us][Pawn]).Count() + dests.And(camp).Count()

	others := own.AndNot(p.byType[Pawn].AndNot(pinned))
	if ksq != NoSquare {
		others = others.Clear(ksq)
	}
	for others.NonZero() {
		from := others.Pop()
		pc := p.board[from]
		t := pc.Type()
		att := Attacks(pc, from, p.occ).And(notOwn)
		if pinned.Has(from) {
			att = att.And(lineBB[ksq][from])
		}
		if !t.CanPromote() {
			n += att.Count()
			continue
		}
		n += att.AndNot(deadBB[us][t]).Count()
		if camp.Has(from) {
			n += att.Count()
		} else {
			n += att.And(camp).Count()
		}
	}

	h := p.hands[us]
	if h == 0 || dropTarget.IsZero() {
		return n
	}
	all := dropTarget.Count()
	for _, t := range [...]PieceType{Silver, Gold, Bishop, Rook} {
		if h.Has(t) {
			n += all
		}
	}
	if h.Has(Lance) {
		n += dropTarget.AndNot(deadBB[us][Lance]).Count()
	}
	if h.Has(Knight) {
		n += dropTarget.AndNot(deadBB[us][Knight]).Count()
	}
	if h.Has(Pawn) {
		n += p.pawnDropTargets(dropTarget).Count()
	}
	return n
}
