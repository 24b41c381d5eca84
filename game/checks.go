package game

// GenerateChecks appends every legal move that gives check, directly or by
// discovery. Rather than making every move, it starts from the reverse
// effects of the enemy king: drops go only to the squares from which the
// dropped kind attacks the king, board moves are tried only from the
// origin squares of the check tables (and from pieces that uncover an
// attack of ours), and only to destinations that attack the king.
func (p *Position) GenerateChecks(ml *MoveList) { p.generateChecks(ml, Full) }

// CountChecks is how many moves GenerateChecks would append, counted
// from each piece's destinations without making the moves: the mate
// search asks after every evasion how many checks the attacker has and
// needs only the number.
func (p *Position) CountChecks() int { return p.generateChecks(nil, Full) }

// generateChecks is GenerateChecks for the destinations in dests only (the
// same moves, in the same order, as filtering all of them would give),
// appended to ml, or only counted where ml is nil. It returns the count.
func (p *Position) generateChecks(ml *MoveList, dests Bitboard) int {
	us, them := p.side, p.side.Opp()
	ek := p.kings[them]
	if ek == NoSquare {
		return 0
	}
	n := 0
	own := p.byColor[us]
	ksq := p.kings[us]

	// Evasion constraint when we are in check ourselves.
	target, dropTarget := Full, p.occ.Not()
	if p.checkers.NonZero() {
		target, dropTarget = p.evasionTargets()
	}
	target, dropTarget = target.And(dests), dropTarget.And(dests)

	// Drops.
	if h := p.hands[us]; h != 0 && dropTarget.NonZero() {
		for t := Pawn; t <= Gold; t++ {
			if h.Has(t) {
				// A piece dropped where the enemy king, were it that
				// piece, would attack it gives check.
				tg := p.dropSquares(t, Attacks(NewPiece(them, t), ek, p.occ).And(dropTarget))
				n += tg.Count()
				if ml != nil {
					p.addDropsOn(ml, t, tg)
				}
			}
		}
	}

	pinned := p.Pinned(us)
	discovered := p.DiscoveredCheckers(us)
	notOwn := own.Not().And(target)

	// Candidate movers: pieces on an origin square of their kind's table,
	// plus discovered-check candidates. The kinds that move as a gold
	// share the gold's table (TestGoldKindsShareTheirOrigins), so nine
	// look-ups cover the thirteen kinds, and none branches: a loop over
	// the kinds with a test for each was 3.6% of the mate search's
	// instructions.
	tab := &checkTables[us][ek]
	cands := p.byType[Pawn].And(tab[Pawn].Origins).
		Or(p.byType[Lance].And(tab[Lance].Origins)).
		Or(p.byType[Knight].And(tab[Knight].Origins)).
		Or(p.byType[Silver].And(tab[Silver].Origins)).
		Or(p.golds().And(tab[Gold].Origins)).
		Or(p.byType[Bishop].And(tab[Bishop].Origins)).
		Or(p.byType[Rook].And(tab[Rook].Origins)).
		Or(p.byType[Horse].And(tab[Horse].Origins)).
		Or(p.byType[Dragon].And(tab[Dragon].Origins)).
		And(own).Or(discovered)
	for cands.NonZero() {
		from := cands.Pop()
		pc := p.board[from]
		t := pc.Type()
		if t == King {
			// The king can only uncover a check; it must leave the line and be safe.
			att := stepAttacks[us][King][from].AndNot(own).AndNot(lineBB[ek][from]).And(dests)
			occ := p.occ.Clear(from)
			for att.NonZero() {
				to := att.Pop()
				if !p.Attacked(them, to, occ) {
					n++
					if ml != nil {
						ml.add(NewMove(from, to, pc, p.board[to], false))
					}
				}
			}
			continue
		}
		att := Attacks(pc, from, p.occ).And(notOwn)
		if pinned.Has(from) {
			att = att.And(lineBB[ksq][from])
		}
		if att.IsZero() {
			continue
		}
		var direct, directPro Bitboard
		occ := p.occ.Clear(from) // a slider moving away along its line to the king
		direct = Attacks(NewPiece(them, t), ek, occ)
		canPro := t.CanPromote()
		if canPro {
			directPro = Attacks(NewPiece(them, t.Promote()), ek, occ)
		}
		if discovered.Has(from) {
			off := att.AndNot(lineBB[ek][from])
			direct = direct.Or(off)
			directPro = directPro.Or(off)
		}
		// Where it may promote: anywhere from the camp, else into it.
		var proZone Bitboard
		if canPro {
			proZone = campBB[us]
			if proZone.Has(from) {
				proZone = Full
			}
		}
		dead := deadBB[us][t]
		if ml == nil {
			n += att.And(directPro).And(proZone).Count() + att.And(direct).AndNot(dead).Count()
			continue
		}
		both := att.And(direct.Or(directPro))
		for both.NonZero() {
			to := both.Pop()
			cap := p.board[to]
			if directPro.And(proZone).Has(to) {
				ml.add(NewMove(from, to, pc, cap, true))
				n++
			}
			if direct.Has(to) && !dead.Has(to) {
				ml.add(NewMove(from, to, pc, cap, false))
				n++
			}
		}
	}
	return n
}
