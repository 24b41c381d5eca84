package game

// CheckInfo holds what deciding "does this move give check?" needs about
// the enemy king, worked out once for a position: a search asks it of
// most moves it tries, and with these squares each answer is a lookup.
type CheckInfo struct {
	// squares[t] is where a piece of kind t of the side to move checks
	// the enemy king: the squares a piece of that kind of the king's side
	// on the king's square attacks.
	squares [NumPieceTypes]Bitboard
	// blockers are the side to move's pieces that alone stand between
	// one of its sliders and the enemy king.
	blockers Bitboard
	king     Square
}

// CheckInfo returns the check squares and discovered-check blockers of
// the side to move against the enemy king.
func (p *Position) CheckInfo() CheckInfo {
	us := p.side
	them := us.Opp()
	k := p.kings[them]
	ci := CheckInfo{king: k}
	if k == NoSquare {
		return ci
	}
	occ := p.occ
	bishop, rook := BishopAttacks(k, occ), RookAttacks(k, occ)
	for t := Pawn; t < NumPieceTypes; t++ {
		switch t {
		case Lance:
			ci.squares[t] = LanceAttacks(them, k, occ)
		case Bishop:
			ci.squares[t] = bishop
		case Rook:
			ci.squares[t] = rook
		case Horse:
			ci.squares[t] = bishop.Or(stepAttacks[them][King][k])
		case Dragon:
			ci.squares[t] = rook.Or(stepAttacks[them][King][k])
		default:
			ci.squares[t] = stepAttacks[them][t][k]
		}
	}
	ci.blockers = p.sliderBlockers(us, k, occ)
	return ci
}

// GivesCheckWith is GivesCheck with the position's CheckInfo, which must
// be the one of this position.
func (p *Position) GivesCheckWith(ci *CheckInfo, m Move) bool {
	if ci.king == NoSquare {
		return false
	}
	to := m.To()
	if m.IsDrop() {
		return ci.squares[m.DropType()].Has(to)
	}
	if ci.squares[m.Moved().Type()].Has(to) {
		return true
	}
	from := m.From()
	return ci.blockers.Has(from) && !lineBB[ci.king][from].Has(to)
}
