package ai

import "kiki/game"

// see returns the static exchange evaluation of move m: the material the
// side to move nets if both sides keep capturing on m's destination with
// their least valuable attacker, either side free to stop. Board values
// are used; x-rays come in as pieces leave the line. A drop gains nothing
// and risks the dropped piece.
func (prm *Params) see(p *game.Position, m game.Move) int {
	to := m.To()
	var gain [40]int
	d := 0
	gain[0] = prm.Board[m.Captured().Type()]
	attackerValue := prm.Board[m.Moved().Type()]
	if m.IsPromotion() {
		gain[0] += prm.Board[m.Moved().Type()] - prm.Board[m.Piece().Type()]
	}
	occ := p.Occupied()
	var used game.Bitboard
	if !m.IsDrop() {
		occ = occ.Clear(m.From())
		used = game.SquareBB(m.From())
	}
	side := p.Side().Opp()
	for {
		d++
		atts := p.AttackersTo(side, to, occ).AndNot(used)
		if atts.IsZero() || d >= len(gain) {
			break
		}
		// Least valuable attacker.
		best, bestV := game.NoSquare, 1<<30
		for b := atts; b.NonZero(); {
			s := b.Pop()
			v := prm.Board[p.PieceAt(s).Type()]
			if p.PieceAt(s).Type() == game.King {
				v = 100000
			}
			if v < bestV {
				best, bestV = s, v
			}
		}
		if bestV == 100000 && p.AttackersTo(side.Opp(), to, occ.Clear(best)).AndNot(used).NonZero() {
			break // the king cannot capture into an attacked square
		}
		gain[d] = attackerValue - gain[d-1]
		attackerValue = bestV
		occ = occ.Clear(best)
		used = used.Set(best)
		side = side.Opp()
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// seeGE reports whether see(p, m) >= threshold. The exchange nets at most
// what m takes (and its promotion gains), and at least that less the
// moving piece (the opponent's best is to take it, after which the side
// to move may stop): when either bound decides, the exchange is not
// played out.
func (prm *Params) seeGE(p *game.Position, m game.Move, threshold int) bool {
	captured := prm.Board[m.Captured().Type()]
	if captured-prm.Board[m.Piece().Type()] >= threshold {
		return true
	}
	gain := captured
	if m.IsPromotion() {
		gain += prm.Board[m.Moved().Type()] - prm.Board[m.Piece().Type()]
	}
	if gain < threshold {
		return false
	}
	return prm.see(p, m) >= threshold
}
