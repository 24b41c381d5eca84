package game

// IsLegalFast reports whether m is a legal move in this position, as
// IsLegal does, without generating the position's moves: it checks the
// one move against the rules the generator applies (the piece and the
// captured piece as encoded, the piece's reach, promotion options, pins,
// check evasion, the king's safety, drop rules). A search uses it to try
// the transposition table's move, which may come from another position,
// before generating anything.
func (p *Position) IsLegalFast(m Move) bool {
	us := p.side
	to := m.To()
	if !to.Valid() {
		return false
	}
	if m.IsDrop() {
		t := m.DropType()
		if t < Pawn || t > Gold || !p.hands[us].Has(t) || m != NewDrop(NewPiece(us, t), to) || p.board[to] != NoPiece {
			return false
		}
		if p.checkers.NonZero() {
			if _, dropTarget := p.evasionTargets(); !dropTarget.Has(to) {
				return false
			}
		}
		if t == Pawn {
			return p.pawnDropTargets(squareBBs[to]).NonZero()
		}
		return !deadBB[us][t].Has(to)
	}
	from := m.From()
	if !from.Valid() {
		return false
	}
	pc := p.board[from]
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	captured := p.board[to]
	if captured != NoPiece && captured.Color() == us {
		return false
	}
	if m != NewMove(from, to, pc, captured, m.IsPromotion()) {
		return false
	}
	t := pc.Type()
	if t == King {
		return !m.IsPromotion() && stepAttacks[us][King][from].Has(to) && !p.Attacked(us.Opp(), to, p.occ.Clear(from))
	}
	if !Attacks(pc, from, p.occ).Has(to) {
		return false
	}
	if p.checkers.NonZero() {
		if target, _ := p.evasionTargets(); !target.Has(to) {
			return false
		}
	}
	// A move along the line through its own king never exposes it; any
	// other is legal only if the piece is not pinned.
	if ksq := p.kings[us]; ksq != NoSquare && !lineBB[ksq][from].Has(to) && p.Pinned(us).Has(from) {
		return false
	}
	if m.IsPromotion() {
		return t.CanPromote() && (campBB[us].Has(from) || campBB[us].Has(to))
	}
	return !deadBB[us][t].Has(to)
}
