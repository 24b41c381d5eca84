package ui

import "kiki/game"

// studyKinds are the piece kinds the check study cycles through.
var studyKinds = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook,
	game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon}

// studyState is what the study overlays show.
type studyState struct {
	effectMap  bool
	checkStudy bool
	kindIdx    int
	// attacker is the attacking side of the check study; fixed marks it as
	// chosen by the player rather than following the side to move.
	attacker game.Color
	fixed    bool
}

func (st *studyState) kind() game.PieceType { return studyKinds[st.kindIdx] }

func (st *studyState) attackerFor(p *game.Position) game.Color {
	if st.fixed {
		return st.attacker
	}
	return p.Side()
}

// checkInfo is the check study's content for the legend.
type checkInfo struct {
	attacker              game.Color
	kind                  game.PieceType
	drops, dests, origins int
	checks, mates         []game.Move
	noKing                bool
}

// marks computes the highlights of every square from the model's state:
// last move, check-study sets, the actual checks and mates, the effect of
// the piece under the cursor (or selected), legal destinations, cursor.
func (m *Model) marks() ([game.NumSquares]mark, checkInfo) {
	var mk [game.NumSquares]mark
	set := func(b game.Bitboard, k mark) {
		for b.NonZero() {
			s := b.Pop()
			if k > mk[s] {
				mk[s] = k
			}
		}
	}
	p := m.s.pos
	if lm := p.LastMove(); lm != game.NoMove {
		set(game.SquareBB(lm.To()), markLast)
		if !lm.IsDrop() {
			set(game.SquareBB(lm.From()), markLast)
		}
	}
	var ci checkInfo
	if m.study.checkStudy {
		att := m.study.attackerFor(p)
		ci.attacker, ci.kind = att, m.study.kind()
		if p.King(att.Opp()) == game.NoSquare {
			ci.noKing = true
		} else {
			cs := p.CheckSets(att, ci.kind)
			set(cs.Origins, markCheckOrigin)
			set(cs.Destinations.AndNot(cs.Origins), markCheckDest)
			set(cs.Destinations.And(cs.Origins), markCheckDestOrigin)
			set(cs.Drops.AndNot(cs.Origins), markCheckDrop)
			set(cs.Drops.And(cs.Origins), markCheckDropOrigin)
			ci.drops, ci.dests, ci.origins = cs.Drops.Count(), cs.Destinations.Count(), cs.Origins.Count()
			if att == p.Side() {
				var ml game.MoveList
				p.GenerateChecks(&ml)
				for _, mv := range ml.Slice() {
					ci.checks = append(ci.checks, mv)
					p.DoMove(mv)
					mated := !p.HasLegalMove()
					p.UndoMove()
					if mated {
						ci.mates = append(ci.mates, mv)
						set(game.SquareBB(mv.To()), markMate)
					} else {
						set(game.SquareBB(mv.To()), markCheckMove)
					}
				}
			}
		}
	}
	// Effect of the selected piece, else of the piece under the cursor.
	from := m.selected
	if from == game.NoSquare {
		from = m.cursor
	}
	if from != game.NoSquare && m.dropKind == game.NoPieceType {
		set(p.AttacksFrom(from), markEffect)
	}
	for _, mv := range m.legalFromSelection() {
		if mv.IsCapture() {
			set(game.SquareBB(mv.To()), markCapture)
		} else {
			set(game.SquareBB(mv.To()), markDest)
		}
	}
	if m.selected != game.NoSquare {
		set(game.SquareBB(m.selected), markSelected)
	}
	if m.cursor != game.NoSquare {
		mk[m.cursor] = markCursor
	}
	return mk, ci
}

// legalFromSelection lists the legal moves of the picked-up piece or hand piece.
func (m *Model) legalFromSelection() []game.Move {
	if m.selected == game.NoSquare && m.dropKind == game.NoPieceType {
		return nil
	}
	var ml game.MoveList
	m.s.pos.LegalMoves(&ml)
	var out []game.Move
	for _, mv := range ml.Slice() {
		if m.dropKind != game.NoPieceType {
			if mv.IsDrop() && mv.DropType() == m.dropKind {
				out = append(out, mv)
			}
		} else if !mv.IsDrop() && mv.From() == m.selected {
			out = append(out, mv)
		}
	}
	return out
}
