package game

// CountLegal returns the number of legal moves without generating them:
// destinations are counted by popcount, with each promotion option counted
// as a move, the way generation would list them. Perft uses it at the
// last ply; tests prove it equal to the length of LegalMoves.
func (p *Position) CountLegal() int {
	us := p.side
	ksq := p.kings[us]
	own := p.byColor[us]
	n := 0
	target, dropTarget := Full, p.occ.Not()
	if p.checkers.NonZero() {
		target, dropTarget = p.evasionTargets()
	}
	if ksq != NoSquare {
		n += p.kingEscapes(us, ksq, p.occ.Clear(ksq)).Count()
		if p.checkers.MoreThanOne() {
			return n
		}
	}
	pinned := p.Pinned(us)
	camp := campBB[us]
	if p.checkers.NonZero() {
		// At most eight squares end the check (the checker's and those
		// between it and the king): asking who attacks each is cheaper
		// than moving every piece, and the mate search counts the
		// evasions of every check it makes (BenchmarkCountLegalInCheck:
		// 0.71x the time of the piece-by-piece count).
		for tg := target; tg.NonZero(); {
			n += p.countMovesTo(tg.Pop(), pinned, camp)
		}
		return n + p.countDrops(dropTarget)
	}
	notOwn := target.AndNot(own)

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
	return n + p.countDrops(dropTarget)
}

// countMovesTo counts the board moves of the side to move, its king's
// aside, that end on to: each attacker once or, where it may promote,
// once for each way it may arrive. A pinned piece never ends a single
// check: the check's line and the pin's are different lines from the king.
func (p *Position) countMovesTo(to Square, pinned, camp Bitboard) int {
	us := p.side
	att := p.AttackersTo(us, to, p.occ).AndNot(pinned)
	if ksq := p.kings[us]; ksq != NoSquare {
		att = att.Clear(ksq)
	}
	n := 0
	for att.NonZero() {
		from := att.Pop()
		t := p.board[from].Type()
		if !t.CanPromote() {
			n++
			continue
		}
		if !deadBB[us][t].Has(to) {
			n++
		}
		if camp.Has(from) || camp.Has(to) {
			n++
		}
	}
	return n
}

// countDrops counts the drops of the side to move onto dropTarget.
func (p *Position) countDrops(dropTarget Bitboard) int {
	us := p.side
	h := p.hands[us]
	n := 0
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
