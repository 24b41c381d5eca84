package ui

import (
	"fmt"
	"strings"

	"kiki/game"
	"kiki/kif"
)

// studyKinds are the piece kinds the check study cycles through; the last
// setting, NoPieceType, is every kind at once (全駒).
var studyKinds = []game.PieceType{game.Pawn, game.Lance, game.Knight, game.Silver, game.Gold, game.Bishop, game.Rook,
	game.ProPawn, game.ProLance, game.ProKnight, game.ProSilver, game.Horse, game.Dragon, game.NoPieceType}

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

// kind is the chosen piece kind, NoPieceType for all of them.
func (st *studyState) kind() game.PieceType { return studyKinds[st.kindIdx] }

func (st *studyState) attackerFor(p *game.Position) game.Color {
	if st.fixed {
		return st.attacker
	}
	return p.Side()
}

// toggleCheckStudy turns the check study on or off; it opens on the first
// kind the attacker actually has, in hand first, then on the board.
func (m *Model) toggleCheckStudy() {
	st := &m.study
	st.checkStudy = !st.checkStudy
	if !st.checkStudy {
		return
	}
	p := m.s.pos
	att := st.attackerFor(p)
	has := func(t game.PieceType, board bool) bool {
		if board {
			return p.PiecesOf(att, t).NonZero()
		}
		return t <= game.Gold && p.Hand(att).Has(t)
	}
	for _, board := range []bool{false, true} {
		for i, t := range studyKinds {
			if t != game.NoPieceType && has(t, board) {
				st.kindIdx = i
				return
			}
		}
	}
}

// checkInfo is the check study's content for the legend.
type checkInfo struct {
	attacker              game.Color
	kind                  game.PieceType // NoPieceType: every kind
	drops, dests, origins int
	originPieces          int // origins that hold a piece of the kind
	checks, mates         []game.Move
	noKing                bool
	// layer holds the legal checks now (! and #), drawn beside the study
	// marks rather than over them.
	layer [game.NumSquares]mark
}

// checkMarks is the layer of legal checks and mates of the check study.
func (m *Model) checkMarks() [game.NumSquares]mark {
	_, ci := m.marks()
	return ci.layer
}

// studySets is the check study's sets for attacker att and kind t (every
// kind when t is NoPieceType), without drops the rules forbid: a pawn on a
// file that has one of att's pawns (二歩), and, when att is to move and
// holds the piece, any drop the position does not allow (打ち歩詰め).
func studySets(p *game.Position, att game.Color, t game.PieceType) (cs game.CheckSets, withPiece game.Bitboard) {
	kinds := []game.PieceType{t}
	if t == game.NoPieceType {
		kinds = studyKinds[:len(studyKinds)-1]
	}
	for _, k := range kinds {
		s := p.CheckSets(att, k)
		drops := s.Drops
		if k == game.Pawn {
			pawns := p.PiecesOf(att, game.Pawn)
			for pawns.NonZero() {
				f := pawns.Pop().File()
				for r := 1; r <= 9; r++ {
					drops = drops.AndNot(game.SquareBB(game.NewSquare(f, r)))
				}
			}
		}
		if att == p.Side() && k <= game.Gold && p.Hand(att).Has(k) {
			legal := drops
			for b := drops; b.NonZero(); {
				sq := b.Pop()
				if !p.IsLegal(game.NewDrop(game.NewPiece(att, k), sq)) {
					legal = legal.AndNot(game.SquareBB(sq))
				}
			}
			drops = legal
		}
		cs.Drops = cs.Drops.Or(drops)
		cs.Destinations = cs.Destinations.Or(s.Destinations)
		cs.Origins = cs.Origins.Or(s.Origins)
		withPiece = withPiece.Or(s.Origins.And(p.PiecesOf(att, k)))
	}
	return cs, withPiece
}

// ofKind reports whether a move is made with (or drops) a piece of kind t;
// every move is when t is NoPieceType.
func ofKind(mv game.Move, t game.PieceType) bool {
	switch {
	case t == game.NoPieceType:
		return true
	case mv.IsDrop():
		return mv.DropType() == t
	}
	return mv.Piece().Type() == t
}

// marks is the highlights of every square (see boardModel.marks).
func (m *Model) marks() ([game.NumSquares]mark, checkInfo) {
	return m.board.marks(m.s.pos, &m.study, m.boardHighlight())
}

// markSet collects marks, the higher one winning on a square.
type markSet [game.NumSquares]mark

func (mk *markSet) set(b game.Bitboard, k mark) {
	for b.NonZero() {
		s := b.Pop()
		if k > mk[s] {
			mk[s] = k
		}
	}
}

// studyMarks adds the check study's sets to mk and returns its content:
// origins, destinations and drops of checks by the chosen kind, and the
// actual checks and mates when the attacker is to move.
func studyMarks(mk *markSet, p *game.Position, st *studyState) checkInfo {
	var ci checkInfo
	att := st.attackerFor(p)
	ci.attacker, ci.kind = att, st.kind()
	if p.King(att.Opp()) == game.NoSquare {
		ci.noKing = true
		return ci
	}
	cs, withPiece := studySets(p, att, ci.kind)
	mk.set(cs.Origins.AndNot(withPiece), markCheckOrigin)
	mk.set(withPiece, markCheckOriginPiece)
	mk.set(cs.Destinations.AndNot(cs.Origins), markCheckDest)
	mk.set(cs.Destinations.And(cs.Origins), markCheckDestOrigin)
	mk.set(cs.Drops.AndNot(cs.Origins), markCheckDrop)
	mk.set(cs.Drops.And(cs.Origins), markCheckDropOrigin)
	ci.drops, ci.dests, ci.origins = cs.Drops.Count(), cs.Destinations.Count(), cs.Origins.Count()
	ci.originPieces = withPiece.Count()
	if att == p.Side() {
		checksAndMates(p, &ci)
	}
	return ci
}

// checksAndMates lists the legal checks of the chosen kind and which of
// them mate, into ci and its layer of marks.
func checksAndMates(p *game.Position, ci *checkInfo) {
	var ml game.MoveList
	p.GenerateChecks(&ml)
	for _, mv := range ml.Slice() {
		if !ofKind(mv, ci.kind) {
			continue
		}
		ci.checks = append(ci.checks, mv)
		p.DoMove(mv)
		mated := !p.HasLegalMove()
		p.UndoMove()
		to := mv.To()
		if mated {
			ci.mates = append(ci.mates, mv)
			ci.layer[to] = markMate
		} else if ci.layer[to] != markMate {
			ci.layer[to] = markCheckMove
		}
	}
}

// marks computes the highlights of every square: last move, the check
// study's sets, the effect of the piece under the cursor (or selected),
// legal destinations, cursor; the highlighted move hl (over the study's
// sets, under the selection's marks); and the check study's content.
func (b *boardModel) marks(p *game.Position, st *studyState, hl game.Move) ([game.NumSquares]mark, checkInfo) {
	var mk markSet
	if lm := p.LastMove(); lm != game.NoMove {
		mk.set(game.SquareBB(lm.To()), markLast)
		if !lm.IsDrop() {
			mk.set(game.SquareBB(lm.From()), markLast)
		}
	}
	var ci checkInfo
	king := game.NoSquare
	if st.checkStudy {
		ci = studyMarks(&mk, p, st)
		king = p.King(ci.attacker.Opp())
	}
	if hl != game.NoMove {
		mk.set(game.SquareBB(hl.To()), markHint)
		if !hl.IsDrop() {
			mk.set(game.SquareBB(hl.From()), markHint)
		}
	}
	// Effect of the selected piece, else of the piece under the cursor.
	from := b.selected
	if from == game.NoSquare {
		from = b.cursor
	}
	if from != game.NoSquare && b.dropKind == game.NoPieceType {
		mk.set(p.AttacksFrom(from), markEffect)
	}
	for _, mv := range b.legalMoves(p) {
		if mv.IsCapture() {
			mk.set(game.SquareBB(mv.To()), markCapture)
		} else {
			mk.set(game.SquareBB(mv.To()), markDest)
		}
	}
	if b.selected != game.NoSquare {
		mk.set(game.SquareBB(b.selected), markSelected)
	}
	if king != game.NoSquare && mk[king] < markHint {
		// The enemy king stands clear of every tint, so it reads at a glance.
		mk[king] = markStudyKing
	}
	if b.cursor != game.NoSquare {
		mk[b.cursor] = markCursor
	}
	return mk, ci
}

// studyLegend explains the check study's marks and names the mates.
func (m *Model) studyLegend(ci checkInfo) string {
	names := m.s.sideNames()
	if ci.noKing {
		return m.theme.Dim.Render(fmt.Sprintf(m.tr("study.noKing"), names[ci.attacker.Opp()]))
	}
	kind := m.tr("study.all")
	if ci.kind != game.NoPieceType {
		kind = ci.kind.Name()
	}
	s := fmt.Sprintf(m.tr("study.legend"),
		kind, names[ci.attacker], names[ci.attacker.Opp()], ci.drops, ci.dests, ci.origins-ci.originPieces, ci.originPieces)
	if ci.attacker == m.s.pos.Side() {
		s += fmt.Sprintf(m.tr("study.checks"), len(ci.checks), len(ci.mates))
		var mates []string
		for i, mv := range ci.mates {
			if i == 3 {
				mates = append(mates, "...")
				break
			}
			mates = append(mates, mv.Piece().Color().Mark()+kif.KI2Move(m.s.pos, mv, m.s.pos.LastMove()))
		}
		if len(mates) > 0 {
			s += " " + strings.Join(mates, " ")
		}
	}
	return s
}
