package game

// Outcome is how a position stands for the side to move.
type Outcome int

const (
	// Ongoing means the side to move has a legal move and no repetition ends the game.
	Ongoing Outcome = iota
	// Checkmated means the side to move is in check with no legal move (詰み).
	Checkmated
	// NoLegalMoves means the side to move has no legal move but is not in
	// check; under the rules it loses just the same.
	NoLegalMoves
	// RepetitionDraw means the position occurred for the fourth time (千日手).
	RepetitionDraw
	// PerpetualCheck means a fourfold repetition in which one side gave
	// check with every move (連続王手の千日手); that side loses.
	PerpetualCheck
)

// Status returns the outcome and, for PerpetualCheck, the losing side; for
// Checkmated and NoLegalMoves the loser is the side to move.
func (p *Position) Status() (Outcome, Color) {
	if !p.HasLegalMove() {
		if p.InCheck() {
			return Checkmated, p.side
		}
		return NoLegalMoves, p.side
	}
	switch rep, loser := p.Repetition(); rep {
	case RepetitionDraw, PerpetualCheck:
		return rep, loser
	}
	return Ongoing, p.side
}

// IsCheckmate reports whether the side to move is mated.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// Repetition looks back through the moves made and reports RepetitionDraw
// when the current position (board, hands and side to move) has now
// occurred four times, PerpetualCheck (with the loser) when moreover one
// side gave check with every one of its moves since the first of those
// four occurrences, and Ongoing otherwise.
func (p *Position) Repetition() (Outcome, Color) {
	key := p.Key()
	n := len(p.hist)
	seen := 1
	first := -1
	for i := n - 2; i >= 0; i -= 2 {
		if p.hist[i].boardKey^p.hist[i].handKey == key {
			seen++
			if seen == 4 {
				first = i
				break
			}
		}
	}
	if first < 0 {
		return Ongoing, p.side
	}
	us, them := p.checkedThroughout(first)
	switch {
	case us && !them:
		return PerpetualCheck, p.side.Opp() // the other side gave every check
	case them && !us:
		return PerpetualCheck, p.side
	}
	return RepetitionDraw, p.side
}

// DeclarationPoints returns side c's points for an entering-king
// declaration (rook and bishop, promoted or not, 5; other pieces 1; king
// 0) counting pieces in the enemy camp and in hand, and how many pieces
// other than the king stand in the enemy camp.
func (p *Position) DeclarationPoints(c Color) (points, inCamp int) {
	camp := p.byColor[c].And(campBB[c])
	if k := p.kings[c]; k != NoSquare {
		camp = camp.Clear(k)
	}
	inCamp = camp.Count()
	big := p.byType[Bishop].Or(p.byType[Rook]).Or(p.byType[Horse]).Or(p.byType[Dragon])
	nBig := camp.And(big).Count()
	points = nBig*5 + (inCamp - nBig)
	h := p.hands[c]
	points += 5*(h.Count(Bishop)+h.Count(Rook)) + h.Count(Pawn) + h.Count(Lance) + h.Count(Knight) + h.Count(Silver) + h.Count(Gold)
	return points, inCamp
}

// CanDeclare reports whether the side to move may declare an entering-king
// win under the 27-point rule of the CSA/USI convention: its king is in the
// enemy camp, it is not in check, at least ten of its other pieces stand in
// the enemy camp, and its points reach 28 (先手) or 27 (後手).
func (p *Position) CanDeclare() bool {
	c := p.side
	k := p.kings[c]
	if k == NoSquare || !campBB[c].Has(k) || p.InCheck() {
		return false
	}
	points, inCamp := p.DeclarationPoints(c)
	need := 28
	if c == White {
		need = 27
	}
	return inCamp >= 10 && points >= need
}

// Cycle is what a search makes of the current position having occurred
// before: the shogi rules end a game only at the fourth occurrence, but a
// search treats the first return as the cycle it is.
type Cycle int

const (
	// NoCycle means the position has not occurred within the look-back.
	NoCycle Cycle = iota
	// CycleDraw is a repetition without perpetual check.
	CycleDraw
	// CycleWin means the side to move was in check at each of its turns
	// since the earlier occurrence: the other side's perpetual check loses.
	CycleWin
	// CycleLose means the side to move gave check with every move since.
	CycleLose
)

// FindCycle looks back at most maxBack plies (stopping at a null move) for
// an earlier occurrence of the current position and tells how it stands.
func (p *Position) FindCycle(maxBack int) Cycle {
	key := p.Key()
	n := len(p.hist)
	for i := n - 2; i >= 0 && i >= n-maxBack; i -= 2 {
		if p.hist[i].move == NoMove || p.hist[i+1].move == NoMove {
			return NoCycle
		}
		if p.hist[i].boardKey^p.hist[i].handKey != key {
			continue
		}
		usChecked, themChecked := p.checkedThroughout(i)
		switch {
		case usChecked && !themChecked:
			return CycleWin
		case themChecked && !usChecked:
			return CycleLose
		}
		return CycleDraw
	}
	return NoCycle
}

// checkedThroughout walks the positions from hist[from] (its "before"
// state) up to the current one and reports whether the side to move now
// (us) and the other side (them) were in check every time they were to
// move: the question both the game rule and the search ask of a cycle.
func (p *Position) checkedThroughout(from int) (us, them bool) {
	n := len(p.hist)
	us, them = true, true
	for j := from; j <= n; j++ {
		inCheck := p.checkers.NonZero()
		if j < n {
			inCheck = p.hist[j].checkers.NonZero()
		}
		if (n-j)%2 == 0 {
			us = us && inCheck
		} else {
			them = them && inCheck
		}
	}
	return us, them
}

// String names the outcome in English, for logs and test messages.
func (o Outcome) String() string {
	switch o {
	case Ongoing:
		return "ongoing"
	case Checkmated:
		return "checkmated"
	case NoLegalMoves:
		return "no legal moves"
	case RepetitionDraw:
		return "repetition draw"
	case PerpetualCheck:
		return "perpetual check"
	}
	return "Outcome(?)"
}

// String names the cycle kind, for logs and test messages.
func (c Cycle) String() string {
	switch c {
	case NoCycle:
		return "no cycle"
	case CycleDraw:
		return "cycle draw"
	case CycleWin:
		return "cycle win"
	case CycleLose:
		return "cycle lose"
	}
	return "Cycle(?)"
}
